#include "attnbook/core/det_special.hpp"

#include "attnbook/core/det_math.hpp"

namespace attnbook {

namespace {
constexpr double kTwoOverRootPi = 1.1283791670955126;  // 2 / sqrt(pi), the nearest double
constexpr double kOneOverRootPi = 0.5641895835477563;  // 1 / sqrt(pi), the nearest double
constexpr int kErfcDepth = 300;
}

double det_erf(double x) {
    if (x != x) return x;
    const bool negative = x < 0;
    const double a = negative ? -x : x;
    if (a >= 6.0) return negative ? -1.0 : 1.0;
    if (a == 0.0) return x;  // keeps -0
    const double a2 = a * a;
    double r;
    if (a < 1.0) {
        // 2/sqrt(pi) e^(-a^2) sum_n 2^n a^(2n+1) / (2n+1)!!: positive terms, no cancellation.
        double term = a, sum = a;
        for (int n = 1; n < 200; ++n) {
            term *= 2.0 * a2 / (2.0 * n + 1.0);
            const double next = sum + term;
            if (next == sum) break;
            sum = next;
        }
        r = kTwoOverRootPi * det_exp(-a2) * sum;
    } else {
        // 1 - erfc(a), erfc(a) = e^(-a^2) / sqrt(pi) / (a + (1/2) / (a + 1 / (a + (3/2) / (a + ...)))),
        // the continued fraction evaluated from a fixed depth upwards (ample for a >= 1).
        double f = a;
        for (int k = kErfcDepth; k >= 1; --k) f = a + (0.5 * k) / f;
        r = 1.0 - kOneOverRootPi * det_exp(-a2) / f;
    }
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
