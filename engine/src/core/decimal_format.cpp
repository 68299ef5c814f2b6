// Double -> printf's decimal text (see the header), exactly, with 64-bit integers only.
//
// Why the digits are exact. A finite double is x = m * 2^e with m < 2^53 an integer and
// -1074 <= e <= 971. When e >= 0, x is the integer m * 2^e (at most 309 digits). When e < 0,
//     x = m * 2^e = m * 5^-e / 10^-e,
// so x is the integer m * 5^-e (at most 767 digits: 2^53 * 5^1074 < 10^767) with the decimal point
// -e digits from its right. Either integer is built exactly by multiplying m by small factors in
// base 10^9, and its decimal digits are then the limbs, nine digits each: the whole, finite
// decimal expansion of x, nothing approximated.
//
// Why the rounding is printf's. Every conversion keeps a number of leading digits (%.Nf: up to
// the 10^-N place; %.Ne: N + 1 significant digits; %.Ng: N) and rounds the rest away half to
// even: up when the dropped digits are above one half of the last kept place (first dropped
// digit above 5, or 5 and a non-zero digit after it), down when below, and to an even last
// digit when exactly one half (5 and nothing else). Since the digits are exact, a tie is seen
// as a tie, never guessed from an approximation. A carry through nines (9.96 -> 10.0) makes
// "1" followed by zeros and one more integer digit.
//
// %g with precision P takes the exponent X of x rounded to P significant digits: X < -4 or
// X >= P gives %e with P - 1 decimals, else %f with P - 1 - X decimals. The %f rounding is the
// same as the P-digit one (it keeps the same P places: both start at 10^X) except when that
// rounding carried into a new leading digit (X is one more than x's own exponent): then %f keeps
// P - 1 of x's digits, and these were all nines as well (the P-digit rounding carried through
// them), so it also carries to 10^X. Either way the P-digit rounding's digits are %f's.
#include "attnbook/core/decimal_format.hpp"

#include "attnbook/core/decimal_to_double.hpp"

#include <cstdint>
#include <cstring>

namespace attnbook {
namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

constexpr u32 kBase = 1000000000;  // 10^9 per limb
constexpr int kLimbs = 86;         // 767 digits at most (see above): 86 limbs of 9

// The exact decimal expansion of |x|: x = s[0].s[1] s[2] ... s[n-1] * 10^exp10 (digits as
// characters), s[0] != '0' unless x == 0 ("0", exp10 0). Rounding shortens n; positions past n
// read as '0'.
struct Digits {
    char text[kLimbs * 9];
    char* s;
    int n;
    int exp10;

