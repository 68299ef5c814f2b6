// engine_limits(): the `limits` command's result (see limits.hpp). Nothing here is a number of
// its own: every value is read from the header that owns it.
#include "attnbook/notebook/limits.hpp"

#include "attnbook/core/quote.hpp"
#include "attnbook/lessons/block.hpp"
#include "attnbook/lessons/attention_scale.hpp"
#include "attnbook/core/normalize.hpp"
#include "attnbook/lessons/alternatives.hpp"
#include "attnbook/lessons/cost_model.hpp"
#include "attnbook/lessons/divisor.hpp"
#include "attnbook/lessons/jacobian.hpp"
#include "attnbook/lessons/mistakes.hpp"
#include "attnbook/lessons/online_softmax.hpp"
#include "attnbook/lessons/pipeline.hpp"
#include "attnbook/lessons/explore_row.hpp"
#include "attnbook/lessons/hand_example.hpp"
#include "attnbook/lessons/precision.hpp"
#include "attnbook/lessons/scaling_study.hpp"
#include "attnbook/lessons/sequence.hpp"
#include "attnbook/notebook/attention_command.hpp"
#include "attnbook/notebook/command_args.hpp"
#include "attnbook/notebook/json_text.hpp"
#include "attnbook/notebook/lesson_cells.hpp"
#include "attnbook/notebook/notebook.hpp"
#include "attnbook/notebook/practice.hpp"

