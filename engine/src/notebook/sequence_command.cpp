#include "attnbook/notebook/sequence_command.hpp"

#include <string>

#include "attnbook/core/errors.hpp"
#include "attnbook/core/number.hpp"
#include "attnbook/lessons/explore_row.hpp"
#include "attnbook/lessons/sequence.hpp"
#include "attnbook/notebook/command_args.hpp"

namespace attnbook {
namespace {

using nlohmann::json;

// The explorable's display: up to three decimals, trailing zeros dropped.
constexpr Shown kShown{3, Rounding::trimmed};

json pair_rows(const std::vector<std::vector<double>>& rows) {
    json out = json::array();
    for (const auto& row : rows) out.push_back(number_pairs(row, kShown));
    return out;
}

}  // namespace

json sequence_command(const json& raw, const Progress&) {
    CommandArgs args("sequence", raw, {"queries", "keys", "values", "mask", "divisor"});
    SequenceInput in = sequence_example();  // every field left out is the lesson's held example
    if (args.has("queries")) in.queries = args.rows("queries");
    if (args.has("keys")) in.keys = args.rows("keys");
    if (args.has("values")) in.values = args.rows("values");
    if (args.has("mask")) in.mask = args.flag_rows("mask");
    if (args.has("divisor")) in.divisor = parse_divisor(args.text("divisor"));
    // The explorable's command limits, per row and per source.
    constexpr std::size_t rows = explore_limits::command_max_sources, width = explore_limits::command_max_width;
    if (in.queries.size() > rows) throw UserError("queries: at most " + std::to_string(rows) + " rows");
    if (in.keys.size() > rows) throw UserError("keys: at most " + std::to_string(rows) + " sources");
    for (std::size_t r = 0; r < in.queries.size(); ++r)
        if (in.queries[r].size() > width) throw UserError("queries[" + std::to_string(r) + "]: at most " + std::to_string(width) + " numbers");
    if (!in.values.empty() && in.values[0].size() > width)
        throw UserError("values: at most " + std::to_string(width) + " numbers per row");
    const SequenceResult r = sequence_rows(in);
    json masked = json::array();
    for (bool b : r.all_masked) masked.push_back(b);
    return json{{"scores", pair_rows(r.scores)},
                {"shares", pair_rows(r.shares)},
                {"outputs", pair_rows(r.outputs)},
                {"all_masked", masked}};
}

}  // namespace attnbook