    char at(int i) const { return i >= 0 && i < n ? s[i] : '0'; }
};

// limb[0..n) (lowest first, base 10^9) *= factor, factor <= 2^31: each product plus carry stays
// below 10^9 * 2^31 + 2^32 < 2^64.
void multiply(u32* limb, int& n, u32 factor) {
    u64 carry = 0;
    for (int i = 0; i < n; ++i) {
        carry += u64(limb[i]) * factor;
        limb[i] = u32(carry % kBase);
        carry /= kBase;
    }
    for (; carry; carry /= kBase) limb[n++] = u32(carry % kBase);
}

void exact_digits(double x, Digits& out) {
    u64 bits;
    std::memcpy(&bits, &x, sizeof bits);
    const int field = int(bits >> 52 & 0x7FF);
    u64 m = bits & ((u64(1) << 52) - 1);
    int e = -1074;  // a subnormal (field 0): m * 2^-1074
    if (field) m |= u64(1) << 52, e = field - 1075;
    if (!m) e = 0;
    // Fewer factors of 5 to multiply by: m's trailing zero bits moved into e.
    while (e < 0 && !(m & 1)) m >>= 1, ++e;

    u32 limb[kLimbs];
    limb[0] = u32(m % kBase);
    limb[1] = u32(m / kBase);  // m < 2^53 < 10^18: two limbs
    int n = 2;
    const int point = e < 0 ? -e : 0;  // digits after the decimal point
    while (e > 0) {  // m * 2^e, 31 factors at a time
        const int k = e < 31 ? e : 31;
        multiply(limb, n, u32(1) << k);
        e -= k;
    }
    while (e < 0) {  // m * 5^-e, 13 factors at a time (5^13 < 2^31)
        u32 five = 1;
        for (int k = 0; k < 13 && e < 0; ++k) five *= 5, ++e;
        multiply(limb, n, five);
    }

    char* p = out.text;  // the limbs, highest first, nine digits each
    for (int i = n - 1; i >= 0; --i, p += 9)
        for (int k = 8; k >= 0; --k) p[k] = char('0' + limb[i] % 10), limb[i] /= 10;
    int lead = 0;  // leading zeros, keeping one digit for 0
    while (lead < n * 9 - 1 && out.text[lead] == '0') ++lead;
    out.s = out.text + lead;
    out.n = n * 9 - lead;
    out.exp10 = out.n - 1 - point;
}

// Keeps the first `keep` digits (none when keep <= 0: the value is then below the last kept place,
// whose digits start at 10^(exp10 - keep + 1)), rounding the rest away half to even.
void round_to(Digits& d, int keep) {
    if (keep >= d.n) return;
    bool up = false;
    if (keep >= 0) {
        bool rest = false;  // a non-zero digit after the first dropped one
        for (int i = keep + 1; i < d.n; ++i) rest |= d.s[i] != '0';
        const char first = d.s[keep];
        const bool odd = keep > 0 && (d.s[keep - 1] & 1);  // '0' is 48: a digit's code has its parity
        up = first > '5' || (first == '5' && (rest || odd));
    }  // else the first dropped digit is a leading 0: below one half
    d.n = keep > 0 ? keep : 0;
    if (!up) return;
    int i = d.n;
    while (i > 0 && d.s[i - 1] == '9') d.s[--i] = '0';
    if (i > 0) {
        ++d.s[i - 1];
    } else {  // all nines, or nothing kept: the next power of ten
        d.s[0] = '1';
        if (!d.n) d.n = 1;
        ++d.exp10;
    }
}

// The digits of places 10^max(exp10, 0) down to 10^-decimals, with the point before 10^-1, as if
// s[0] had the place 10^exp10.
void put_fixed(std::string& out, const Digits& d, int exp10, int decimals) {
    for (int place = exp10 > 0 ? exp10 : 0; place >= -decimals; --place) {
        if (place == -1) out += '.';
        out += d.at(exp10 - place);
    }
}

void put_exponent(std::string& out, int exp10) {
    out += 'e';
    out += exp10 < 0 ? '-' : '+';
    const unsigned a = exp10 < 0 ? -exp10 : exp10;  // at most 324
    if (a >= 100) out += char('0' + a / 100);
    out += char('0' + a / 10 % 10);
    out += char('0' + a % 10);
}

// The sign, and whether x is finite (else "inf" or "nan" is written).
bool start(std::string& out, double x) {
    if (__builtin_signbit(x)) out += '-';
    if (x - x == 0) return true;  // inf - inf and nan - nan are NaN
    out += x == x ? "inf" : "nan";
    return false;
}

}  // namespace

std::string fixed_text(double x, int decimals) {
    std::string out;
    if (!start(out, x)) return out;
    Digits d;
    exact_digits(x, d);
    round_to(d, d.exp10 + 1 + decimals);
    put_fixed(out, d, d.exp10, decimals);
    return out;
}

std::string scientific_text(double x, int decimals) {
    std::string out;
    if (!start(out, x)) return out;
    Digits d;
    exact_digits(x, d);
    round_to(d, decimals + 1);
    put_fixed(out, d, 0, decimals);
    put_exponent(out, d.exp10);
    return out;
}

std::string general_text(double x, int significant) {
    std::string out;
    if (!start(out, x)) return out;
    const int p = significant > 0 ? significant : 1;
    Digits d;
    exact_digits(x, d);
    round_to(d, p);
    const int exp10 = d.exp10;
    const bool scientific = exp10 < -4 || exp10 >= p;
    put_fixed(out, d, scientific ? 0 : exp10, scientific ? p - 1 : p - 1 - exp10);
    if (out.find('.') != std::string::npos) {
        while (out.back() == '0') out.pop_back();
        if (out.back() == '.') out.pop_back();
    }
    if (scientific) put_exponent(out, exp10);
    return out;
}

std::string shortest_text(double x) {
    if (x != x) return "NaN";
    if (x - x != 0) return x < 0 ? "-Infinity" : "Infinity";
    // The fewest significant digits whose correctly rounded decimal reads back as x (17 always
    // do): no shorter text reads back as x, and of that length this one is the nearest.
    int p = 1;
    for (; p < 17; ++p) {
        const std::string text = scientific_text(x, p - 1);
        double back = 0;
        decimal_to_double(text.data(), text.size(), back);
        if (back == x) break;
    }
    std::string out;
    start(out, x);
    Digits d;
    exact_digits(x, d);
    round_to(d, p);
    const bool scientific = d.exp10 < -4 || d.exp10 >= 15;
    const int decimals = p - 1 - (scientific ? 0 : d.exp10);
    put_fixed(out, d, scientific ? 0 : d.exp10, decimals > 0 ? decimals : 0);
    if (scientific) put_exponent(out, d.exp10);
    return out;
}

std::string hex_text(const char* prefix, unsigned value, int min_digits) {
    char digits[8];
    int n = 0;
    do digits[n++] = "0123456789ABCDEF"[value & 15], value >>= 4;
    while (value || n < min_digits);
    std::string out(prefix);
    while (n) out += digits[--n];
    return out;
}

}  // namespace attnbook
