#pragma once
// How far the float32 attention kernel may be from a float64 reference, derived pass by pass
// from the formula; used by tests/engine/test_attention.cpp and the attention fuzz target.
//
// u = 2^-24 is the unit roundoff; the bounds below use kEps32 = 2u, a 2x margin:
//   logits: a float32 dot product of E terms is off by at most E u sum|q_e k_e| (Higham, gamma_E),
//     <= E u E max|q| max|k|, then times scale (the float scale and the product: 2 more u):
//       da <= scale * E max|q| max|k| * (E + 2) u  + |float(scale) - scale| * E max|q| max|k|
//     (the last term only matters for a scale below FLT_MIN, where float(scale) is subnormal);
//     a float mask adds its value in float: one more rounding of a logit of size mask_max.
//   weights: w_j = exp(a_j - m) / sum: the error of a_j - m is <= 2 da plus the rounding of the
//     subtraction (|a_j - m| <= 2 max|a|, half an ulp); exp <= 2 ulp; the sum of S terms S/2 ulp;
//     the division 1/2 ulp. Relative:
//       dw/w <= 2 da + u * 2 max|a| + kEps32 (2 + S/2 + 1/2)
//   output: o = sum_j w_j v_j with sum_j w_j = 1 (1/(1-p) after dropout):
//       do <= max|v| (dw/w + S u) / (1 - p)
// Underflow adds absolute terms that the relative ones above miss (they matter only for tiny
// inputs, as the fuzz target makes): the kernel's exp returns 0 below FLT_MIN by design, so a
// weight may be off by FLT_MIN absolute, and each of the S products w_j v_j that lands among
// the subnormals is off by up to half the smallest one, 2^-150:
//       dw += FLT_MIN,   do += max|v| S FLT_MIN + S 2^-150
#include <algorithm>
#include <cmath>
#include <limits>

#include "attnbook/core/tensor.hpp"
#include "float_test_inputs.hpp"

namespace attnbook_test {

struct AttentionTolerances {
    double weights = 0.0;  // absolute, on weights in [0, 1/(1-p)]
    double output = 0.0;   // absolute
};

inline double max_abs(const attnbook::Tensor& t) {
    double m = 0.0;
    for (float x : t.data) m = std::max(m, std::fabs(static_cast<double>(x)));
    return m;
}

// mask_max: the largest |value| of a float mask (0 without one); p: dropout probability.
inline AttentionTolerances attention_tolerances(const attnbook::Tensor& q, const attnbook::Tensor& k,
                                                const attnbook::Tensor& v, double scale,
                                                double mask_max = 0.0, double p = 0.0) {
    const double E = static_cast<double>(q.shape.back());
    const double S = static_cast<double>(k.shape[k.rank() - 2]);
    const double qk = E * max_abs(q) * max_abs(k);
    const double max_logit = std::fabs(scale) * qk + mask_max;
    // (qk = 0: every logit is 0 whatever the scale, even one that is inf as a float)
    const double scale_rounding =
        qk == 0.0 ? 0.0 : std::fabs(static_cast<double>(static_cast<float>(scale)) - scale) * qk;
    const double da = std::fabs(scale) * qk * (E + 2.0) * kEps32 + scale_rounding + max_logit * kEps32;
    const double dw = 2.0 * da + kEps32 * max_logit + kEps32 * (2.5 + 0.5 * S);
    AttentionTolerances t;
    const double flt_min = static_cast<double>(std::numeric_limits<float>::min());
    t.weights = dw / (1.0 - p) + flt_min;
    t.output = max_abs(v) * (dw + S * kEps32) / (1.0 - p) + max_abs(v) * S * flt_min + S * std::ldexp(1.0, -150);
    return t;
}

}  // namespace attnbook_test
