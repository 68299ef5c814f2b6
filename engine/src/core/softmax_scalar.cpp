// softmax_f64_scalar: the float64 reference softmax. Never optimised: it is the spec.
// det_exp (fdlibm, no libm) rather than std::exp, so reference numbers shown in lessons are
// bit-identical natively and in WASM (docs/ENGINE-CONVENTIONS.md).
#include <limits>

#include "attnbook/core/det_math.hpp"
#include "attnbook/core/softmax.hpp"

namespace attnbook {

bool softmax_f64_scalar(const double* x, double* y, std::size_t n, SoftmaxStats& stats) {
    stats = SoftmaxStats{};
    // pass 1: m = max_j x_j
    double m = -std::numeric_limits<double>::infinity();
    for (std::size_t j = 0; j < n; ++j) m = x[j] > m ? x[j] : m;
    if (m == -std::numeric_limits<double>::infinity()) {  // fully masked (or empty) row
        for (std::size_t j = 0; j < n; ++j) y[j] = 0.0;
        return false;
    }
    // pass 2: e_j = exp(x_j - m), s = sum_j e_j   (exp(-inf) == 0 exactly)
    double s = 0.0;
    for (std::size_t j = 0; j < n; ++j) {
        y[j] = det_exp(x[j] - m);
        s += y[j];
    }
    // pass 3: y_j = e_j / s   (s >= 1: the max term is exp(0) = 1)
    for (std::size_t j = 0; j < n; ++j) y[j] /= s;
    stats.max = m;
    stats.sum = s;
    return true;
}

bool softmax_f64_scalar(const double* x, double* y, std::size_t n) {
    SoftmaxStats unused;
    return softmax_f64_scalar(x, y, n, unused);
}

}  // namespace attnbook
