#pragma once
// The scaling measurement of the three-depth lesson, drawing from numpy's default_rng(seed) in
// exactly the order of the lesson's Python program:
//   table 1, for each width d:  q = normal(size=(pairs, d)); k = normal(size=(pairs, d))
//            raw_n = q_n . k_n ;  raw_std = std(raw) ;  scaled_std = std(raw / divisor(d))
//   table 2, for each width d:  q = normal(size=(trials, 1, d)); K = normal(size=(trials, keys, d))
//            top_unscaled = mean over trials of max softmax(q K^T)
//            top_scaled   = mean over trials of max softmax(q K^T / divisor(d))
// Under unit-variance components Var(q.k) = d, so raw_std ~ sqrt(d) and only the sqrt divisor
// holds scaled_std at 1 and the top weight flat across widths.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "attnbook/core/field.hpp"
#include "attnbook/core/numpy_rng.hpp"
#include "attnbook/lessons/divisor.hpp"

namespace attnbook {

// The defaults are the lesson's program (the numbers of its published tables).
struct ScalingInput {
    std::uint64_t seed = 0;
    std::vector<std::size_t> widths = {4, 16, 64, 256};
    std::size_t pairs = 20000;
    std::size_t trials = 2000;
    std::size_t keys = 6;
    Divisor divisor = default_divisor;
};

// Limits keep a browser tab responsive and its memory bounded. The same for a notebook cell, the
// `scaling` command and the CLI: check_scaling_input, the validator and `limits` read them.
namespace scaling_limits {
inline constexpr WholeRange seed{0, max_rng_seed};
inline constexpr WholeRange width_count{1, 8};
inline constexpr WholeRange width{1, 4096};
inline constexpr WholeRange pairs{1, 200000};
inline constexpr WholeRange trials{1, 20000};
// A softmax over one key is always 1: the top weight needs at least two keys to mean anything.
inline constexpr WholeRange keys{2, 64};
// One (pairs, d) block of queries, or (trials, keys, d) block of keys, is held at a time:
// 2^23 doubles = 64 MiB.
inline constexpr std::uint64_t max_block = std::uint64_t{1} << 23;
}  // namespace scaling_limits

// The study's fields (core/field.hpp), for the scaling-study cell and the `scaling` and
// `scaling_program` commands; fields() binds each to its member, in order. The defaults are
// ScalingInput's.
namespace scaling_fields {
namespace lim = scaling_limits;
inline constexpr Field seed = Field::whole_in("seed", lim::seed, "the seed of numpy.random.default_rng").linked("seed");
inline constexpr Field widths =
    Field::wholes_in("widths", lim::width_count, lim::width, "the head widths d, one row of each table per width")
        .linked("widths");
inline constexpr Field pairs =
    Field::whole_in("pairs", lim::pairs, "query-key pairs per width in the spread table").linked("pairs");
inline constexpr Field trials =
    Field::whole_in("trials", lim::trials, "queries per width in the top-weight table").linked("trials");
inline constexpr Field keys = Field::whole_in("keys", lim::keys, "keys each query attends over").linked("keys");
inline constexpr Field divisor = Field::divisor_of("what the dot products are divided by").linked("div");
}  // namespace scaling_fields

template <class Visit>
void fields(ScalingInput& in, Visit&& field) {
    namespace f = scaling_fields;
    field(f::seed, in.seed); field(f::widths, in.widths); field(f::pairs, in.pairs); field(f::trials, in.trials);
    field(f::keys, in.keys); field(f::divisor, in.divisor);
}

struct ScalingResult {
    std::vector<double> raw_std, scaled_std, top_unscaled, top_scaled;  // one per width
};

// Every scaling_limits bound; UserError names the field.
void check_scaling_input(const ScalingInput& input);

// progress(fraction in [0, 1]) is called between chunks of work, if given.
ScalingResult scaling_study(const ScalingInput& input, const std::function<void(double)>& progress = {});

// Population standard deviation (numpy's default ddof=0): sqrt(mean((x - mean(x))^2)).
double population_std(const std::vector<double>& x);

}  // namespace attnbook
