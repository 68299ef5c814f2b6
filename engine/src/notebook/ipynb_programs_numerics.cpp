// The `ipynb` export's live cells, part three: the alternatives to softmax and the precision lab.
// The alternatives program writes each method plainly in numpy (sparsemax's and 1.5-entmax's
// exact sort-based algorithms included) and checks sparsemax and 1.5-entmax bit for bit, the rest
// to a stated tolerance. The precision program repeats the lab operation for operation: each
// result rounded to the format by the engine's rule (round_to_format, lessons/precision.cpp), in
// the engine's order, with the engine's exp, so its errors are the engine's doubles.
#include "attnbook/core/text_join.hpp"
#include "attnbook/lessons/alternatives.hpp"
#include "attnbook/notebook/commands.hpp"
#include "attnbook/notebook/python_export.hpp"
#include "ipynb_programs.hpp"
#include "ipynb_state.hpp"

namespace attnbook {

using nlohmann::json;

LiveCell alternatives_live(const json& cell, const CellState& state) {
    const Settled settled = settle_table<AlternativesInput>("alternatives", cell, state);
    const json& inputs = settled.result.at("inputs");
    long long query = 0;  // the page's "weights of query" (permalink kind `row`), when it names a query
    if (const auto it = state.find("row"); it != state.end())
        if (auto v = permalink_whole(it->second); v && *v >= 0 && *v < static_cast<long long>(inputs.at("queries").size()))
            query = *v;
    return live(cell, "Alternatives to softmax", settled,
                "Eight ways to turn queries and keys into weights, on the same inputs: the scaled dot product, "
                "additive, cosine, linear and Performer attention, then sparsemax, 1.5-entmax and softmax plus one "
                "on the standard logits. The table shows one query's weights, as the page does; change `query`, "
                "the inputs or the settings and run the cell again.",
                join_text({"import numpy as np\n\n"
                           "# Every method gets the same inputs.\n"
                           "queries = np.array(", py_literal(inputs.at("queries")), ")  # Q (m, d)\n"
                           "keys = np.array(", py_literal(inputs.at("keys")), ")  # K (n, d)\n"
                           "values = np.array(", py_literal(inputs.at("values")), ")  # V (n, d_v)\n"
                           "cosine_scale = ", py_literal(settled.args.at("cosine_scale")), "  # g: cosine logits lie in [-g, g]\n"
                           "features = ", settled.args.at("features").dump(), "  # r: the Performer's random features\n"
                           "seed = ", settled.args.at("seed").dump(), "  # numpy's default_rng(seed) draws them\n"
                           "query = ", query, "  # whose weights the table shows\n",
                           R"PY(
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
)PY",
                           engine_numbers(settled.result, {"methods", "linear", "performer"}), R"PY(
# Sparsemax and 1.5-entmax use no exp and no matrix product: the same sort, the same sums in the
# same order and IEEE's sqrt, so their weights are the engine's doubles (the engine computes them
# so natively and in WebAssembly alike).
for method in engine["methods"]:
    if method["name"] in ("sparsemax", "entmax15"):
        assert weights[method["name"]].tolist() == method["weights"], (method["name"], weights[method["name"]])
)PY",
                           close_check("The rest: numpy's exp, tanh, norms and matrix products may round differently from the\n"
                                       "# engine's fdlibm exp and left-to-right sums, by a few units in the last place (1.1e-16) each.\n"
                                       "# The longest sum is the Performer's, of `features` terms (at most 4096): at most 4096 such\n"
                                       "# roundings, 4.5e-13 of the terms' size, below the relative 1e-12 the check allows.",
                                       "1e-12"),
                           R"PY(
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
)PY",
                           checks_passed("to 1e-12; sparsemax and 1.5-entmax bit for bit")}));
}

