// The float32 normalisers (core/normalize.hpp): a scalar sort-based threshold in float64, then
// the element-wise pass in xsimd batches plus a scalar tail (xsimd::default_arch: sse2 natively
// and in WASM). The scalar tail does the same operations as a lane, so every element of a row
// gets the same rounding wherever it falls.
#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <vector>

#include <xsimd/xsimd.hpp>

#include "attnbook/core/normalize.hpp"
#include "attnbook/core/softmax.hpp"

namespace attnbook {
namespace {

constexpr float kNegInf = -std::numeric_limits<float>::infinity();

// The thresholds, from the float64 references' definitions on the row widened to double.
// Returns false for a row without a finite entry. tau is in the units of x (sparsemax) or of
// x / 2 (entmax), already shifted back by the row max.
bool sparsemax_threshold(const float* x, std::size_t n, double& tau) {
    std::vector<double> z;
    for (std::size_t j = 0; j < n; ++j)
        if (x[j] != kNegInf) z.push_back(x[j]);
    if (z.empty()) return false;
    std::sort(z.begin(), z.end(), std::greater<double>());
    const double top = z[0];
    double cumulative = 0.0, support_sum = 0.0;
    std::size_t support = 1;
    for (std::size_t k = 1; k <= z.size(); ++k) {
        cumulative += z[k - 1] - top;
        if (1.0 + static_cast<double>(k) * (z[k - 1] - top) > cumulative) {
            support = k;
            support_sum = cumulative;
        }
    }
    tau = top + (support_sum - 1.0) / static_cast<double>(support);
    return true;
}

bool entmax15_threshold(const float* x, std::size_t n, double& tau) {
    std::vector<double> z;
    for (std::size_t j = 0; j < n; ++j)
        if (x[j] != kNegInf) z.push_back(x[j]);
    if (z.empty()) return false;
    std::sort(z.begin(), z.end(), std::greater<double>());
    const double top = z[0] / 2.0;
    double sum = 0.0, sum_sq = 0.0, found = -1.0;
    std::size_t support = 0;
    std::vector<double> taus(z.size());
    for (std::size_t k = 1; k <= z.size(); ++k) {
        const double u = z[k - 1] / 2.0 - top;
        sum += u;
        sum_sq += u * u;
        const double kk = static_cast<double>(k), mean = sum / kk;
        const double delta = (1.0 - kk * (sum_sq / kk - mean * mean)) / kk;
        taus[k - 1] = mean - std::sqrt(delta > 0.0 ? delta : 0.0);
        if (taus[k - 1] <= u) ++support;
    }
    found = taus[support - 1];
    tau = top + found;
    return true;
}

// y_j = max(x_j * scale - tau, 0), squared if `square`.
template <class A>
void threshold_kernel(A, const float* x, float* y, std::size_t n, float scale, float tau, bool square) {
    using B = xsimd::batch<float, A>;
    constexpr std::size_t W = B::size;
    const std::size_t vec_end = n - n % W;
    const B vs(scale), vt(tau), zero(0.0f);
    std::size_t j = 0;
    for (; j < vec_end; j += W) {
        B v = xsimd::max(B::load_unaligned(x + j) * vs - vt, zero);
        if (square) v = v * v;
        v.store_unaligned(y + j);
    }
    for (; j < n; ++j) {
        float v = x[j] * scale - tau;
        v = v > 0.0f ? v : 0.0f;
        y[j] = square ? v * v : v;
    }
}

}  // namespace

bool sparsemax_f32_xsimd(const float* x, float* y, std::size_t n) {
    double tau;
    if (!sparsemax_threshold(x, n, tau)) {
        std::fill(y, y + n, 0.0f);
        return false;
    }
    threshold_kernel(xsimd::default_arch{}, x, y, n, 1.0f, static_cast<float>(tau), false);
    return true;
}

bool entmax15_f32_xsimd(const float* x, float* y, std::size_t n) {
    double tau;
    if (!entmax15_threshold(x, n, tau)) {
        std::fill(y, y + n, 0.0f);
        return false;
    }
    threshold_kernel(xsimd::default_arch{}, x, y, n, 0.5f, static_cast<float>(tau), true);
    return true;
}

// softmax1 = softmax of [x, 0] without the last entry: m = max(max_j x_j, 0); y_j = e^(x_j - m)
// / (e^-m + sum_k e^(x_k - m)), with exp_f32_xsimd (exactly 0 below ln(FLT_MIN)).
bool softmax1_f32_xsimd(const float* x, float* y, std::size_t n) {
    float m = 0.0f;
    bool any = false;
    for (std::size_t j = 0; j < n; ++j) {
        any = any || x[j] != kNegInf;
        m = x[j] > m ? x[j] : m;
    }
    if (!any) {
        std::fill(y, y + n, 0.0f);
        return false;
    }
    for (std::size_t j = 0; j < n; ++j) y[j] = x[j] - m;
    exp_f32_xsimd(y, y, n);
    float extra = -m;
    exp_f32_xsimd(&extra, &extra, 1);
    float s = extra;
    for (std::size_t j = 0; j < n; ++j) s += y[j];
    for (std::size_t j = 0; j < n; ++j) y[j] /= s;
    return true;
}

}  // namespace attnbook
