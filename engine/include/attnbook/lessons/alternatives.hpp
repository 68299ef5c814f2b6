#pragma once
// Alternatives to scaled dot-product softmax attention, computed side by side on the same
// queries Q (m, d), keys K (n, d) and values V (n, dv); every method gives weights (m, n) and
// an output weights V (m, dv):
//   dot         softmax(Q K^T / sqrt(d))                                  (the standard)
//   additive    softmax(s), s_ij = w^T tanh(W1 q_i + W2 k_j), W1 = W2 = I, w = ones (Bahdanau
//               et al. 2015 learn W1, W2, w; fixed here so the numbers can be checked)
//   cosine      softmax(g cos(q_i, k_j)), g = cosine_scale (Swin Transformer V2's scaled cosine)
//   linear      w_ij = phi(q_i).phi(k_j) / sum_j phi(q_i).phi(k_j), phi = elu + 1
//               (Katharopoulos et al. 2020); reassociation: (phi(Q) phi(K)^T) V equals
//               phi(Q) (phi(K)^T V), computed both ways
//   performer   phi(x) = exp(W x' - |x'|^2 / 2) / sqrt(r), x' = x / d^(1/4), W (r, d) standard
//               normal from numpy's default_rng(seed) (Choromanski et al. 2021, positive random
//               features): phi(q).phi(k) estimates exp(q.k / sqrt(d)), so the weights approach
//               softmax's as r grows
//   sparsemax, entmax15, softmax1   the core normalisers (core/normalize.hpp) on Q K^T / sqrt(d)
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "attnbook/core/field.hpp"
#include "attnbook/core/fixed_rows.hpp"
#include "attnbook/core/numpy_rng.hpp"

namespace attnbook {

using AltMatrix = std::vector<std::vector<double>>;

namespace alternatives_defaults {
inline constexpr double queries[2][4] = {{1, 0, 1, 0}, {0, 2, 0, 1}};
inline constexpr double keys[5][4] = {{1, 0, 0, 1}, {0, 1, 1, 0}, {2, 0, 1, 0}, {0, -1, 0, 2}, {1, 1, 1, 1}};
inline constexpr double values[5][2] = {{1, 0}, {0, 1}, {2, 2}, {-1, 3}, {0.5, 0.5}};
}  // namespace alternatives_defaults

struct AlternativesInput {
    AlternativesInput();  // the defaults above (out of line: one copy of the code that builds them)
    AltMatrix queries, keys, values;
    double cosine_scale = 5.0;
    std::size_t features = 64;
    std::uint64_t seed = 0;
};

namespace alternatives_limits {
inline constexpr std::size_t max_rows = 8;    // m and n
inline constexpr std::size_t max_width = 8;   // d and dv
inline constexpr double max_abs = 100;
inline constexpr std::size_t max_features = 4096;
inline constexpr double max_cosine_scale = 100;
inline constexpr std::uint64_t max_seed = max_rng_seed;
}  // namespace alternatives_limits

// The alternatives cell's and the `alternatives` command's fields (core/field.hpp); fields() binds
// each to its member, in order. The defaults are AlternativesInput's. The cell runs the lesson's
// own queries, keys and values.
namespace alternatives_fields {
namespace lim = alternatives_limits;
inline constexpr WholeRange rows{1, lim::max_rows}, width{1, lim::max_width};
inline constexpr Field queries = Field::rows_in("queries", rows, width, lim::max_abs, "the queries (m, d)", Field::command_only);
inline constexpr Field keys = Field::rows_in("keys", rows, width, lim::max_abs, "the keys (n, d)", Field::command_only);
inline constexpr Field values = Field::rows_in("values", rows, width, lim::max_abs, "the values (n, dv)", Field::command_only);
inline constexpr Field cosine_scale = Field::positive_to("cosine_scale", lim::max_cosine_scale, "the scale of cosine attention");
inline constexpr Field features = Field::whole_in("features", {1, lim::max_features}, "random features of the Performer");
inline constexpr Field seed = Field::whole_in("seed", {0, lim::max_seed}, "the seed of the random features");
}  // namespace alternatives_fields

template <class Visit>
void fields(AlternativesInput& in, Visit&& field) {
    namespace f = alternatives_fields;
    field(f::queries, in.queries); field(f::keys, in.keys); field(f::values, in.values);
    field(f::cosine_scale, in.cosine_scale); field(f::features, in.features); field(f::seed, in.seed);
}

struct AlternativeResult {
    std::string name;
    AltMatrix weights, output;
    std::vector<double> row_sums;
};

struct Alternatives {
    std::vector<AlternativeResult> methods;   // in the order listed above
    double linear_reassociation_difference = 0;  // max |(QK^T)V - Q(K^T V)| (unnormalised)
    AltMatrix linear_left, linear_right;         // the two unnormalised products
    double performer_difference = 0;             // max |performer weights - dot weights|
};

Alternatives attention_alternatives(const AlternativesInput& input);

}  // namespace attnbook
