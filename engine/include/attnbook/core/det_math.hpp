#pragma once
// Deterministic exp and log1p: plain IEEE-754 double arithmetic, no libm, so the results are
// bit-identical natively (g++, x86-64 SSE2) and in WebAssembly (Emscripten), provided the
// build keeps -ffp-contract=off and no fast-math (see docs/ENGINE-CONVENTIONS.md).
//
// Both follow fdlibm 5.3 (Sun Microsystems) exactly: det_exp is e_exp.c, the algorithm of
// V8's Math.exp (so lesson numbers computed in JavaScript match), det_log1p is s_log1p.c.
// Error < 1 ulp for both; they agree with glibc's correctly-rounded-in-practice results on the
// vast majority of inputs (see tests/engine/test_det_math.cpp for the measured rates).

namespace attnbook {

// e^x. NaN -> NaN, +inf -> +inf, -inf -> +0, x > 709.78... -> +inf (overflow),
// x < -745.13... -> +0, results below 2^-1022 are subnormal.
double det_exp(double x);

// log(1 + x), accurate for small |x|. x == -1 -> -inf, x < -1 -> NaN, NaN -> NaN,
// +inf -> +inf, +-0 -> +-0.
double det_log1p(double x);

}  // namespace attnbook
