## The scaling study as a numpy program (the `scaling_program` command, and the notebook's scaling
## study cell). It draws from numpy.random.default_rng(seed) in the order of the engine's study
## (lessons/scaling_study.hpp): per width the spread table's q then k, then per width the
## top-weight table's q then K. The divisor is filled in twice: as numpy code of d and as the
## tables' name for it.
# The scaling study of attnbook's scaled-dot-product-attention lesson, for these settings:
#   seed @seed@, widths @widths@, @pairs@ pairs, @trials@ trials, @keys@ keys, divisor @label@
# Run it with Python 3 and numpy (pip install numpy). It draws the same numbers in the same
# order as the page, so its tables are the page's tables; the last line is the four columns
# as JSON, exact to the last digit numpy's sums allow.
import json

import numpy as np

rng = np.random.default_rng(@seed@)

def shares(scores):
    # Subtracting each row's largest score first keeps every exponent at or below 0.
    w = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return w / w.sum(axis=-1, keepdims=True)

def divisor(d):
    return @divisor@

columns = {"raw_std": [], "scaled_std": [], "top_unscaled": [], "top_scaled": []}

print("Spread of one dot product q.k, by head width d")
print(f"{'d':>5} {'std(q.k)':>12} {'std(q.k / @label@)':>20}")
for d in @widths@:
    q = rng.normal(size=(@pairs@, d))
    k = rng.normal(size=(@pairs@, d))
    dots = np.einsum("nd,nd->n", q, k)  # q[i] . k[i] for every pair i
    columns["raw_std"].append(float(dots.std()))
    columns["scaled_std"].append(float((dots / divisor(d)).std()))
    print(f"{d:>5} {columns['raw_std'][-1]:>12.2f} {columns['scaled_std'][-1]:>20.2f}")

print("\nLargest attention weight among @keys@ keys, averaged over @trials@ queries")
print(f"{'d':>5} {'undivided':>29} {'divided':>14}")
for d in @widths@:
    q = rng.normal(size=(@trials@, 1, d))
    K = rng.normal(size=(@trials@, @keys@, d))
    scores = np.einsum("nqd,nkd->nqk", q, K)  # one query against its keys, per trial
    columns["top_unscaled"].append(float(shares(scores).max(axis=-1).mean()))
    columns["top_scaled"].append(float(shares(scores / divisor(d)).max(axis=-1).mean()))
    print(f"{d:>5} {columns['top_unscaled'][-1]:>29.3f} {columns['top_scaled'][-1]:>14.3f}")

print(json.dumps(columns))
