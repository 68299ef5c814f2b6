// cell_types: the validator's table of cell types with an example of each (cell_types.hpp).
// Every number in an example is read from the lesson that owns it (the explorable's example, the
// scaling study's and the hand example's defaults), and the practice example's answer is computed
// by the lesson, so an example cannot drift from what the engine accepts and draws. The fixed
// text of the examples is one JSON literal, parsed once: an author reads it as the notebook JSON it
// shows.
#include "attnbook/notebook/cell_types.hpp"

#include "attnbook/lessons/divisor.hpp"
#include "attnbook/lessons/explore_row.hpp"
#include "attnbook/lessons/hand_example.hpp"
#include "attnbook/lessons/scaling_study.hpp"
#include "attnbook/notebook/command_args.hpp"
#include "attnbook/notebook/field_reader.hpp"
#include "attnbook/notebook/json_out.hpp"
#include "attnbook/notebook/json_text.hpp"
#include "attnbook/notebook/practice.hpp"
#include "attnbook/notebook/text_cells.hpp"

namespace attnbook {
namespace {

using nlohmann::json;

// The examples with nothing a lesson computes, and the fixed text of the practice example (its
// answer's kind and value are filled in from the engine).
const json& fixed_examples() {
    static const json examples = parse_json_text(R"json({
"prose": {"type": "prose",
  "text": "Markdown: *emphasis*, **strong**, `code`, maths $q \\cdot k$ and [links](https://arxiv.org/abs/1706.03762)."},
"maths": {"type": "maths",
  "tex": "\\mathrm{softmax}\\left(\\frac{QK^\\top}{\\sqrt{d}}\\right)V",
  "caption": "Scaled dot-product attention."},
"references": {"type": "references",
  "items": [{"authors": "Vaswani, Shazeer, Parmar, Uszkoreit, Jones, Gomez, Kaiser, Polosukhin",
             "title": "Attention Is All You Need", "year": 2017, "venue": "NeurIPS",
             "url": "https://arxiv.org/abs/1706.03762"}]},
"contents": {"type": "contents", "title": "On this page"},
"practice": {"type": "practice",
  "prompt": "In the explorable above, what share of the output comes from source A? Give three decimals.",
  "answer": {"tolerance": 0.0005},
  "hint": "Each share is the exponential of a scaled score divided by the sum of all of them.",
  "explanation": "The largest scaled score takes the largest share; the shares add up to 1."},
"study": {"type": "study",
  "steps": [{"title": "Share",
             "text": "Each source's share is its exponentiated scaled score over the sum of all of them."}]}
})json");
    return examples;
}

json explorable_example() {
    const ExploreInput ex = explore_example();
    json out;
    JsonOut(out)
        .set("type", "explorable")
        .set("query", ex.query)
        .set("keys", ex.keys)
        .set("values", ex.values)
        .set("divisor", divisor_name(ex.divisor));
    return out;
}

json practice_example() {
    // The share of the first source in the explorable example, as the lesson computes it.
    const ExploreRow row = explore_row(explore_example());
    json out = fixed_examples()["practice"];
    json& answer = out["answer"];
    answer["kind"] = answer_kinds().at(0);
    answer["value"] = row.shares.at(0);
    return out;
}

// One step whose check is the practice example's question, so its answer is the lesson's own number.
json study_example() {
    const json practice = practice_example();
    json out = fixed_examples()["study"];
    JsonOut(out["steps"][0]["check"])
        .set("prompt", practice["prompt"])
        .set("answer", practice["answer"])
        .set("hint", practice["hint"]);
    return out;
}

}  // namespace

json cell_type_example(const std::string& type) {
    if (type == "explorable") return explorable_example();
    if (type == "practice") return practice_example();
    if (type == "study") return study_example();
    json out;
    JsonOut o = JsonOut::into(out);  // out stays null for a type without an example
    if (type == "scaling-study") {
        o.set("type", type);
        write_fields(ScalingInput{}, o, true);
    } else if (type == "hand-example") {
        o.set("type", type);
        write_fields(HandExampleInput{}, o, true);
    } else if (type == "prose" || type == "maths" || type == "references" || type == "contents") {
        out = fixed_examples()[type];
    }
    return out;
}

json cell_types_command(const json& raw, const Progress&) {
    CommandArgs args("cell_types", raw, {});
    json out;
    JsonOut o(out);
    json& common = o.array("common_fields");
    for (const Field& f : field_list<CommonCellFields>(true)) common.push_back(f.name);
    json& types = o.array("cell_types");
    for (const auto& t : notebook_cell_fields()) {
        json example = cell_type_example(t.type);
        // A type without a written example whose fields are all optional: the bare cell (the
        // validator fills its defaults; tests/engine/test_cell_types.cpp checks that it validates).
        if (example.is_null() && t.required.empty()) JsonOut(example).set("type", t.type);
        JsonOut::push(types)
            .set("type", t.type)
            .set("fields", t.fields)
            .set("required", t.required)
            .set("example", std::move(example));
    }
    return out;
}

}  // namespace attnbook
