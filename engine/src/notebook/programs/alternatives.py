## Alternatives to softmax: each method written plainly in numpy (sparsemax's and 1.5-entmax's
## exact sort-based algorithms included), the table of one query's weights the page shows, then
## the checks: sparsemax and 1.5-entmax bit for bit, the rest to a stated tolerance. The shared
## pieces: engine (engine_numbers.py), check (check.py), passed (checks_passed.py).
import numpy as np

# Every method gets the same inputs.
queries = np.array(@queries@)  # Q (m, d)
keys = np.array(@keys@)  # K (n, d)
values = np.array(@values@)  # V (n, d_v)
cosine_scale = @cosine_scale@  # g: cosine logits lie in [-g, g]
features = @features@  # r: the Performer's random features
seed = @seed@  # numpy's default_rng(seed) draws them
query = @query@  # whose weights the table shows

d = queries.shape[1]
scores = queries @ keys.T / np.sqrt(d)  # the standard logits (m, n)


def softmax(s):
    e = np.exp(s - s.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def divide_by_row_sums(similarities):
    """Positive similarities made into weights: each row divided by its sum."""
    return similarities / similarities.sum(axis=-1, keepdims=True)


def sparsemax(row):
    """The row projected onto the simplex (Martins & Astudillo 2016), sort-based: weights
    max(z - tau, 0), the threshold tau chosen so that they add up to 1."""
    z = row - row.max()  # a shift changes nothing and keeps the sums small
    z_sorted = np.sort(z)[::-1]  # descending
    k = np.arange(1, len(z) + 1)
    cumulative = np.cumsum(z_sorted)  # left to right
    support = k[1 + k * z_sorted > cumulative].max()  # how many keys keep a weight
    tau = (cumulative[support - 1] - 1) / support
    return np.where(z - tau > 0, z - tau, 0.0)


def entmax15(row):
    """1.5-entmax (Peters, Niculae & Martins 2019), exact and sort-based: weights
    max(z / 2 - tau, 0)^2, the threshold tau chosen so that they add up to 1. For each k,
    tau_k solves that equation on the top k entries; the support is the k whose tau_k stays
    at or below their k-th entry."""
    z = row - row.max()
    u = np.sort(z)[::-1] / 2  # descending
    k = np.arange(1, len(z) + 1)
    mean = np.cumsum(u) / k
    mean_sq = np.cumsum(u * u) / k
    delta = (1 - k * (mean_sq - mean * mean)) / k
    tau_k = mean - np.sqrt(np.maximum(delta, 0.0))
    tau = tau_k[np.sum(tau_k <= u) - 1]
    v = z / 2 - tau
    return np.where(v > 0, v * v, 0.0)


def softmax1(row):
    """Softmax with an extra logit 0 that takes the rest: the weights may add up to less than 1."""
    m = max(row.max(), 0.0)
    e = np.exp(row - m)
    return e / (np.exp(-m) + e.sum())


def phi(x):
    """Linear attention's feature map, elu + 1: positive, so every similarity is."""
    return np.where(x > 0, x + 1, np.exp(np.minimum(x, 0)))


# The Performer's features: exp(W x' - |x'|^2 / 2) / sqrt(r), x' = x / d^(1/4); their dot product
# estimates exp(q.k / sqrt(d)), softmax's numerator.
W = np.random.default_rng(seed).normal(size=(features, d))


def positive_features(x):
    x = x / np.sqrt(np.sqrt(d))
    return np.exp(x @ W.T - (x * x).sum(axis=-1, keepdims=True) / 2) / np.sqrt(features)


weights = {}
weights["dot"] = softmax(scores)  # the standard
# Additive (Bahdanau): w^T tanh(W1 q + W2 k) with W1 = W2 = I and w = 1, fixed so it can be checked.
weights["additive"] = softmax(np.tanh(queries[:, None, :] + keys[None, :, :]).sum(axis=-1))
# Cosine with a scale; a zero vector's norm counts as 1e-12 (as torch's normalize).
norm_q = np.maximum(np.linalg.norm(queries, axis=1), 1e-12)
norm_k = np.maximum(np.linalg.norm(keys, axis=1), 1e-12)
weights["cosine"] = softmax(cosine_scale * ((queries @ keys.T) / np.outer(norm_q, norm_k)))
# Linear: (phi(Q) phi(K)^T) V equals phi(Q) (phi(K)^T V), whose cost is linear in the number of keys.
similarity = phi(queries) @ phi(keys).T
linear_left = similarity @ values
linear_right = phi(queries) @ (phi(keys).T @ values)
weights["linear"] = divide_by_row_sums(similarity)
weights["performer"] = divide_by_row_sums(positive_features(queries) @ positive_features(keys).T)
# The other normalisers, row by row on the standard logits.
weights["sparsemax"] = np.array([sparsemax(row) for row in scores])
weights["entmax15"] = np.array([entmax15(row) for row in scores])
weights["softmax1"] = np.array([softmax1(row) for row in scores])
linear_difference = np.abs(linear_left - linear_right).max()
performer_difference = np.abs(weights["performer"] - weights["dot"]).max()


def weight_text(w):
    """A weight as the page writes it: "0" only when exactly zero; a tiny one in scientific notation."""
    if w == 0:
        return "0"
    fixed = f"{w:.3f}"
    return fixed if fixed.strip("-0.") else f"{w:.2e}"


print(f"Weights of query q{query} on each key, by method (0: exactly zero)")
print(f"{'method':<10}" + "".join(f"{'k' + str(j):>10}" for j in range(len(keys))) + f"{'sum':>8}   output")
for name, w in weights.items():
    row = w[query]
    print(f"{name:<10}" + "".join(f"{weight_text(x):>10}" for x in row) + f"{row.sum():8.3f}   "
          + "  ".join(f"{x:.3f}" for x in row @ values))
print(f"linear: Q(K^T V) against (Q K^T) V, unnormalised: largest difference {linear_difference:.1e}")
print(f"performer: with {features} features the largest weight difference from softmax is {performer_difference:.3f}")

@engine@

# Sparsemax and 1.5-entmax use no exp and no matrix product: the same sort, the same sums in the
# same order and IEEE's sqrt, so their weights are the engine's doubles (the engine computes them
# so natively and in WebAssembly alike).
for method in engine["methods"]:
    if method["name"] in ("sparsemax", "entmax15"):
        assert weights[method["name"]].tolist() == method["weights"], (method["name"], weights[method["name"]])

# The rest: numpy's exp, tanh, norms and matrix products may round differently from the
# engine's fdlibm exp and left-to-right sums, by a few units in the last place (1.1e-16) each.
# The longest sum is the Performer's, of `features` terms (at most 4096): at most 4096 such
# roundings, 4.5e-13 of the terms' size, below the relative 1e-12 the check allows.
@check@

for method in engine["methods"]:
    w = weights[method["name"]]
    check(w, method["weights"], method["name"] + " weights")
    check(w @ values, method["output"], method["name"] + " output")
    check(w.sum(axis=1), method["row_sums"], method["name"] + " row sums")
check(linear_left, engine["linear"]["left"], "linear (Q K^T) V")
check(linear_right, engine["linear"]["right"], "linear Q (K^T V)")
check(performer_difference, engine["performer"]["difference_from_dot"], "performer difference")
# The reassociation difference is rounding alone, so numpy's and the engine's differ; both must be
# rounding-sized: below 1e-12 of the products.
size = np.abs(linear_left).max()
assert linear_difference <= 1e-12 * size and engine["linear"]["reassociation_difference"] <= 1e-12 * size
@passed@
