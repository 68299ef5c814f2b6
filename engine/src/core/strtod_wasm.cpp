// The WebAssembly build's strtod: decimal_to_double behind the C interface, linked in place of
// musl's (a definition in the program's own objects wins over libc.a, whose member is then never
// pulled in). musl's strtod reads through 128-bit long double, which WebAssembly emulates in
// software: about 14 KB of code for a job done here in integers and doubles
// (core/decimal_to_double.hpp). Its caller in the module is nlohmann's JSON lexer (std::strtod on
// a complete, valid JSON number); read_decimal calls decimal_to_double directly. Natively glibc's
// strtod stays, and the tests compare the two.
//
// What it reads: leading white space, then the decimal grammar of decimal_to_double. Hex, "inf"
// and "nan", which a C strtod also reads, are not numbers here (no conversion: *end = text,
// result 0); no caller in the module hands them over. A result beyond the largest double is
// +-HUGE_VAL (infinity) with errno = ERANGE, as C requires.
//
// musl defines strtof, strtold and the three *_l forms in the same object as strtod, and libc++'s
// string.o (std::stof, std::stold) and locale.o (num_get, iostream >> number) refer to them: if
// any of them were left to musl, its object would come in with its own strtod beside this one
// ("duplicate symbol: strtod"). So all six are here. strtof and strtold read through the double:
// strtold has double precision only, and strtof can round twice (differently from the nearest
// float for a decimal within about 2^-54 of a point halfway between two floats). Nothing in the
// shipped module calls either (link-time optimisation drops them); they serve libc++'s std::stof,
// std::stold and stream input in the WebAssembly CLI and test programs, where nothing reads a
// float or long double either.
#ifdef __EMSCRIPTEN__

#include <cerrno>
#include <cstring>

#include "attnbook/core/decimal_to_double.hpp"

extern "C" {

double strtod(const char* text, char** end) {
    const char* p = text;
    while (*p == ' ' || (*p >= '\t' && *p <= '\r')) ++p;
    double value;
    const std::size_t n = attnbook::decimal_to_double(p, std::strlen(p), value);
    if (end) *end = const_cast<char*>(n ? p + n : text);
    if (__builtin_isinf(value)) errno = ERANGE;
    return value;
}

float strtof(const char* text, char** end) {
    const float value = static_cast<float>(strtod(text, end));
    if (__builtin_isinf(value)) errno = ERANGE;
    return value;
}

long double strtold(const char* text, char** end) { return strtod(text, end); }

double strtod_l(const char* text, char** end, struct __locale_struct*) { return strtod(text, end); }
float strtof_l(const char* text, char** end, struct __locale_struct*) { return strtof(text, end); }
long double strtold_l(const char* text, char** end, struct __locale_struct*) { return strtold(text, end); }

}  // extern "C"

#endif
