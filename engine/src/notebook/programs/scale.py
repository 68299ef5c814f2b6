## Attention at scale's cell (ipynb_programs_scale.cpp): one large self-attention timed in numpy,
## float32 throughout, a block of query rows at a time, then the page's check: sampled rows
## against float64, and how peaked the weights are. The engine's numbers embedded are its float64
## side of that check, which depends on the inputs only; the float32 error is numpy's own,
## measured and printed, not checked.
import time

import numpy as np

heads, tokens, head_width = @heads@, @tokens@, @head_width@  # H, T, d
causal = @causal@  # True: row i sees only the keys j <= i (PyTorch's is_causal)
divisor = @divisor@
seed = @seed@
sample_rows = @sample_rows@  # (head, row) pairs checked against float64, spread over the heads and the rows
window = @window@  # the page's heatmap: head 0's first rows and keys
block = 1024  # query rows at a time

# q, k, v drawn as the page draws them: numpy's default_rng(seed), normal(size=(H, T, d)) each, in
# that order, rounded to float32.
rng = np.random.default_rng(seed)
q = rng.normal(size=(heads, tokens, head_width)).astype(np.float32)
k = rng.normal(size=(heads, tokens, head_width)).astype(np.float32)
v = rng.normal(size=(heads, tokens, head_width)).astype(np.float32)
scale = np.float32(1.0 / divisor)


def attention_f32(q, k, v):
    """softmax(q k^T * scale) v per head in float32, `block` query rows at a time."""
    out = np.empty_like(q)
    for h in range(heads):
        for first in range(0, tokens, block):
            rows = np.arange(first, min(first + block, tokens))
            logits = (q[h, rows] @ k[h].T) * scale  # (rows, T)
            if causal:
                logits = np.where(np.arange(tokens)[None, :] <= rows[:, None], logits, -np.inf)
            e = np.exp(logits - logits.max(axis=1, keepdims=True))
            out[h, rows] = (e / e.sum(axis=1, keepdims=True)) @ v[h]
    return out


start = time.perf_counter()
out = attention_f32(q, k, v)
ms = (time.perf_counter() - start) * 1000
pairs = tokens * (tokens + 1) / 2 if causal else tokens * tokens
gflop = 4 * head_width * heads * pairs / 1e9  # q.k and the weights times v: a multiply and an add each
print(f"numpy, float32: {ms:.1f} ms for {gflop:.3f} GFLOP, {gflop / (ms / 1000):.3f} GFLOP/s")


def weights_f64(h, row, scale):
    """One row's weights in float64 from the float32 inputs: softmax(scale * q.k) over the keys it sees."""
    keys = row + 1 if causal else tokens
    logits = scale * (k[h, :keys].astype(np.float64) @ q[h, row].astype(np.float64))
    e = np.exp(logits - logits.max())
    return e / e.sum()


n = min(sample_rows, heads * tokens)
errors, relative, top_scaled, top_unscaled = [], [], [], []
for sample in range(n):
    h, row = sample % heads, 0 if n == 1 else sample * (tokens - 1) // (n - 1)
    w = weights_f64(h, row, 1.0 / divisor)
    reference = w @ v[h, : len(w)].astype(np.float64)
    error = np.abs(out[h, row] - reference).max()
    errors.append(error)
    relative.append(error / np.abs(reference).max())
    top_scaled.append(w.max())
    top_unscaled.append(weights_f64(h, row, 1.0).max())


def histogram(tops):
    """How many rows have their top weight in [0, 0.1), [0.1, 0.2), ... [0.9, 1]."""
    return np.bincount(np.minimum((np.array(tops) * 10).astype(int), 9), minlength=10).tolist()


size = min(tokens, window)
heatmap = np.array([np.pad(weights_f64(0, i, 1.0 / divisor), (0, tokens))[:size] for i in range(size)])
print(f"largest error against float64 over {n} sampled rows: {max(errors):.2e}, relative {max(relative):.2e}")
print(f"top weight, divided:     mean {np.mean(top_scaled):.3f}, rows per tenth {histogram(top_scaled)}")
print(f"top weight, not divided: mean {np.mean(top_unscaled):.3f}, rows per tenth {histogram(top_unscaled)}")
print(f"head 0's weights, first {size} rows and keys:")
for row in heatmap:
    print("  " + " ".join(f"{x:.3f}" for x in row))

@engine@

# numpy's exp and its sums (pairwise, BLAS) may round differently from the engine's fdlibm exp
# and left-to-right sums: over dot products of up to 256 terms, at most 256 roundings of
# 1.1e-16 each (2.8e-14 of the terms' size), which exp turns, for logits of up to about 100, into
# a relative 3e-12 at most: the check allows a relative 1e-10. The histograms count rows, exactly.
@check@

assert n == engine["rows_checked"]
for name, tops in (("scaled", top_scaled), ("unscaled", top_unscaled)):
    check(np.mean(tops), engine["top_weight"][name]["mean"], f"top weight mean, {name}")
    assert histogram(tops) == engine["top_weight"][name]["bins"], (name, histogram(tops), engine["top_weight"][name]["bins"])
check(heatmap, engine["window"]["weights"], "window")
# The float32 error above is numpy's own (its BLAS sums in its own order and width), as the page's
# is its kernel's: what the cell measures, not a number the engine could fix in advance.
@passed@
