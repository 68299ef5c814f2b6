// fixed_text, scientific_text, general_text and hex_text (core/decimal_format.hpp): printf's
// "%.*f", "%.*e", "%.*g" and "%0*X" without printf; shortest_text, the fewest digits that read back. The references are independent of the code
// under test:
//   - texts written here by hand: ties (exactly representable halves, which round to the even
//     digit), their neighbours one ulp off (which do not tie), -0, carries through nines, the
//     extremes of the double range;
//   - glibc's snprintf, which prints the exact binary value correctly rounded (it computes with
//     GMP's mpn functions), bit for bit, natively: a million random bit patterns over the whole
//     exponent range, every precision 0..17, and values next to ties. In the WebAssembly build
//     snprintf is musl's (which the module used before; also exact for doubles): a smaller sample
//     there.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <string>

#include <nlohmann/json.hpp>

#include "attnbook/core/decimal_format.hpp"

using namespace attnbook;

namespace {

double from_bits(std::uint64_t b) {
    double x;
    std::memcpy(&x, &b, sizeof x);
    return x;
}

std::string c_format(const char* format, int precision, double x) {
    char buffer[1200];  // %.17f of the largest double: 309 + 18 characters and a sign
    std::snprintf(buffer, sizeof buffer, format, precision, x);
    return buffer;
}

// All three conversions of x at `precision` against snprintf; counts the differences and shows
// the first few (a failure names the value by its bits, since %.17g may not show what differs).
struct Compare {
    long checked = 0, wrong = 0;

    void one(const char* format, double x, int precision) {
        const std::string expected = c_format(format, precision, x);
        const std::string got = format[3] == 'f'   ? fixed_text(x, precision)
                                : format[3] == 'e' ? scientific_text(x, precision)
                                                   : general_text(x, precision);
        ++checked;
        if (got == expected) return;
        if (++wrong <= 5) {
            std::uint64_t bits;
            std::memcpy(&bits, &x, sizeof bits);
            INFO(format << " at " << precision << " of the double with bits 0x" << std::hex << bits << ": got " << got
                        << ", snprintf " << expected);
            CHECK(got == expected);
        }
    }
    void all(double x, int precision) {
        one("%.*f", x, precision);
        one("%.*e", x, precision);
        one("%.*g", x, precision);
    }
};

}  // namespace

TEST_CASE("decimal_format: exact ties round to the even digit", "[decimal_format]") {
    CHECK(fixed_text(0.125, 2) == "0.12");
    CHECK(fixed_text(0.375, 2) == "0.38");
    CHECK(fixed_text(2.5, 0) == "2");
    CHECK(fixed_text(3.5, 0) == "4");
    CHECK(fixed_text(0.5, 0) == "0");
    CHECK(fixed_text(1.5, 0) == "2");
    CHECK(fixed_text(-0.5, 0) == "-0");
    CHECK(fixed_text(-2.5, 0) == "-2");
    CHECK(fixed_text(1.0625, 3) == "1.062");     // 2^-4 + 1
    CHECK(fixed_text(0.0009765625, 9) == "0.000976562");  // 2^-10: ...5625 cut at 9
    CHECK(fixed_text(0.0009765625, 5) == "0.00098");
    CHECK(fixed_text(std::ldexp(1.0, -20), 19) == "0.0000009536743164062");  // 2^-20 = 9.5367431640625e-7
    CHECK(scientific_text(2.5, 0) == "2e+00");
    CHECK(scientific_text(0.125, 1) == "1.2e-01");
    CHECK(general_text(0.125, 2) == "0.12");
    CHECK(general_text(2.5, 1) == "2");
    CHECK(general_text(1002.5, 4) == "1002");
    CHECK(general_text(1003.5, 4) == "1004");
    // One ulp off a tie is not a tie.
    CHECK(fixed_text(std::nextafter(0.125, 1.0), 2) == "0.13");
    CHECK(fixed_text(std::nextafter(0.125, 0.0), 2) == "0.12");
    CHECK(fixed_text(std::nextafter(2.5, 3.0), 0) == "3");
    CHECK(fixed_text(std::nextafter(0.5, 1.0), 0) == "1");
    CHECK(fixed_text(std::nextafter(1.5, 0.0), 0) == "1");
    // Decimal fractions are not ties: the double nearest 0.15 is below it, 0.35's above.
    CHECK(fixed_text(0.15, 1) == "0.1");
    CHECK(fixed_text(0.35, 1) == "0.3");  // 0.34999999999999997779...
    CHECK(fixed_text(2.675, 2) == "2.67");  // 2.67499999999999982236431605997495353221893310546875
}

