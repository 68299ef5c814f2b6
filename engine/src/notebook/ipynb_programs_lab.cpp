// The `ipynb` export's live cells, part two: the transformer block, PyTorch's rules and the
// common mistakes, each a numpy program checked against the engine's exact numbers.
#include "attnbook/core/text_join.hpp"
#include "attnbook/lessons/block.hpp"
#include "attnbook/lessons/mistakes.hpp"
#include "attnbook/lessons/pytorch_rules.hpp"
#include "attnbook/notebook/commands.hpp"
#include "ipynb_programs.hpp"

namespace attnbook {

using nlohmann::json;

namespace {

const char* kSoftmax = R"PY(
def softmax(logits, axis=-1):
    """Shares along `axis`; a row whose every logit is -inf (fully masked) gets zeros, as the engine gives."""
    top = logits.max(axis=axis, keepdims=True)
    top = np.where(np.isfinite(top), top, 0.0)
    lifted = np.exp(logits - top)
    total = lifted.sum(axis=axis, keepdims=True)
    return np.divide(lifted, total, out=np.zeros_like(lifted), where=total > 0)
)PY";

// Random draws (numpy's default_rng, the same doubles as the engine's) pass through dot products
// of up to 1024 terms and exp of logits up to about 100: numpy's summation order moves the last
// bits by more than in the small examples.
std::string lab_check() {
    return close_check("numpy's exp and its sums (pairwise, BLAS) may round the last bits differently from the\n"
                       "# engine's own exp and left-to-right sums; over dot products of up to 1024 terms that is at most\n"
                       "# 1024 roundings of 1.1e-16 each (1.1e-13 of the terms' size), and exp turns that error in a logit\n"
                       "# of up to about 100 into a relative 1e-11 at most: the check allows a relative 1e-10.",
                       "1e-10");
}

}  // namespace

LiveCell block_live(const json& cell, const CellState& state) {
    // The page's causal switch is a mask (the table's field), the lower triangle.
    StateArgs s{state};
    if (const std::string* causal = s.find("causal"); causal != nullptr && *causal == "1") {
        json mask = json::array();
        const std::size_t n = cell.at("input").size();
        for (std::size_t r = 0; r < n; ++r) {
            json row = json::array();
            for (std::size_t c = 0; c < n; ++c) row.push_back(c <= r);
            mask.push_back(row);
        }
        s.args["mask"] = mask;
    }
    const Settled settled = settle_table<BlockInput>("block", cell, state, s.args);
    const json &args = settled.args, &result = settled.result, &w = result.at("weights");
    const std::string activation = args.at("activation").get<std::string>();
    const char* act_code =
        activation == "relu"        ? "np.maximum(x, 0.0)"
        : activation == "gelu_tanh" ? "0.5 * x * (1.0 + np.tanh(np.sqrt(2.0 / np.pi) * (x + 0.044715 * x**3)))"
                                    : "0.5 * x * (1.0 + np.vectorize(math.erf)(x / np.sqrt(2.0)))  # GELU, exact (erf)";
    std::string weights;
    for (auto it = w.begin(); it != w.end(); ++it)
        append_text(weights, {it.key(), " = np.array(", py_literal(it.value()), ")\n"});
    return live(cell, "A transformer block", settled,
                "A pre-norm block, H' = MHA(LN(H)) + H and H_out = MLP(LN(H')) + H', on a few rows with small "
                "fixed weights (nothing here was trained). Every intermediate is printed.",
                join_text({"import math\n\nimport numpy as np\n\n"
                           "H = np.array(", py_literal(args.at("input")), ")  # (positions, d_model)\n"
                           "allowed = np.array(", py_literal(args.at("mask")), ")  # (positions, positions)\n"
                           "heads = ", args.at("heads").dump(), "\n"
                           "epsilon = ", py_literal(exact_numbers(result.at("epsilon"))), "\n\n"
                           "# The block's fixed weights (x W + b for every row x).\n",
                           weights, kSoftmax, R"PY(

def layer_norm(x, gamma, beta):
    mean = x.mean(axis=-1, keepdims=True)
    variance = ((x - mean) ** 2).mean(axis=-1, keepdims=True)  # biased, as PyTorch's LayerNorm
    return (x - mean) / np.sqrt(variance + epsilon) * gamma + beta

def activation(x):
    return )PY",
                           act_code, R"PY(

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
)PY",
                           engine_numbers(result, {"ln1", "concat", "attention_out", "h_prime", "ln2", "mlp_hidden", "mlp_out", "h_out"}),
                           lab_check(),
                           "\nfor name, ours in [(\"ln1\", ln1), (\"concat\", concat), (\"attention_out\", attention_out), "
                           "(\"h_prime\", h_prime),\n                   (\"ln2\", ln2), (\"mlp_hidden\", mlp_hidden), "
                           "(\"mlp_out\", mlp_out), (\"h_out\", h_out)]:\n    check(ours, engine[name], name)\n",
                           checks_passed("to 1e-10")}));
}

