## The held sequence's program: several query rows against the same sources, each row with its own
## mask. The shared pieces: show (show.py), engine (engine_numbers.py), check (small_check.py),
## passed (checks_passed.py); divisor is the page's choice of divisor, with a comment saying what it does.
import numpy as np

labels = @labels@
queries = np.array(@queries@)  # (rows, d_k)
keys = np.array(@keys@)  # (sources, d_k)
values = np.array(@values@)  # (sources, d_v)
allowed = np.array(@allowed@)  # (rows, sources)

@show@

d_k = queries.shape[1]
divisor = @divisor@
# 1. Match: every row's query with every key.
scores = queries @ keys.T / divisor  # (rows, sources)
# 2. Share: softmax over the allowed sources only; a masked source gets exactly 0.
shares = np.zeros_like(scores)
for r in range(len(scores)):
    if allowed[r].any():
        lifted = np.where(allowed[r], np.exp(scores[r] - scores[r][allowed[r]].max()), 0.0)
        shares[r] = lifted / lifted.sum()
# 3. Mix: each row's output is its shares times the values.
outputs = shares @ values  # (rows, d_v)

print("sources:", ", ".join(labels))
show("scores", scores, 3)
show("shares", shares, 3)
show("outputs", outputs, 3)

@engine@

@check@

for name, ours in [("scores", scores), ("shares", shares), ("outputs", outputs)]:
    check(ours, engine[name], name)
@passed@
