#include "attnbook/notebook/sequence_command.hpp"

#include <string>

#include "attnbook/core/errors.hpp"
#include "attnbook/core/text_join.hpp"
#include "attnbook/lessons/explore_row.hpp"
#include "attnbook/lessons/sequence.hpp"
#include "attnbook/notebook/field_reader.hpp"
#include "attnbook/notebook/json_out.hpp"
#include "attnbook/notebook/number_json.hpp"

namespace attnbook {
namespace {

using nlohmann::json;

// The explorable's display: up to three decimals, trailing zeros dropped.
constexpr Shown kShown{3, Rounding::trimmed};

}  // namespace

void check_command_sources(const std::vector<std::vector<double>>& keys, const std::vector<std::vector<double>>& values) {
    constexpr std::size_t sources = explore_limits::command_max_sources, width = explore_limits::command_max_width;
    if (keys.size() > sources) throw_format("keys: at most {} sources", {sources});
    if (!values.empty() && values[0].size() > width) throw_format("values: at most {} numbers per row", {width});
}

json sequence_command(const json& raw, const Progress&) {
    // Every field left out is the lesson's held example.
    const SequenceInput in = read_command_fields<SequenceInput>("sequence", raw);
    // The explorable's command limits, per row and per source.
    constexpr std::size_t rows = explore_limits::command_max_sources, width = explore_limits::command_max_width;
    if (in.queries.size() > rows) throw_format("queries: at most {} rows", {rows});
    check_command_sources(in.keys, in.values);
    for (std::size_t r = 0; r < in.queries.size(); ++r)
        if (in.queries[r].size() > width) throw_format("queries[{}]: at most {} numbers", {r, width});
    const SequenceResult r = sequence_rows(in);
    json out;
    JsonOut(out)
        .pair_rows("scores", r.scores, kShown)
        .pair_rows("shares", r.shares, kShown)
        .pair_rows("outputs", r.outputs, kShown)
        .set("all_masked", r.all_masked);
    return out;
}

}  // namespace attnbook
