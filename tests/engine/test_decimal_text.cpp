// read_decimal: the one rule for decimal numbers typed by a person (CLI options, practice
// answers). The expected doubles are C++ literals, read by the compiler, not by strtod at run
// time; the rule is JSON's and JavaScript's (Number("4.9e-324") === 5e-324).
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <string>

#include "attnbook/core/decimal_text.hpp"

using namespace attnbook;

namespace {

double ok(const std::string& text) {
    const Decimal d = read_decimal(text);
    INFO(text);
    REQUIRE(d.status == DecimalStatus::ok);
    return d.value;
}

DecimalStatus status(const std::string& text) { return read_decimal(text).status; }

}  // namespace

TEST_CASE("decimals read as the nearest double", "[decimal]") {
    CHECK(ok("2") == 2.0);
    CHECK(ok("-0.5") == -0.5);
    CHECK(ok("+5") == 5.0);
    CHECK(ok(".5") == 0.5);
    CHECK(ok("5.") == 5.0);
    CHECK(ok("1e3") == 1000.0);
    CHECK(ok("2.5E-3") == 2.5e-3);
    CHECK(ok("0.1") == 0.1);
    CHECK(ok("1.7976931348623157e308") == std::numeric_limits<double>::max());
    CHECK(std::signbit(ok("-0")));
}

TEST_CASE("values below the normal range are read as JSON reads them: subnormal or zero", "[decimal]") {
    CHECK(ok("4.9e-324") == std::numeric_limits<double>::denorm_min());
    CHECK(ok("1e-310") == 1e-310);
    CHECK(std::fpclassify(ok("1e-310")) == FP_SUBNORMAL);
    CHECK(ok("2.2250738585072011e-308") == 2.2250738585072011e-308);
    CHECK(ok("1e-400") == 0.0);
    CHECK(std::signbit(ok("-1e-400")));
}

TEST_CASE("only values beyond the largest double are refused as too large", "[decimal]") {
    CHECK(status("1e999") == DecimalStatus::too_large);
    CHECK(status("-1e309") == DecimalStatus::too_large);
    CHECK(status("1.8e308") == DecimalStatus::too_large);
}

TEST_CASE("infinity and NaN spellings are not finite numbers; anything else is not a number", "[decimal]") {
    for (const char* text : {"inf", "-inf", "+INF", "Infinity", "-infinity", "nan", "NaN", "-nan"})
        CHECK(status(text) == DecimalStatus::not_finite);
    for (const char* text : {"", " 1", "1 ", "0x10", "1e", "e5", ".", "+", "-", "1.5abc", "1_000", "1,5", "--1",
                             "1e+", "nan(1)", "infinit", "\xEF\xBC\x91"})
        CHECK(status(text) == DecimalStatus::not_a_number);
}
