// Deterministic exp and log1p, transcribed from fdlibm 5.3 (e_exp.c, s_log1p.c; Copyright (C)
// 1993-2004 Sun Microsystems, "Permission to use, copy, modify, and distribute this software is
// freely granted, provided that this notice is preserved"). The operations, their order and the
// constants are kept exactly, so the results are those of fdlibm and of V8's Math.exp /
// Math.log1p (V8's base/ieee754.cc is the same fdlibm code; it adds the exp(1) = e special
// case, which we copy). Checked: 0 differences from node's Math.exp / Math.log1p on 10^6 inputs.
//
// Only +, -, *, / on doubles, int <-> double conversions and bit manipulation through memcpy
// are used: every step is a correctly rounded IEEE-754 operation, identical on x86-64 SSE2 and
// on WebAssembly as long as nothing is contracted into an FMA (-ffp-contract=off) or
// reassociated (no fast-math). No long double, no libm.
#include "attnbook/core/det_math.hpp"

#include <cstdint>
#include <cstring>
#include <limits>

namespace attnbook {
namespace {

// The high and low 32-bit words of a double, as fdlibm's __HI / __LO.
inline std::uint64_t bits_of(double x) {
    std::uint64_t u;
    std::memcpy(&u, &x, sizeof u);
    return u;
}
inline double from_bits(std::uint64_t u) {
    double x;
    std::memcpy(&x, &u, sizeof x);
    return x;
}
inline std::int32_t high_word(double x) { return static_cast<std::int32_t>(bits_of(x) >> 32); }
inline std::uint32_t low_word(double x) { return static_cast<std::uint32_t>(bits_of(x)); }
inline double with_high_word(double x, std::uint32_t hi) {
    return from_bits((static_cast<std::uint64_t>(hi) << 32) | (bits_of(x) & 0xffffffffULL));
}

// ---------------------------------------------------------------------------------------------
// exp (fdlibm e_exp.c)
//
// 1. Argument reduction: write x = k*ln2 + r with |r| <= 0.5*ln2 and k an integer. ln2 is
//    split into ln2_hi (its leading 32 significant bits, trailing 21 bits zero) and ln2_lo,
//    so that k*ln2_hi is exact for |k| < 2^11 and x - k*ln2_hi loses nothing; r is carried as
//    hi - lo, which is ln2 to ~2^-86 relative accuracy.
// 2. Approximate exp(r) on [-0.347, 0.347] through the function
//        R(r^2) = r * (exp(r)+1) / (exp(r)-1) = 2 + r^2/6 - r^4/360 + ...
//    by a degree-5 Remez minimax polynomial in t = r^2 (P1..P5, error < 2^-59), with
//        c = r - t*(P1 + t*(P2 + ... + t*P5))   (= r - (R(r^2) - 2))
//    and then  exp(r) = 1 + 2r/(R - r) = 1 + r + r*c/(2 - c), written so that the large term
//    1 is added last: 1 - ((lo - (r*c)/(2-c)) - hi). The rational form keeps the rounding
//    error of the polynomial tiny compared to the final result (total error < 1 ulp).
// 3. Scale by 2^k by adding k to the exponent field (exact); for results that would be
//    subnormal, add k + 1000 and multiply by 2^-1000 (one rounding into the subnormal range).
// ---------------------------------------------------------------------------------------------
constexpr double kOne = 1.0;
constexpr double kE = 2.718281828459045;  // 0x4005BF0A 8B145769, e correctly rounded
constexpr double kHalf[2] = {0.5, -0.5};
constexpr double kHuge = 1.0e+300;
constexpr double kTwoM1000 = 9.33263618503218878990e-302;      // 2^-1000
constexpr double kOThreshold = 7.09782712893383973096e+02;     // 0x40862E42 FEFA39EF
constexpr double kUThreshold = -7.45133219101941108420e+02;    // 0xC0874910 D52D3051
constexpr double kLn2Hi[2] = {6.93147180369123816490e-01,      // 0x3FE62E42 FEE00000
                              -6.93147180369123816490e-01};
constexpr double kLn2Lo[2] = {1.90821492927058770002e-10,      // 0x3DEA39EF 35793C76
                              -1.90821492927058770002e-10};
constexpr double kInvLn2 = 1.44269504088896338700e+00;          // 0x3FF71547 652B82FE
constexpr double kP1 = 1.66666666666666019037e-01;             // 0x3FC55555 5555553E
constexpr double kP2 = -2.77777777770155933842e-03;            // 0xBF66C16C 16BEBD93
constexpr double kP3 = 6.61375632143793436117e-05;             // 0x3F11566A AF25DE2C
constexpr double kP4 = -1.65339022054652515390e-06;            // 0xBEBBBD41 C5D26BF1
constexpr double kP5 = 4.13813679705723846039e-08;             // 0x3E663769 72BEA4D0

// ---------------------------------------------------------------------------------------------
// log1p (fdlibm s_log1p.c)
//
// 1. Reduction: find k and f with 1 + x = 2^k * (1 + f), sqrt(2)/2 < 1 + f < sqrt(2).
//    For -0.2929 < x < 0.41422, k = 0 and f = x exactly (this is where log1p beats
//    log(1 + x): no rounding of 1 + x). Otherwise u = 1 + x is rounded, k and f are read off
//    its bits, and the rounding error of 1 + x is carried as the correction c = (x - (u - 1))/u
//    (or (1 - (u - x))/u when k > 0), since log(u + e) ~ log(u) + e/u.
// 2. With s = f/(2 + f), log(1 + f) = log(1 + s) - log(1 - s) = 2s + 2s^3/3 + 2s^5/5 + ...
//    = 2s + s*R(z), z = s^2, where R(z) = Lp1*z + Lp2*z^2 + ... + Lp7*z^7 is a Remez minimax
//    fit of (log((1+s)/(1-s)) - 2s)/s on |s| <= 0.1716 (1 + f in the sqrt(2) range), with
//    |error| < 2^-58.45. Since 2s = f - s*f and s*f = hfsq - s*hfsq, with hfsq = f^2/2,
//    log(1 + f) = f - (hfsq - s*(hfsq + R)): the dominant term f is exact and added last.
// 3. log1p(x) = k*ln2_hi + (f - (hfsq - (s*(hfsq + R) + (k*ln2_lo + c)))): k*ln2_hi is exact
//    (ln2_hi has 32 significant bits, |k| < 2^11) and the small terms are summed first.
//    For |f| < 2^-20 a shorter series f - f^2/2 + f^3/3 is enough.
// ---------------------------------------------------------------------------------------------
constexpr double kLn2HiL = 6.93147180369123816490e-01;  // 0x3FE62E42 FEE00000
constexpr double kLn2LoL = 1.90821492927058770002e-10;  // 0x3DEA39EF 35793C76
constexpr double kTwo54 = 1.80143985094819840000e+16;   // 0x43500000 00000000
constexpr double kLp1 = 6.666666666666735130e-01;        // 0x3FE55555 55555593
constexpr double kLp2 = 3.999999999940941908e-01;        // 0x3FD99999 9997FA04
constexpr double kLp3 = 2.857142874366239149e-01;        // 0x3FD24924 94229359
constexpr double kLp4 = 2.222219843214978396e-01;        // 0x3FCC71C5 1D8E78AF
constexpr double kLp5 = 1.818357216161805012e-01;        // 0x3FC74664 96CB03DE
constexpr double kLp6 = 1.531383769920937332e-01;        // 0x3FC39A09 D078C69F
constexpr double kLp7 = 1.479819860511658591e-01;        // 0x3FC2F112 DF3E5244

}  // namespace

double det_exp(double x) {
    double hi = 0.0, lo = 0.0;
    int k = 0;
    std::uint32_t hx = static_cast<std::uint32_t>(high_word(x));
    const int xsb = static_cast<int>((hx >> 31) & 1);  // sign bit of x
    hx &= 0x7fffffff;                                  // high word of |x|

    // Non-finite arguments, overflow and underflow.
    if (hx >= 0x40862E42) {  // |x| >= 709.78...
        if (hx >= 0x7ff00000) {
            // NaN: returned as is (fdlibm returns x + x; returning x avoids arithmetic on a NaN,
            // whose sign/payload WebAssembly leaves unspecified).
            if (((hx & 0xfffff) | low_word(x)) != 0) return x;
            return xsb == 0 ? x : 0.0;                             // exp(+-inf) = {inf, 0}
        }
        if (x > kOThreshold) return kHuge * kHuge;          // overflow -> +inf
        if (x < kUThreshold) return kTwoM1000 * kTwoM1000;  // underflow -> +0
    }

    // Argument reduction: x = k*ln2 + (hi - lo).
    if (hx > 0x3fd62e42) {      // |x| > 0.5 ln2
        if (hx < 0x3FF0A2B2) {  // and |x| < 1.5 ln2: k = +-1, no multiply needed
            // V8 special-cases exp(1) (fdlibm's algorithm gives e one ulp high,
            // 2.7182818284590455); we do the same so det_exp matches Math.exp everywhere.
            if (x == 1.0) return kE;
            hi = x - kLn2Hi[xsb];
            lo = kLn2Lo[xsb];
            k = 1 - xsb - xsb;
        } else {
            k = static_cast<int>(kInvLn2 * x + kHalf[xsb]);  // round to nearest (trunc of +-0.5)
            const double t = k;
            hi = x - t * kLn2Hi[0];  // t*ln2_hi is exact here
            lo = t * kLn2Lo[0];
        }
        x = hi - lo;
    } else if (hx < 0x3e300000) {  // |x| < 2^-28: exp(x) = 1 + x to within half an ulp
        if (kHuge + x > kOne) return kOne + x;
    } else {
        k = 0;
    }

    // x is now in the primary range [-0.5 ln2, 0.5 ln2].
    const double t = x * x;
    const double c = x - t * (kP1 + t * (kP2 + t * (kP3 + t * (kP4 + t * kP5))));
    if (k == 0) return kOne - ((x * c) / (c - 2.0) - x);
    const double y = kOne - ((lo - (x * c) / (2.0 - c)) - hi);
    // Scale by 2^k: add k to the biased exponent (y is in [0.7, 1.5], so this is exact unless
    // the result is subnormal, which takes the extra 2^-1000 multiply).
    const std::uint32_t hy = static_cast<std::uint32_t>(high_word(y));
    if (k >= -1021) {
        return with_high_word(y, hy + (static_cast<std::uint32_t>(k) << 20));
    }
    return with_high_word(y, hy + (static_cast<std::uint32_t>(k + 1000) << 20)) * kTwoM1000;
}

double det_log1p(double x) {
    double f = 0.0, c = 0.0;
    std::int32_t hu = 0;
    const std::int32_t hx = high_word(x);
    const std::int32_t ax = hx & 0x7fffffff;

    int k = 1;
    if (hx < 0x3FDA827A) {        // x < 0.41422 (or negative)
        if (ax >= 0x3ff00000) {   // x <= -1.0
            if (x == -1.0) return -std::numeric_limits<double>::infinity();  // log1p(-1) = -inf
            return std::numeric_limits<double>::quiet_NaN();  // log1p(x < -1) = NaN (also -inf)
        }
        if (ax < 0x3e200000) {                    // |x| < 2^-29
            if (kTwo54 + x > 0.0 && ax < 0x3c900000) return x;  // |x| < 2^-54 (also +-0)
            return x - x * x * 0.5;
        }
        if (hx > 0 || hx <= static_cast<std::int32_t>(0xbfd2bec3)) {  // -0.2929 < x < 0.41422
            k = 0;
            f = x;
            hu = 1;
        }
    }
    if (hx >= 0x7ff00000) return x;  // +inf, or NaN (returned as is, see det_exp)
    if (k != 0) {
        double u;
        if (hx < 0x43400000) {  // x < 2^53: 1 + x is inexact, keep its rounding error in c
            u = 1.0 + x;
            hu = high_word(u);
            k = (hu >> 20) - 1023;
            c = (k > 0) ? 1.0 - (u - x) : x - (u - 1.0);  // correction term
            c /= u;
        } else {  // 1 + x == x to double precision
            u = x;
            hu = high_word(u);
            k = (hu >> 20) - 1023;
            c = 0;
        }
        hu &= 0x000fffff;
        if (hu < 0x6a09e) {  // mantissa of u below sqrt(2): normalize u into [1, sqrt(2))
            u = with_high_word(u, static_cast<std::uint32_t>(hu) | 0x3ff00000);
        } else {             // otherwise normalize u/2 into [sqrt(2)/2, 1)
            k += 1;
            u = with_high_word(u, static_cast<std::uint32_t>(hu) | 0x3fe00000);
            hu = (0x00100000 - hu) >> 2;
        }
        f = u - 1.0;
    }
    const double hfsq = 0.5 * f * f;
    if (hu == 0) {  // |f| < 2^-20
        if (f == 0.0) {
            if (k == 0) return 0.0;
            c += k * kLn2LoL;
            return k * kLn2HiL + c;
        }
        const double R = hfsq * (1.0 - 0.66666666666666666 * f);
        if (k == 0) return f - R;
        return k * kLn2HiL - ((R - (k * kLn2LoL + c)) - f);
    }
    const double s = f / (2.0 + f);
    const double z = s * s;
    const double R = z * (kLp1 + z * (kLp2 + z * (kLp3 + z * (kLp4 + z * (kLp5 + z * (kLp6 + z * kLp7))))));
    if (k == 0) return f - (hfsq - s * (hfsq + R));
    return k * kLn2HiL - ((hfsq - (s * (hfsq + R) + (k * kLn2LoL + c))) - f);
}

}  // namespace attnbook
