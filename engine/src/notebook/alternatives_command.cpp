// alternatives {queries?, keys?, values?, cosine_scale?, features?, seed?} -> every method of
// lessons/alternatives.hpp on the same inputs: {methods: [{name, weights, output, row_sums}],
// linear: {left, right, reassociation_difference}, performer: {difference_from_dot}}.
#include "attnbook/core/errors.hpp"
#include "attnbook/core/text_join.hpp"
#include "attnbook/lessons/alternatives.hpp"
#include "attnbook/notebook/field_reader.hpp"
#include "attnbook/notebook/json_out.hpp"
#include "attnbook/notebook/lesson_commands.hpp"
#include "attnbook/notebook/number_json.hpp"

namespace attnbook {

using nlohmann::json;

json alternatives_command(const json& raw, const Progress&) {
    const AlternativesInput in = read_command_fields<AlternativesInput>("alternatives", raw);
    const Alternatives r = run_lesson("alternatives: $.{}", attention_alternatives, in);
    constexpr Shown kError{1, Rounding::scientific};
    json out;
    JsonOut o(out);
    // The inputs every method was given, as numbers (they are the author's or the defaults, not
    // results): the page shows them so that "compare key by key" can be checked.
    o.object("inputs").set("queries", in.queries).set("keys", in.keys).set("values", in.values);
    json& methods = o.array("methods");
    for (const auto& m : r.methods)
        JsonOut::push(methods)
            .set("name", m.name)
            // Small-aware (core/number_small.hpp): entmax's 0.0003 must not read as 0.000 beside
            // sparsemax's exact zeros, which are shown as "0".
            .set("weights", small_aware_rows(m.weights, 3))
            .pair_rows("output", m.output, three_decimals)
            .pairs("row_sums", m.row_sums, three_decimals);
    o.object("linear")
        .pair_rows("left", r.linear_left, three_decimals)
        .pair_rows("right", r.linear_right, three_decimals)
        .pair("reassociation_difference", r.linear_reassociation_difference, kError);
    o.object("performer").set("features", in.features).pair("difference_from_dot", r.performer_difference, three_decimals);
    return out;
}

}  // namespace attnbook
