// online_softmax {scores, values, tile} -> the tiles step by step and the unfused result;
// tiling_memory {tokens, tile, bytes} -> memory of unfused versus tiled scores as T grows.
#include "attnbook/core/errors.hpp"
#include "attnbook/core/text_join.hpp"
#include "attnbook/lessons/online_softmax.hpp"
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
    const TilingMemoryInput in = read_command_fields<TilingMemoryInput>("tiling_memory", raw);
    const std::vector<double> tokens(in.tokens.begin(), in.tokens.end());
    const auto bytes = static_cast<double>(in.bytes);
    json out;
    json& rows = JsonOut(out).array("rows");
    for (const auto& m : tiling_memory(tokens, static_cast<double>(in.tile)))
        JsonOut::push(rows)
            .set("tokens", text_pair(m.tokens, count_text(m.tokens)))
            .set("unfused_bytes", text_pair(m.unfused_numbers * bytes, bytes_text(m.unfused_numbers * bytes)))
            .set("tiled_bytes", text_pair(m.tiled_numbers * bytes, bytes_text(m.tiled_numbers * bytes)));
    return out;
}

}  // namespace attnbook
