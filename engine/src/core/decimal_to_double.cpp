// Decimal text -> the nearest double, with 64-bit integers and doubles only (see the header).
//
// The text is read as  value = M * 10^e,  M an integer of n significant digits (leading zeros
// skipped, the decimal point folded into e). Then, in order:
//
// 0. Out of range: value < 10^(n+e), so n + e <= -324 gives value < 1e-324, below half the
//    smallest subnormal (2^-1075 = 2.47e-324): +-0. value >= 10^(n+e-1), so n + e >= 310 gives
//    value >= 1e309, beyond the largest double plus half an ulp (1.7976931348623158e308): +-inf.
//
// 1. Clinger's fast path: n <= 15 and |e| <= 22. M < 10^15 < 2^53 is an exact double, and so is
//    10^|e| <= 10^22 = 5^22 * 2^22 (5^22 < 2^53; each 10^k on the way up is exact too). IEEE
//    multiplication and division round their exact result once, to nearest, so M * 10^e or
//    M / 10^-e is the correctly rounded value.
//
// 2. Exact integers otherwise. 10^e = 5^e * 2^e, so value = (num / den) * 2^e with num = M * 5^e,
//    den = 1 when e >= 0, and num = M, den = 5^-e when e < 0. One of them is multiplied by a power
//    of two so that num / den lies in [1, 2) (value = (num / den) * 2^x); 64 steps of binary long
//    division (compare, subtract, double the remainder) give the value's 64 leading bits q,
//    2^63 <= q < 2^64, and whether a remainder is left (value is then strictly above q's bits).
//    A normal double keeps 53 of q's bits (the last one worth 2^(x-52)), a subnormal fewer (the
//    last one worth 2^-1074); the dropped bits round half to even, a tie being exactly half with
//    no remainder. Adding the rounded significand (hidden bit included) to the exponent field
//    carries into it by itself: 2^53 becomes the next power of two, the largest subnormal plus
//    one ulp the smallest normal, the largest double plus one ulp the bits of infinity.
//
// Only the first 800 significant digits enter M; any non-zero digit after them becomes one
// sticky digit 1 after the 800th. A point halfway between two doubles, (2m + 1) * 2^(k-1), has at
// most 768 significant digits ((2^54 - 1) * 5^1075 has 768), so none lies strictly between the
// 800-digit truncation T and T + one unit in its 800th digit, where both the full text and the
// text with the sticky digit lie: both round to the same double.
#include "attnbook/core/decimal_to_double.hpp"

#include <cstdint>

