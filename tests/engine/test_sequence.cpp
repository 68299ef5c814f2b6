// The held sequence against float64 references written here: each row's softmax of q.k/sqrt(d)
// over the allowed sources, with masked shares exactly 0 and a fully masked row flagged.
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "attnbook/core/errors.hpp"
#include "attnbook/lessons/sequence.hpp"

using namespace attnbook;

namespace {
using Rows = std::vector<std::vector<double>>;

// Independent reference: plain loops with std::exp (not det_exp), no max subtraction needed at
// these magnitudes.
void reference_row(const std::vector<double>& q, const Rows& keys, const Rows& values, const std::vector<bool>& mask,
                   std::vector<double>& shares, std::vector<double>& out) {
    const double root = std::sqrt(static_cast<double>(q.size()));
    std::vector<double> e(keys.size(), 0.0);
    double z = 0.0;
    for (std::size_t i = 0; i < keys.size(); ++i) {
        if (!mask[i]) continue;
        double dot = 0.0;
        for (std::size_t j = 0; j < q.size(); ++j) dot += q[j] * keys[i][j];
        e[i] = std::exp(dot / root);
        z += e[i];
    }
    shares.assign(keys.size(), 0.0);
    out.assign(values[0].size(), 0.0);
    for (std::size_t i = 0; i < keys.size(); ++i) {
        if (!mask[i]) continue;
        shares[i] = e[i] / z;
        for (std::size_t j = 0; j < out.size(); ++j) out[j] += shares[i] * values[i][j];
    }
}
}  // namespace

TEST_CASE("sequence: each row of the held example by hand", "[sequence]") {
    const SequenceInput in = sequence_example();
    REQUIRE(in.queries.size() == 3);
    const SequenceResult r = sequence_rows(in);
    // Row 0 is the explorable's q = [2, 1]: dots 0, 2, 1 over sqrt(2).
    CHECK(r.scores[0][0] == 0.0);
    CHECK(r.scores[0][1] == Approx(2 / std::sqrt(2.0)).epsilon(1e-15));
    // Row 1, q = [1, -1]: dots -3, 1, -1.
    CHECK(r.scores[1][0] == Approx(-3 / std::sqrt(2.0)).epsilon(1e-15));
    CHECK(r.scores[1][2] == Approx(-1 / std::sqrt(2.0)).epsilon(1e-15));
    for (std::size_t row = 0; row < 3; ++row) {
        std::vector<double> shares, out;
        reference_row(in.queries[row], in.keys, in.values, {true, true, true}, shares, out);
        for (std::size_t i = 0; i < 3; ++i) CHECK(std::fabs(r.shares[row][i] - shares[i]) <= 1e-15);
        for (std::size_t j = 0; j < 2; ++j) CHECK(std::fabs(r.outputs[row][j] - out[j]) <= 1e-14);
        CHECK_FALSE(r.all_masked[row]);
    }
}

TEST_CASE("sequence: causal mask, masked shares exactly 0, a fully masked row", "[sequence]") {
    SequenceInput in = sequence_example();
    in.mask = {{false, false, false}, {true, true, false}, {true, true, true}};
    const SequenceResult r = sequence_rows(in);
    CHECK(r.all_masked == Flags{1, 0, 0});
    CHECK(r.shares[0] == std::vector<double>{0, 0, 0});
    CHECK(r.outputs[0] == std::vector<double>{0, 0});
    CHECK_FALSE(std::signbit(r.outputs[0][0]));
    // Row 1 attends to A and B only: two-way softmax of -3/sqrt2 and 1/sqrt2.
    const double a = std::exp(-3 / std::sqrt(2.0)), b = std::exp(1 / std::sqrt(2.0));
    CHECK(r.shares[1][2] == 0.0);
    CHECK(std::fabs(r.shares[1][0] - a / (a + b)) <= 1e-15);
    CHECK(std::fabs(r.shares[1][1] - b / (a + b)) <= 1e-15);
    // o = wA [2, 0] + wB [0, 2]
    CHECK(std::fabs(r.outputs[1][0] - 2 * a / (a + b)) <= 1e-15);
    CHECK(std::fabs(r.outputs[1][1] - 2 * b / (a + b)) <= 1e-15);
    // Scores of masked sources are still reported.
    CHECK(r.scores[0][1] == Approx(2 / std::sqrt(2.0)).epsilon(1e-15));
}

TEST_CASE("sequence: any number of rows and sources, divisor 1", "[sequence]") {
    SequenceInput in;
    in.queries = {{1, 0, 0}, {0, 1, 0}};
    in.keys = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 1}};
    in.values = {{1}, {2}, {3}, {4}};
    in.divisor = Divisor::one;
    const SequenceResult r = sequence_rows(in);
    REQUIRE(r.shares.size() == 2);
    REQUIRE(r.shares[0].size() == 4);
    const double e = std::exp(1.0);
    const double z = e + 1 + 1 + e;
    CHECK(std::fabs(r.shares[0][0] - e / z) <= 1e-15);
    CHECK(std::fabs(r.outputs[0][0] - (e * 1 + 2 + 3 + e * 4) / z) <= 1e-14);
}

TEST_CASE("sequence: shape problems name the row", "[sequence]") {
    SequenceInput in = sequence_example();
    in.queries[1] = {1, 2, 3};
    CHECK_THROWS_WITH(sequence_rows(in), Catch::Contains("keys[0] has 2 numbers but the query has 3"));
    in = sequence_example();
    in.mask = {{true, true, true}};
    CHECK_THROWS_WITH(sequence_rows(in), Catch::Contains("mask: has 1 rows but queries has 3"));
    in.mask = {{true}, {true, true, true}, {true, true, true}};
    CHECK_THROWS_WITH(sequence_rows(in), Catch::Contains("mask[0] has 1 entries but there are 3 sources"));
    in = sequence_example();
    in.queries.clear();
    CHECK_THROWS_AS(sequence_rows(in), UserError);
}