TEST_CASE("decimal_format: signs, zeros, carries and the ends of the range", "[decimal_format]") {
    CHECK(fixed_text(0.0, 3) == "0.000");
    CHECK(fixed_text(-0.0, 3) == "-0.000");
    CHECK(fixed_text(-0.0, 0) == "-0");
    CHECK(fixed_text(-1e-300, 2) == "-0.00");
    CHECK(fixed_text(-0.0004, 3) == "-0.000");
    CHECK(scientific_text(0.0, 2) == "0.00e+00");
    CHECK(scientific_text(-0.0, 0) == "-0e+00");
    CHECK(general_text(0.0, 3) == "0");
    CHECK(general_text(-0.0, 3) == "-0");
    CHECK(fixed_text(9.96, 1) == "10.0");
    CHECK(fixed_text(999.9999, 2) == "1000.00");
    CHECK(fixed_text(0.996, 2) == "1.00");
    CHECK(fixed_text(0.6, 0) == "1");
    CHECK(fixed_text(0.0006, 3) == "0.001");
    CHECK(scientific_text(9.96, 1) == "1.0e+01");
    CHECK(scientific_text(9.9999e-5, 2) == "1.00e-04");
    CHECK(general_text(999.5, 3) == "1e+03");      // the carry makes the exponent 3 >= 3: %e
    CHECK(general_text(99.95, 3) == "100");          // 99.9500000000000028421709...: up, exponent 2
    CHECK(general_text(9.9996e-5, 3) == "0.0001");   // rounds to 1.00e-04: exponent -4, %f
    CHECK(general_text(0.00012345, 3) == "0.000123");
    CHECK(general_text(0.000012345, 3) == "1.23e-05");
    CHECK(general_text(1.28e12, 3) == "1.28e+12");
    CHECK(general_text(1e10, 3) == "1e+10");
    CHECK(general_text(123456, 0) == "1e+05");  // precision 0 counts as 1
    CHECK(general_text(100, 3) == "100");
    CHECK(general_text(1e-5, 3) == "1e-05");
    CHECK(general_text(1.5, 3) == "1.5");

    const double max = std::numeric_limits<double>::max();
    const double true_min = std::numeric_limits<double>::denorm_min();
    CHECK(scientific_text(max, 17) == "1.79769313486231571e+308");
    CHECK(scientific_text(-max, 2) == "-1.80e+308");
    CHECK(scientific_text(true_min, 17) == "4.94065645841246544e-324");
    CHECK(scientific_text(true_min, 0) == "5e-324");
    CHECK(scientific_text(DBL_MIN, 5) == "2.22507e-308");
    CHECK(general_text(true_min, 3) == "4.94e-324");
    CHECK(fixed_text(true_min, 17) == "0.00000000000000000");
    const std::string max_text = fixed_text(max, 0);  // 2^1024 - 2^971, all 309 digits
    CHECK(max_text.size() == 309);
    CHECK(max_text.substr(0, 17) == "17976931348623157");
    CHECK(max_text.substr(300) == "124858368");
    CHECK(fixed_text(max, 2).substr(309) == ".00");
    CHECK(fixed_text(1e22, 0) == "10000000000000000000000");
    CHECK(fixed_text(1e23, 0) == "99999999999999991611392");
    CHECK(fixed_text(std::ldexp(1.0, 64), 1) == "18446744073709551616.0");

    CHECK(fixed_text(INFINITY, 2) == "inf");
    CHECK(scientific_text(-INFINITY, 2) == "-inf");
    CHECK(general_text(NAN, 3) == "nan");
}

