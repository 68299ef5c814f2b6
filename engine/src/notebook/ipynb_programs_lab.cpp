// The `ipynb` export's live cells, part two: the transformer block, PyTorch's rules and the
// common mistakes, each a numpy program (programs/block.py, pytorch_rules.py, mistakes.py, with
// the softmax and the check they share: LabPieces) checked against the engine's exact numbers.
#include "attnbook/core/text_join.hpp"
#include "attnbook/lessons/block.hpp"
#include "attnbook/lessons/mistakes.hpp"
#include "attnbook/lessons/pytorch_rules.hpp"
#include "attnbook/notebook/commands.hpp"
#include "attnbook/notebook/python_programs.hpp"
#include "ipynb_programs.hpp"

namespace attnbook {

using nlohmann::json;

namespace {

// What the three programs share: the softmax and the check at 1e-10, after the comment saying why
// numpy comes that close (lab_tolerance.py).
struct LabPieces {
    std::string softmax = python_lines(python_programs::lab_softmax);
    std::string tolerance = python_lines(python_programs::lab_tolerance);
    std::string check = check_lines("1e-10");
    std::string passed = checks_passed("to 1e-10");
};

}  // namespace

LiveCell block_live(const json& cell, const CellState& state) {
    // The page's causal switch is a mask (the table's field), the lower triangle.
    json more = json::object();
    if (state_value(state, "causal", Field::boolean) == true) {
        json mask = json::array();
        const std::size_t n = cell.at("input").size();
        for (std::size_t r = 0; r < n; ++r) {
            json row = json::array();
            for (std::size_t c = 0; c < n; ++c) row.push_back(c <= r);
            mask.push_back(row);
        }
        more["mask"] = mask;
    }
    const LabPieces lab;
    const Settled settled = settle_table<BlockInput>("block", cell, state, more);
    const json &args = settled.args, &result = settled.result, &w = result.at("weights");
    const std::string activation = args.at("activation").get<std::string>();
    const char* act_code =
        activation == "relu"        ? "np.maximum(x, 0.0)"
        : activation == "gelu_tanh" ? "0.5 * x * (1.0 + np.tanh(np.sqrt(2.0 / np.pi) * (x + 0.044715 * x**3)))"
                                    : "0.5 * x * (1.0 + np.vectorize(math.erf)(x / np.sqrt(2.0)))  # GELU, exact (erf)";
    std::string weights;
    for (auto it = w.begin(); it != w.end(); ++it)
        append_line(weights, {it.key(), " = np.array(", py_literal(it.value()), ")"});
    return live(cell, "A transformer block", settled,
                "A pre-norm block, H' = MHA(LN(H)) + H and H_out = MLP(LN(H')) + H', on a few rows with small "
                "fixed weights (nothing here was trained). Every intermediate is printed.",
                fill_python(python_programs::block, {{"input", py_literal(args.at("input"))},
                                      {"mask", py_literal(args.at("mask"))},
                                      {"heads", args.at("heads").dump()},
                                      {"epsilon", py_literal(exact_numbers(result.at("epsilon")))},
                                      {"weights", weights},
                                      {"softmax", lab.softmax},
                                      {"activation", act_code},
                                      {"engine", engine_numbers(result, {"ln1", "concat", "attention_out", "h_prime", "ln2",
                                                                          "mlp_hidden", "mlp_out", "h_out"})},
                                      {"tolerance", lab.tolerance}, {"check", lab.check}, {"passed", lab.passed}}));
}

LiveCell pytorch_rules_live(const json& cell, const CellState& state) {
    const LabPieces lab;
    const Settled settled = settle_table<PytorchRulesInput>("pytorch_rules", cell, state);
    const json &result = settled.result, &ex = result.at("example");
    return live(cell, "PyTorch's rules", settled,
                "How `torch.nn.functional.scaled_dot_product_attention` reads its options, on a short "
                "sequence: the default scale, boolean and additive masks, `is_causal`, grouped-query heads and "
                "a row with nothing to attend to. numpy plays PyTorch here, so the cell runs without torch.",
                fill_python(python_programs::pytorch_rules,
                            {{"queries", py_literal(ex.at("queries"))},
                             {"keys", py_literal(ex.at("keys"))},
                             {"values", py_literal(ex.at("values"))},
                             {"scale", py_literal(settled.args.at("scale"))},
                             {"softmax", lab.softmax},
                             {"engine", engine_numbers(result, {"scale", "masks", "causal", "fully_masked", "gqa"})},
                             {"tolerance", lab.tolerance}, {"check", lab.check}, {"passed", lab.passed}}));
}

LiveCell mistakes_live(const json& cell, const CellState& state) {
    const LabPieces lab;
    const Settled settled = settle_table<MistakesInput>("mistakes", cell, state);
    const json &args = settled.args, &result = settled.result, &ww = result.at("wrong_width");
    return live(cell, "Four common mistakes", settled,
                "Each mistake run with its symptom measured: dividing by the model's width instead of the "
                "head's, softmax over the wrong axis, masking after the softmax, and a scale tuned at one width.",
                fill_python(python_programs::mistakes,
                            {{"heads", args.at("heads").dump()},
                             {"head_width", args.at("head_width").dump()},
                             {"tuned_width", args.at("tuned_width").dump()},
                             {"keys", ww.at("keys").dump()},
                             {"trials", ww.at("trials").dump()},
                             {"scores", py_literal(exact_numbers(result.at("wrong_axis").at("scores")))},
                             {"widths", py_literal(result.at("tuned_scale").at("widths"))},
                             {"softmax", lab.softmax},
                             {"engine", engine_numbers(result, {"wrong_width", "wrong_axis", "mask_after", "tuned_scale"})},
                             {"tolerance", lab.tolerance}, {"check", lab.check}, {"passed", lab.passed}}));
}

}  // namespace attnbook
