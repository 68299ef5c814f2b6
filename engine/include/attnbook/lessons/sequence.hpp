#pragma once
// The held sequence: several query rows against the same sources, each row computed exactly as
// the explorable's row (explore_row.hpp: left-to-right sums, masked share exactly 0), with a
// mask per row. A row whose every source is masked has shares and output 0 and all_masked true.
#include <cstddef>
#include <vector>

#include <string>

#include "attnbook/core/field.hpp"
#include "attnbook/core/fixed_rows.hpp"
#include "attnbook/core/flags.hpp"
#include "attnbook/lessons/divisor.hpp"
#include "attnbook/lessons/explore_row.hpp"

namespace attnbook {

// The lesson's held example: positions A, B, C, each with its query (3 x 3 scores), the
// explorable's keys and values, nothing masked. The defaults.
namespace sequence_defaults {
inline constexpr double queries[3][2] = {{2, 1}, {1, -1}, {0, 2}};
inline constexpr const auto& keys = explore_defaults::keys;
inline constexpr const auto& values = explore_defaults::values;
}  // namespace sequence_defaults

struct SequenceInput {
    std::vector<std::vector<double>> queries = rows_from(sequence_defaults::queries);  // (m, d_k)
    std::vector<std::vector<double>> keys = rows_from(sequence_defaults::keys);        // (n, d_k)
    std::vector<std::vector<double>> values = rows_from(sequence_defaults::values);    // (n, d_v)
    std::vector<std::string> labels;           // a cell's names of the positions (the rows ignore them)
    std::vector<Flags> mask;                   // (m, n), true = may attend; empty = all allowed
    Divisor divisor = default_divisor;
};

// The lesson's held example: the defaults.
SequenceInput sequence_example();

// The held-sequence cell's and the `sequence` command's fields (core/field.hpp), in the
// explorable's cell limits; fields() binds each to its member. The shapes between them (one query
// and one key per position, a label per key, an m x n mask) are the cell's checks; the command's
// larger limits are its own.
namespace sequence_fields {
namespace lim = explore_limits;
inline constexpr WholeRange rows{1, lim::cell_max_keys}, width{1, lim::cell_max_width};
inline constexpr Field queries =
    Field::rows_in("queries", rows, width, lim::cell_max_abs, "a query per position (m, d)").linked("qs");
inline constexpr Field keys = Field::rows_in("keys", rows, width, lim::cell_max_abs, "a key per position (n, d)");
inline constexpr Field values =
    Field::rows_in("values", rows, width, lim::cell_max_abs, "a value per position (n, dv)").linked("vs");
inline constexpr Field labels = Field::labels_in("labels", {0, lim::cell_max_keys}, {1, lim::cell_label_max_chars},
                                                 "a name per position (A, B, C, ... when left out)");
inline constexpr Field mask = Field::flag_rows_in("mask", {0, lim::cell_max_keys}, {0, lim::cell_max_keys},
                                                  "which keys each query may attend to (m, n)").linked("ms");
inline constexpr Field divisor = Field::divisor_of("what the dot products are divided by");
}  // namespace sequence_fields

template <class Visit>
void fields(SequenceInput& in, Visit&& field) {
    namespace f = sequence_fields;
    field(f::queries, in.queries); field(f::keys, in.keys); field(f::values, in.values); field(f::labels, in.labels);
    field(f::mask, in.mask); field(f::divisor, in.divisor);
}

struct SequenceResult {
    std::vector<std::vector<double>> scores;   // (m, n), masked entries keep their score
    std::vector<std::vector<double>> shares;   // (m, n), exactly 0 where masked
    std::vector<std::vector<double>> outputs;  // (m, d_v), 0 for a fully masked row
    Flags all_masked;                          // (m)
};

// UserError naming the field ("queries[1]", "mask[2]") for a shape or finiteness problem.
SequenceResult sequence_rows(const SequenceInput& input);

}  // namespace attnbook
