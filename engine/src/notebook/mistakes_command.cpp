// mistakes {heads?, head_width?, tuned_width?, seed?} -> the four common mistakes with their
// symptoms (lessons/mistakes.hpp).
#include "attnbook/core/errors.hpp"
#include "attnbook/lessons/mistakes.hpp"
#include "attnbook/notebook/field_reader.hpp"
#include "attnbook/notebook/lesson_commands.hpp"
#include "attnbook/notebook/json_out.hpp"
#include "attnbook/core/text_join.hpp"
#include "attnbook/notebook/number_json.hpp"

namespace attnbook {

using nlohmann::json;

json mistakes_command(const json& raw, const Progress&) {
    const MistakesInput in = read_command_fields<MistakesInput>("mistakes", raw);
    const Mistakes m = run_lesson("mistakes: $.{}", common_mistakes, in);
    json out;
    JsonOut o(out);
    o.object("wrong_width")
        .set("model_width", in.heads * in.head_width)
        .pair("right_divisor", m.right_divisor, three_decimals)
        .pair("wrong_divisor", m.wrong_divisor, three_decimals)
        .pair("top_unscaled", m.top_unscaled, three_decimals)
        .pair("top_right", m.top_right, three_decimals)
        .pair("top_wrong", m.top_wrong, three_decimals)
        .pair("uniform", m.uniform, three_decimals)
        .set("keys", mistakes_limits::keys)
        .set("trials", mistakes_limits::trials);
    o.object("wrong_axis")
        .pair_rows("scores", m.scores, three_decimals)
        .pair_rows("weights_key_axis", m.weights_key_axis, three_decimals)
        .pair_rows("weights_query_axis", m.weights_query_axis, three_decimals)
        .pairs("row_sums_key_axis", m.row_sums_key_axis, three_decimals)
        .pairs("row_sums_query_axis", m.row_sums_query_axis, three_decimals)
        .pairs("column_sums_query_axis", m.column_sums_query_axis, three_decimals)
        .set("rows_sum_to_one", m.query_axis_rows_sum_to_one);
    o.object("mask_after")
        .pair_rows("weights_after", m.weights_mask_after, three_decimals)
        .pair_rows("weights_before", m.weights_mask_before, three_decimals)
        .pairs("row_sums_after", m.row_sums_mask_after, three_decimals)
        .pairs("row_sums_before", m.row_sums_mask_before, three_decimals);
    o.object("tuned_scale")
        .set("tuned_width", in.tuned_width)
        .pair("scale", m.tuned_scale, three_decimals)
        .set("widths", m.widths)
        .pairs("top_tuned", m.top_tuned, three_decimals)
        .pairs("top_sqrt", m.top_sqrt, three_decimals);
    return out;
}

}  // namespace attnbook
