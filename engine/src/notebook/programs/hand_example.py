## The hand example's program: every query against every key, the softmax of each row, the mix.
## The shared pieces: show (show.py), engine (engine_numbers.py), check (small_check.py), passed
## (checks_passed.py).
import numpy as np

queries = np.array(@queries@)  # (queries, d_k)
keys = np.array(@keys@)  # (keys, d_k)
values = np.array(@values@)  # (keys, d_v)

@show@

d_k = queries.shape[1]
# 1. Match: every query with every key, divided by sqrt(d_k).
logits = queries @ keys.T / np.sqrt(d_k)  # (queries, keys)
# 2. Share: softmax along each row (the row's largest logit subtracted first).
lifted = np.exp(logits - logits.max(axis=1, keepdims=True))
weights = lifted / lifted.sum(axis=1, keepdims=True)
row_sums = weights.sum(axis=1)
# 3. Mix: each output row is its weights times the values.
output = weights @ values  # (queries, d_v)

show("logits", logits, 3)
show("weights", weights, 3)
show("row sums", row_sums, 3)
show("output", output, 3)

@engine@

@check@

for name, ours in [("logits", logits), ("weights", weights), ("row_sums", row_sums), ("output", output)]:
    check(ours, engine[name], name)
@passed@
