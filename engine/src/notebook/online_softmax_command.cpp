// online_softmax {scores, values, tile} -> the tiles step by step and the unfused result;
// tiling_memory {tokens, tile, bytes} -> memory of unfused versus tiled scores as T grows.
#include "attnbook/core/errors.hpp"
#include "attnbook/core/text_join.hpp"
#include "attnbook/lessons/online_softmax.hpp"
#include "attnbook/notebook/command_args.hpp"
#include "attnbook/notebook/field_reader.hpp"
#include "attnbook/notebook/json_out.hpp"
#include "attnbook/notebook/lesson_commands.hpp"
#include "attnbook/notebook/number_json.hpp"

namespace attnbook {

using nlohmann::json;

json online_softmax_command(const json& raw, const Progress&) {
    const OnlineSoftmaxInput in = read_command_fields<OnlineSoftmaxInput>("online_softmax", raw);
    const OnlineSoftmaxResult r = run_lesson("online_softmax: {}", online_softmax, in);
    constexpr Shown shown{4, Rounding::fixed};
    json out;
    JsonOut o(out);
    json& steps = o.array("steps");
    for (const auto& s : r.steps) {
        JsonOut::push(steps)
            .set("tile", std::vector<std::size_t>{s.first, s.last})
            .pair("running_max", s.running_max, shown)
            .pair("running_sum", s.running_sum, shown)
            .pairs("partial_output", s.partial_output, shown);
    }
    o.pairs("output", r.output, shown)
        .pairs("unfused_output", r.unfused_output, shown)
        .pair("max_abs_difference", r.max_abs_difference, Shown{2, Rounding::scientific});
    return out;
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
    json out;
    json& rows = JsonOut(out).array("rows");
    for (const auto& m : tiling_memory(tokens, tile))
        JsonOut::push(rows)
            .set("tokens", text_pair(m.tokens, count_text(m.tokens)))
            .set("unfused_bytes", text_pair(m.unfused_numbers * bytes, bytes_text(m.unfused_numbers * bytes)))
            .set("tiled_bytes", text_pair(m.tiled_numbers * bytes, bytes_text(m.tiled_numbers * bytes)));
    return out;
}

}  // namespace attnbook
