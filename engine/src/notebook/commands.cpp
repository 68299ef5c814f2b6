#include "attnbook/notebook/commands.hpp"

#include <map>

#include "attnbook/core/errors.hpp"
#include "attnbook/core/quote.hpp"
#include "attnbook/core/number.hpp"
#include "attnbook/lessons/explore_row.hpp"
#include "attnbook/lessons/hand_example.hpp"
#include "attnbook/lessons/scaling_study.hpp"
#include "attnbook/notebook/attention_command.hpp"
#include "attnbook/notebook/block_command.hpp"
#include "attnbook/notebook/cell_types.hpp"
#include "attnbook/notebook/command_args.hpp"
#include "attnbook/notebook/lesson_commands.hpp"
#include "attnbook/notebook/limits.hpp"
#include "attnbook/notebook/notebook.hpp"
#include "attnbook/notebook/practice.hpp"
#include "attnbook/notebook/precision_command.hpp"
#include "attnbook/notebook/python_export.hpp"
#include "attnbook/notebook/sequence_command.hpp"

namespace attnbook {
namespace {

using nlohmann::json;

// The explorable shows up to three decimals with trailing zeros dropped (0.14, 1.414, 0),
// the lesson tables a fixed count (2.00, 0.574).
constexpr Shown kExplorable{3, Rounding::trimmed};
constexpr Shown kTwoDecimals{2, Rounding::fixed};
constexpr Shown kThreeDecimals{3, Rounding::fixed};

json pair_rows(const std::vector<std::vector<double>>& rows, Shown style) {
    json out = json::array();
    for (const auto& row : rows) out.push_back(number_pairs(row, style));
    return out;
}

std::vector<double> sqrt_widths(const std::vector<std::size_t>& widths) {
    std::vector<double> out;
    for (std::size_t d : widths) out.push_back(divisor_value(Divisor::sqrt_width, d));
    return out;
}

ExploreInput explore_input(const CommandArgs& args) {
    ExploreInput in = explore_example();  // every field left out is the lesson's example
    if (args.has("query")) in.query = args.numbers("query");
    if (args.has("keys")) in.keys = args.rows("keys");
    if (args.has("values")) in.values = args.rows("values");
    if (args.has("mask")) in.mask = args.flags("mask");
    if (args.has("divisor")) in.divisor = parse_divisor(args.text("divisor"));
    if (args.has("normalizer")) in.normalizer = parse_normalizer(args.text("normalizer"), "normalizer");
    constexpr std::size_t sources = explore_limits::command_max_sources, width = explore_limits::command_max_width;
    if (in.keys.size() > sources) throw UserError("keys: at most " + std::to_string(sources) + " sources");
    if (in.query.size() > width) throw UserError("query: at most " + std::to_string(width) + " numbers");
    if (!in.values.empty() && in.values[0].size() > width)
        throw UserError("values: at most " + std::to_string(width) + " numbers per row");
    return in;
}

json explore_command(const json& raw, const Progress&) {
    CommandArgs args("explore", raw, {"query", "keys", "values", "mask", "divisor", "normalizer"});
    const ExploreInput in = explore_input(args);
    const ExploreRow row = explore_row(in);
    if (in.normalizer != Normalizer::softmax)  // no softmax denominator; the shares' total instead
        return json{{"normalizer", normalizer_name(in.normalizer)},
                    {"dots", number_pairs(row.dots, kExplorable)},
                    {"scores", number_pairs(row.scores, kExplorable)},
                    {"max", number_pair(row.max, kExplorable)},
                    {"total", number_pair(row.total, kExplorable)},
                    {"shares", number_pairs(row.shares, kExplorable)},
                    {"carries", pair_rows(row.carries, kExplorable)},
                    {"output", number_pairs(row.output, kExplorable)},
                    {"all_masked", row.all_masked}};
    return json{{"dots", number_pairs(row.dots, kExplorable)},
                {"scores", number_pairs(row.scores, kExplorable)},
                {"max", number_pair(row.max, kExplorable)},
                {"denominator", number_pair(row.denominator, kExplorable)},
                {"shares", number_pairs(row.shares, kExplorable)},
                {"carries", pair_rows(row.carries, kExplorable)},
                {"output", number_pairs(row.output, kExplorable)},
                {"all_masked", row.all_masked}};
}

json python_command(const json& raw, const Progress&) {
    CommandArgs args("python", raw, {"query", "keys", "values", "mask", "divisor", "normalizer", "labels"});
    const ExploreInput in = explore_input(args);
    if (in.normalizer != Normalizer::softmax)
        throw UserError("normalizer: the Python export writes softmax only, not " + normalizer_name(in.normalizer) +
                        " (leave normalizer out or choose softmax)");
    return json{{"program", explore_python_program(in, args.has("labels") ? args.strings("labels") : std::vector<std::string>{})}};
}

}  // namespace

ScalingInput scaling_input_from(const CommandArgs& args) {
    ScalingInput in;
    namespace lim = scaling_limits;
    if (args.has("seed")) in.seed = args.whole("seed", lim::seed.min, lim::seed.max);
    if (args.has("widths")) in.widths = args.wholes("widths", lim::width.min, lim::width.max);
    if (args.has("pairs")) in.pairs = args.whole("pairs", lim::pairs.min, lim::pairs.max);
    if (args.has("trials")) in.trials = args.whole("trials", lim::trials.min, lim::trials.max);
    if (args.has("keys")) in.keys = args.whole("keys", lim::keys.min, lim::keys.max);
    if (args.has("divisor")) in.divisor = parse_divisor(args.text("divisor"));
    return in;
}

namespace {

json scaling_command(const json& raw, const Progress& progress) {
    const ScalingInput in = scaling_input_from(CommandArgs("scaling", raw, {"seed", "widths", "pairs", "trials", "keys", "divisor"}));
    const ScalingResult r = scaling_study(in, progress);
    return json{{"widths", in.widths},
                {"divisor", divisor_name(in.divisor)},
                {"raw_std", number_pairs(r.raw_std, kTwoDecimals)},
                {"scaled_std", number_pairs(r.scaled_std, kTwoDecimals)},
                {"top_unscaled", number_pairs(r.top_unscaled, kThreeDecimals)},
                {"top_scaled", number_pairs(r.top_scaled, kThreeDecimals)},
                // The reference lines of the lesson's plots: sqrt(d) (what raw_std follows) and
                // 1/keys (the top weight of an even split).
                {"sqrt_width", number_pairs(sqrt_widths(in.widths), kTwoDecimals)},
                {"even_share", number_pair(1.0 / static_cast<double>(in.keys), kThreeDecimals)}};
}

json hand_example_command(const json& raw, const Progress&) {
    CommandArgs args("hand_example", raw, {"queries", "keys", "values"});
    HandExampleInput in;
    if (args.has("queries")) in.queries = args.rows("queries");
    if (args.has("keys")) in.keys = args.rows("keys");
    if (args.has("values")) in.values = args.rows("values");
    const HandExample r = hand_example(in);
    return json{{"logits", pair_rows(r.logits, kThreeDecimals)},
                {"weights", pair_rows(r.weights, kThreeDecimals)},
                {"row_sums", number_pairs(r.row_sums, kThreeDecimals)},
                {"output", pair_rows(r.output, kThreeDecimals)}};
}

json validate_command(const json& raw, const Progress&) {
    CommandArgs args("validate", raw, {"text", "name"});
    return validate_notebook_text(args.text("text"), args.has("name") ? args.text("name") : "notebook");
}

json check_practice_command(const json& raw, const Progress&) {
    CommandArgs args("check_practice", raw, {"cell", "response"});
    if (!args.has("cell")) throw UserError("check_practice: $.cell: the practice cell is required");
    return check_practice(args.raw("cell"), args.has("response") ? args.raw("response") : json());
}

json limits_command(const json& raw, const Progress&) {
    CommandArgs args("limits", raw, {});
    return engine_limits();
}

using Handler = json (*)(const json&, const Progress&);

const std::map<std::string, Handler>& registry() {
    static const std::map<std::string, Handler> commands = {
        {"attention", attention_command},
        {"block", block_command},
        {"explore", explore_command},
        {"hand_example", hand_example_command},
        {"python", python_command},
        {"scaling", scaling_command},
        {"sequence", sequence_command},
        {"validate", validate_command},
        {"check_practice", check_practice_command},
        {"limits", limits_command},
        {"cell_types", cell_types_command},
        {"precision", precision_command},
        {"normalize", normalize_command},
        {"jacobian", jacobian_command},
        {"jacobian_norms", jacobian_norms_command},
        {"online_softmax", online_softmax_command},
        {"tiling_memory", tiling_memory_command},
        {"cost", cost_command},
        {"scaling_program", scaling_program_command},
        {"pipeline", pipeline_command},
        {"pytorch_rules", pytorch_rules_command},
        {"mistakes", mistakes_command},
        {"alternatives", alternatives_command},
    };
    return commands;
}

}  // namespace

std::vector<std::string> command_names() {
    std::vector<std::string> names;
    for (const auto& entry : registry()) names.push_back(entry.first);
    return names;
}

json run_command(const std::string& name, const json& args, const Progress& progress) {
    const auto it = registry().find(name);
    if (it == registry().end()) {
        std::string known;
        for (const auto& n : command_names()) known += (known.empty() ? "" : ", ") + n;
        throw UserError("unknown command " + quote(name) + " (expected one of: " + known + ")");
    }
    return it->second(args, progress);
}

}  // namespace attnbook
