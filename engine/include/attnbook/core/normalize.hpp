#pragma once
// The normalisers: functions that turn one row of scores into weights on (or inside) the
// probability simplex. Softmax is the one attention uses; the others are its documented
// alternatives, shown side by side in the three-depth lesson.
//
//   softmax    y_j = exp(x_j) / sum_k exp(x_k)                        (core/softmax.hpp)
//   sparsemax  y = argmin_{p in simplex} ||p - x||^2  (Martins & Astudillo 2016): the Euclidean
//              projection onto the simplex, y_j = max(x_j - tau, 0) with tau chosen so that
//              sum_j y_j = 1; keys far enough below the top get an exact 0
//   entmax15   1.5-entmax (Peters, Niculae & Martins 2019): y_j = max(x_j / 2 - tau, 0)^2 with
//              tau chosen so that sum_j y_j = 1; sparse like sparsemax, smoother near the top
//   softmax1   "softmax plus one" (softmax-off-by-one): y_j = exp(x_j) / (1 + sum_k exp(x_k)),
//              the softmax of the row with an extra logit 0 that receives the rest; the weights
//              sum to less than 1, so a head can decline to attend (the attention-sink idea,
//              Xiao et al. 2024)
//
// Each has a plain float64 scalar variant (`*_f64_scalar`): ordered loops, det_exp, std::sort and
// IEEE sqrt only, so lesson numbers are bit-identical natively and in WebAssembly. They are the
// spec; tests/engine/test_normalize.cpp checks them against float64 references written in the
// test (sparsemax and entmax from their sort-based definitions).
//
// Inputs: finite values or -inf ("masked": weight exactly 0). NaN and +inf are the caller's to
// reject. A row with no finite entry (or n == 0) has no mass: y is all 0 and the call returns
// false. y may alias x.
#include <cstddef>
#include <string>
#include <vector>

namespace attnbook {

enum class Normalizer { softmax, sparsemax, entmax15, softmax1 };

// Every normaliser's name, in the lesson's order: "softmax", "sparsemax", "entmax15",
// "softmax1". The commands, the CLI, the validator and `limits` read this one list.
const std::vector<std::string>& normalizer_names();
std::string normalizer_name(Normalizer kind);

bool sparsemax_f64_scalar(const double* x, double* y, std::size_t n);
bool entmax15_f64_scalar(const double* x, double* y, std::size_t n);
bool softmax1_f64_scalar(const double* x, double* y, std::size_t n);

// The one place a lesson picks a normaliser by name.
bool normalize_f64_scalar(Normalizer kind, const double* x, double* y, std::size_t n);
inline std::vector<double> normalize_f64(Normalizer kind, const std::vector<double>& x) {
    std::vector<double> y(x.size());
    normalize_f64_scalar(kind, x.data(), y.data(), x.size());
    return y;
}

}  // namespace attnbook