LiveCell precision_live(const json& cell, const CellState&) {
    Settled settled;  // no permalink state: the lab runs at the cell's settings
    for (const char* f : {"tokens", "head_width", "seed"}) settled.args[f] = cell.at(f);
    std::string runs = "\n# The engine's exact numbers for these settings, run by run in the order of `runs`.\nengine = [\n";
    for (const json& tokens : cell.at("tokens"))
        for (bool unscaled : {false, true}) {
            json args = settled.args;
            args["tokens"] = tokens;
            args["unscaled"] = unscaled;
            append_text(runs, {"    ", py_literal(exact_numbers(run_command("precision", args))), ",\n"});
        }
    runs += "]\n";
    return live(cell, "The precision lab", settled,
                "One self-attention of T random tokens computed in float64 and again with every product, sum, exp "
                "and division rounded to float32, bfloat16 and float16, at several lengths T, with the logits "
                "divided by √d and not: the largest error of the output against float64, and where the naive "
                "softmax (no maximum subtracted) overflows.",
                join_text({"import math\nimport struct\n\nimport numpy as np\n\n"
                           "lengths = ", py_literal(settled.args.at("tokens")),
                           "  # T: each run once with the logits divided by sqrt(d), once not\n"
                           "head_width = ", settled.args.at("head_width").dump(), "  # d\n"
                           "seed = ", settled.args.at("seed").dump(),
                           "  # numpy's default_rng(seed) draws q, k and v, normal(size=(T, d)) each\n"
                           "checked_rows = 32  # query rows compared with float64, spread from the first to the last\n",
                           R"PY(
# Each format: significand bits p (with the implicit leading 1), the exponent of its smallest
# normal number, its largest finite value.
FORMATS = {
    "float32": (24, -126, float(np.finfo(np.float32).max)),
    "bfloat16": (8, -126, (2 - 2**-7) * 2.0**127),
    "float16": (11, -14, 65504.0),
}


def round_to(x, fmt):
    """x rounded to the format as its arithmetic rounds every result: to the nearest number of the
    format, ties to even, with its subnormals, and to infinity past its largest finite value.
    fmt None: float64, nothing rounded."""
    if fmt is None:
        return x
    p, min_exponent, largest = FORMATS[fmt]
    exponent = np.maximum(np.frexp(x)[1] - 1, min_exponent)  # |x| = 1.f * 2^exponent (subnormals: the smallest)
    spacing = np.ldexp(1.0, exponent - p + 1)  # the gap between neighbouring numbers of the format there
    rounded = np.rint(x / spacing) * spacing  # scaling by a power of two is exact; rint rounds ties to even
    return np.where(np.abs(rounded) > largest, np.copysign(np.inf, x), rounded)


# numpy's own float32 and float16 round the same way (bfloat16 has no numpy dtype).
sample = np.random.default_rng(seed).normal(size=1000) * 1000
assert (round_to(sample, "float32") == sample.astype(np.float32)).all()
assert (round_to(sample, "float16") == sample.astype(np.float16)).all()


)PY",
                           python_engine_exp_source(), R"PY(

exp = np.vectorize(engine_exp, otypes=[float])  # element by element, the engine's doubles


def logits(q, k, rows, scale, fmt):
    """Pass 1: a_j = round(round(sum_c q_c k_jc) * scale); every product and every partial sum
    rounded, the sum left to right over the width."""
    products = round_to(q[rows, None, :] * k[None, :, :], fmt)  # (rows, T, d)
    dot = np.zeros((len(rows), len(k)))
    for c in range(q.shape[1]):
        dot = round_to(dot + products[:, :, c], fmt)
    return round_to(dot * scale, fmt)


def softmax_mix(a, v, fmt, naive=False):
    """Passes 2 and 3: w_j = exp(a_j - max a) / sum_i exp(a_i - max a), then o = sum_j w_j v_j,
    every step rounded; the naive softmax subtracts nothing. Also says which rows failed: an exp
    that overflowed to inf, or exps that all underflowed to 0 (only the naive softmax can fail)."""
    top = 0.0 if naive else np.fmax.reduce(a, axis=1, keepdims=True)
    e = round_to(exp(round_to(a - top, fmt)), fmt)
    total = np.zeros(len(a))
    for j in range(a.shape[1]):  # the sum, left to right
        total = round_to(total + e[:, j], fmt)
    with np.errstate(invalid="ignore", divide="ignore"):  # a failed row divides inf by inf, or 0 by 0
        w = round_to(e / total[:, None], fmt)
        carries = round_to(w[:, :, None] * v[None, :, :], fmt)  # (rows, T, d)
        out = np.zeros((len(a), v.shape[1]))
        for j in range(a.shape[1]):
            out = round_to(out + carries[:, j], fmt)
    overflow = np.isinf(e).any(axis=1)
    return out, overflow, ~overflow & (total == 0)


def lab(tokens, unscaled):
    """One self-attention in float64 and in each format: the largest errors against float64."""
    rng = np.random.default_rng(seed)
    q = rng.normal(size=(tokens, head_width))
    k = rng.normal(size=(tokens, head_width))
    v = rng.normal(size=(tokens, head_width))
    scale = 1.0 if unscaled else 1.0 / np.sqrt(head_width)
    n = min(tokens, checked_rows)
    rows = [0] if n == 1 else [r * (tokens - 1) // (n - 1) for r in range(n)]
    a = logits(q, k, rows, scale, None)
    reference, _, _ = softmax_mix(a, v, None)
    largest_output = np.abs(reference).max()
    result = {"tokens": tokens, "unscaled": unscaled, "max_logit": a.max(), "formats": {}}
    for fmt in FORMATS:
        q_f, k_f, v_f = round_to(q, fmt), round_to(k, fmt), round_to(v, fmt)
        a_f = logits(q_f, k_f, rows, scale, fmt)
        stable, _, _ = softmax_mix(a_f, v_f, fmt)
        naive, overflow, underflow = softmax_mix(a_f, v_f, fmt, naive=True)
        error = np.abs(stable - reference).max()
        result["formats"][fmt] = {
            "max_abs_error": error,
            "max_rel_error": error / largest_output if largest_output > 0 else 0.0,
            "naive_overflow": bool(overflow.any()),
            "naive_underflow": bool(underflow.any()),
            "naive_max_abs_error": None if (overflow | underflow).any() else np.abs(naive - reference).max(),
        }
    return result


runs = [lab(tokens, unscaled) for tokens in lengths for unscaled in (False, True)]
by_setting = {(r["tokens"], r["unscaled"]): r for r in runs}

print("Largest error against float64 (stable softmax)")
print(f"{'format, logits':<30}" + "".join(f"{'T = ' + str(t):>22}" for t in lengths))
for fmt in FORMATS:
    for unscaled, label in ((False, "divided by sqrt(d)"), (True, "not divided")):
        cells = []
        for t in lengths:
            r = by_setting[(t, unscaled)]["formats"][fmt]
            cells.append(f"{r['max_abs_error']:.2e}" + (" naive: inf" if r["naive_overflow"] else ""))
        print(f"{fmt + ', ' + label:<30}" + "".join(f"{c:>22}" for c in cells))
print("naive: inf: the softmax without its maximum overflowed. exp(x) overflows above "
      + ", ".join(f"{math.log(largest):.2f} in {fmt}" for fmt, (_, _, largest) in FORMATS.items()))
print(f"Largest logit at T = {lengths[-1]}: {by_setting[(lengths[-1], False)]['max_logit']:.2f} divided, "
      f"{by_setting[(lengths[-1], True)]['max_logit']:.2f} not divided")
)PY",
                           runs, R"PY(
# Bit for bit: every step above is an IEEE double operation the engine also does, in the same
# order, rounded by the same rule, and exp is the engine's; so the errors are the engine's doubles.
for ours, want in zip(runs, engine):
    setting = (ours["tokens"], "not divided" if ours["unscaled"] else "divided")
    assert ours["max_logit"] == want["max_logit"], (setting, ours["max_logit"], want["max_logit"])
    for fmt in FORMATS:
        for name, value in ours["formats"][fmt].items():
            assert value == want["formats"][fmt][name], (setting, fmt, name, value, want["formats"][fmt][name])
        largest = FORMATS[fmt][2]
        assert largest == want["formats"][fmt]["largest"], fmt
        # Where exp overflows, ln(largest): math.log and the engine's log1p (fdlibm) are each within
        # one unit in the last place, so within two of each other (4.4e-16 relative).
        assert math.isclose(math.log(largest), want["formats"][fmt]["exp_overflows_above"], rel_tol=4.5e-16), fmt
)PY",
                           checks_passed("bit for bit")}));
}

}  // namespace attnbook
