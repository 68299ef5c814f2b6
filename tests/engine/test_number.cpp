// Shown text: the lesson's rounding, decided once in the engine.
#include <catch2/catch.hpp>
#include <cmath>

#include "attnbook/core/number.hpp"
#include "attnbook/core/number_small.hpp"
#include "attnbook/notebook/number_json.hpp"

using namespace attnbook;

TEST_CASE("fixed rounding keeps the lesson's digits", "[number]") {
    CHECK(show_number(2.0004, {2, Rounding::fixed}) == "2.00");
    CHECK(show_number(16.0551, {2, Rounding::fixed}) == "16.06");
    CHECK(show_number(0.5744, {3, Rounding::fixed}) == "0.574");
    CHECK(show_number(0.0, {3, Rounding::fixed}) == "0.000");
}

TEST_CASE("trimmed rounding drops trailing zeros", "[number]") {
    CHECK(show_number(0.14002924504337802, {3, Rounding::trimmed}) == "0.14");
    CHECK(show_number(1.414213562373095, {3, Rounding::trimmed}) == "1.414");
    CHECK(show_number(2.0, {3, Rounding::trimmed}) == "2");
    CHECK(show_number(-0.00393691965450399, {3, Rounding::trimmed}) == "-0.004");
}

TEST_CASE("negative zero is shown only when it is real", "[number]") {
    CHECK(show_number(-0.0, {3, Rounding::trimmed}) == "-0");
    CHECK(show_number(-0.0, {2, Rounding::fixed}) == "-0.00");
    CHECK(show_number(-0.0004, {3, Rounding::fixed}) == "0.000");
    CHECK(show_number(-0.0004, {3, Rounding::trimmed}) == "0");
}

TEST_CASE("pairs carry the exact double and refuse non-finite numbers", "[number]") {
    const auto pair = number_pair(0.1 + 0.2, {3, Rounding::fixed});
    CHECK(pair["exact"].get<double>() == 0.1 + 0.2);
    CHECK(pair.dump() == R"({"exact":0.30000000000000004,"shown":"0.300"})");
    CHECK_THROWS(number_pair(std::nan("")));
    CHECK_THROWS(number_pair(INFINITY));
}

TEST_CASE("scientific rounding for errors and tolerances", "[number]") {
    CHECK(show_number(2.384185791015625e-07, {2, Rounding::scientific}) == "2.38e-07");
    CHECK(show_number(0.0, {2, Rounding::scientific}) == "0.00e+00");
}

TEST_CASE("small-aware text: a tiny number is never shown as zero, an exact zero as 0", "[number]") {
    CHECK(show_small_aware(0.24999, 4) == "0.2500");
    CHECK(show_small_aware(0.00012, 4) == "0.0001");    // one nonzero digit: still fixed
    CHECK(show_small_aware(0.00004, 4) == "4.00e-05");  // fixed would print 0.0000
    CHECK(show_small_aware(-0.00004, 4) == "-4.00e-05");
    CHECK(show_small_aware(-0.00005, 4) == "-0.0001");  // -5e-05 is a hair above 5e-05 in binary: it rounds up
    // exp(-64) = 1.6038108905486379e-28 (by hand: e^-64), the saturated Jacobian's scale
    CHECK(show_small_aware(1.6038108905486379e-28, 4) == "1.60e-28");
    CHECK(show_small_aware(0.0, 4) == "0");
    CHECK(show_small_aware(-0.0, 4) == "0");
    CHECK(show_small_aware(3.0, 3) == "3.000");
    CHECK(small_aware_pair(2e-30, 3).dump() == R"({"exact":2e-30,"shown":"2.00e-30"})");
    CHECK_THROWS(small_aware_pair(INFINITY, 3));
}
