#pragma once
// The beginner's pipeline: one word's raw scores against a few words, divided by the volume knob
// (the divisor; the standard setting is sqrt(d)), shared out by softmax and used to blend the
// words' values:
//   divided_j = score_j / divisor;  share = softmax(divided);  blend = sum_j share_j value_j
// The knob moves through `stops`: divisors spaced evenly on a log scale from knob_min (the top
// score wins outright) to knob_max (every share is nearly the same), with sqrt(d) inserted.
#include <cstddef>
#include <iterator>
#include <string>
#include <vector>

#include "attnbook/core/field.hpp"
#include "attnbook/core/fixed_rows.hpp"
#include "attnbook/lessons/explore_row.hpp"

namespace attnbook {

// The lesson's example: "it" in "The animal didn't cross the street because it was too tired".
namespace pipeline_defaults {
inline constexpr double scores[4] = {0.1, 4.0, 0.0, 0.2};
inline constexpr double values[4][2] = {{1, 0}, {0, 2}, {-1, 1}, {2, 1}};
inline constexpr const char* labels[4] = {"The", "animal", "didn't", "cross"};
}  // namespace pipeline_defaults

struct PipelineInput {
    std::vector<double> scores = row_from(pipeline_defaults::scores);
    std::size_t width = 8;  // d: the standard divisor is sqrt(8) = 2.83
    std::vector<std::vector<double>> values = rows_from(pipeline_defaults::values);
    std::vector<std::string> labels =
        std::vector<std::string>(std::begin(pipeline_defaults::labels), std::end(pipeline_defaults::labels));
};

namespace pipeline_limits {
inline constexpr std::size_t max_words = 8;
inline constexpr std::size_t max_value_width = 4;
inline constexpr std::size_t max_width = 4096;
inline constexpr double max_abs = 1000;
inline constexpr double knob_min = 0.1;
inline constexpr double knob_max = 100;
inline constexpr std::size_t knob_steps_per_decade = 8;  // 3 decades: 25 stops, plus sqrt(d)
}  // namespace pipeline_limits

// The pipeline cell's and the `pipeline` command's fields (core/field.hpp); fields() binds each to
// its member. One value row and one label per score are the cell's checks between fields (and
// check_pipeline_input's); a label is an explorable's label. The command's `knob` is its own: its
// stops depend on the width.
namespace pipeline_fields {
namespace lim = pipeline_limits;
inline constexpr WholeRange words{1, lim::max_words};
inline constexpr Field scores = Field::numbers_in("scores", words, lim::max_abs, "one word's raw scores against each word");
inline constexpr Field width = Field::whole_in("width", {1, lim::max_width}, "the head width d (the standard divisor is sqrt(d))");
inline constexpr Field values =
    Field::rows_in("values", words, {1, lim::max_value_width}, lim::max_abs, "the words' values, one row per score");
inline constexpr Field labels = Field::strings_in("labels", {0, lim::max_words}, {1, explore_limits::cell_label_max_chars},
                                                  "the words, one per score", Field::cell_only);
}  // namespace pipeline_fields

template <class Visit>
void fields(PipelineInput& in, Visit&& field) {
    namespace f = pipeline_fields;
    field(f::scores, in.scores); field(f::width, in.width); field(f::values, in.values); field(f::labels, in.labels);
}

// The knob's divisors, ascending, and the index of sqrt(d) among them.
std::vector<double> knob_stops(std::size_t width, std::size_t& sqrt_index);

struct Pipeline {
    double divisor = 0.0;
    std::vector<double> divided, shares, blend;
    double share_sum = 0.0;
};

// UserError naming the field for shapes and limits.
void check_pipeline_input(const PipelineInput& input);
Pipeline pipeline(const PipelineInput& input, double divisor);

}  // namespace attnbook
