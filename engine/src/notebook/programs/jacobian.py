## The softmax Jacobian's program: diag(p) - p p^T at the cell's scores, then its mean size over
## random logits, undivided and divided by sqrt(d). The shared pieces: show (show.py), engine
## (engine_numbers.py), check (small_check.py), passed (checks_passed.py).
import numpy as np

scores = np.array(@scores@)
widths = @widths@
seed = @seed@
keys, trials = 6, 500  # per width: 500 random queries against 6 keys each

@show@


def softmax(s):
    e = np.exp(s - s.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)

def softmax_jacobian(p):
    return np.diag(p) - np.outer(p, p)  # J[i][j] = p_i (1 if i == j else 0) - p_i p_j

p = softmax(scores)
J = softmax_jacobian(p)
show("p = softmax(s)", p, 3)
show("J", J, 4)
print(f"Frobenius norm |J| = {np.linalg.norm(J):.4f}")

# The mean norm over random logits, undivided and divided by sqrt(d), per width d.
rng = np.random.default_rng(seed)
unscaled, scaled = [], []
for d in widths:
    q = rng.normal(size=(trials, d))
    K = rng.normal(size=(trials, keys, d))
    logits = np.einsum("td,tkd->tk", q, K)
    unscaled.append(np.mean([np.linalg.norm(softmax_jacobian(p)) for p in softmax(logits)]))
    scaled.append(np.mean([np.linalg.norm(softmax_jacobian(p)) for p in softmax(logits / np.sqrt(d))]))
    print(f"d = {d:>5}: |J| undivided {unscaled[-1]:.4f}, divided {scaled[-1]:.4f}")

@engine@
engine.update({"unscaled": @unscaled@, "scaled": @scaled@})

@check@

for name, ours in [("weights", p), ("jacobian", J), ("frobenius", np.linalg.norm(J)), ("unscaled", unscaled), ("scaled", scaled)]:
    check(ours, engine[name], name)
@passed@
