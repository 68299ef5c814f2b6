#include "attnbook/core/det_special.hpp"

#include "attnbook/core/det_math.hpp"

namespace attnbook {

namespace {
constexpr double kTwoOverRootPi = 1.1283791670955126;  // 2 / sqrt(pi), the nearest double
}

double det_erf(double x) {
    if (x != x) return x;
    const bool negative = x < 0;
    const double a = negative ? -x : x;
    if (a >= 6.0) return negative ? -1.0 : 1.0;
    if (a == 0.0) return x;  // keeps -0
    const double a2 = a * a;
    double term = a, sum = a;
    for (int n = 1; n < 400; ++n) {
        term *= 2.0 * a2 / (2.0 * n + 1.0);
        const double next = sum + term;
        if (next == sum) break;
        sum = next;
    }
    double r = kTwoOverRootPi * det_exp(-a2) * sum;
    if (r > 1.0) r = 1.0;
    return negative ? -r : r;
}

double det_tanh(double x) {
    if (x != x) return x;
    const bool negative = x < 0;
    const double a = negative ? -x : x;
    double r;
    if (a > 20.0) {
        r = 1.0;
    } else if (a < 1.0) {
        // tanh a = a / (1 + a^2 / (3 + a^2 / (5 + ...))), evaluated from a fixed depth upwards.
        const double a2 = a * a;
        double f = 2.0 * 28 + 1.0;
        for (int k = 27; k >= 1; --k) f = (2.0 * k + 1.0) + a2 / f;
        r = a / (1.0 + a2 / f);
    } else {
        const double t = det_exp(-2.0 * a);
        r = (1.0 - t) / (1.0 + t);
    }
    return negative ? -r : r;
}

}  // namespace attnbook
