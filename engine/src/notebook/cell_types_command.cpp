// cell_types: the validator's table of cell types with an example of each (cell_types.hpp).
// Every number in an example is read from the lesson that owns it (the explorable's example, the
// scaling study's and the hand example's defaults), and the practice example's answer is computed
// by the lesson, so an example cannot drift from what the engine accepts and draws.
#include "attnbook/notebook/cell_types.hpp"

#include "attnbook/lessons/divisor.hpp"
#include "attnbook/lessons/explore_row.hpp"
#include "attnbook/lessons/hand_example.hpp"
#include "attnbook/lessons/scaling_study.hpp"
#include "attnbook/notebook/command_args.hpp"
#include "attnbook/notebook/practice.hpp"

namespace attnbook {
namespace {

using nlohmann::json;

json rows(const std::vector<std::vector<double>>& m) {
    json out = json::array();
    for (const auto& row : m) out.push_back(row);
    return out;
}

json explorable_example() {
    const ExploreInput ex = explore_example();
    return json{{"type", "explorable"},
                {"query", ex.query},
                {"keys", rows(ex.keys)},
                {"values", rows(ex.values)},
                {"divisor", divisor_name(ex.divisor)}};
}

json practice_example() {
    // The share of the first source in the explorable example, as the lesson computes it.
    const ExploreRow row = explore_row(explore_example());
    return json{{"type", "practice"},
                {"prompt", "In the explorable above, what share of the output comes from source A? Give three decimals."},
                {"answer", {{"kind", answer_kinds().at(0)}, {"value", row.shares.at(0)}, {"tolerance", 0.0005}}},
                {"hint", "Each share is the exponential of a scaled score divided by the sum of all of them."},
                {"explanation", "The largest scaled score takes the largest share; the shares add up to 1."}};
}

// One step whose check is the practice example's question, so its answer is the lesson's own number.
json study_example() {
    const json practice = practice_example();
    return json{{"type", "study"},
                {"steps",
                 {{{"title", "Share"},
                   {"text", "Each source's share is its exponentiated scaled score over the sum of all of them."},
                   {"check", {{"prompt", practice["prompt"]}, {"answer", practice["answer"]}, {"hint", practice["hint"]}}}}}}};
}

}  // namespace

json cell_type_example(const std::string& type) {
    if (type == "prose") {
        return json{{"type", "prose"},
                    {"text", "Markdown: *emphasis*, **strong**, `code`, maths $q \\cdot k$ and "
                             "[links](https://arxiv.org/abs/1706.03762)."}};
    }
    if (type == "maths") {
        return json{{"type", "maths"},
                    {"tex", "\\mathrm{softmax}\\left(\\frac{QK^\\top}{\\sqrt{d}}\\right)V"},
                    {"caption", "Scaled dot-product attention."}};
    }
    if (type == "explorable") return explorable_example();
    if (type == "scaling-study") {
        const ScalingInput in;
        return json{{"type", "scaling-study"}, {"seed", in.seed},     {"widths", in.widths}, {"pairs", in.pairs},
                    {"trials", in.trials},     {"keys", in.keys},     {"divisor", divisor_name(in.divisor)}};
    }
    if (type == "hand-example") {
        const HandExampleInput in;
        return json{{"type", "hand-example"}, {"queries", rows(in.queries)}, {"keys", rows(in.keys)},
                    {"values", rows(in.values)}};
    }
    if (type == "practice") return practice_example();
    if (type == "study") return study_example();
    if (type == "references") {
        return json{{"type", "references"},
                    {"items",
                     {{{"authors", "Vaswani, Shazeer, Parmar, Uszkoreit, Jones, Gomez, Kaiser, Polosukhin"},
                       {"title", "Attention Is All You Need"},
                       {"year", 2017},
                       {"venue", "NeurIPS"},
                       {"url", "https://arxiv.org/abs/1706.03762"}}}}};
    }
    return nullptr;
}

json cell_types_command(const json& raw, const Progress&) {
    CommandArgs args("cell_types", raw, {});
    json types = json::array();
    for (const auto& t : notebook_cell_fields()) {
        json example = cell_type_example(t.type);
        // A type without a written example whose fields are all optional: the bare cell (the
        // validator fills its defaults; tests/engine/test_cell_types.cpp checks that it validates).
        if (example.is_null() && t.required.empty()) example = json{{"type", t.type}};
        types.push_back(json{{"type", t.type}, {"fields", t.fields}, {"required", t.required}, {"example", example}});
    }
    return json{{"common_fields", {"type", "id", "depths", "title"}}, {"cell_types", types}};
}

}  // namespace attnbook
