#pragma once
// The small attention step a learner can check by hand:
//   logits = Q K^T / sqrt(d_k)      Q is (m, d_k), K is (n, d_k)  -> (m, n)
//   weights = softmax(logits) along each row (subtract the row max, exp, divide by the sum)
//   row_sums = weights summed along each row (1 up to rounding: the check learners should do)
//   output = weights V              V is (n, d_v)                  -> (m, d_v)
// Ordered scalar double arithmetic with det_exp, like every lesson number.
#include <cstddef>
#include <vector>

#include "attnbook/core/field.hpp"
#include "attnbook/core/fixed_rows.hpp"

namespace attnbook {

using Matrix = std::vector<std::vector<double>>;

// The defaults are the lesson's example, used for every field left out (command and notebook).
namespace hand_example_defaults {
inline constexpr double queries[2][2] = {{1, 0}, {0, 1}};
inline constexpr double keys[3][2] = {{1, 0}, {0, 1}, {1, 1}};
inline constexpr double values[3][2] = {{10, 0}, {0, 10}, {5, 5}};
}  // namespace hand_example_defaults

struct HandExampleInput {
    Matrix queries = rows_from(hand_example_defaults::queries);
    Matrix keys = rows_from(hand_example_defaults::keys);
    Matrix values = rows_from(hand_example_defaults::values);
};

// A notebook cell is worked through on paper; the command allows more. Read by hand_example(),
// the validator and `limits`.
namespace hand_example_limits {
inline constexpr std::size_t cell_max_rows = 16;   // m queries and n keys in a notebook cell
inline constexpr std::size_t cell_max_width = 8;   // d and dv in a notebook cell
inline constexpr double cell_max_abs = 1e6;        // |x| of every number in a cell
inline constexpr std::size_t command_max = 64;     // rows, and numbers per row, for the command
}  // namespace hand_example_limits

// The hand-example cell's and the `hand_example` command's fields (core/field.hpp); fields() binds
// each to its member. The ranges are a cell's; the command's larger ones are hand_example()'s check.
namespace hand_example_fields {
namespace lim = hand_example_limits;
inline constexpr WholeRange rows{1, lim::cell_max_rows}, width{1, lim::cell_max_width};
inline constexpr Field queries =
    Field::rows_in("queries", rows, width, lim::cell_max_abs, "the queries Q (m, d)").linked("qs");
inline constexpr Field keys = Field::rows_in("keys", rows, width, lim::cell_max_abs, "the keys K (n, d)").linked("ks");
inline constexpr Field values =
    Field::rows_in("values", rows, width, lim::cell_max_abs, "the values V (n, dv)").linked("vs");
}  // namespace hand_example_fields

template <class Visit>
void fields(HandExampleInput& in, Visit&& field) {
    namespace f = hand_example_fields;
    field(f::queries, in.queries); field(f::keys, in.keys); field(f::values, in.values);
}

struct HandExample {
    Matrix logits, weights, output;
    std::vector<double> row_sums;
};

HandExample hand_example(const HandExampleInput& input);

}  // namespace attnbook
