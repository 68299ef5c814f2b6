## PyTorch's rules' cell (ipynb_programs_lab.cpp): numpy plays torch's scaled_dot_product_attention
## (`sdpa` below reads its options as PyTorch does) so the cell runs without torch, on the
## lesson's short sequence; the weights are checked against the engine's.
import numpy as np

q = np.array(@queries@)  # (L, E)
k = np.array(@keys@)  # (S, E)
v = np.array(@values@)  # (S, Ev)
explicit_scale = @scale@

@softmax@


def sdpa(q, k, v, attn_mask=None, is_causal=False, scale=None, enable_gqa=False):
    """PyTorch's scaled_dot_product_attention in numpy, returning the weights too."""
    if attn_mask is not None and is_causal:
        raise ValueError("attn_mask and is_causal cannot both be set")
    if q.ndim > 2 and q.shape[-3] != k.shape[-3]:
        if not enable_gqa:
            raise ValueError("query heads do not match key heads (set enable_gqa)")
        group = q.shape[-3] // k.shape[-3]  # query heads per key/value head
        k, v = np.repeat(k, group, axis=-3), np.repeat(v, group, axis=-3)
    L, S = q.shape[-2], k.shape[-2]
    scale = 1.0 / np.sqrt(q.shape[-1]) if scale is None else scale
    logits = q @ np.swapaxes(k, -1, -2) * scale
    if is_causal:
        attn_mask = np.tril(np.ones((L, S), dtype=bool))  # the top-left-aligned lower triangle
    if attn_mask is not None:
        logits = np.where(attn_mask, logits, -np.inf) if attn_mask.dtype == bool else logits + attn_mask
    weights = softmax(logits)
    return weights @ v, weights

tril = np.tril(np.ones((4, 4), dtype=bool))
_, weights_default = sdpa(q, k, v)  # scale 1/sqrt(E)
_, weights_explicit = sdpa(q, k, v, scale=explicit_scale)
_, weights_bool = sdpa(q, k, v, attn_mask=tril)  # True: may attend
_, weights_additive = sdpa(q, k, v, attn_mask=np.where(tril, 0.0, -np.inf))  # added to the logits
_, weights_causal = sdpa(q, k, v, is_causal=True)
try:
    sdpa(q, k, v, attn_mask=tril, is_causal=True)
except ValueError as refusal:
    print("refused:", refusal)

# Grouped-query attention: 4 query heads share 2 key/value heads.
gq = np.stack([q * (h + 1) * 0.5 for h in range(4)])[None]  # (1, 4, L, E)
gk = np.stack([k * (g + 1) for g in range(2)])[None]  # (1, 2, S, E)
gv = np.stack([v * (g + 1) for g in range(2)])[None]
gqa_output, _ = sdpa(gq, gk, gv, is_causal=True, enable_gqa=True)
print("GQA shapes: query", gq.shape, "key", gk.shape, "output", gqa_output.shape)

# Token 0 may attend to nothing: PyTorch gives NaN there, the engine (and this softmax) zeros.
blocked = tril.copy()
blocked[0, 0] = False
masked_output, masked_weights = sdpa(q, k, v, attn_mask=blocked)

print("default scale\n", np.round(weights_default, 3))
print(f"scale = {explicit_scale}\n", np.round(weights_explicit, 3))
print("causal\n", np.round(weights_causal, 3))
print("row 0 fully masked: output\n", np.round(masked_output, 3))

@engine@

@tolerance@
@check@

check(weights_default, engine["scale"]["weights_default"], "weights_default")
check(weights_explicit, engine["scale"]["weights_explicit"], "weights_explicit")
check(weights_bool, engine["masks"]["weights_bool"], "weights_bool")
check(weights_additive, engine["masks"]["weights_additive"], "weights_additive")
check(weights_causal, engine["causal"]["weights"], "causal")
check(masked_weights, engine["fully_masked"]["weights"], "fully masked weights")
check(masked_output, engine["fully_masked"]["output"], "fully masked output")
assert list(gqa_output.shape) == engine["gqa"]["output_shape"]
@passed@
