// decimal_to_double (core/decimal_to_double.hpp): every decimal read as the nearest double, ties to
// even. The references are independent of the code under test:
//   - doubles built from bits, std::ldexp, std::nextafter and numeric_limits;
//   - halfway points between neighbouring doubles, written out exactly in decimal by the test
//     (base-ten digit arithmetic on (2m + 1) * 2^(q-1)), and nudged up or down by one unit in a
//     digit after their last: the expected double follows from the bits (printf can't write them:
//     Emscripten's printf formats a long double through a double);
//   - printf's %.17g, which names a double uniquely (round trip);
//   - natively, glibc's strtod, which is correctly rounded, on hundreds of thousands of random
//     decimals (in the WebAssembly build std::strtod is decimal_to_double itself, so that
//     comparison is native only; everything else runs in both builds).
#include <catch2/catch.hpp>

#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "attnbook/core/decimal_to_double.hpp"

using attnbook::decimal_to_double;

namespace {

using Limits = std::numeric_limits<double>;

std::uint64_t bits_of(double x) {
    std::uint64_t b;
    std::memcpy(&b, &x, sizeof b);
    return b;
}

double from_bits(std::uint64_t b) {
    double x;
    std::memcpy(&x, &b, sizeof x);
    return x;
}

// The whole text must be read.
double read(const std::string& text) {
    double value = -1;
    const std::size_t n = decimal_to_double(text.data(), text.size(), value);
    INFO(text);
    REQUIRE(n == text.size());
    return value;
}

// Bit for bit, so that -0 differs from 0.
void same(const std::string& text, double expected) {
    const double got = read(text);
    INFO(text << " -> " << got << " (bits " << bits_of(got) << "), expected " << expected << " (bits "
              << bits_of(expected) << ")");
    CHECK(bits_of(got) == bits_of(expected));
}

std::size_t consumed(const std::string& text) {
    double value;
    return decimal_to_double(text.data(), text.size(), value);
}

const double inf = Limits::infinity();

// n * 2^k written exactly in decimal, as digits * 10^exponent: by repeated doubling of a decimal
// digit string when k >= 0, and as n * 5^-k * 10^k when k < 0 (a test-side computation in base
// ten, independent of the code under test, which works in base 2^32).
struct Halfway {
    std::string digits;
    int exponent;
};

Halfway halfway(std::uint64_t n, int k) {
    std::vector<int> digits;  // lowest first
    for (; n > 0; n /= 10) digits.push_back(static_cast<int>(n % 10));
    const int factor = k >= 0 ? 2 : 5;
    for (int step = 0; step < (k >= 0 ? k : -k); ++step) {
        int carry = 0;
        for (int& d : digits) {
            const int t = d * factor + carry;
            d = t % 10;
            carry = t / 10;
        }
        if (carry) digits.push_back(carry);
    }
    std::string text;
    for (auto d = digits.rbegin(); d != digits.rend(); ++d) text += static_cast<char>('0' + *d);
    return {text, k >= 0 ? 0 : k};
}

// A decimal digit string less one (it is at least 1).
std::string minus_one(std::string digits) {
    std::size_t i = digits.size();
    while (digits[--i] == '0') digits[i] = '9';
    digits[i] = static_cast<char>(digits[i] - 1);
    return digits;
}

}  // namespace

TEST_CASE("decimal_to_double: the boundaries of the double range", "[decimal_to_double]") {
    const double max = Limits::max();
    same("1.7976931348623157e308", max);
    same("1.7976931348623158e308", max);  // below max + ulp/2 = 1.797693134862315807937...e308
    same("1.7976931348623159e308", inf);
    same("-1.7976931348623159e308", -inf);
    same("179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368", max);
    same("1e308", 1e308);
    same("1e309", inf);
    same("1e400", inf);
    same("1e99999999999999999999999999", inf);
    const double min_normal = Limits::min();
    const double largest_subnormal = std::nextafter(min_normal, 0.0);
    const double smallest_subnormal = Limits::denorm_min();
    CHECK(bits_of(smallest_subnormal) == 1);
    same("2.2250738585072011e-308", largest_subnormal);
    same("2.2250738585072012e-308", min_normal);  // the input that once hung PHP and Java
    same("2.2250738585072014e-308", min_normal);
    same("4.9406564584124654e-324", smallest_subnormal);
    same("2.4703282292062327e-324", 0.0);                 // below half the smallest subnormal
    same("2.4703282292062328e-324", smallest_subnormal);  // above it
    same("1e-320", from_bits(2024));                      // 2023.78 units of 2^-1074
    same("1e-323", from_bits(2));
    same("1e-324", 0.0);
    same("1e-400", 0.0);
    same("-1e-400", -0.0);
    same("1e-99999999999999999999999999", 0.0);
}

