#pragma once
// PyTorch's rules for torch.nn.functional.scaled_dot_product_attention, each demonstrated by the
// engine's own attention (core/attention.hpp, the float64 reference) on one small causal
// example of L = S = 4 tokens, width E = 4 and value width 2:
//   1. scale=None means 1/sqrt(E); an explicit scale replaces it
//   2. a boolean attn_mask (True = may attend) and an additive float mask (0 or -inf) agree
//   3. is_causal=True masks j > i: the lower triangle, the same as the boolean tril mask
//   4. attn_mask together with is_causal=True is refused (PyTorch raises a RuntimeError)
//   5. grouped-query attention: 4 query heads share 2 key/value heads with enable_gqa=True
//      (query head h reads kv head h / 2); without it the shapes are refused
//   6. a fully masked row: the engine gives 0 and says so; PyTorch's math path gives NaN
#include <cstddef>
#include <string>
#include <vector>

#include "attnbook/core/field.hpp"

namespace attnbook {

using Rows = std::vector<std::vector<double>>;

// The `scale` argument (the pytorch-rules cell's and command's): an explicit scale in (0, max].
namespace pytorch_rules_limits {
inline constexpr int max_scale = 1000;  // whole: limits prints it as 1000
}  // namespace pytorch_rules_limits

struct PytorchRulesInput {
    double scale = 1.0;  // the explicit scale shown beside the default 1/sqrt(E)
};
namespace pytorch_rules_fields {
inline constexpr Field scale =
    Field::positive_to("scale", pytorch_rules_limits::max_scale, "the explicit scale shown beside 1/sqrt(E)")
        .linked("scale");
}  // namespace pytorch_rules_fields

template <class Visit>
void fields(PytorchRulesInput& in, Visit&& field) {
    field(pytorch_rules_fields::scale, in.scale);
}

struct PytorchRules {
    Rows queries, keys, values;  // the example (L, E), (S, E), (S, Ev)
    double default_scale = 0.0, explicit_scale = 0.0;
    Rows weights_default, weights_explicit;
    Rows weights_bool, weights_additive;
    double bool_vs_additive = 0.0;  // max |difference|
    Rows weights_causal;
    double causal_vs_bool = 0.0;
    std::string engine_refusal;     // the engine's message for attn_mask + is_causal
    static constexpr const char* pytorch_error =
        "RuntimeError: _scaled_dot_product_attention: Explicit attn_mask should not be set when is_causal=True";
    std::vector<std::size_t> gqa_query_shape, gqa_kv_shape, gqa_output_shape;
    std::vector<std::size_t> gqa_kv_head_of_query_head;
    double gqa_vs_repeated = 0.0;   // max |GQA - attention with the kv heads repeated|
    std::string gqa_refusal;        // the same shapes without enable_gqa
    Rows masked_weights, masked_output;
    std::vector<std::size_t> fully_masked_rows;
};

// explicit_scale: the `scale` argument shown beside the default (finite, > 0).
PytorchRules pytorch_rules(double explicit_scale = PytorchRulesInput{}.scale);

}  // namespace attnbook
