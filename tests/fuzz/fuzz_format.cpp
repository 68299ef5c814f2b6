// Fuzz target "format": fixed_text, scientific_text and general_text
// (engine/src/core/decimal_format.cpp) against glibc's snprintf, which prints the exact binary
// value correctly rounded. The input's first 8 bytes are the double's bits (little-endian; any
// bits: subnormals, -0, infinities and NaNs too), the 9th the precision (0..63: the engine uses
// 0..17, the formatter has no limit), the 10th the conversion (%f, %e, %g by its value mod 3);
// missing bytes read as 0. Property: the same bytes as snprintf's.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include "attnbook/core/decimal_format.hpp"
#include "fuzz_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::uint8_t bytes[10] = {};
    std::memcpy(bytes, data, size < sizeof bytes ? size : sizeof bytes);
    std::uint64_t bits = 0;
    for (int i = 7; i >= 0; --i) bits = bits << 8 | bytes[i];
    double x;
    std::memcpy(&x, &bits, sizeof x);
    const int precision = bytes[8] % 64;
    const int conversion = bytes[9] % 3;

    static const char* const formats[] = {"%.*f", "%.*e", "%.*g"};
    char expected[1200];  // %.63f of the largest double: 309 + 64 characters and a sign
    std::snprintf(expected, sizeof expected, formats[conversion], precision, x);
    const std::string got = conversion == 0   ? attnbook::fixed_text(x, precision)
                            : conversion == 1 ? attnbook::scientific_text(x, precision)
                                              : attnbook::general_text(x, precision);
    attnbook_fuzz::check(got == expected, std::string(formats[conversion]) + " at " + std::to_string(precision) +
                                              " of the double with bits " + std::to_string(bits) + ": " + got +
                                              ", glibc's snprintf " + expected);
    return 0;
}