TEST_CASE("decimal_to_double: short decimals, zeros, signs and the grammar", "[decimal_to_double]") {
    same("0", 0.0);
    same("-0", -0.0);
    same("-0.000e-5", -0.0);
    same("0e99999", 0.0);
    same("+0.5", 0.5);
    same(".5", 0.5);
    same("5.", 5.0);
    same("1.e2", 100.0);
    same("0.1", 0.1);
    same("-2.5E-3", -2.5e-3);
    same("000000000000000000000000001.5", 1.5);
    same("0.00000000000000000000000000000000000000000000000000000000000000000001", 1e-68);
    same("3.141592653589793", 3.141592653589793);
    same("1e22", 1e22);  // the last power of ten that is a double
    same("1e23", 1e23);  // not one: the first that Clinger's fast path cannot take
    same("123456789012345", 123456789012345.0);
    same("1234567890123456789012345678901234567890", 1234567890123456789012345678901234567890.0);
    same("9007199254740993", 9007199254740992.0);  // 2^53 + 1: tie, to even
    same("9007199254740995", 9007199254740996.0);  // 2^53 + 3: tie, to even
    same("9007199254740993.0000000000000000000000000000000000001", 9007199254740994.0);
    // 0.000...0001 with many zeros, and 1 followed by many zeros: the point and the exponent count.
    for (int zeros = 0; zeros < 340; zeros += 7) {
        const std::string small = "0." + std::string(static_cast<std::size_t>(zeros), '0') + "1";
        const std::string big = "1" + std::string(static_cast<std::size_t>(zeros), '0');
        INFO(zeros);
        CHECK(bits_of(read(small)) == bits_of(read("1e-" + std::to_string(zeros + 1))));
        CHECK(bits_of(read(big)) == bits_of(read("1e" + std::to_string(zeros))));
        CHECK(bits_of(read(big + ".000e-" + std::to_string(zeros))) == bits_of(1.0));
    }
    same("0." + std::string(400, '0') + "1", 0.0);
    same("1" + std::string(799, '0') + "e-799", 1.0);
    same("2" + std::string(2000, '0') + "1e-2001", 2.0);  // past 800 digits: the sticky digit
    same("0." + std::string(2000, '0') + "3" + std::string(1000, '9') + "e2000", 0.4);

    // The prefix read, as strtod reads it; 0 when nothing is a number.
    CHECK(consumed("1e") == 1);
    CHECK(consumed("1e+") == 1);
    CHECK(consumed("1E-x") == 1);
    CHECK(consumed("1.5x") == 3);
    CHECK(consumed("1.2.3") == 3);
    CHECK(consumed("-.5e1,") == 5);
    CHECK(consumed("12 ") == 2);
    for (const char* text : {"", ".", "-", "+", "e5", ".e5", "-.", " 1", "x1", "inf", "nan", "--1", "+-1"})
        CHECK(consumed(text) == 0);
}

TEST_CASE("decimal_to_double: halfway points between neighbouring doubles, and one digit off them",
          "[decimal_to_double]") {
    // The doubles below: edges, every binade's first and last, and random bit patterns.
    std::vector<double> lows = {Limits::denorm_min(), from_bits(2), from_bits(3), from_bits(0x000FFFFFFFFFFFFE),
                                std::nextafter(Limits::min(), 0.0), Limits::min(), 1.0, std::nextafter(1.0, 0.0),
                                9007199254740992.0, 1e23, std::nextafter(Limits::max(), 0.0), Limits::max()};
    for (int e = -1074; e <= 1023; e += 37) lows.push_back(std::ldexp(1.0, e));
    std::mt19937_64 random(20261201);
    for (int i = 0; i < 400; ++i) {
        const double x = from_bits(random() & 0x7FFFFFFFFFFFFFFF);
        if (std::isfinite(x)) lows.push_back(x);
    }
    for (const double low : lows) {
        // low = m * 2^q (m with the hidden bit), the next double (m + 1) * 2^q (2^1024, past the
        // largest double, rounds to infinity), the halfway point (2m + 1) * 2^(q - 1).
        const std::uint64_t b = bits_of(low), field = b >> 52;
        const std::uint64_t m = field == 0 ? b : (b & 0x000FFFFFFFFFFFFF) | (std::uint64_t(1) << 52);
        const int q = field == 0 ? -1074 : static_cast<int>(field) - 1075;
        const Halfway mid = halfway(2 * m + 1, q - 1);
        const std::string e = "e" + std::to_string(mid.exponent);
        const std::string e_next = "e" + std::to_string(mid.exponent - 1);
        // Just above: a 1 appended (one more digit, the exponent one less). Just below: the digits
        // less one and a 9 appended.
        const double up = low == Limits::max() ? inf : std::nextafter(low, inf);
        const double even = (b & 1) == 0 ? low : up;
        INFO("between " << b << " and the next double");
        same(mid.digits + e, even);
        same(mid.digits + "1" + e_next, up);
        same(mid.digits + std::string(1000, '0') + "1" + "e" + std::to_string(mid.exponent - 1001), up);
        same(minus_one(mid.digits) + "9" + e_next, low);
        same("-" + minus_one(mid.digits) + "999999" + "e" + std::to_string(mid.exponent - 6), -low);
    }
}

