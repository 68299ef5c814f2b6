// rows_from / row_from: a lesson's constexpr table of numbers as the vectors the lessons take.
#include <catch2/catch.hpp>
#include <vector>

#include "attnbook/core/fixed_rows.hpp"
#include "attnbook/lessons/alternatives.hpp"
#include "attnbook/lessons/pipeline.hpp"

using namespace attnbook;

TEST_CASE("rows_from keeps every number in its row and column", "[fixed_rows]") {
    static constexpr double table[3][2] = {{1, -2}, {0.5, 0}, {-1e300, 7}};
    const std::vector<std::vector<double>> expected = {{1, -2}, {0.5, 0}, {-1e300, 7}};
    CHECK(rows_from(table) == expected);
    static constexpr double one[4] = {0.1, 4.0, 0.0, 0.2};
    CHECK(row_from(one) == std::vector<double>{0.1, 4.0, 0.0, 0.2});
    CHECK(row_from(one, 0).empty());
    CHECK(rows_from(one, 0, 4).empty());
}

TEST_CASE("default inputs built from their tables", "[fixed_rows]") {
    // The lessons' examples as written in the lesson text (shapes and a few entries).
    const AlternativesInput alt;
    REQUIRE(alt.keys.size() == 5);
    CHECK(alt.keys[3] == std::vector<double>{0, -1, 0, 2});
    CHECK(alt.values[4] == std::vector<double>{0.5, 0.5});
    const PipelineInput pipe;
    CHECK(pipe.labels == std::vector<std::string>{"The", "animal", "didn't", "cross"});
    CHECK(pipe.values.size() == pipe.scores.size());
}
