// pytorch_rules {scale?} -> each of PyTorch's rules shown on the lesson's small causal example
// (lessons/pytorch_rules.hpp).
#include "attnbook/core/number.hpp"
#include "attnbook/lessons/pytorch_rules.hpp"
#include "attnbook/notebook/command_args.hpp"
#include "attnbook/notebook/lesson_commands.hpp"

namespace attnbook {

using nlohmann::json;

namespace {
constexpr Shown kThree{3, Rounding::fixed};
json pair_rows(const Rows& rows) {
    json out = json::array();
    for (const auto& r : rows) out.push_back(number_pairs(r, kThree));
    return out;
}
}  // namespace

json pytorch_rules_command(const json& raw, const Progress&) {
    CommandArgs args("pytorch_rules", raw, {"scale"});
    double scale = 1.0;
    if (args.has("scale")) scale = args.number("scale");
    PytorchRules r;
    try {
        r = pytorch_rules(scale);
    } catch (const UserError& e) {
        throw UserError(std::string("pytorch_rules: $.") + e.what());
    }
    constexpr Shown kError{1, Rounding::scientific};
    return json{
        {"example", {{"queries", r.queries}, {"keys", r.keys}, {"values", r.values}}},
        {"scale",
         {{"default", number_pair(r.default_scale, kThree)},
          {"explicit", number_pair(r.explicit_scale, kThree)},
          {"weights_default", pair_rows(r.weights_default)},
          {"weights_explicit", pair_rows(r.weights_explicit)}}},
        {"masks",
         {{"weights_bool", pair_rows(r.weights_bool)},
          {"weights_additive", pair_rows(r.weights_additive)},
          {"max_difference", number_pair(r.bool_vs_additive, kError)}}},
        {"causal", {{"weights", pair_rows(r.weights_causal)}, {"max_difference_from_bool", number_pair(r.causal_vs_bool, kError)}}},
        {"mask_and_causal", {{"engine", r.engine_refusal}, {"pytorch", PytorchRules::pytorch_error}}},
        {"gqa",
         {{"query_shape", r.gqa_query_shape},
          {"kv_shape", r.gqa_kv_shape},
          {"output_shape", r.gqa_output_shape},
          {"kv_head_of_query_head", r.gqa_kv_head_of_query_head},
          {"max_difference_from_repeated", number_pair(r.gqa_vs_repeated, kError)},
          {"without_enable_gqa", r.gqa_refusal}}},
        {"fully_masked",
         {{"weights", pair_rows(r.masked_weights)},
          {"output", pair_rows(r.masked_output)},
          {"rows", r.fully_masked_rows}}}};
}

}  // namespace attnbook
