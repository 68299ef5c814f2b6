// The `ipynb` export's live cells, part two: the transformer block, PyTorch's rules and the
// common mistakes. The alternatives to softmax and the precision lab (float16 and bfloat16
// emulated operation by operation) stay on the page for now: their programs would be long enough
// to hide the lesson, and a note says so.
#include "attnbook/core/text_join.hpp"
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
// bits by more than in the small examples, still far below 1e-10.
const char* kCloseCheck = R"PY(
# numpy's exp and its sums (pairwise, BLAS) may round the last bits differently from the engine's
# own exp and left-to-right sums, so the check allows a relative difference of 1e-10.
def check(ours, want, name):
    np.testing.assert_allclose(ours, want, rtol=1e-10, atol=1e-12, err_msg=name)
)PY";

LiveCell block(const json& cell, const CellState& state) {
    json args;
    for (const char* f : {"input", "heads", "mask", "activation"}) args[f] = cell.at(f);
    StateArgs s{state};
    s.whole("heads", "heads");
    s.text("act", "activation");
    if (const std::string* causal = s.find("causal"); causal != nullptr && *causal == "1") {
        json mask = json::array();
        const std::size_t n = args.at("input").size();
        for (std::size_t r = 0; r < n; ++r) {
            json row = json::array();
            for (std::size_t c = 0; c < n; ++c) row.push_back(c <= r);
            mask.push_back(row);
        }
        s.args["mask"] = mask;
    }
    std::string note;
    const json result = run_settled("block", args, s.args, note);
    const json& w = result.at("weights");
    const std::string activation = args.at("activation").get<std::string>();
    const char* act_code =
        activation == "relu"        ? "np.maximum(x, 0.0)"
        : activation == "gelu_tanh" ? "0.5 * x * (1.0 + np.tanh(np.sqrt(2.0 / np.pi) * (x + 0.044715 * x**3)))"
                                    : "0.5 * x * (1.0 + np.vectorize(math.erf)(x / np.sqrt(2.0)))  # GELU, exact (erf)";
    std::string weights;
    for (auto it = w.begin(); it != w.end(); ++it)
        append_text(weights, {it.key(), " = np.array(", py_literal(it.value()), ")\n"});
    LiveCell out;
    out.markdown = heading(cell, "A transformer block") + note +
                   "A pre-norm block, H' = MHA(LN(H)) + H and H_out = MLP(LN(H')) + H', on a few rows with small "
                   "fixed weights (nothing here was trained). Every intermediate is printed.";
    out.code = join_text({"import math\n\nimport numpy as np\n\n"
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
                          kCloseCheck,
                          "\nfor name, ours in [(\"ln1\", ln1), (\"concat\", concat), (\"attention_out\", attention_out), "
                          "(\"h_prime\", h_prime),\n                   (\"ln2\", ln2), (\"mlp_hidden\", mlp_hidden), "
                          "(\"mlp_out\", mlp_out), (\"h_out\", h_out)]:\n    check(ours, engine[name], name)\n"
                          "print(\"the engine's numbers, to 1e-10\")\n"});
    return out;
}

LiveCell pytorch_rules(const json& cell, const CellState& state) {
    json args;
    args["scale"] = cell.at("scale");
    StateArgs s{state};
    s.number("scale", "scale");
    std::string note;
    const json result = run_settled("pytorch_rules", args, s.args, note);
    const json& ex = result.at("example");
    LiveCell out;
    out.markdown = heading(cell, "PyTorch's rules") + note +
                   "How `torch.nn.functional.scaled_dot_product_attention` reads its options, on a short "
                   "sequence: the default scale, boolean and additive masks, `is_causal`, grouped-query heads and "
                   "a row with nothing to attend to. numpy plays PyTorch here, so the cell runs without torch.";
    out.code = join_text({"import numpy as np\n\n"
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
                          engine_numbers(result, {"scale", "masks", "causal", "fully_masked", "gqa"}), kCloseCheck, R"PY(
check(weights_default, engine["scale"]["weights_default"], "weights_default")
check(weights_explicit, engine["scale"]["weights_explicit"], "weights_explicit")
check(weights_bool, engine["masks"]["weights_bool"], "weights_bool")
check(weights_additive, engine["masks"]["weights_additive"], "weights_additive")
check(weights_causal, engine["causal"]["weights"], "causal")
check(masked_weights, engine["fully_masked"]["weights"], "fully masked weights")
check(masked_output, engine["fully_masked"]["output"], "fully masked output")
assert list(gqa_output.shape) == engine["gqa"]["output_shape"]
print("the engine's numbers, to 1e-10")
)PY"});
    return out;
}

LiveCell mistakes(const json& cell, const CellState& state) {
    json args;
    for (const char* f : {"heads", "head_width", "tuned_width"}) args[f] = cell.at(f);
    StateArgs s{state};
    s.whole("heads", "heads");
    s.whole("tuned", "tuned_width");
    std::string note;
    const json result = run_settled("mistakes", args, s.args, note);
    const json& ww = result.at("wrong_width");
    LiveCell out;
    out.markdown = heading(cell, "Four common mistakes") + note +
                   "Each mistake run with its symptom measured: dividing by the model's width instead of the "
                   "head's, softmax over the wrong axis, masking after the softmax, and a scale tuned at one width.";
    out.code = join_text({"import numpy as np\n\n"
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
                          engine_numbers(result, {"wrong_width", "wrong_axis", "mask_after", "tuned_scale"}), kCloseCheck, R"PY(
for name, ours in [("top_unscaled", top_unscaled), ("top_right", top_right), ("top_wrong", top_wrong)]:
    check(ours, engine["wrong_width"][name], name)
check(weights_key_axis, engine["wrong_axis"]["weights_key_axis"], "weights_key_axis")
check(weights_query_axis, engine["wrong_axis"]["weights_query_axis"], "weights_query_axis")
check(weights_after, engine["mask_after"]["weights_after"], "weights_after")
check(weights_before, engine["mask_after"]["weights_before"], "weights_before")
check(top_tuned, engine["tuned_scale"]["top_tuned"], "top_tuned")
check(top_sqrt, engine["tuned_scale"]["top_sqrt"], "top_sqrt")
print("the engine's numbers, to 1e-10")
)PY"});
    return out;
}

}  // namespace

LiveCell lab_cell(const json& cell, const CellState& state) {
    const std::string type = cell.at("type").get<std::string>();
    if (type == "transformer-block") return block(cell, state);
    if (type == "pytorch-rules") return pytorch_rules(cell, state);
    if (type == "mistakes") return mistakes(cell, state);
    return LiveCell{};  // alternatives, precision-lab: on the page only (see the top of this file)
}

}  // namespace attnbook
