// The float64 scalar normalisers (core/normalize.hpp): the spec for every other variant.
// Ordered loops, det_exp, std::sort_heap and IEEE sqrt only: bit-identical natively and in WASM.
#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <utility>
#include <vector>

#include "attnbook/core/det_math.hpp"
#include "attnbook/core/normalize.hpp"
#include "attnbook/core/quote.hpp"
#include "attnbook/core/softmax.hpp"

namespace attnbook {
namespace {

constexpr double kNegInf = -std::numeric_limits<double>::infinity();

// z in descending order by the library's heap sort (make_heap then sort_heap, both with
// std::greater): std::sort's introsort cost 1.5 KB of the WebAssembly module for this one call.
// Only entries that compare equal can come out in another order than std::sort's, and among
// finite doubles those differ at most in the sign of a zero, which changes neither sparsemax's
// nor entmax's running sums (they start at +0.0), so the results are the same bits.
void sort_descending(std::vector<double>& z) {
    std::make_heap(z.begin(), z.end(), std::greater<double>());
    std::sort_heap(z.begin(), z.end(), std::greater<double>());
}

// The row's finite entries minus their maximum, sorted in descending order (the first is 0).
// Returns false (and y all 0) for a row without a finite entry. Subtracting the maximum changes
// neither sparsemax nor entmax (both are shift-invariant) and keeps the sums small.
bool sorted_shifted(const double* x, double* y, std::size_t n, double& top, std::vector<double>& z) {
    top = kNegInf;
    for (std::size_t j = 0; j < n; ++j) top = x[j] > top ? x[j] : top;
    if (top == kNegInf) {
        for (std::size_t j = 0; j < n; ++j) y[j] = 0.0;
        return false;
    }
    z.clear();
    for (std::size_t j = 0; j < n; ++j)
        if (x[j] != kNegInf) z.push_back(x[j] - top);
    sort_descending(z);
    return true;
}

}  // namespace

const std::vector<std::string>& normalizer_names() {
    static const std::vector<std::string> names = {"softmax", "sparsemax", "entmax15", "softmax1"};
    return names;
}

std::string normalizer_name(Normalizer kind) { return normalizer_names().at(static_cast<std::size_t>(kind)); }

// Sparsemax, sort-based (Martins & Astudillo 2016, Algorithm 1):
//   z sorted descending;  k = max{k : 1 + k z_(k) > sum_{i<=k} z_(i)};
//   tau = (sum_{i<=k} z_(i) - 1) / k;  y_j = max(x_j - tau, 0).
bool sparsemax_f64_scalar(const double* x, double* y, std::size_t n) {
    double top;
    std::vector<double> z;
    if (!sorted_shifted(x, y, n, top, z)) return false;
    double cumulative = 0.0, support_sum = 0.0;
    std::size_t support = 0;
    for (std::size_t k = 1; k <= z.size(); ++k) {
        cumulative += z[k - 1];
        if (1.0 + static_cast<double>(k) * z[k - 1] > cumulative) {
            support = k;
            support_sum = cumulative;
        }
    }
    // k = 1 always qualifies (1 + z_(1) > z_(1)), so support >= 1.
    const double tau = (support_sum - 1.0) / static_cast<double>(support);
    for (std::size_t j = 0; j < n; ++j) {
        const double v = x[j] == kNegInf ? 0.0 : (x[j] - top) - tau;
        y[j] = v > 0.0 ? v : 0.0;
    }
    return true;
}

// 1.5-entmax, sort-based (Peters, Niculae & Martins 2019, the exact algorithm of the `entmax`
// package): with u = x / 2 sorted descending and, for each k, the mean and mean square of the top
// k entries,
//   tau_k = mean_k - sqrt(max(0, (1 - k (meansq_k - mean_k^2)) / k)),
// the support is the number of k with tau_k <= u_(k), tau = tau_support, y_j = max(u_j - tau, 0)^2.
bool entmax15_f64_scalar(const double* x, double* y, std::size_t n) {
    double top;
    std::vector<double> z;
    if (!sorted_shifted(x, y, n, top, z)) return false;
    std::vector<double> taus(z.size());
    double sum = 0.0, sum_sq = 0.0;
    std::size_t support = 0;
    for (std::size_t k = 1; k <= z.size(); ++k) {
        const double u = z[k - 1] / 2.0;
        sum += u;
        sum_sq += u * u;
        const double kk = static_cast<double>(k);
        const double mean = sum / kk, mean_sq = sum_sq / kk;
        const double ss = kk * (mean_sq - mean * mean);
        const double delta = (1.0 - ss) / kk;
        taus[k - 1] = mean - std::sqrt(delta > 0.0 ? delta : 0.0);
        if (taus[k - 1] <= u) ++support;
    }
    const double tau = taus[support - 1];  // u_(1) = 0 >= tau_1 = -1: support >= 1
    for (std::size_t j = 0; j < n; ++j) {
        const double v = x[j] == kNegInf ? 0.0 : (x[j] - top) / 2.0 - tau;
        y[j] = v > 0.0 ? v * v : 0.0;
    }
    return true;
}

// softmax1: the softmax of [x, 0] without the last entry. m = max(max_j x_j, 0) keeps every
// exponent <= 0; the extra logit contributes exp(0 - m).
bool softmax1_f64_scalar(const double* x, double* y, std::size_t n) {
    double m = 0.0;
    bool any = false;
    for (std::size_t j = 0; j < n; ++j) {
        any = any || x[j] != kNegInf;
        m = x[j] > m ? x[j] : m;
    }
    if (!any) {
        for (std::size_t j = 0; j < n; ++j) y[j] = 0.0;
        return false;
    }
    double s = det_exp(-m);
    for (std::size_t j = 0; j < n; ++j) {
        y[j] = det_exp(x[j] - m);
        s += y[j];
    }
    for (std::size_t j = 0; j < n; ++j) y[j] /= s;
    return true;
}

bool normalize_f64_scalar(Normalizer kind, const double* x, double* y, std::size_t n) {
    switch (kind) {
        case Normalizer::softmax: return softmax_f64_scalar(x, y, n);
        case Normalizer::sparsemax: return sparsemax_f64_scalar(x, y, n);
        case Normalizer::entmax15: return entmax15_f64_scalar(x, y, n);
        case Normalizer::softmax1: return softmax1_f64_scalar(x, y, n);
    }
    return false;
}

}  // namespace attnbook
