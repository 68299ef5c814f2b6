## The transformer block's cell (ipynb_programs_lab.cpp): a pre-norm block on a few rows with the
## lesson's small fixed weights, every intermediate printed, then checked against the engine's.
## The weights are one `name = np.array(...)` line each; the activation is the cell's choice
## (ReLU, GELU's tanh form or GELU exact), one expression of x.
import math

import numpy as np

H = np.array(@input@)  # (positions, d_model)
allowed = np.array(@mask@)  # (positions, positions)
heads = @heads@
epsilon = @epsilon@

# The block's fixed weights (x W + b for every row x).
@weights@

@softmax@


def layer_norm(x, gamma, beta):
    mean = x.mean(axis=-1, keepdims=True)
    variance = ((x - mean) ** 2).mean(axis=-1, keepdims=True)  # biased, as PyTorch's LayerNorm
    return (x - mean) / np.sqrt(variance + epsilon) * gamma + beta

def activation(x):
    return @activation@

d_head = H.shape[1] // heads
ln1 = layer_norm(H, ln1_gamma, ln1_beta)
q, k, v = ln1 @ w_q, ln1 @ w_k, ln1 @ w_v
outputs = []
for h in range(heads):
    part = slice(h * d_head, (h + 1) * d_head)
    scores = q[:, part] @ k[:, part].T / np.sqrt(d_head)
    shares = softmax(np.where(allowed, scores, -np.inf))
    outputs.append(shares @ v[:, part])
    print(f"head {h}: shares\n{np.round(shares, 3)}")
concat = np.concatenate(outputs, axis=1)
attention_out = concat @ w_o + b_o
h_prime = attention_out + H
ln2 = layer_norm(h_prime, ln2_gamma, ln2_beta)
mlp_hidden = activation(ln2 @ w_1 + b_1)
mlp_out = mlp_hidden @ w_2 + b_2
h_out = mlp_out + h_prime
print("H_out\n", np.round(h_out, 3))

@engine@

@tolerance@
@check@

for name, ours in [("ln1", ln1), ("concat", concat), ("attention_out", attention_out), ("h_prime", h_prime),
                   ("ln2", ln2), ("mlp_hidden", mlp_hidden), ("mlp_out", mlp_out), ("h_out", h_out)]:
    check(ours, engine[name], name)
@passed@
