#pragma once
// The softmax Jacobian, the reason saturation stops learning:
//   p = softmax(s),  J = diag(p) - p p^T,  J_ij = p_i [i == j] - p_i p_j   (n x n, symmetric)
//   ||J||_F = sqrt(sum_ij J_ij^2), which goes to 0 as p goes one-hot.
// jacobian_norms measures the mean ||J||_F over random rows of logits q.k_j (q, k_j standard
// normal, drawn from numpy's default_rng(seed)) for each width d, without and with 1/sqrt(d).
#include <cstddef>
#include <cstdint>
#include <vector>

#include "attnbook/core/field.hpp"
#include "attnbook/core/normalize.hpp"
#include "attnbook/core/numpy_rng.hpp"
#include "attnbook/lessons/pipeline.hpp"

namespace attnbook {

namespace jacobian_limits {
inline constexpr std::size_t max_scores = 16;
inline constexpr double max_abs = 1e6;
inline constexpr double max_temperature = 1e6;  // beyond it every score of the range is below 1
inline constexpr std::size_t max_widths = 12;
inline constexpr std::size_t max_width = 4096;
inline constexpr std::size_t max_trials = 2000;
inline constexpr std::size_t max_keys = 64;
inline constexpr std::uint64_t max_seed = max_rng_seed;
}  // namespace jacobian_limits

struct SoftmaxJacobian {
    std::vector<double> weights;
    std::vector<std::vector<double>> jacobian;
    double frobenius = 0.0;
};
// Throws UserError for a row of scores outside the limits above (softmax_jacobian checks with it,
// and so does the `normalize` command, which reads the same row).
void check_scores(const std::vector<double>& scores);
SoftmaxJacobian softmax_jacobian(const std::vector<double>& scores);

// The `jacobian` command: one row of scores (the cell's field). The `normalize` command: that row
// divided by a temperature, then one of core/normalize.hpp's normalisers.
struct ScoreRowInput {
    std::vector<double> scores = row_from(pipeline_defaults::scores);  // the pipeline's word
};
struct NormalizeInput {
    std::vector<double> scores = row_from(pipeline_defaults::scores);
    Normalizer kind = Normalizer::softmax;
    double temperature = 1.0;
};

struct JacobianNormsInput {
    std::uint64_t seed = 0;
    std::vector<std::size_t> widths = {1, 4, 16, 64, 256, 1024};
    std::size_t keys = 6;
    std::size_t trials = 500;
};
// The jacobian cell: one row of scores (its Jacobian, the `jacobian` command's) and the widths
// of jacobian_norms, which the cell runs with the default keys and trials.
struct JacobianCellInput {
    std::vector<double> scores = row_from(pipeline_defaults::scores);  // the pipeline's word
    JacobianNormsInput norms;
};

// The `jacobian_norms` command's fields and the jacobian cell's (core/field.hpp); fields() binds
// each to its member, in order. The defaults are the structs'. Each width's combined limit
// (check_jacobian_input) is the cell's check between fields.
namespace jacobian_fields {
namespace lim = jacobian_limits;
inline constexpr Field scores = Field::numbers_in("scores", {1, lim::max_scores}, lim::max_abs,
                                                  "one row of scores (the logits of one query)")
                                     .linked("s");
inline constexpr Field seed = Field::whole_in("seed", {0, lim::max_seed}, "the seed of the random scores");
inline constexpr Field widths = Field::wholes_in("widths", {1, lim::max_widths}, {1, lim::max_width}, "the head widths d");
inline constexpr Field keys = Field::whole_in("keys", {2, lim::max_keys}, "keys per row of scores", Field::command_only);
inline constexpr Field trials = Field::whole_in("trials", {1, lim::max_trials}, "random rows per width", Field::command_only);
inline constexpr Field kind = Field::choice_of("kind", normalizer_names, "the normaliser (softmax when left out)");
inline constexpr Field temperature =
    Field::positive_to("temperature", lim::max_temperature, "the scores are divided by it first (1 when left out)");
}  // namespace jacobian_fields

template <class Visit>
void fields(ScoreRowInput& in, Visit&& field) {
    field(jacobian_fields::scores, in.scores);
}
template <class Visit>
void fields(NormalizeInput& in, Visit&& field) {
    namespace f = jacobian_fields;
    field(f::scores, in.scores); field(f::kind, in.kind); field(f::temperature, in.temperature);
}

template <class Visit>
void fields(JacobianNormsInput& in, Visit&& field) {
    namespace f = jacobian_fields;
    field(f::seed, in.seed); field(f::widths, in.widths); field(f::keys, in.keys); field(f::trials, in.trials);
}
template <class Visit>
void fields(JacobianCellInput& in, Visit&& field) {
    namespace f = jacobian_fields;
    field(f::scores, in.scores); field(f::widths, in.norms.widths); field(f::seed, in.norms.seed);
}

struct JacobianNorms {
    std::vector<double> unscaled, scaled;  // mean ||J||_F per width
};
// Throws UserError when `input` is outside the limits above, or when one (trials, keys, width)
// block of keys is more than scaling_limits::max_block numbers (so with the default 500 trials of
// 6 keys, widths above 2796). jacobian_norms checks with it, and so does the validator, so a cell
// that validates also runs.
void check_jacobian_input(const JacobianNormsInput& input);
JacobianNorms jacobian_norms(const JacobianNormsInput& input);

}  // namespace attnbook
