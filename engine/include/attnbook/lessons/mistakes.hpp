#pragma once
// The lesson's four common mistakes, each run with its symptom computed:
//   1. wrong width: dividing by sqrt(d_model) = sqrt(heads * d_head) instead of sqrt(d_head);
//      the shares flatten towards 1/keys (mean top weight over random rows, numpy's
//      default_rng(seed): q = normal(size=(trials, d_head)), K = normal(size=(trials, keys, d_head)))
//   2. softmax over the query axis: the columns sum to one, the rows do not
//   3. masking after the softmax: rows sum to less than one; masking the logits with -inf
//      before it keeps every row a distribution
//   4. a scale tuned at one width as a constant: at other widths the spread, and with it the top
//      weight, drifts; 1/sqrt(d) stays level
#include <cstddef>
#include <cstdint>
#include <vector>

#include "attnbook/core/field.hpp"
#include "attnbook/core/numpy_rng.hpp"

namespace attnbook {

struct MistakesInput {
    std::size_t heads = 8;
    std::size_t head_width = 64;
    std::size_t tuned_width = 16;
    std::uint64_t seed = 0;
};

namespace mistakes_limits {
inline constexpr std::size_t max_heads = 64;
inline constexpr std::size_t max_head_width = 512;
inline constexpr std::size_t keys = 6;
inline constexpr std::size_t trials = 400;
inline constexpr std::size_t tuned_widths[] = {4, 16, 64, 256, 1024};  // the widths of mistake 4
}  // namespace mistakes_limits

// The mistakes cell's and the `mistakes` command's fields (core/field.hpp); fields() binds each to
// its member, in order. The defaults are MistakesInput's. The seed is the command's only: the
// cell runs the lesson's draws.
namespace mistakes_fields {
namespace lim = mistakes_limits;
inline constexpr Field heads =
    Field::whole_in("heads", {1, lim::max_heads}, "the model's heads (mistake 1)").linked("heads");
inline constexpr Field head_width = Field::whole_in("head_width", {1, lim::max_head_width}, "the width of one head (mistake 1)");
inline constexpr Field tuned_width =
    Field::whole_of_list("tuned_width", lim::tuned_widths, "the width a constant scale was tuned at (mistake 4)")
        .linked("tuned");
inline constexpr Field seed = Field::whole_in("seed", {0, max_rng_seed}, "the seed of the random rows", Field::command_only);
}  // namespace mistakes_fields

template <class Visit>
void fields(MistakesInput& in, Visit&& field) {
    namespace f = mistakes_fields;
    field(f::heads, in.heads); field(f::head_width, in.head_width); field(f::tuned_width, in.tuned_width);
    field(f::seed, in.seed);
}

using Grid = std::vector<std::vector<double>>;

struct Mistakes {
    // 1
    double right_divisor = 0, wrong_divisor = 0;
    double top_unscaled = 0, top_right = 0, top_wrong = 0, uniform = 0;
    // 2 (the lesson's 4 x 4 scores)
    Grid scores, weights_key_axis, weights_query_axis;
    std::vector<double> row_sums_query_axis, column_sums_query_axis, row_sums_key_axis;
    bool query_axis_rows_sum_to_one = false;
    // 3 (causal mask on the same scores)
    Grid weights_mask_after, weights_mask_before;
    std::vector<double> row_sums_mask_after, row_sums_mask_before;
    // 4
    double tuned_scale = 0;
    std::vector<std::size_t> widths;
    std::vector<double> top_tuned, top_sqrt;
};

Mistakes common_mistakes(const MistakesInput& input);

}  // namespace attnbook