namespace attnbook {
namespace {

using nlohmann::json;

json range(std::uint64_t min, std::uint64_t max) { return json{{"min", min}, {"max", max}}; }

json whole(WholeRange r, std::uint64_t fallback) {
    json out = range(r.min, r.max);
    out["default"] = fallback;
    return out;
}

json notebook() {
    namespace nb = notebook_limits;
    return json{{"format", notebook_format},
                {"max_bytes", json_text_max_bytes},
                {"max_depth", json_text_max_depth},
                {"max_errors", notebook_max_errors},
                {"depths", notebook_depth_names()},
                {"cell_types", notebook_cell_types()},
                {"id_max_chars", nb::id_max_chars},
                {"title_max_chars", nb::title_max_chars},
                {"version_max_chars", nb::version_max_chars},
                {"description_max_chars", nb::description_max_chars},
                {"cells", range(nb::min_cells, nb::max_cells)},
                {"tex_max_chars", nb::tex_max_chars},
                {"markdown_max_chars", nb::markdown_max_chars},
                {"references", range(nb::min_references, nb::max_references)},
                {"reference_text_max_chars", nb::reference_text_max_chars},
                {"url_max_chars", nb::url_max_chars},
                {"year", range(nb::min_year, nb::max_year)}};
}

json explorable() {
    namespace ex = explore_limits;
    const ExploreInput example = explore_example();
    return json{{"cell",
                 {{"max_keys", ex::cell_max_keys},
                  {"max_width", ex::cell_max_width},
                  {"max_abs", ex::cell_max_abs},
                  {"label_max_chars", ex::cell_label_max_chars},
                  {"max_presets", ex::cell_max_presets}}},
                {"command", {{"max_sources", ex::command_max_sources}, {"max_width", ex::command_max_width}}},
                {"defaults",
                 {{"query", example.query},
                  {"keys", example.keys},
                  {"values", example.values},
                  {"divisor", divisor_name(example.divisor)},
                  {"normalizer", normalizer_name(example.normalizer)}}},
                {"normalizers", normalizer_names()}};
}

json block() {
    namespace bl = block_limits;
    const BlockInput example = block_example();
    return json{{"d_model", bl::d_model},
                {"d_ff", bl::d_ff},
                {"max_rows", bl::max_rows},
                {"max_abs", bl::max_abs},
                {"epsilon", bl::epsilon},
                {"activations", activation_names()},
                {"defaults", {{"input", example.input}, {"heads", example.heads}, {"activation", activation_name(example.activation)}}}};
}

json sequence() {
    const SequenceInput example = sequence_example();
    return json{{"defaults", {{"queries", example.queries}, {"keys", example.keys}, {"values", example.values}}}};
}

json hand_example() {
    namespace hx = hand_example_limits;
    const HandExampleInput example;
    return json{{"cell",
                 {{"max_rows", hx::cell_max_rows}, {"max_width", hx::cell_max_width}, {"max_abs", hx::cell_max_abs}}},
                {"command", {{"max_rows", hx::command_max}, {"max_width", hx::command_max}}},
                {"defaults", {{"queries", example.queries}, {"keys", example.keys}, {"values", example.values}}}};
}

json scaling() {
    namespace sc = scaling_limits;
    const ScalingInput defaults;
    return json{{"seed", whole(sc::seed, defaults.seed)},
                {"widths",
                 {{"min_count", sc::width_count.min},
                  {"max_count", sc::width_count.max},
                  {"min", sc::width.min},
                  {"max", sc::width.max},
                  {"default", defaults.widths}}},
                {"pairs", whole(sc::pairs, defaults.pairs)},
                {"trials", whole(sc::trials, defaults.trials)},
                {"keys", whole(sc::keys, defaults.keys)},
                {"divisor", {{"default", divisor_name(defaults.divisor)}}},
                {"max_block", sc::max_block}};
}

json precision() {
    namespace lim = precision_limits;
    const PrecisionInput defaults;
    json formats = json::array();
    for (NumberFormat f : number_formats()) formats.push_back(format_spec(f).name);
    return json{{"tokens", whole({lim::min_tokens, lim::max_tokens}, defaults.tokens)},
                {"head_width", whole({lim::min_head_width, lim::max_head_width}, defaults.head_width)},
                {"seed", whole({0, lim::max_seed}, defaults.seed)},
                {"max_checked_rows", lim::max_checked_rows},
                {"cell", {{"max_lengths", lim::cell_max_lengths}, {"default_tokens", lim::cell_default_tokens}}},
                {"formats", formats}};
}

json attention_scale() {
    namespace lim = attention_scale_limits;
    const ScaleProblem defaults;
    return json{{"heads", whole(lim::heads, defaults.heads)},
                {"tokens", whole(lim::tokens, defaults.tokens)},
                {"head_width", whole(lim::head_width, defaults.head_width)},
                {"seed", whole(lim::seed, defaults.seed)},
                {"max_elements", lim::max_elements},
                {"sample_rows", whole(lim::sample_rows, lim::default_sample_rows)},
                {"window", lim::window},
                {"histogram_bins", lim::histogram_bins},
                {"backends", scale_backend_names()},
                {"divisor", {{"default", divisor_name(defaults.divisor)}}},
                {"cell",
                 {{"tokens", range(lim::cell_tokens.min, lim::cell_tokens.max)},
                  {"head_width", range(lim::cell_head_width.min, lim::cell_head_width.max)},
                  {"heads", range(lim::cell_heads.min, lim::cell_heads.max)}}}};
}

// The live cells of the three-depth lesson: ranges and defaults of every field.
json lesson_cells() {
    const PipelineInput pipe;
    const CostInput cost;
    const MistakesInput mis;
    const JacobianNormsInput jac;
    const OnlineSoftmaxInput online;
    const AlternativesInput alt;
    namespace pl = pipeline_limits;
    namespace cl = cost_limits;
    namespace ml = mistakes_limits;
    namespace jl = jacobian_limits;
    namespace ol = online_softmax_limits;
    namespace al = alternatives_limits;
    auto whole_default = [](std::uint64_t min, std::uint64_t max, double fallback) {
        return json{{"min", min}, {"max", max}, {"default", static_cast<std::uint64_t>(fallback)}};
    };
    json tuned = json::array();
    for (std::size_t w : ml::tuned_widths) tuned.push_back(w);
    return json{
        {"pipeline",
         {{"max_words", pl::max_words}, {"max_value_width", pl::max_value_width}, {"max_width", pl::max_width},
          {"max_abs", pl::max_abs}, {"knob_min", pl::knob_min}, {"knob_max", pl::knob_max},
          {"defaults", {{"scores", pipe.scores}, {"width", pipe.width}, {"values", pipe.values}, {"labels", pipe.labels}}}}},
        {"pytorch_rules", {{"scale", {{"max", 1000}, {"default", 1.0}}}}},
        {"mistakes",
         {{"heads", whole_default(1, ml::max_heads, static_cast<double>(mis.heads))},
          {"head_width", whole_default(1, ml::max_head_width, static_cast<double>(mis.head_width))},
          {"tuned_width", {{"choices", tuned}, {"default", mis.tuned_width}}},
          {"keys", ml::keys}, {"trials", ml::trials}}},
        {"jacobian",
         {{"max_scores", jl::max_scores}, {"max_abs", jl::max_abs}, {"max_widths", jl::max_widths},
          {"max_width", jl::max_width}, {"max_keys", jl::max_keys}, {"max_trials", jl::max_trials},
          {"defaults", {{"scores", pipe.scores}, {"widths", jac.widths}, {"keys", jac.keys}, {"trials", jac.trials}, {"seed", jac.seed}}}}},
        {"cost",
         {{"tokens", whole_default(1, cl::max_tokens, cost.tokens)},
          {"head_width", whole_default(1, cl::max_width, cost.head_width)},
          {"value_width", whole_default(1, cl::max_width, cost.value_width)},
          {"heads", whole_default(1, cl::max_heads, cost.heads)},
          {"layers", whole_default(1, cl::max_layers, cost.layers)},
          {"batch", whole_default(1, cl::max_batch, cost.batch)},
          {"bytes", whole_default(1, cl::max_bytes, cost.bytes)}}},
        {"online_softmax",
         {{"max_keys", ol::max_keys}, {"max_width", ol::max_width}, {"max_abs", ol::max_abs},
          {"defaults", {{"scores", online.scores}, {"values", online.values}, {"tile", online.tile}}}}},
        {"alternatives",
         {{"max_rows", al::max_rows}, {"max_width", al::max_width}, {"max_abs", al::max_abs},
          {"max_features", al::max_features}, {"max_cosine_scale", al::max_cosine_scale},
          {"defaults", {{"cosine_scale", alt.cosine_scale}, {"features", alt.features}, {"seed", alt.seed}}}}}};
}

}  // namespace

json engine_limits() {
    namespace pr = practice_limits;
    return json{{"notebook", notebook()},
                {"explorable", explorable()},
                {"hand_example", hand_example()},
                {"block", block()},
                {"sequence", sequence()},
                {"playback",
                 {{"seconds", {{"min", lesson_cell_limits::playback_min_seconds},
                               {"max", lesson_cell_limits::playback_max_seconds},
                               {"default", lesson_cell_limits::playback_default_seconds}}}}},
                {"study", {{"max_steps", lesson_cell_limits::study_max_steps}}},
                {"scaling", scaling()},
                {"practice",
                 {{"answer_kinds", answer_kinds()},
                  {"options", range(pr::min_options, pr::max_options)},
                  {"max_abs_answer", pr::max_abs_answer},
                  {"max_decimals", pr::max_decimals}}},
                {"attention",
                 {{"max_elements", attention_limits::max_elements}, {"max_printed", attention_limits::max_printed}}},
                {"arguments", {{"max_bytes", command_args_max_bytes}, {"max_depth", command_args_max_depth}}},
                {"precision", precision()},
                {"attention_scale", attention_scale()},
                {"divisors", divisor_names()},
                {"normalizers", normalizer_names()},
                {"lesson_cells", lesson_cells()},
                {"quote_max_chars", quote_max_chars}};
}

}  // namespace attnbook