TEST_CASE("decimal_to_double: every double comes back from its 17 significant digits", "[decimal_to_double]") {
    std::mt19937_64 random(17);
    char buffer[64];
    for (int i = 0; i < 100000; ++i) {
        const double x = from_bits(random());
        if (!std::isfinite(x)) continue;
        std::snprintf(buffer, sizeof buffer, "%.17g", x);
        INFO(buffer);
        REQUIRE(bits_of(read(buffer)) == bits_of(x));
    }
}

TEST_CASE("decimal_to_double: JSON numbers read by nlohmann's lexer (strtod)", "[decimal_to_double]") {
    // In the WebAssembly build the lexer's std::strtod is decimal_to_double (core/strtod_wasm.cpp).
    const auto j = nlohmann::json::parse(
        "[0.1, 1e23, -0.0, 2.2250738585072011e-308, 2.4703282292062328e-324, 1e-400, 1.7976931348623158e308,"
        " 123456789012345678901234567890, 9007199254740993.0]");
    const double expected[] = {0.1, 1e23, -0.0, std::nextafter(Limits::min(), 0.0), Limits::denorm_min(), 0.0,
                               Limits::max(), 123456789012345678901234567890.0, 9007199254740992.0};
    REQUIRE(j.size() == 9);
    for (std::size_t i = 0; i < 9; ++i) {
        INFO(i);
        CHECK(bits_of(j[i].get<double>()) == bits_of(expected[i]));
    }
    CHECK_THROWS_AS(nlohmann::json::parse("1e400"), nlohmann::json::out_of_range);
    CHECK_THROWS_AS(nlohmann::json::parse("[-1.8e308]"), nlohmann::json::out_of_range);
}

TEST_CASE("decimal_to_double: the C strtod interface", "[decimal_to_double]") {
    char* end = nullptr;
    const char* spaced = " \t\n1.5e1x";
    CHECK(std::strtod(spaced, &end) == 15.0);
    CHECK(end == spaced + 8);
    errno = 0;
    CHECK(std::strtod("-1e400", nullptr) == -inf);
    CHECK(errno == ERANGE);
    const char* none = "e5";
    CHECK(std::strtod(none, &end) == 0.0);
    CHECK(end == none);
#ifdef __EMSCRIPTEN__
    // The module's strtod is decimal_to_double, which reads no hex: the 0 of "0x10" and no further
    // (musl's strtod reads 16).
    const char* hex = "0x10";
    CHECK(std::strtod(hex, &end) == 0.0);
    CHECK(end == hex + 1);
#endif
}

#ifndef __EMSCRIPTEN__
// glibc's strtod rounds correctly (it computes exactly with GMP's mpn functions): an independent
// reference for random decimals of 1 to 40 digits and now and then hundreds, the point anywhere,
// leading zeros, exponents from -350 to 350 (the range's both ends and far beyond both).
TEST_CASE("decimal_to_double: random decimals, bit for bit as glibc's strtod", "[decimal_to_double]") {
    std::mt19937_64 random(8131);
    auto below = [&](std::uint64_t n) { return static_cast<std::size_t>(random() % n); };
    std::string text;
    int differences = 0;
    for (int i = 0; i < 250000; ++i) {
        text.clear();
        if (below(2)) text += below(4) ? "-" : "+";
        if (below(8) == 0) text.append(below(20), '0');
        const std::size_t digits = below(64) == 0 ? 41 + below(760) : 1 + below(40);
        const std::size_t point = below(3) == 0 ? digits : below(digits + 1);
        for (std::size_t k = 0; k < digits; ++k) {
            if (k == point) text += '.';
            text += static_cast<char>('0' + below(10));
        }
        if (below(16)) {
            text += below(2) ? 'e' : 'E';
            const int exponent = static_cast<int>(below(701)) - 350;
            if (exponent >= 0 && below(2)) text += '+';
            text += std::to_string(exponent);
        }
        const double reference = std::strtod(text.c_str(), nullptr);
        double got;
        const std::size_t n = decimal_to_double(text.data(), text.size(), got);
        if (n != text.size() || bits_of(got) != bits_of(reference)) {
            if (++differences <= 5) FAIL_CHECK(text << ": read " << n << " chars, " << bits_of(got) << " != glibc's "
                                                    << bits_of(reference));
        }
    }
    CHECK(differences == 0);
}
#endif
