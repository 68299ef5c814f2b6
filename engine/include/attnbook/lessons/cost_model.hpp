#pragma once
// The cost of plain (unfused) attention, counted as the lesson counts it. For T tokens, per
// head, per layer, per sequence of the batch:
//   scores       T^2                 (the T x T matrix QK^T)
//   score bytes  T^2 * bytes         (2 bytes in 16-bit precision)
//   QK^T FLOPs   2 T^2 d_k           (a multiply and an add per term of each dot product)
//   AV FLOPs     2 T^2 d_v
// and every count is multiplied by heads x layers x batch. T = 100,000 with one head and layer
// gives 10^10 scores, 2 x 10^10 bytes = 20 GB in 16-bit.
#include <cstdint>

#include "attnbook/core/field.hpp"

namespace attnbook {

struct CostInput {
    double tokens = 100000, head_width = 64, value_width = 64, heads = 1, layers = 1, batch = 1, bytes = 2;
};

// Every field is a whole number in its range (the validator, the command and `limits` read it).
namespace cost_limits {
inline constexpr std::uint64_t max_tokens = 100000000;  // 1e8
inline constexpr std::uint64_t max_width = 65536;
inline constexpr std::uint64_t max_heads = 1024;
inline constexpr std::uint64_t max_layers = 1024;
inline constexpr std::uint64_t max_batch = 65536;
inline constexpr std::uint64_t max_bytes = 8;
}  // namespace cost_limits

// The cost cell's and the `cost` command's fields (core/field.hpp); fields() binds each to its
// member, in order. The defaults are CostInput's.
namespace cost_fields {
namespace lim = cost_limits;
inline constexpr Field tokens = Field::whole_in("tokens", {1, lim::max_tokens}, "the sequence length n").linked("tok");
inline constexpr Field head_width =
    Field::whole_in("head_width", {1, lim::max_width}, "d_k, the width of queries and keys").linked("dw");
inline constexpr Field value_width =
    Field::whole_in("value_width", {1, lim::max_width}, "d_v, the width of values (the command: d_k when left out)")
        .linked("dv");
inline constexpr Field heads =
    Field::whole_in("heads", {1, lim::max_heads}, "attention heads per layer").linked("heads");
inline constexpr Field layers = Field::whole_in("layers", {1, lim::max_layers}, "layers").linked("layers");
inline constexpr Field batch = Field::whole_in("batch", {1, lim::max_batch}, "sequences at once").linked("batch");
inline constexpr Field bytes = Field::whole_in("bytes", {1, lim::max_bytes}, "bytes per stored score").linked("bytes");
}  // namespace cost_fields

template <class Visit>
void fields(CostInput& in, Visit&& field) {
    namespace f = cost_fields;
    field(f::tokens, in.tokens); field(f::head_width, in.head_width); field(f::value_width, in.value_width);
    field(f::heads, in.heads); field(f::layers, in.layers); field(f::batch, in.batch); field(f::bytes, in.bytes);
}

struct CostResult {
    double scores = 0, score_bytes = 0, qk_flops = 0, av_flops = 0;
};

CostResult attention_cost(const CostInput& input);

}  // namespace attnbook
