// pytorch_rules {scale?} -> each of PyTorch's rules shown on the lesson's small causal example
// (lessons/pytorch_rules.hpp).
#include "attnbook/core/text_join.hpp"
#include "attnbook/lessons/pytorch_rules.hpp"
#include "attnbook/notebook/field_reader.hpp"
#include "attnbook/notebook/json_out.hpp"
#include "attnbook/notebook/lesson_commands.hpp"
#include "attnbook/notebook/number_json.hpp"

namespace attnbook {

using nlohmann::json;

json pytorch_rules_command(const json& raw, const Progress&) {
    const PytorchRulesInput in = read_command_fields<PytorchRulesInput>("pytorch_rules", raw);
    const PytorchRules r = run_lesson("pytorch_rules: $.{}", pytorch_rules, in.scale);
    constexpr Shown kError{1, Rounding::scientific};
    json out;
    JsonOut o(out);
    o.object("example").set("queries", r.queries).set("keys", r.keys).set("values", r.values);
    o.object("scale")
        .pair("default", r.default_scale, three_decimals)
        .pair("explicit", r.explicit_scale, three_decimals)
        .pair_rows("weights_default", r.weights_default, three_decimals)
        .pair_rows("weights_explicit", r.weights_explicit, three_decimals);
    o.object("masks")
        .pair_rows("weights_bool", r.weights_bool, three_decimals)
        .pair_rows("weights_additive", r.weights_additive, three_decimals)
        .pair("max_difference", r.bool_vs_additive, kError);
    o.object("causal")
        .pair_rows("weights", r.weights_causal, three_decimals)
        .pair("max_difference_from_bool", r.causal_vs_bool, kError);
    o.object("mask_and_causal").set("engine", r.engine_refusal).set("pytorch", PytorchRules::pytorch_error);
    o.object("gqa")
        .set("query_shape", r.gqa_query_shape)
        .set("kv_shape", r.gqa_kv_shape)
        .set("output_shape", r.gqa_output_shape)
        .set("kv_head_of_query_head", r.gqa_kv_head_of_query_head)
        .pair("max_difference_from_repeated", r.gqa_vs_repeated, kError)
        .set("without_enable_gqa", r.gqa_refusal);
    o.object("fully_masked")
        .pair_rows("weights", r.masked_weights, three_decimals)
        .pair_rows("output", r.masked_output, three_decimals)
        .set("rows", r.fully_masked_rows);
    return out;
}

}  // namespace attnbook