namespace attnbook {
namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

constexpr int kMaxDigits = 800;

// Sizes: M has at most 801 digits (10^801 < 2^2661); past step 0, n + e > -324, so a den of
// 5^-e has -e <= 1124 (5^1124 < 2^2610); when e >= 0, num = M * 5^e < 10^310 < 2^1030. After
// the alignment both stay below 2^2662 (the remainder below twice den): 84 limbs of 32 bits.
constexpr int kLimbs = 90;

// A non-negative integer in base 2^32, lowest limb first; d[n - 1] != 0 (zero has n == 0).
struct Big {
    u32 d[kLimbs];
    int n = 0;
};

// b = b * m + add
void mul_add(Big& b, u32 m, u32 add) {
    u64 carry = add;
    for (int i = 0; i < b.n; ++i) {
        carry += u64(b.d[i]) * m;  // < 2^64: (2^32 - 1)^2 + 2^32 - 1
        b.d[i] = u32(carry);
        carry >>= 32;
    }
    if (carry) b.d[b.n++] = u32(carry);
}

// b = b * 5^k, 13 factors at a time (5^13 < 2^32)
void mul_pow5(Big& b, long long k) {
    while (k > 0) {
        u32 p = 1;
        for (int i = 0; i < 13 && k > 0; ++i, --k) p *= 5;
        mul_add(b, p, 0);
    }
}

// b = b * 2^s, s >= 0
void shift_left(Big& b, int s) {
    if (b.n == 0) return;
    const int w = s / 32, r = s % 32;
    b.d[b.n + w] = 0;
    for (int i = b.n - 1; i >= 0; --i) {  // from the top, so no limb is overwritten before it is read
        const u64 v = u64(b.d[i]) << r;
        b.d[i + w + 1] |= u32(v >> 32);
        b.d[i + w] = u32(v);
    }
    for (int i = 0; i < w; ++i) b.d[i] = 0;
    const int top = b.n + w;
    b.n = top + (b.d[top] != 0);
}

int compare(const Big& a, const Big& b) {
    if (a.n != b.n) return a.n < b.n ? -1 : 1;
    for (int i = a.n - 1; i >= 0; --i)
        if (a.d[i] != b.d[i]) return a.d[i] < b.d[i] ? -1 : 1;
    return 0;
}

// a = a - b, a >= b
void subtract(Big& a, const Big& b) {
    u64 borrow = 0;
    for (int i = 0; i < a.n; ++i) {
        const u64 t = u64(a.d[i]) - (i < b.n ? b.d[i] : 0) - borrow;
        a.d[i] = u32(t);
        borrow = t >> 63;  // wrapped below zero
    }
    while (a.n > 0 && a.d[a.n - 1] == 0) --a.n;
}

int bit_length(const Big& b) { return b.n * 32 - __builtin_clz(b.d[b.n - 1]); }

// Step 2: the bits of the double nearest to num * 10^e (num = M, not zero), within step 0's range.
u64 exact_bits(Big& num, long long e) {
    Big den;
    den.d[0] = 1;
    den.n = 1;
    if (e >= 0) mul_pow5(num, e);
    else mul_pow5(den, -e);
    // num / den in [2^(x-1), 2^(x+1)): equal bit lengths after the shift, then one more doubling
    // of num if it is still below den.
    int x = bit_length(num) - bit_length(den);
    if (x >= 0) shift_left(den, x);
    else shift_left(num, -x);
    if (compare(num, den) < 0) shift_left(num, 1), --x;
    const long long exponent = x + e;  // value = (num / den) * 2^exponent, num / den in [1, 2)
    u64 q = 0;
    for (int k = 0; k < 64; ++k) {
        q <<= 1;
        if (compare(num, den) >= 0) subtract(num, den), q |= 1;
        shift_left(num, 1);
    }
    const bool remainder = num.n != 0;
    // value = (q + f) * 2^(exponent - 63), f in [0, 1), f > 0 exactly when a remainder is left.
    // Bits of q below the double's last bit: 11 for a normal double, more below 2^-1022.
    const int drop = 11 + (exponent < -1022 ? int(-1022 - exponent) : 0);
    if (drop > 64) return 0;  // value < 2^(exponent + 1) <= 2^-1075: rounds to 0, never a tie
    const u64 kept = drop == 64 ? 0 : q >> drop;
    const u64 below = drop == 64 ? q : q & ((u64(1) << drop) - 1);
    const u64 half = u64(1) << (drop - 1);
    const u64 up = below > half || (below == half && (remainder || (kept & 1)));
    // kept carries the hidden bit (2^52) of a normal double, which adds one to the exponent field:
    // hence exponent + 1022 rather than the bias 1023.
    const u64 field = exponent < -1022 ? 0 : u64(exponent + 1022);
    const u64 bits = (field << 52) + kept + up;
    return bits < 0x7FF0000000000000 ? bits : 0x7FF0000000000000;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

std::size_t decimal_to_double(const char* text, std::size_t size, double& value) {
    value = 0;
    std::size_t i = 0;
    const bool negative = i < size && text[i] == '-';
    if (i < size && (text[i] == '-' || text[i] == '+')) ++i;

    Big m;              // M
    int n = 0;          // its significant digits
    long long e = 0;    // value = M * 10^e
    bool dropped = false;  // a non-zero digit after the 800th
    std::size_t digits = 0;
    bool point = false;
    for (; i < size; ++i) {
        const char c = text[i];
        if (c == '.' && !point) {
            point = true;
            continue;
        }
        if (!is_digit(c)) break;
        ++digits;
        if (point) --e;
        if (n == 0 && c == '0') continue;
        if (n < kMaxDigits) {
            mul_add(m, 10, u32(c - '0'));  // from zero, the first digit becomes the one limb
            ++n;
        } else {
            ++e;
            dropped |= c != '0';
        }
    }
    if (digits == 0) return 0;

    if (i < size && (text[i] == 'e' || text[i] == 'E')) {
        std::size_t j = i + 1;
        const bool minus = j < size && text[j] == '-';
        if (j < size && (text[j] == '-' || text[j] == '+')) ++j;
        if (j < size && is_digit(text[j])) {
            long long x = 0;
            for (; j < size && is_digit(text[j]); ++j)
                if (x < 1000000000000000) x = x * 10 + (text[j] - '0');  // saturates far outside step 0's range
            e += minus ? -x : x;
            i = j;
        }
    }
    if (dropped) mul_add(m, 10, 1), ++n, --e;

    double result;
    if (n == 0 || n + e <= -324) {
        result = 0;
    } else if (n + e >= 310) {
        result = __builtin_huge_val();
    } else if (n <= 15 && e >= -22 && e <= 22) {
        double power = 1;
        for (long long k = e < 0 ? -e : e; k > 0; --k) power *= 10;
        const double mantissa = double(m.n > 1 ? u64(m.d[1]) << 32 | m.d[0] : m.d[0]);
        result = e < 0 ? mantissa / power : mantissa * power;
    } else {
        const u64 bits = exact_bits(m, e);
        __builtin_memcpy(&result, &bits, sizeof result);
    }
    value = negative ? -result : result;
    return i;
}

}  // namespace attnbook
