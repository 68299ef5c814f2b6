// online_softmax {scores, values, tile} -> the tiles step by step and the unfused result;
// tiling_memory {tokens, tile, bytes} -> memory of unfused versus tiled scores as T grows.
#include "attnbook/core/errors.hpp"
#include "attnbook/core/number.hpp"
#include "attnbook/lessons/online_softmax.hpp"
#include "attnbook/notebook/command_args.hpp"
#include "attnbook/notebook/lesson_commands.hpp"

namespace attnbook {

using nlohmann::json;

json online_softmax_command(const json& raw, const Progress&) {
    CommandArgs args("online_softmax", raw, {"scores", "values", "tile"});
    OnlineSoftmaxInput in;
    if (args.has("scores")) in.scores = args.numbers("scores");
    if (args.has("values")) in.values = args.rows("values");
    if (args.has("tile")) in.tile = args.whole("tile", 1, online_softmax_limits::max_keys);
    OnlineSoftmaxResult r;
    try {
        r = online_softmax(in);
    } catch (const UserError& e) {
        throw UserError(std::string("online_softmax: ") + e.what());
    }
    constexpr Shown shown{4, Rounding::fixed};
    json steps = json::array();
    for (const auto& s : r.steps)
        steps.push_back(json{{"tile", {s.first, s.last}},
                             {"running_max", number_pair(s.running_max, shown)},
                             {"running_sum", number_pair(s.running_sum, shown)},
                             {"partial_output", number_pairs(s.partial_output, shown)}});
    return json{{"steps", steps},
                {"output", number_pairs(r.output, shown)},
                {"unfused_output", number_pairs(r.unfused_output, shown)},
                {"max_abs_difference", number_pair(r.max_abs_difference, Shown{2, Rounding::scientific})}};
}

json tiling_memory_command(const json& raw, const Progress&) {
    CommandArgs args("tiling_memory", raw, {"tokens", "tile", "bytes"});
    std::vector<double> tokens = {1000, 4000, 16000, 64000, 100000};
    if (args.has("tokens")) {
        tokens.clear();
        for (std::size_t t : args.wholes("tokens", 1, 100000000)) tokens.push_back(static_cast<double>(t));
        if (tokens.empty() || tokens.size() > 12) throw UserError("tiling_memory: $.tokens: give 1 to 12 lengths");
    }
    const double tile = args.has("tile") ? static_cast<double>(args.whole("tile", 1, 4096)) : 128.0;
    const double bytes = args.has("bytes") ? static_cast<double>(args.whole("bytes", 1, 8)) : 2.0;
    json rows = json::array();
    for (const auto& m : tiling_memory(tokens, tile))
        rows.push_back(json{{"tokens", text_pair(m.tokens, count_text(m.tokens))},
                            {"unfused_bytes", text_pair(m.unfused_numbers * bytes, bytes_text(m.unfused_numbers * bytes))},
                            {"tiled_bytes", text_pair(m.tiled_numbers * bytes, bytes_text(m.tiled_numbers * bytes))}});
    return json{{"rows", rows}};
}

}  // namespace attnbook
