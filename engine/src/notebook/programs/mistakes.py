## The common mistakes' cell (ipynb_programs_lab.cpp): each mistake run with its symptom measured.
## The random draws are numpy's default_rng(seed), in the engine's order (per width: q, then K).
import numpy as np

heads, head_width, tuned_width = @heads@, @head_width@, @tuned_width@
keys, trials, seed = @keys@, @trials@, 0
scores = np.array(@scores@)  # the lesson's 4 x 4 logits
widths = @widths@

@softmax@

rng = np.random.default_rng(seed)

def mean_top(d, divisors):
    """The mean largest weight over random rows of width d, for each divisor (draws: q, then K)."""
    q = rng.normal(size=(trials, d))
    K = rng.normal(size=(trials, keys, d))
    dots = np.einsum("td,tkd->tk", q, K)
    return [softmax(dots / c).max(axis=-1).mean() for c in divisors]

# 1. The wrong width: sqrt(heads * head_width) instead of sqrt(head_width).
right_divisor, wrong_divisor = np.sqrt(head_width), np.sqrt(heads * head_width)
top_unscaled, top_right, top_wrong = mean_top(head_width, [1.0, right_divisor, wrong_divisor])
print(f"mean top weight: undivided {top_unscaled:.3f}, / sqrt(d_head) {top_right:.3f}, "
      f"/ sqrt(d_model) {top_wrong:.3f} (even split {1 / keys:.3f})")

# 2. Softmax over the query axis: columns add up to one, rows do not.
weights_key_axis = softmax(scores, axis=1)
weights_query_axis = softmax(scores, axis=0)
print("row sums over the wrong axis:", np.round(weights_query_axis.sum(axis=1), 3))

# 3. Masking after the softmax: rows no longer add up to one.
causal = np.tril(np.ones(scores.shape, dtype=bool))
weights_after = np.where(causal, weights_key_axis, 0.0)
weights_before = softmax(np.where(causal, scores, -np.inf))
print("row sums, masked after:", np.round(weights_after.sum(axis=1), 3),
      " before:", np.round(weights_before.sum(axis=1), 3))

# 4. A scale tuned at one width, used at every width, against 1/sqrt(d).
tuned_scale = 1.0 / np.sqrt(tuned_width)
top_tuned, top_sqrt = [], []
for d in widths:
    tuned, level = mean_top(d, [1.0 / tuned_scale, np.sqrt(d)])
    top_tuned.append(tuned)
    top_sqrt.append(level)
    print(f"d = {d:>4}: tuned constant {tuned:.3f}, 1/sqrt(d) {level:.3f}")

@engine@

@tolerance@
@check@

for name, ours in [("top_unscaled", top_unscaled), ("top_right", top_right), ("top_wrong", top_wrong)]:
    check(ours, engine["wrong_width"][name], name)
check(weights_key_axis, engine["wrong_axis"]["weights_key_axis"], "weights_key_axis")
check(weights_query_axis, engine["wrong_axis"]["weights_query_axis"], "weights_query_axis")
check(weights_after, engine["mask_after"]["weights_after"], "weights_after")
check(weights_before, engine["mask_after"]["weights_before"], "weights_before")
check(top_tuned, engine["tuned_scale"]["top_tuned"], "top_tuned")
check(top_sqrt, engine["tuned_scale"]["top_sqrt"], "top_sqrt")
@passed@
