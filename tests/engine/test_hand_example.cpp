// The hand-checkable attention step, against the arithmetic a learner would do on paper.
#include <catch2/catch.hpp>
#include <cmath>

#include "attnbook/core/errors.hpp"
#include "attnbook/lessons/hand_example.hpp"

using namespace attnbook;

TEST_CASE("hand example equals the paper calculation", "[hand_example]") {
    const HandExample r = hand_example(HandExampleInput{});
    // Query [1,0] matches keys 1 and 3 with dot 1, key 2 with dot 0; divided by sqrt(2).
    const double s = 1 / std::sqrt(2.0);
    const double big = 1.0, small = std::exp(-s), z = 2 * big + small;
    CHECK(r.logits[0][0] == Approx(s).epsilon(1e-15));
    CHECK(r.logits[0][1] == 0.0);
    CHECK(r.weights[0][0] == Approx(big / z).epsilon(1e-15));
    CHECK(r.weights[0][1] == Approx(small / z).epsilon(1e-15));
    CHECK(r.weights[1][2] == Approx(big / z).epsilon(1e-15));
    // output row 1 = (10 w1 + 5 w3, 10 w2 + 5 w3)
    CHECK(r.output[0][0] == Approx(10 * big / z + 5 * big / z).epsilon(1e-14));
    CHECK(r.output[0][1] == Approx(10 * small / z + 5 * big / z).epsilon(1e-14));
    // Symmetry of the example: row 2 mirrors row 1.
    CHECK(r.output[1][0] == r.output[0][1]);
    CHECK(r.output[1][1] == r.output[0][0]);
    for (double sum : r.row_sums) CHECK(sum == Approx(1.0).epsilon(1e-15));
}

TEST_CASE("hand example rejects mismatched shapes", "[hand_example]") {
    HandExampleInput in;
    in.keys[2] = {1, 1, 1};
    CHECK_THROWS_WITH(hand_example(in), "keys[2] has 3 numbers but queries[0] has 2");
    in = HandExampleInput{};
    in.queries[1] = {1e300, 1e300};
    in.keys[2] = {1e300, 1e300};
    CHECK_THROWS_WITH(hand_example(in), "the dot product of queries[1] with keys[2] overflows a double (beyond 1.8e308): use smaller numbers");
    in = HandExampleInput{};
    in.values.pop_back();
    CHECK_THROWS_WITH(hand_example(in), "values: has 2 rows but keys has 3");
}
