#pragma once
// Double -> decimal text, byte for byte what C's printf writes, without printf. It exists so that
// the WebAssembly module does not carry libc's printf machinery (musl's vfprintf, fmt_fp,
// printf_core, pop_arg for long double ...: about 8.5 KB of code), of which the engine used
// only a few conversions. Every digit is exact: the double's binary value m * 2^e is written out
// in full as a decimal integer and a position (engine/src/core/decimal_format.cpp), then rounded
// half to even on those exact digits, as glibc and musl do in the default rounding mode.
// Natively the tests compare it with glibc's snprintf bit for bit (tests/engine/
// test_decimal_format.cpp, tests/fuzz/fuzz_format.cpp).
//
// Negative values, -0.0 included, are written with '-' (as printf does: -0.0001 at 2 decimals is
// "-0.00"); infinities and NaNs as "inf" and "nan" with the sign of their sign bit.
#include <string>

namespace attnbook {

// printf("%.*f", decimals, x): `decimals` >= 0 digits after the point, none and no point at 0.
std::string fixed_text(double x, int decimals);

// printf("%.*e", decimals, x): one digit, the point and `decimals` digits, then e+NN (at least two
// exponent digits): 1.50e+00, 4.94e-324.
std::string scientific_text(double x, int decimals);

// printf("%.*g", significant, x): `significant` (0 counts as 1) significant digits, in the
// %e form when the exponent X of that rounding is below -4 or at least `significant`, else in
// the %f form with significant - 1 - X decimals; trailing zeros of the fraction and a bare
// point removed: 1e+10, 1.28e+12, 0.000123, 4.1e-05, 100.
std::string general_text(double x, int significant);

// The shortest decimal text that reads back as x (the digits JavaScript and Python print), laid out
// as JSON writers do: plain for decimal exponents -4 to 14 (0.0001, 123.456), else one digit, the
// rest and e+NN (1.5e-05, 1e+300). Whole numbers keep no ".0"; -0.0 is "-0"; infinities and NaN
// as JavaScript writes them (Infinity, -Infinity, NaN).
std::string shortest_text(double x);

// prefix + printf("%0*X", min_digits, value): upper-case hex digits, zero-padded to at least
// `min_digits` (at most 8): hex_text("0x", 0xA, 2) == "0x0A", hex_text("\\u", 0x1B, 4) == "\\u001B".
std::string hex_text(const char* prefix, unsigned value, int min_digits);

}  // namespace attnbook
