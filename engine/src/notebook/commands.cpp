#include "attnbook/notebook/commands.hpp"

#include <iterator>

#include "attnbook/core/errors.hpp"
#include "attnbook/core/quote.hpp"
#include "attnbook/core/text_join.hpp"
#include "attnbook/lessons/explore_row.hpp"
#include "attnbook/lessons/hand_example.hpp"
#include "attnbook/lessons/scaling_study.hpp"
#include "attnbook/notebook/authoring.hpp"
#include "attnbook/notebook/block_command.hpp"
#include "attnbook/notebook/command_args.hpp"
#include "attnbook/notebook/field_reader.hpp"
#include "attnbook/notebook/ipynb.hpp"
#include "attnbook/notebook/json_out.hpp"
#include "attnbook/notebook/lesson_commands.hpp"
#include "attnbook/notebook/number_json.hpp"
#include "attnbook/notebook/practice.hpp"
#include "attnbook/notebook/precision_command.hpp"
#include "attnbook/notebook/python_export.hpp"
#include "attnbook/notebook/sequence_command.hpp"
#include "attnbook/notebook/train_command.hpp"

namespace attnbook {
namespace {

using nlohmann::json;

// The explorable shows up to three decimals with trailing zeros dropped (0.14, 1.414, 0); the
// lesson tables a fixed count (two_decimals, three_decimals: 2.00, 0.574).
constexpr Shown kExplorable{3, Rounding::trimmed};

std::vector<double> sqrt_widths(const std::vector<std::size_t>& widths) {
    std::vector<double> out;
    for (std::size_t d : widths) out.push_back(divisor_value(Divisor::sqrt_width, d));
    return out;
}

// The table's fields (explore_fields; every field left out is the lesson's example), in the
// command's own, larger limits.
void check_command_size(const ExploreInput& in) {
    check_command_sources(in.keys, in.values);
    if (in.query.size() > explore_limits::command_max_width)
        throw_format("query: at most {} numbers", {explore_limits::command_max_width});
}

json explore_command(const json& raw, const Progress&) {
    const ExploreInput in = read_command_fields<ExploreInput>("explore", raw);
    check_command_size(in);
    const ExploreRow row = explore_row(in);
    json out;
    JsonOut o(out);
    o.pairs("dots", row.dots, kExplorable).pairs("scores", row.scores, kExplorable).pair("max", row.max, kExplorable);
    if (in.normalizer != Normalizer::softmax)  // no softmax denominator; the shares' total instead
        o.set("normalizer", normalizer_name(in.normalizer)).pair("total", row.total, kExplorable);
    else
        o.pair("denominator", row.denominator, kExplorable);
    o.pairs("shares", row.shares, kExplorable)
        .pair_rows("carries", row.carries, kExplorable)
        .pairs("output", row.output, kExplorable)
        .set("all_masked", row.all_masked);
    return out;
}

json python_command(const json& raw, const Progress&) {
    ExploreInput in;
    const CommandArgs args = read_command_fields("python", raw, in, {"labels"});
    check_command_size(in);
    if (in.normalizer != Normalizer::softmax)
        throw_format("normalizer: the Python export writes softmax only, not {} (leave normalizer out or choose "
                     "softmax)", {normalizer_name(in.normalizer)});
    json out;
    JsonOut o(out);
    o.set("program", explore_python_program(in, args.has("labels") ? args.strings("labels") : std::vector<std::string>{}));
    // Each step's formula beside the program's own lines for it (the explorable pairs them).
    json& steps = o.array("steps");
    for (const PythonStep& step : explore_python_steps(in))
        JsonOut::push(steps).set("step", step.step).set("tex", step.tex).set("python", step.python);
    return out;
}

json scaling_command(const json& raw, const Progress& progress) {
    const ScalingInput in = read_command_fields<ScalingInput>("scaling", raw);
    const ScalingResult r = scaling_study(in, progress);
    json out;
    JsonOut(out)
        .set("widths", in.widths)
        .set("divisor", divisor_name(in.divisor))
        .pairs("raw_std", r.raw_std, two_decimals)
        .pairs("scaled_std", r.scaled_std, two_decimals)
        .pairs("top_unscaled", r.top_unscaled, three_decimals)
        .pairs("top_scaled", r.top_scaled, three_decimals)
        // The reference lines of the lesson's plots: sqrt(d) (what raw_std follows) and
        // 1/keys (the top weight of an even split).
        .pairs("sqrt_width", sqrt_widths(in.widths), two_decimals)
        .pair("even_share", 1.0 / static_cast<double>(in.keys), three_decimals);
    return out;
}

json hand_example_command(const json& raw, const Progress&) {
    const HandExampleInput in = read_command_fields<HandExampleInput>("hand_example", raw);
    const HandExample r = hand_example(in);
    json out;
    JsonOut(out)
        .pair_rows("logits", r.logits, three_decimals)
        .pair_rows("weights", r.weights, three_decimals)
        .pairs("row_sums", r.row_sums, three_decimals)
        .pair_rows("output", r.output, three_decimals);
    return out;
}

json check_practice_command(const json& raw, const Progress&) {
    CommandArgs args("check_practice", raw, {"cell", "response"});
    if (!args.has("cell")) throw UserError("check_practice: $.cell: the practice cell is required");
    return check_practice(args.raw("cell"), args.has("response") ? args.raw("response") : json());
}

using Handler = json (*)(const json&, const Progress&);

struct Command {
    const char* name;
    Handler run;
};

// In byte order of the names: command_names() and the unknown-command message list them so
// (the static_assert below keeps it). A table of data, not a std::map built at startup.
constexpr Command kCommands[] = {
    {"alternatives", alternatives_command},
    {"attention", attention_entry},
    {"block", block_command},
    {"cell_types", cell_types_entry},
    {"check_practice", check_practice_command},
    {"cost", cost_command},
    {"explore", explore_command},
    {"hand_example", hand_example_command},
    {"ipynb", ipynb_command},
    {"jacobian", jacobian_command},
    {"jacobian_norms", jacobian_norms_command},
    {"limits", limits_entry},
    {"mistakes", mistakes_command},
    {"normalize", normalize_entry},
    {"online_softmax", online_softmax_command},
    {"pipeline", pipeline_command},
    {"precision", precision_command},
    {"python", python_command},
    {"pytorch_rules", pytorch_rules_command},
    {"restore", restore_command},
    {"scaling", scaling_command},
    {"scaling_program", scaling_program_command},
    {"schema", schema_entry},
    {"sequence", sequence_command},
    {"tiling_memory", tiling_memory_command},
    {"train", train_command},
    {"train_program", train_program_command},
    {"validate", validate_entry},
};

constexpr bool names_in_order() {
    for (std::size_t i = 1; i < std::size(kCommands); ++i) {
        const char *a = kCommands[i - 1].name, *b = kCommands[i].name;
        while (*a && *a == *b) ++a, ++b;
        if (static_cast<unsigned char>(*a) >= static_cast<unsigned char>(*b)) return false;
    }
    return true;
}
static_assert(names_in_order(), "kCommands: keep the names in byte order");

}  // namespace

std::vector<std::string> command_names() {
    std::vector<std::string> names;
    for (const Command& c : kCommands) names.push_back(c.name);
    return names;
}

json run_command(const std::string& name, const json& args, const Progress& progress) {
    for (const Command& c : kCommands)
        if (name == c.name) return c.run(args, progress);
    std::string known;
    for (const Command& c : kCommands) {
        if (!known.empty()) known += ", ";
        known += c.name;
    }
    throw_format("unknown command {} (expected one of: {})", {quote(name), known});
}

}  // namespace attnbook
