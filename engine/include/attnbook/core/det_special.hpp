#pragma once
// Deterministic erf and tanh for the transformer block lesson: plain IEEE-754 double arithmetic
// and det_exp, no libm, so the native and WebAssembly builds print the same doubles. Accurate
// to about 1e-15 relative over the range a lesson reaches (tests/engine/test_block.cpp checks
// them against std::erf / std::tanh); not claimed to be correctly rounded.

namespace attnbook {

// erf(x): for |x| < 1 the series 2/sqrt(pi) e^(-x^2) sum_n 2^n x^(2n+1) / (1*3*...*(2n+1)) (every
// term positive, so no cancellation); above, 1 - erfc(x) by erfc's continued fraction; |x| >= 6
// gives +-1 (erfc(6) < 2.2e-17). NaN -> NaN.
double det_erf(double x);

// tanh by Lambert's continued fraction for |x| < 1, by (1 - e^(-2|x|)) / (1 + e^(-2|x|)) above;
// |x| > 20 gives +-1. NaN -> NaN.
double det_tanh(double x);

}  // namespace attnbook
