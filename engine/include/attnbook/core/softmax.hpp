#pragma once
// Numerically stable softmax over one row, in two variants named by what differs:
//
//   softmax_f32_xsimd   float32, xsimd batches (written once over the arch, batch loop + scalar
//                       tail), with its own vector exp (exp_f32_xsimd) instead of std::exp
//   softmax_f64_scalar  float64, plain ordered loop with det_exp: the reference (the spec) that
//                       the xsimd variant is tested against (tests/engine/test_softmax.cpp)
//
// Formula (both): m = max_j x_j;  e_j = exp(x_j - m);  y_j = e_j / sum_j e_j.
// Subtracting the row max keeps every exponent <= 0, so exp never overflows (a logit of 1000 is
// fine) and the largest term is exp(0) = 1, so the sum is >= 1 and the division is safe.
//
// Inputs: finite values or -inf ("masked": its weight is exactly 0). NaN and +inf are the
// caller's to reject (the attention kernels do). A row that is entirely -inf (or empty) has no
// mass: y is all 0 and the function returns false; PyTorch's softmax would give NaN there.
#include <cstddef>

namespace attnbook {

// y may alias x. Returns false for a fully masked row (every x_j == -inf, or n == 0).
bool softmax_f32_xsimd(const float* x, float* y, std::size_t n);
bool softmax_f64_scalar(const double* x, double* y, std::size_t n);

// softmax_f64_scalar that also reports the row's max m and the denominator sum_j exp(x_j - m),
// which lessons show (the explorable's "max" and "denominator"); both stay 0 for a fully masked
// row. The weights are the same bits as softmax_f64_scalar's.
struct SoftmaxStats {
    double max = 0.0;
    double sum = 0.0;
};
bool softmax_f64_scalar(const double* x, double* y, std::size_t n, SoftmaxStats& stats);

// The vector exp used by softmax_f32_xsimd, exposed for its own accuracy test. y may alias x.
// Accurate to a few ulp on [ln(FLT_MIN), 88] = [-87.336, 88]; returns exactly 0 below
// ln(FLT_MIN) (and for -inf and NaN), and saturates to exp(88) above 88 (never inf).
void exp_f32_xsimd(const float* x, float* y, std::size_t n);

// Name of the xsimd architecture the float32 kernels were compiled for ("sse2" native and in
// WASM, where Emscripten maps SSE2 intrinsics onto SIMD128), for logs.
const char* xsimd_arch_name();

}  // namespace attnbook