TEST_CASE("decimal_format: hex_text", "[decimal_format]") {
    CHECK(hex_text("0x", 0x0A, 2) == "0x0A");
    CHECK(hex_text("0x", 0xFF, 2) == "0xFF");
    CHECK(hex_text("U+", 0x7F, 4) == "U+007F");
    CHECK(hex_text("\\u", 0x1B, 4) == "\\u001B");
    CHECK(hex_text("\\u", 0x2028, 4) == "\\u2028");
    CHECK(hex_text("\\u", 0x10FFFF, 4) == "\\u10FFFF");
    CHECK(hex_text("", 0, 1) == "0");
    CHECK(hex_text("", 0xDEADBEEF, 0) == "DEADBEEF");
}

TEST_CASE("decimal_format: as snprintf on values next to ties and on every precision", "[decimal_format]") {
    Compare compare;
    // n * 2^-k has exactly k decimals: a tie at k - 1 decimals when n is odd; its neighbours are not.
    for (int k = 1; k <= 24; ++k)
        for (std::uint64_t n : {1ull, 3ull, 5ull, 7ull, 9ull, 11ull, 13ull, 15ull, 25ull, 99ull, 12345ull, 999999ull}) {
            const double tie = std::ldexp(double(n), -k);
            for (double x : {tie, std::nextafter(tie, 0.0), std::nextafter(tie, 2.0 * tie), -tie})
                for (int precision = 0; precision <= 17; ++precision) compare.all(x, precision);
        }
    // Integers ending in 5 at %.0e .. %.2e and %.1g ..: ties in significant digits.
    for (double x : {15.0, 25.0, 125.0, 135.0, 1250.0, 1350.0, 2.5e20, 3.5e21, 9.5, 99.5, 999.5, 9995.0})
        for (int precision = 0; precision <= 17; ++precision) compare.all(x, precision);
    const double max = std::numeric_limits<double>::max();
    const double true_min = std::numeric_limits<double>::denorm_min();
    for (double x : {0.0, -0.0, -1e-300, -4e-4, max, -max, true_min, -true_min, DBL_MIN, 1e308, 1e-308, 1e300, 0.1, 1.0 / 3})
        for (int precision = 0; precision <= 17; ++precision) compare.all(x, precision);
    CHECK(compare.wrong == 0);
    CHECK(compare.checked == 24 * 12 * 4 * 18 * 3 + 12 * 18 * 3 + 14 * 18 * 3);
}

#ifndef __EMSCRIPTEN__
// glibc's snprintf on random bit patterns (every finite double equally likely per bit pattern:
// exponents over the whole range, subnormals about one in 2048): a million doubles, each in one
// of the three forms at one precision, both cycling (so each form and precision 0..17 meets about
// 18500 of them); and first 10000 doubles at every precision in all three forms. (About 1.5 M
// conversions, a few seconds: a double far from 1 costs the formatter a few microseconds, its
// exact expansion having hundreds of digits.)
TEST_CASE("decimal_format: random doubles, bit for bit as glibc's snprintf", "[decimal_format]") {
    std::mt19937_64 random(20261201);
    static const char* const formats[] = {"%.*f", "%.*e", "%.*g"};
    Compare compare;
    for (int doubles = 0; doubles < 10000;) {
        const double x = from_bits(random());
        if (!std::isfinite(x)) continue;
        for (int precision = 0; precision <= 17; ++precision) compare.all(x, precision);
        ++doubles;
    }
    for (long doubles = 0; doubles < 1000000;) {
        const double x = from_bits(random());
        if (!std::isfinite(x)) continue;
        compare.one(formats[doubles % 3], x, int(doubles / 3 % 18));
        ++doubles;
    }
    CHECK(compare.wrong == 0);
    CHECK(compare.checked == 10000 * 54 + 1000000);
}

// %.3g and %.0f where the engine uses them: counts and byte sizes, 1 .. 1e30, and a fine spread of
// mantissas in each decade (so every rounding of the third digit is reached).
TEST_CASE("decimal_format: %.3g and %.0f over a wide range, as glibc's snprintf", "[decimal_format]") {
    std::mt19937_64 random(3);
    std::uniform_real_distribution<double> mantissa(1.0, 10.0);
    Compare compare;
    for (int decade = -30; decade <= 30; ++decade)
        for (int i = 0; i < 2000; ++i) {
            const double x = mantissa(random) * std::pow(10.0, decade);
            compare.one("%.*g", x, 3);
            compare.one("%.*f", x, 0);
            compare.one("%.*f", x, 1);
        }
    CHECK(compare.wrong == 0);
}
#else
// musl's snprintf (the WebAssembly build's libc) on a smaller random sample.
TEST_CASE("decimal_format: random doubles, as musl's snprintf", "[decimal_format]") {
    std::mt19937_64 random(20261201);
    Compare compare;
    for (int doubles = 0; doubles < 2000;) {
        const double x = from_bits(random());
        if (!std::isfinite(x)) continue;
        compare.all(x, doubles % 18);
        ++doubles;
    }
    CHECK(compare.wrong == 0);
}
#endif

