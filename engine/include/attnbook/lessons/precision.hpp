#pragma once
// The precision lab: one self-attention (T queries against the same T keys, width d, Q K V drawn
// from numpy's default_rng(seed) in the order q, k, v, each normal(size=(T, d))) computed in
// float64 and again with every operation rounded to a narrower format:
//
//   format     significand bits p   smallest normal exponent   largest finite
//   float32    24                   -126                        3.4028235e38
//   bfloat16    8                   -126                        3.3895314e38
//   float16    11                    -14                        65504
//
// Emulation: each input is rounded to the format, then every product, sum, subtraction, exp and
// division is computed in double and rounded to the format, to nearest with ties to even, with
// the format's subnormals, and to +-inf beyond its largest finite value (IEEE 754 4.3.1). For
// float32 this is exactly IEEE float32 arithmetic (double holds 2p + 2 bits, so one double
// operation rounded once is the correctly rounded float32 result); for the 16-bit formats it is
// what arithmetic in that format would give with every step rounded (no wider accumulator).
// exp is det_exp rounded to the format.
//
// Per query row, pass by pass (as the lesson writes them):
//   1. logits   a_j = round(round(sum_c q_c k_jc) * s)     s = 1/sqrt(d), or 1 when unscaled
//   2. stable   w_j = exp(a_j - max a) / sum_i exp(a_i - max a)
//      naive    w_j = exp(a_j) / sum_i exp(a_i)        overflows when some a_j > ln(largest)
//                                                       (float16: ln 65504 = 11.09)
//   3. output   o_c = sum_j w_j v_jc
// Errors are against the same computation in float64, on `rows_checked` query rows spread
// evenly from the first to the last (all rows when T <= max_checked_rows).
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "attnbook/core/field.hpp"
#include "attnbook/core/numpy_rng.hpp"

namespace attnbook {

enum class NumberFormat { float32, bfloat16, float16 };

struct FormatSpec {
    const char* name;
    int significand_bits;  // p, with the implicit bit
    int min_exponent;      // of the smallest normal number: 2^min_exponent
    double largest;        // the largest finite value
};

// float32, bfloat16, float16, in that order.
const std::vector<NumberFormat>& number_formats();
const FormatSpec& format_spec(NumberFormat format);

// x rounded to the format (ties to even; subnormals; +-inf beyond the largest finite value).
double round_to_format(double x, NumberFormat format);

struct PrecisionInput {
    std::uint64_t seed = 0;
    std::size_t tokens = 256;     // T
    std::size_t head_width = 64;  // d
    bool unscaled = false;        // scale 1 instead of 1/sqrt(d)
};

namespace precision_limits {
inline constexpr std::uint64_t max_seed = max_rng_seed;
inline constexpr std::size_t min_tokens = 1, max_tokens = 4096;
inline constexpr std::size_t min_head_width = 1, max_head_width = 256;
inline constexpr std::size_t max_checked_rows = 32;  // query rows compared with float64
// A precision-lab cell runs the lab at 1 to 6 lengths T (ascending), scaled and unscaled each.
inline constexpr std::size_t cell_max_lengths = 6;
}  // namespace precision_limits

// The precision-lab cell: the lab at several lengths T, each scaled and unscaled.
struct PrecisionCell {
    std::vector<std::size_t> tokens = {16, 64, 256, 1024};  // ascending
    PrecisionInput run;  // head_width and seed (tokens and unscaled are the lengths' and the lab's)
};

// The `precision` command's fields and the precision-lab cell's (core/field.hpp); fields() binds
// each to its member, in order. The defaults are the structs'. The cell runs several lengths (its
// own `tokens` list, ascending: the cell's check) and both scales, so tokens and unscaled of
// PrecisionInput are the command's.
namespace precision_fields {
namespace lim = precision_limits;
inline constexpr Field tokens =
    Field::whole_in("tokens", {lim::min_tokens, lim::max_tokens}, "the sequence length T", Field::command_only);
inline constexpr Field head_width = Field::whole_in("head_width", {lim::min_head_width, lim::max_head_width}, "the head width d");
inline constexpr Field seed = Field::whole_in("seed", {0, lim::max_seed}, "the seed of the random queries, keys and values");
inline constexpr Field unscaled = Field::switch_named("unscaled", "scale 1 instead of 1/sqrt(d)", Field::command_only);
inline constexpr Field cell_tokens = Field::wholes_in("tokens", {1, lim::cell_max_lengths}, {lim::min_tokens, lim::max_tokens},
                                                      "the lengths T the lab runs at, ascending", Field::cell_only);
}  // namespace precision_fields

template <class Visit>
void fields(PrecisionInput& in, Visit&& field) {
    namespace f = precision_fields;
    field(f::tokens, in.tokens); field(f::head_width, in.head_width); field(f::seed, in.seed);
    field(f::unscaled, in.unscaled);
}
template <class Visit>
void fields(PrecisionCell& in, Visit&& field) {
    namespace f = precision_fields;
    field(f::cell_tokens, in.tokens); field(f::head_width, in.run.head_width); field(f::seed, in.run.seed);
}

struct FormatResult {
    NumberFormat format;
    double max_abs_error = 0;   // stable softmax's output against float64, over checked rows
    double max_rel_error = 0;   // the same divided by the largest |output| of those rows
    bool naive_overflow = false;   // some exp(a_j) of the naive softmax rounded to +inf
    bool naive_underflow = false;  // in some row every exp(a_j) rounded to 0 (0 / 0)
    double naive_max_abs_error = 0;  // over the rows where the naive softmax neither failed
};

struct PrecisionResult {
    std::size_t rows_checked = 0;
    double max_logit = 0;  // the largest float64 logit over the checked rows
    std::vector<FormatResult> formats;  // in number_formats() order
};

// Throws UserError naming the field when an input is outside precision_limits (before any work).
// progress(fraction in [0, 1]) is called after each checked row of each format, if given.
PrecisionResult precision_lab(const PrecisionInput& input, const std::function<void(double)>& progress = {});

}  // namespace attnbook
