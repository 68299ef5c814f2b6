#pragma once
// One query against n sources, the explorable row of the attention notebook:
//   dots_i   = q . k_i                       (sum from 0.0, left to right)
//   scores_i = dots_i / divisor              (divisor: sqrt(d_k), d_k or 1)
//   m        = max over allowed i of scores_i
//   Z        = sum over allowed i of exp(scores_i - m)   (left to right from 0.0)
//   shares_i = exp(scores_i - m) / Z  for allowed i, exactly 0 for masked i
//   carry_i  = shares_i * v_i ;  output_j = sum_i carry_ij   (left to right from 0.0)
// Every operation is ordered scalar double arithmetic with det_exp, so the native build, the
// WebAssembly build and the exported Python program agree (Python only differs if glibc's exp
// rounds one ulp differently, which the tests would show).
#include <cstddef>
#include <string>
#include <vector>

#include "attnbook/core/field.hpp"
#include "attnbook/core/fixed_rows.hpp"
#include "attnbook/core/flags.hpp"
#include "attnbook/core/normalize.hpp"
#include "attnbook/lessons/divisor.hpp"

namespace attnbook {

// How large an explorable may be. A notebook cell is drawn on a page and read by a learner, so it
// stays small; the command (CLI, tools) allows more, still small enough to print every number.
// The fields' table below, the `explore`/`python` commands and `limits` read these; docs are
// tested against `limits`.
namespace explore_limits {
inline constexpr std::size_t cell_max_keys = 16;          // n in a notebook cell
inline constexpr std::size_t cell_max_width = 8;          // d and dv in a notebook cell
inline constexpr double cell_max_abs = 1e6;               // |x| of every number in a cell
inline constexpr std::size_t cell_label_max_chars = 16;   // each label, in code points
inline constexpr std::size_t cell_max_presets = 8;        // preset queries in a notebook cell
inline constexpr std::size_t command_max_sources = 256;   // n for the command
inline constexpr std::size_t command_max_width = 64;      // d and dv for the command
}  // namespace explore_limits

// The lesson's example: one query meets three sources (the held sequence starts from the same
// keys and values). The defaults: what the command computes for every field left out.
namespace explore_defaults {
inline constexpr double query[2] = {2, 1};
inline constexpr double keys[3][2] = {{-1, 2}, {1, 0}, {0, 1}};
inline constexpr double values[3][2] = {{2, 0}, {0, 2}, {-1, -1}};
}  // namespace explore_defaults

struct ExploreInput {
    std::vector<double> query = row_from(explore_defaults::query);               // (d_k)
    std::vector<std::vector<double>> keys = rows_from(explore_defaults::keys);     // (n, d_k)
    std::vector<std::vector<double>> values = rows_from(explore_defaults::values); // (n, d_v)
    Flags mask;                               // (n), true = may attend; empty = all allowed
    Divisor divisor = default_divisor;
    // What turns the scores into shares (core/normalize.hpp). Softmax is attention's; the others
    // (sparsemax, entmax15, softmax1) are its alternatives, computed by the core's float64
    // reference normalize_f64_scalar with a masked source as -inf (share exactly 0).
    Normalizer normalizer = Normalizer::softmax;
};

// The explorable cell: the row's input and what the page adds around it. Its `goal` (an object)
// is the cell's own field.
struct ExplorableCell {
    ExploreInput row;
    std::vector<std::string> labels;                 // a name per source
    std::vector<double> reference_query;             // the query the page returns to; empty: the query
    std::vector<std::vector<double>> presets;        // queries the reader can pick
};

// The explorable cell's and the `explore`/`python` commands' fields (core/field.hpp), in the
// cell's limits; fields() binds each to its member. The shapes between them (a key per source of
// the query's width, a value per key, a label and a mask entry per key, reference and presets of
// the query's width) are the cell's checks; the command's larger limits are its own.
namespace explore_fields {
namespace lim = explore_limits;
inline constexpr WholeRange sources{1, lim::cell_max_keys}, width{1, lim::cell_max_width};
inline constexpr Field query = Field::numbers_in("query", width, lim::cell_max_abs, "the query (d)").linked("q");
inline constexpr Field keys = Field::rows_in("keys", sources, width, lim::cell_max_abs, "a key per source (n, d)").linked("ks");
inline constexpr Field values =
    Field::rows_in("values", sources, width, lim::cell_max_abs, "a value per source (n, dv)").linked("vs");
inline constexpr Field labels = Field::labels_in("labels", {0, lim::cell_max_keys}, {1, lim::cell_label_max_chars},
                                                 "a name per source (A, B, C, ... when left out)");
inline constexpr Field mask =
    Field::flags_in("mask", {0, lim::cell_max_keys}, "which sources the query may attend to (n; all when left out)")
        .linked("m");
inline constexpr Field divisor = Field::divisor_of("what the dot products are divided by");
inline constexpr Field normalizer =
    Field::choice_of("normalizer", normalizer_names, "what turns the scores into shares (softmax when left out)")
        .linked("norm");
inline constexpr Field reference_query = Field::numbers_in(
    "reference_query", width, lim::cell_max_abs, "the query the page's reset returns to (the query when left out)",
    Field::cell_only).linked("r");
inline constexpr Field presets = Field::rows_in("presets", {1, lim::cell_max_presets}, width, lim::cell_max_abs,
                                                "queries the reader can pick, each as wide as the query",
                                                Field::cell_only);
}  // namespace explore_fields

template <class Visit>
void fields(ExploreInput& in, Visit&& field) {
    namespace f = explore_fields;
    field(f::query, in.query); field(f::keys, in.keys); field(f::values, in.values); field(f::mask, in.mask);
    field(f::divisor, in.divisor); field(f::normalizer, in.normalizer);
}
// The cell's fields in the order a cell lists them.
template <class Visit>
void fields(ExplorableCell& in, Visit&& field) {
    namespace f = explore_fields;
    field(f::query, in.row.query); field(f::keys, in.row.keys); field(f::values, in.row.values);
    field(f::labels, in.labels); field(f::mask, in.row.mask); field(f::divisor, in.row.divisor);
    field(f::normalizer, in.row.normalizer); field(f::reference_query, in.reference_query);
    field(f::presets, in.presets);
}

// The lesson's example: the defaults.
ExploreInput explore_example();

// The cell's rule between its reference query and its query: the page's reset returns to a query
// as wide as the one on view. The refusal's words, or "" where it holds (or none is given).
std::string reference_query_mismatch(const ExplorableCell& cell);

struct ExploreRow {
    std::vector<double> dots, scores;         // (n): masked sources keep their dot and score
    double max = 0.0;                         // 0 when every source is masked
    double denominator = 0.0;                 // softmax's Z; 0 when every source is masked or the
                                              // normaliser is not softmax
    double total = 0.0;                       // sum of the shares, left to right (1, or < 1 for
                                              // softmax1; 0 when every source is masked)
    std::vector<double> shares;               // (n), exactly 0 where masked
    std::vector<std::vector<double>> carries; // (n, d_v), exactly +0 where masked
    std::vector<double> output;               // (d_v); all zeros when every source is masked
    bool all_masked = false;                  // then no softmax exists: shares and output are 0
};

// Checks shapes (UserError naming the field and both sizes) and finiteness, then computes.
ExploreRow explore_row(const ExploreInput& input);

}  // namespace attnbook
