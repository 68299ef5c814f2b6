// The `ipynb` export's live cells, part three: the alternatives to softmax and the precision lab.
// Their programs are programs/alternatives.py (each method plainly in numpy, sparsemax and
// 1.5-entmax checked bit for bit, the rest to a stated tolerance) and programs/precision_lab.py
// (the lab repeated operation for operation, so its errors are the engine's doubles); this file
// settles the cells and fills in their values.
#include "attnbook/core/text_join.hpp"
#include "attnbook/lessons/alternatives.hpp"
#include "attnbook/notebook/commands.hpp"
#include "attnbook/notebook/python_export.hpp"
#include "attnbook/notebook/python_programs.hpp"
#include "ipynb_programs.hpp"

namespace attnbook {

using nlohmann::json;

LiveCell alternatives_live(const json& cell, const CellState& state) {
    const Settled settled = settle_table<AlternativesInput>("alternatives", cell, state);
    const json& inputs = settled.result.at("inputs");
    long long query = 0;  // the page's "weights of query" (permalink kind `row`), when it names a query
    const long long queries = static_cast<long long>(inputs.at("queries").size());
    if (const json v = state_value(state, "row", Field::whole); v.is_number() && v >= 0 && v < queries) query = v.get<long long>();
    return live(cell, "Alternatives to softmax", settled,
                "Eight ways to turn queries and keys into weights, on the same inputs: the scaled dot product, "
                "additive, cosine, linear and Performer attention, then sparsemax, 1.5-entmax and softmax plus one "
                "on the standard logits. The table shows one query's weights, as the page does; change `query`, "
                "the inputs or the settings and run the cell again.",
                fill_python(python_programs::alternatives,
                            {{"queries", py_literal(inputs.at("queries"))}, {"keys", py_literal(inputs.at("keys"))},
                             {"values", py_literal(inputs.at("values"))},
                             {"cosine_scale", py_literal(settled.args.at("cosine_scale"))},
                             {"features", settled.args.at("features").dump()}, {"seed", settled.args.at("seed").dump()},
                             {"query", std::to_string(query)},
                             {"engine", engine_numbers(settled.result, {"methods", "linear", "performer"})},
                             {"check", check_lines("1e-12")},
                             {"passed", checks_passed("to 1e-12; sparsemax and 1.5-entmax bit for bit")}}));
}

LiveCell precision_live(const json& cell, const CellState&) {
    Settled settled;  // no permalink state: the lab runs at the cell's settings
    for (const char* f : {"tokens", "head_width", "seed"}) settled.args[f] = cell.at(f);
    std::string runs;  // the engine's exact numbers, one line per run, in the program's order
    for (const json& tokens : cell.at("tokens"))
        for (bool unscaled : {false, true}) {
            json args = settled.args;
            args["tokens"] = tokens;
            args["unscaled"] = unscaled;
            append_line(runs, {"    ", py_literal(exact_numbers(run_command("precision", args))), ","});
        }
    return live(cell, "The precision lab", settled,
                "One self-attention of T random tokens computed in float64 and again with every product, sum, exp "
                "and division rounded to float32, bfloat16 and float16, at several lengths T, with the logits "
                "divided by √d and not: the largest error of the output against float64, and where the naive "
                "softmax (no maximum subtracted) overflows.",
                fill_python(python_programs::precision_lab,
                            {{"lengths", py_literal(settled.args.at("tokens"))},
                             {"head_width", settled.args.at("head_width").dump()}, {"seed", settled.args.at("seed").dump()},
                             {"engine_exp", python_lines(python_engine_exp_source())}, {"runs", runs},
                             {"passed", checks_passed("bit for bit")}}));
}

}  // namespace attnbook
