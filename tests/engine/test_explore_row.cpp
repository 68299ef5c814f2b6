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

// The explorable's other normalisers (core/normalize.hpp), against float64 references written
// here. Scores [0, 1, 1.5] (query [1], divisor 1): sparsemax by its sort-based definition, sorted
// z = (1.5, 1, 0); support k = max{k : 1 + k z_k > sum_{j<=k} z_j} = 2 (1 + 2 = 3 > 2.5, but
// 1 + 0 = 1 < 2.5), tau = (2.5 - 1) / 2 = 0.75, shares (0, 0.25, 0.75): A gets exactly 0.
namespace {
ExploreInput three_scores(Normalizer kind) {
    ExploreInput in;
    in.query = {1};
    in.keys = {{0}, {1}, {1.5}};
    in.values = {{2, 0}, {0, 2}, {-1, -1}};
    in.divisor = Divisor::one;
    in.normalizer = kind;
    return in;
}
}  // namespace

TEST_CASE("explore row normalisers against float64 references", "[explore][normalize]") {
    SECTION("softmax is the default and keeps its denominator") {
        ExploreInput in = three_scores(Normalizer::softmax);
        const ExploreRow row = explore_row(in);
        const double z = std::exp(-1.5) + std::exp(-0.5) + 1.0;
        CHECK(row.denominator == Approx(z).epsilon(1e-15));
        CHECK(row.total == Approx(1.0).epsilon(1e-15));
        CHECK(ExploreInput{}.normalizer == Normalizer::softmax);
    }
    SECTION("sparsemax: the hand example, A exactly 0") {
        const ExploreRow row = explore_row(three_scores(Normalizer::sparsemax));
        CHECK(row.shares == std::vector<double>{0.0, 0.25, 0.75});  // exact in binary
        CHECK(row.output == std::vector<double>{-0.75, -0.25});     // 0.25 (0, 2) + 0.75 (-1, -1)
        CHECK(row.total == 1.0);
        CHECK(row.max == 1.5);
        CHECK(row.denominator == 0.0);
        CHECK_FALSE(row.all_masked);
        for (double x : row.carries[0]) CHECK((x == 0.0 && !std::signbit(x)));
    }
    SECTION("softmax1: exp(s) / (1 + sum exp(s)), total below 1") {
        const ExploreRow row = explore_row(three_scores(Normalizer::softmax1));
        const double z = 1.0 + std::exp(0.0) + std::exp(1.0) + std::exp(1.5);
        CHECK(row.shares[0] == Approx(1.0 / z).epsilon(1e-14));
        CHECK(row.shares[1] == Approx(std::exp(1.0) / z).epsilon(1e-14));
        CHECK(row.shares[2] == Approx(std::exp(1.5) / z).epsilon(1e-14));
        CHECK(row.total == Approx(1.0 - 1.0 / z).epsilon(1e-14));
    }
    SECTION("entmax15: y = max(s/2 - tau, 0)^2 summing to 1, a far source exactly 0") {
        ExploreInput in = three_scores(Normalizer::entmax15);
        in.keys = {{-4}, {1}, {1.5}};
        const ExploreRow row = explore_row(in);
        CHECK(row.shares[0] == 0.0);
        // On the support sqrt(y) = s/2 - tau with one tau: sqrt(y_C) - sqrt(y_B) = (1.5 - 1) / 2.
        CHECK(std::sqrt(row.shares[2]) - std::sqrt(row.shares[1]) == Approx(0.25).epsilon(1e-12));
        CHECK(row.shares[1] + row.shares[2] == Approx(1.0).epsilon(1e-14));
        // Closed form: a = sqrt(y_B), (a + 0.25)^2 + a^2 = 1  =>  a = (-0.25 + sqrt(2 - 0.0625)) / 2.
        const double a = (-0.25 + std::sqrt(2.0 - 0.0625)) / 2.0;
        CHECK(row.shares[1] == Approx(a * a).epsilon(1e-12));
    }
    SECTION("a masked source keeps share exactly 0 under every normaliser; all masked stays honest") {
        for (Normalizer kind : {Normalizer::sparsemax, Normalizer::entmax15, Normalizer::softmax1}) {
            ExploreInput in = three_scores(kind);
            in.mask = {true, true, false};  // C, the top score, is masked
            const ExploreRow row = explore_row(in);
            CHECK(row.shares[2] == 0.0);
            CHECK(row.max == 1.0);  // the largest allowed score
            if (kind == Normalizer::sparsemax) CHECK(row.shares == std::vector<double>{0.0, 1.0, 0.0});
            in.mask = {false, false, false};
            const ExploreRow none = explore_row(in);
            CHECK(none.all_masked);
            CHECK(none.max == 0.0);
            CHECK(none.total == 0.0);
            for (double s : none.shares) CHECK(s == 0.0);
            for (double o : none.output) CHECK((o == 0.0 && !std::signbit(o)));
        }
    }
}
