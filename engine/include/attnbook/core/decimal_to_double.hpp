#pragma once
// Decimal text -> the nearest double (round half to even), computed with 64-bit integers and
// doubles only. It exists so that the WebAssembly module does not carry libc's strtod, which
// (musl) computes in 128-bit long double, emulated there in software (about 14 KB of code); the
// WebAssembly build routes strtod itself here too (core/strtod_wasm.cpp), so nlohmann's JSON
// lexer reads numbers by the same code. Natively it is tested bit for bit against glibc's strtod.
#include <cstddef>

namespace attnbook {

// Reads the longest prefix of text[0, size) of the form
//     [+-]? (digits (. digits?)? | . digits) ([eE] [+-]? digits)?
// (the grammar of JSON numbers, plus a leading '+', ".5" and "5."; no spaces, hex, inf or nan)
// and stores the double nearest to it in `value`: subnormals below the normal range, +-0 below
// half the smallest subnormal, +-infinity from half an ulp above the largest double up.
// Returns the number of characters read, 0 (and value 0) when the text does not start with a
// number. An exponent without digits ("1e", "1e+") is not read: the number ends before the 'e'.
std::size_t decimal_to_double(const char* text, std::size_t size, double& value);

}  // namespace attnbook
