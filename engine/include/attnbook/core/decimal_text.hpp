#pragma once
// The one rule for decimal numbers typed by a person (command-line options, practice answers),
// the same rule as JSON text and JavaScript's Number(): a decimal literal is read as the nearest
// double. Values too small for a normal double become subnormals (4.9e-324 -> 5e-324) or 0
// (1e-400 -> 0), as in JSON.parse; only a value beyond the largest double (1e999) is refused,
// because no double is near it.
//
// Why not strtod: it also reads hex ("0x10"), "inf", "nan" and "infinity", and the C libraries
// disagree on errno for subnormal results (glibc sets ERANGE, musl does not), so the native and
// WebAssembly builds answered differently; and musl's, which the WebAssembly build would use,
// computes in 128-bit long double, emulated there in software (about 14 KB of code). The grammar
// and the conversion are decimal_to_double's (core/decimal_to_double.hpp): correctly rounded,
// in 64-bit integers and doubles, the same code and so the same double in both builds (tested
// bit for bit against glibc's strtod natively).
#include <string>

namespace attnbook {

enum class DecimalStatus {
    ok,
    not_a_number,      // not of the form [+-]digits[.digits][e[+-]digits] (or .5, 5.)
    not_finite,        // inf, infinity, nan in any case, with an optional sign
    too_large,         // a decimal beyond the largest double
};

struct Decimal {
    DecimalStatus status = DecimalStatus::not_a_number;
    double value = 0.0;
};

// `text` as given (no trimming).
Decimal read_decimal(const std::string& text);

}  // namespace attnbook