// shortest_text against two references: glibc (the fewest %.*e digits that strtod reads back as
// x, found by trying 1 to 17) for the digits, and nlohmann's JSON writer (Grisu2, then the same
// layout) for the text, which may be a digit longer where Grisu2 misses the shortest.
TEST_CASE("shortest_text: the fewest digits that read back, laid out as JSON writes them", "[decimal_format]") {
    CHECK(shortest_text(0.1) == "0.1");
    CHECK(shortest_text(0.0001) == "0.0001");
    CHECK(shortest_text(0.00001) == "1e-05");
    CHECK(shortest_text(123.456) == "123.456");
    CHECK(shortest_text(1000000000) == "1000000000");
    CHECK(shortest_text(123456789012345.6) == "123456789012345.6");
    CHECK(shortest_text(1e15) == "1e+15");
    CHECK(shortest_text(-2.5e300) == "-2.5e+300");
    CHECK(shortest_text(-0.0) == "-0");
    CHECK(shortest_text(0.0) == "0");
    CHECK(shortest_text(5e-324) == "5e-324");
    CHECK(shortest_text(DBL_MAX) == "1.7976931348623157e+308");
    CHECK(shortest_text(1.0 / 3) == "0.3333333333333333");
    CHECK(shortest_text(std::numeric_limits<double>::infinity()) == "Infinity");
    CHECK(shortest_text(-std::numeric_limits<double>::infinity()) == "-Infinity");
    CHECK(shortest_text(std::nan("")) == "NaN");

    std::mt19937_64 random(20261203);
    int wrong_digits = 0, longer_than_grisu = 0, differs_from_grisu = 0;
    for (int n = 0; n < 20000;) {
        const double x = n % 2 ? from_bits(random()) : std::ldexp(double(random() >> 11), -53) * 1000;
        if (!std::isfinite(x)) continue;
        ++n;
        const std::string ours = shortest_text(x);
        CHECK(std::strtod(ours.c_str(), nullptr) == x);
        // glibc's fewest digits, as %e; ours read as a number must print the same at that precision.
        char want[40], got[40];
        int p = 1;
        for (; p < 17; ++p) {
            std::snprintf(want, sizeof want, "%.*e", p - 1, x);
            if (std::strtod(want, nullptr) == x) break;
        }
        std::snprintf(want, sizeof want, "%.*e", p - 1, x);
        std::snprintf(got, sizeof got, "%.*e", p - 1, std::strtod(ours.c_str(), nullptr));
        std::string digits = ours;  // ours has p significant digits: no more, no fewer
        digits.erase(0, digits.find_first_not_of("-0."));
        digits = digits.substr(0, digits.find('e'));
        digits.erase(std::remove(digits.begin(), digits.end(), '.'), digits.end());
        while (digits.size() > 1 && digits.back() == '0' && ours.find('e') == std::string::npos &&
               ours.find('.') == std::string::npos)
            digits.pop_back();  // a whole number's zeros before the point are not digits of it
        if (std::strcmp(want, got) != 0 || int(digits.size()) != p) ++wrong_digits;
        std::string grisu = nlohmann::json(x).dump();
        if (grisu.size() > 2 && grisu.compare(grisu.size() - 2, 2, ".0") == 0) grisu.resize(grisu.size() - 2);
        if (ours != grisu) ++differs_from_grisu;
        if (ours.size() > grisu.size()) ++longer_than_grisu;
    }
    CHECK(wrong_digits == 0);
    CHECK(longer_than_grisu == 0);
    INFO("texts other than nlohmann's (Grisu2 a digit longer): " << differs_from_grisu);
    CHECK(differs_from_grisu < 20);  // Grisu2 is shortest for about 99.9% of doubles
}
