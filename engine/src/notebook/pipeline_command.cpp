// pipeline {scores?, width?, values?, knob?} -> the beginner's pipeline at one knob setting:
// {divisor, knob: {stops, sqrt_index, index}, divided, shares, sum, blend} (lessons/pipeline.hpp).
// `knob` is an index into the knob's stops; left out, it is sqrt(d)'s.
#include "attnbook/core/errors.hpp"
#include "attnbook/core/text_join.hpp"
#include "attnbook/lessons/pipeline.hpp"
#include "attnbook/notebook/command_args.hpp"
#include "attnbook/notebook/field_reader.hpp"
#include "attnbook/notebook/json_out.hpp"
#include "attnbook/notebook/lesson_commands.hpp"
#include "attnbook/notebook/number_json.hpp"

namespace attnbook {

using nlohmann::json;

json pipeline_command(const json& raw, const Progress&) {
    PipelineInput in;
    in.labels.clear();  // a cell's field
    const CommandArgs args = read_command_fields("pipeline", raw, in, {"knob"});
    try {
        check_pipeline_input(in);
    } catch (const UserError& e) {
        throw_format("pipeline: $.{}", {e.what()});
    }
    std::size_t sqrt_index = 0;
    const std::vector<double> stops = knob_stops(in.width, sqrt_index);
    const std::size_t index = args.has("knob") ? args.whole("knob", 0, stops.size() - 1) : sqrt_index;
    const Pipeline r = pipeline(in, stops[index]);
    constexpr Shown two{2, Rounding::fixed};
    json out;
    JsonOut o(out);
    o.pair("divisor", r.divisor, two);
    o.object("knob").set("stops", stops.size()).set("sqrt_index", sqrt_index).set("index", index);
    o.pairs("divided", r.divided, two)
        .pairs("shares", r.shares, two)
        .pair("sum", r.share_sum, two)
        .pairs("blend", r.blend, two);
    return out;
}

}  // namespace attnbook
