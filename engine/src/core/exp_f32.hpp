#pragma once
// exp_f32: the float32 exp shared by the softmax and attention kernels, written once for a
// scalar float or an xsimd::batch<float, A> (same operations in the same order, so a scalar
// tail is bit-identical to a SIMD lane). Internal to engine/src/core (not a public header).
//
// Why not xsimd::exp: its range reduction converts float -> int (_mm_cvttps_epi32), which
// Emscripten 3.1.6 lowers to a scalar loop per lane (SSE's out-of-range semantics differ from
// wasm's i32x4.trunc_sat). The exp below needs only float add/mul, compares, selects, one integer
// shift and bit casts, all of which map onto single SIMD128 instructions.
#include <cstdint>
#include <cstring>

#include <xsimd/xsimd.hpp>
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace attnbook {
namespace simd_exp {

// ---- exp(x), float32 -------------------------------------------------------------------------
// exp(x) = 2^n * exp(r),  n = round(x / ln2),  r = x - n ln2 in [-ln2/2, ln2/2].
//
// 1. Clamp x to [-88, 88] with compare+select (NaN compares false and becomes -88, so nothing
//    downstream sees NaN). Then |x log2e| <= 126.96, so n is in [-127, 127].
// 2. n without a float->int conversion, the "magic number" trick (as in XNNPACK's
//    f32-raddstoreexpminusmax "magic bias"): t = x log2e + (1.5 * 2^23 + 127). t lies in
//    [2^23, 2^24), where the float spacing is exactly 1, so the addition itself rounds x log2e to
//    the nearest integer (round-half-even). The low 23 mantissa bits of t then hold
//    2^22 + 127 + n, and n = t - (1.5 * 2^23 + 127) exactly (Sterbenz: no rounding).
// 3. r = x - n ln2 with ln2 split in two (Cody-Waite): ln2_hi = 0x3F317200 has only 15
//    significant bits, so n * ln2_hi (|n| <= 127, 7 bits) is exact and x - n ln2_hi is exact (the
//    two are close); ln2_lo = ln2 - ln2_hi then adds the missing ~1.4e-6 * n with float rounding.
//    The effective ln2 carries ~48 bits, so r's error is ~1 ulp of r, not ~|n| ulp.
// 4. exp(r) = 1 + r + r^2 P(r), P of degree 5 with the Cephes expf.c minimax coefficients
//    (S. Moshier), relative error ~1e-7 on [-ln2/2, ln2/2]; Horner's rule.
// 5. 2^n: shift the integer bits of t left by 23. The exponent and the 2^22 bit of t fall off the
//    top of the 32-bit lane, leaving (127 + n) << 23: the float 2^n (biased exponent 127 + n,
//    mantissa 0). For n = -127 that is +0, the right answer after the clamp.
// 6. y = exp(r) * 2^n is exact scaling (no rounding) for normal results. Below ln(FLT_MIN)
//    = -87.336 the result would be subnormal; we return exactly 0 instead (absolute error
//    < 1.2e-38), so -inf, very negative logits and masked softmax entries give exactly 0.
//
// The scalar overloads do the same operations in the same order, so the scalar tail of a row
// gives bit-identical results to a SIMD lane. -ffp-contract=off keeps every a*b+c two roundings.
inline constexpr float kExpXMin = -88.0f;
inline constexpr float kExpXMax = 88.0f;
inline constexpr float kLnFltMin = -87.33654475f;      // ln(FLT_MIN); below it the result is 0
inline constexpr float kLog2e = 1.44269504088896341f;  // 1 / ln2
inline constexpr float kMagicBias = 12583039.0f;       // 1.5 * 2^23 + 127 = 0x1.8000FEp23
inline constexpr float kLn2Hi = 0.693145751953125f;    // 0x3F317200, 15 significant bits
inline constexpr float kLn2Lo = 1.42860682e-6f;        // ln2 - kLn2Hi
inline constexpr float kP0 = 1.9875691500e-4f;         // Cephes expf.c, exp(r) = 1 + r + r^2 P(r)
inline constexpr float kP1 = 1.3981999507e-3f;
inline constexpr float kP2 = 8.3334519073e-3f;
inline constexpr float kP3 = 4.1665795894e-2f;
inline constexpr float kP4 = 1.6666665459e-1f;
inline constexpr float kP5 = 5.0000001201e-1f;

// The four operations that differ between a batch and a scalar.
template <class A>
xsimd::batch<float, A> select_gt(xsimd::batch<float, A> x, float c, float otherwise) {
    using B = xsimd::batch<float, A>;
    return xsimd::select(x > B(c), x, B(otherwise));
}
inline float select_gt(float x, float c, float otherwise) { return x > c ? x : otherwise; }

template <class A>
xsimd::batch<float, A> select_lt(xsimd::batch<float, A> x, float c, float otherwise) {
    using B = xsimd::batch<float, A>;
    return xsimd::select(x < B(c), x, B(otherwise));
}
inline float select_lt(float x, float c, float otherwise) { return x < c ? x : otherwise; }

template <class A>
xsimd::batch<float, A> zero_below(xsimd::batch<float, A> x, float c, xsimd::batch<float, A> y) {
    using B = xsimd::batch<float, A>;
    return xsimd::select(x < B(c), B(0.0f), y);
}
inline float zero_below(float x, float c, float y) { return x < c ? 0.0f : y; }

// Float whose bits are bits(t) << 23 (step 5).
template <class A>
xsimd::batch<float, A> shift_into_exponent(xsimd::batch<float, A> t) {
    using I = xsimd::batch<std::int32_t, A>;
    using B = xsimd::batch<float, A>;
    return xsimd::bitwise_cast<B>(xsimd::bitwise_cast<I>(t) << 23);
}
inline float shift_into_exponent(float t) {
    std::uint32_t u;
    std::memcpy(&u, &t, sizeof u);
    u <<= 23;
    float s;
    std::memcpy(&s, &u, sizeof s);
    return s;
}

// V is float or xsimd::batch<float, A>; float constants broadcast through batch operators.
template <class V>
V exp_f32(V x) {
    x = select_gt(x, kExpXMin, kExpXMin);  // step 1 (NaN -> -88)
    x = select_lt(x, kExpXMax, kExpXMax);
    const V t = x * V(kLog2e) + V(kMagicBias);  // step 2
    const V n = t - V(kMagicBias);
    V r = x - n * V(kLn2Hi);  // step 3
    r = r - n * V(kLn2Lo);
    V p = V(kP0);  // step 4
    p = p * r + V(kP1);
    p = p * r + V(kP2);
    p = p * r + V(kP3);
    p = p * r + V(kP4);
    p = p * r + V(kP5);
    const V er = (p * (r * r) + r) + V(1.0f);
    const V y = er * shift_into_exponent(t);  // steps 5, 6
    return zero_below(x, kLnFltMin, y);
}

// ---- 2^x for x <= 0, float32 (the tiled attention kernel's softmax) -----------------------------
// The tiled kernel keeps its logits in base 2 (scale * log2(e) is folded into Q when Q is
// packed), so its softmax needs 2^(s - max) with s - max <= 0, or -inf for a masked key. Fewer
// operations than exp_f32 (no clamps, no multiply by log2e, no Cody-Waite reduction) matter
// there: about 1M of them per T = 1024 head.
//   n = round(x) by the magic-number addition of exp_f32 step 2 (t = x + 1.5 2^23 + 127);
//   2^n = bits(t) << 23 (step 5);  r = x - n, exact (n is the integer nearest x, so r is a
//   multiple of ulp(x) with |r| <= 1/2), in [-1/2, 1/2];
//   2^r = 1 + r P(r), P of degree 4 (Horner) fitted for the least maximum relative error on
//   [-1/2, 1/2] (Lawson's iteration over 4000 Chebyshev points, numpy float64; 9.1e-8 before
//   rounding the coefficients to float);
//   y = (r 2^n) P(r) + 2^n.
// 11 multiplies and adds, a shift, a compare and a mask (exp_f32: 21 and two clamps).
// x below -126 (where 2^n would leave the normal range), -inf included, gives exactly +0 (the
// compare and mask; the garbage computed for such x, NaN for -inf, is discarded).
// Measured against std::exp2 in double on [-126, 0]: 1.53 FLT_EPSILON units (tested <= 2 in
// tests/engine/test_attention_tiled.cpp, the bound attention's tolerance assumes for exp).
inline constexpr float kX2C1 = 0x1.62e42ap-1f;
inline constexpr float kX2C2 = 0x1.ebf9bcp-3f;
inline constexpr float kX2C3 = 0x1.c6b752p-5f;
inline constexpr float kX2C4 = 0x1.3cea88p-7f;
inline constexpr float kX2C5 = 0x1.5bba14p-10f;
inline constexpr float kX2Cutoff = -126.0f;  // 2^-126 = FLT_MIN

// y where x >= kX2Cutoff, else +0 (y >= 0 or NaN). WASM: "~mask & y" written as and-not is
// turned into a 3-instruction bitselect by LLVM 14 and V8; an unsigned min of y's bits with the
// mask (all ones or zero) is the same bits in one instruction. Native SSE2: and-not.
template <class A>
xsimd::batch<float, A> keep_from_cutoff(xsimd::batch<float, A> x, xsimd::batch<float, A> y) {
    using B = xsimd::batch<float, A>;
#if defined(__wasm_simd128__)
    return B(wasm_u32x4_min(y.data, wasm_f32x4_ge(x.data, wasm_f32x4_splat(kX2Cutoff))));
#else
    return B(_mm_andnot_ps(_mm_cmplt_ps(x, B(kX2Cutoff)), y));
#endif
}
inline float keep_from_cutoff(float x, float y) { return x >= kX2Cutoff ? y : 0.0f; }

template <class V>
V exp2_nonpositive_f32(V x) {
    const V t = x + V(kMagicBias);
    const V s = shift_into_exponent(t);  // 2^n
    const V r = x - (t - V(kMagicBias));
    V p = V(kX2C5) * r + V(kX2C4);
    p = p * r + V(kX2C3);
    p = p * r + V(kX2C2);
    p = p * r + V(kX2C1);
    return keep_from_cutoff(x, (r * s) * p + s);
}

}  // namespace simd_exp
}  // namespace attnbook
