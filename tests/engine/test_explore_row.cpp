// The explorable row against hand calculations and the figures the source notebook published.
#include <catch2/catch.hpp>
#include <cmath>

#include "attnbook/core/errors.hpp"
#include "attnbook/lessons/explore_row.hpp"

using namespace attnbook;

namespace {
ExploreInput source_example() {
    ExploreInput in;
    in.query = {2, 1};
    in.keys = {{-1, 2}, {1, 0}, {0, 1}};
    in.values = {{2, 0}, {0, 2}, {-1, -1}};
    return in;
}
}  // namespace

TEST_CASE("explore row reproduces the source notebook's exact doubles", "[explore]") {
    const ExploreRow row = explore_row(source_example());
    // Published by the source page (V8's Math.exp, left-to-right sums): exact equality is the
    // claim, since det_exp is fdlibm's exp like V8's.
    CHECK(row.shares[0] == 0.14002924504337802);
    CHECK(row.shares[1] == 0.575975345215362);
    CHECK(row.shares[2] == 0.28399540974126003);
    CHECK(row.max == 1.414213562373095);
    CHECK(row.denominator == 1.736185425829454);
    CHECK(row.output[0] == -0.00393691965450399);
    CHECK(row.output[1] == 0.8679552806894639);
    CHECK(row.carries[0][0] == 0.28005849008675604);
    CHECK(row.carries[1][1] == 1.151950690430724);
    CHECK_FALSE(row.all_masked);
}

TEST_CASE("explore row matches a hand calculation", "[explore]") {
    // dots: q.kA = -2+2 = 0, q.kB = 2, q.kC = 1; scores divide by sqrt(2).
    const ExploreRow row = explore_row(source_example());
    CHECK(row.dots == std::vector<double>{0, 2, 1});
    const double r2 = std::sqrt(2.0);
    const double a = std::exp(0 - 2 / r2), b = 1.0, c = std::exp(1 / r2 - 2 / r2), z = a + b + c;
    // glibc exp vs fdlibm exp differ by at most an ulp or two: 1e-15 relative is ample.
    CHECK(row.shares[0] == Approx(a / z).epsilon(1e-15));
    CHECK(row.shares[1] == Approx(b / z).epsilon(1e-15));
    CHECK(row.shares[2] == Approx(c / z).epsilon(1e-15));
    CHECK(row.output[1] == Approx(2 * b / z - c / z).epsilon(1e-14));
    double total = 0.0;
    for (double s : row.shares) total += s;
    CHECK(total == Approx(1.0).epsilon(1e-15));
}

TEST_CASE("explore row divisors", "[explore]") {
    ExploreInput in = source_example();
    in.divisor = Divisor::width;
    CHECK(explore_row(in).scores == std::vector<double>{0, 1, 0.5});
    in.divisor = Divisor::one;
    CHECK(explore_row(in).scores == std::vector<double>{0, 2, 1});
}

TEST_CASE("explore row masks", "[explore]") {
    ExploreInput in = source_example();
    SECTION("a masked source gets exactly zero and the rest renormalise") {
        in.mask = {true, false, true};
        const ExploreRow row = explore_row(in);
        CHECK(row.shares[1] == 0.0);
        CHECK(row.carries[1] == std::vector<double>{0.0, 0.0});
        CHECK(row.max == row.scores[2]);  // the largest allowed score, not B's
        const double a = std::exp(row.scores[0] - row.scores[2]);
        CHECK(row.shares[0] == Approx(a / (a + 1)).epsilon(1e-15));
        CHECK(row.shares[0] + row.shares[2] == Approx(1.0).epsilon(1e-15));
        CHECK(row.dots[1] == 2.0);  // masked sources still show their match
    }
    SECTION("every source masked: finite zeros and a flag, never NaN") {
        in.mask = {false, false, false};
        const ExploreRow row = explore_row(in);
        CHECK(row.all_masked);
        for (double s : row.shares) CHECK(s == 0.0);
        for (double o : row.output) CHECK((o == 0.0 && !std::signbit(o)));
        CHECK(row.denominator == 0.0);
        for (const auto& carry : row.carries)
            for (double x : carry) CHECK_FALSE(std::signbit(x));  // +0, not -0 from 0 * (-1)
    }
}

TEST_CASE("explore row with large scores does not overflow", "[explore]") {
    ExploreInput in;
    in.query = {1000, 0};
    in.keys = {{1, 0}, {0.999, 0}, {-1, 0}};
    in.values = {{1}, {2}, {3}};
    in.divisor = Divisor::one;
    const ExploreRow row = explore_row(in);
    // exp(1000) overflows a naive softmax; shifted, B trails A by 1: share_B / share_A = e^-1.
    CHECK(std::isfinite(row.shares[0]));
    CHECK(row.shares[1] / row.shares[0] == Approx(std::exp(-1.0)).epsilon(1e-12));
    CHECK(row.shares[2] == 0.0);  // exp(-2000) underflows to exactly 0: not a mask
}

TEST_CASE("explore row shape errors name the field and both sizes", "[explore]") {
    ExploreInput in = source_example();
    SECTION("key width") {
        in.keys[1] = {1, 0, 3};
        CHECK_THROWS_WITH(explore_row(in), "keys[1] has 3 numbers but the query has 2");
    }
    SECTION("values rows") {
        in.values.pop_back();
        CHECK_THROWS_WITH(explore_row(in), "values: has 2 rows but keys has 3");
    }
    SECTION("ragged values") {
        in.values[2] = {1};
        CHECK_THROWS_WITH(explore_row(in), "values[2] has 1 number but values[0] has 2");
    }
    SECTION("mask length") {
        in.mask = {true};
        CHECK_THROWS_WITH(explore_row(in), "mask: has 1 entries but there are 3 sources");
    }
    SECTION("finite inputs whose dot product overflows") {
        in.query = {1e200, 1e200};
        in.keys[0] = {1e200, 1e200};
        CHECK_THROWS_WITH(explore_row(in), "the dot product of the query with keys[0] overflows a double (beyond 1.8e308): use smaller numbers");
    }
    SECTION("values whose weighted sum overflows") {
        // Eleven sources with equal scores and values at the largest double: each share is
        // 1/11 and rounds so that the running sum of the carries steps past DBL_MAX.
        in.query = {1};
        in.keys.assign(11, {0});
        in.values.assign(11, {1.7976931348623157e308});
        in.mask.clear();
        CHECK_THROWS_WITH(explore_row(in), "output[0] overflows a double (beyond 1.8e308): use smaller values");
    }
    SECTION("non-finite input") {
        in.query[0] = std::nan("");
        CHECK_THROWS_WITH(explore_row(in), "query[0] is not a finite number");
    }
}