LiveCell pytorch_rules_live(const json& cell, const CellState& state) {
    const Settled settled = settle_table<PytorchRulesInput>("pytorch_rules", cell, state);
    const json &args = settled.args, &result = settled.result, &ex = result.at("example");
    return live(cell, "PyTorch's rules", settled,
                "How `torch.nn.functional.scaled_dot_product_attention` reads its options, on a short "
                   "sequence: the default scale, boolean and additive masks, `is_causal`, grouped-query heads and "
                   "a row with nothing to attend to. numpy plays PyTorch here, so the cell runs without torch.",
                join_text({"import numpy as np\n\n"
                           "q = np.array(", py_literal(ex.at("queries")), ")  # (L, E)\n"
                           "k = np.array(", py_literal(ex.at("keys")), ")  # (S, E)\n"
                           "v = np.array(", py_literal(ex.at("values")), ")  # (S, Ev)\n"
                           "explicit_scale = ", py_literal(args.at("scale")), "\n",
                           kSoftmax, R"PY(

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
)PY",
                           engine_numbers(result, {"scale", "masks", "causal", "fully_masked", "gqa"}), lab_check(), R"PY(
check(weights_default, engine["scale"]["weights_default"], "weights_default")
check(weights_explicit, engine["scale"]["weights_explicit"], "weights_explicit")
check(weights_bool, engine["masks"]["weights_bool"], "weights_bool")
check(weights_additive, engine["masks"]["weights_additive"], "weights_additive")
check(weights_causal, engine["causal"]["weights"], "causal")
check(masked_weights, engine["fully_masked"]["weights"], "fully masked weights")
check(masked_output, engine["fully_masked"]["output"], "fully masked output")
assert list(gqa_output.shape) == engine["gqa"]["output_shape"]
)PY",
                           checks_passed("to 1e-10")}));
}

LiveCell mistakes_live(const json& cell, const CellState& state) {
    const Settled settled = settle_table<MistakesInput>("mistakes", cell, state);
    const json &args = settled.args, &result = settled.result, &ww = result.at("wrong_width");
    return live(cell, "Four common mistakes", settled,
                "Each mistake run with its symptom measured: dividing by the model's width instead of the "
                   "head's, softmax over the wrong axis, masking after the softmax, and a scale tuned at one width.",
                join_text({"import numpy as np\n\n"
                           "heads, head_width, tuned_width = ", args.at("heads").dump(), ", ", args.at("head_width").dump(), ", ",
                           args.at("tuned_width").dump(), "\n"
                           "keys, trials, seed = ", ww.at("keys").dump(), ", ", ww.at("trials").dump(), ", 0\n"
                           "scores = np.array(", py_literal(exact_numbers(result.at("wrong_axis").at("scores"))),
                           ")  # the lesson's 4 x 4 logits\n"
                           "widths = ", py_literal(result.at("tuned_scale").at("widths")), "\n",
                           kSoftmax, R"PY(
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
)PY",
                           engine_numbers(result, {"wrong_width", "wrong_axis", "mask_after", "tuned_scale"}), lab_check(), R"PY(
for name, ours in [("top_unscaled", top_unscaled), ("top_right", top_right), ("top_wrong", top_wrong)]:
    check(ours, engine["wrong_width"][name], name)
check(weights_key_axis, engine["wrong_axis"]["weights_key_axis"], "weights_key_axis")
check(weights_query_axis, engine["wrong_axis"]["weights_query_axis"], "weights_query_axis")
check(weights_after, engine["mask_after"]["weights_after"], "weights_after")
check(weights_before, engine["mask_after"]["weights_before"], "weights_before")
check(top_tuned, engine["tuned_scale"]["top_tuned"], "top_tuned")
check(top_sqrt, engine["tuned_scale"]["top_sqrt"], "top_sqrt")
)PY",
                           checks_passed("to 1e-10")}));
}

}  // namespace attnbook
