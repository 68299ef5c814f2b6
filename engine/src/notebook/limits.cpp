// engine_limits(): the `limits` command's result (see limits.hpp). Nothing here is a number of
// its own: every value is read from the header that owns it.
#include "attnbook/notebook/limits.hpp"

#include <cstring>
#include <iterator>
#include <type_traits>

#include "attnbook/core/quote.hpp"
#include "attnbook/lessons/pytorch_rules.hpp"
#include "attnbook/lessons/block.hpp"
#include "attnbook/lessons/attention_scale.hpp"
#include "attnbook/core/normalize.hpp"
#include "attnbook/lessons/alternatives.hpp"
#include "attnbook/lessons/cost_model.hpp"
#include "attnbook/lessons/divisor.hpp"
#include "attnbook/lessons/jacobian.hpp"
#include "attnbook/lessons/train_session.hpp"
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
#include "attnbook/notebook/field_reader.hpp"
#include "attnbook/notebook/json_out.hpp"
#include "attnbook/notebook/json_text.hpp"
#include "attnbook/notebook/lesson_cells.hpp"
#include "attnbook/notebook/notebook.hpp"
#include "attnbook/notebook/practice.hpp"
#include "attnbook/notebook/text_cells.hpp"

namespace attnbook {
namespace {

using nlohmann::json;

// One number of the result: where it goes ("notebook/cells/min", keys separated by '/') and its
// value, read from the header that owns it. The numbers form one table of data, a line each, read
// top to bottom as the result lists them.
struct Limit {
    enum Kind : unsigned char { whole, integer, real };
    const char* path;
    Kind kind;
    double value;  // whole numbers too: every limit is below 2^53, so exact (checked below)
};

// The JSON kind follows the header's type, so the printed number is the same as before
// (1000 stays 1000, 1e6 stays 1000000.0).
template <class T>
constexpr Limit limit(const char* path, T v) {
    if constexpr (std::is_floating_point_v<T>) {
        return {path, Limit::real, static_cast<double>(v)};
    } else {
        // A whole number a double cannot hold exactly stops the build (kLimits is constexpr).
        constexpr std::int64_t exact = std::int64_t{1} << 53;
        if constexpr (std::is_signed_v<T>) {
            if (static_cast<std::int64_t>(v) > exact || static_cast<std::int64_t>(v) < -exact) throw "not exact as a double";
        } else if (static_cast<std::uint64_t>(v) > static_cast<std::uint64_t>(exact)) {
            throw "not exact as a double";
        }
        return {path, std::is_signed_v<T> ? Limit::integer : Limit::whole, static_cast<double>(v)};
    }
}

namespace as = attention_scale_limits;
namespace tf = train_fields;
namespace asf = attention_scale_fields;

constexpr Limit kLimits[] = {
    limit("notebook/max_bytes", json_text_max_bytes),
    limit("notebook/max_depth", json_text_max_depth),
    limit("notebook/max_errors", notebook_max_errors),
    limit("notebook/id_max_chars", notebook_fields::id.range.max),
    limit("notebook/title_max_chars", notebook_fields::title.range.max),
    limit("notebook/version_max_chars", notebook_fields::version.range.max),
    limit("notebook/description_max_chars", notebook_fields::description.range.max),
    limit("notebook/cells/min", notebook_fields::cells.count.min),
    limit("notebook/cells/max", notebook_fields::cells.count.max),
    limit("notebook/tex_max_chars", maths_fields::tex.range.max),
    limit("notebook/formulas_per_text_max", notebook_limits::formulas_per_text_max),
    limit("notebook/formulas_max", notebook_limits::formulas_max),
    limit("notebook/tex_total_max_chars", notebook_limits::tex_total_max_chars),
    limit("notebook/markdown_max_chars", prose_fields::text.range.max),
    limit("notebook/references/min", references_fields::items.count.min),
    limit("notebook/references/max", references_fields::items.count.max),
    limit("notebook/reference_text_max_chars", reference_fields::title.range.max),
    limit("notebook/url_max_chars", reference_fields::url.range.max),
    limit("notebook/year/min", reference_fields::year.range.min),
    limit("notebook/year/max", reference_fields::year.range.max),

    limit("explorable/cell/max_keys", explore_fields::keys.count.max),
    limit("explorable/cell/max_width", explore_fields::query.count.max),
    limit("explorable/cell/max_abs", explore_fields::query.limit),
    limit("explorable/cell/label_max_chars", explore_fields::labels.range.max),
    limit("explorable/cell/max_presets", explore_fields::presets.count.max),
    limit("explorable/command/max_sources", explore_limits::command_max_sources),
    limit("explorable/command/max_width", explore_limits::command_max_width),

    limit("hand_example/cell/max_rows", hand_example_fields::queries.count.max),
    limit("hand_example/cell/max_width", hand_example_fields::queries.range.max),
    limit("hand_example/cell/max_abs", hand_example_fields::queries.limit),
    limit("hand_example/command/max_rows", hand_example_limits::command_max),
    limit("hand_example/command/max_width", hand_example_limits::command_max),

    limit("block/d_model", block_limits::d_model),
    limit("block/d_ff", block_limits::d_ff),
    limit("block/max_rows", block_fields::input.count.max),
    limit("block/max_abs", block_fields::input.limit),
    limit("block/epsilon", block_limits::epsilon),

    limit("playback/seconds/min", playback_fields::duration.range.min),
    limit("playback/seconds/max", playback_fields::duration.range.max),
    limit("playback/seconds/default", PlaybackInput{}.duration),
    limit("study/max_steps", study_fields::steps.count.max),

    limit("scaling/max_block", scaling_limits::max_block),

    limit("practice/options/min", answer_fields::options.count.min),
    limit("practice/options/max", answer_fields::options.count.max),
    limit("practice/max_abs_answer", answer_fields::value.limit),
    limit("practice/max_decimals", answer_fields::decimals.range.max),

    limit("attention/max_elements", attention_limits::max_elements),
    limit("attention/max_printed", attention_limits::max_printed),
    limit("arguments/max_bytes", command_args_max_bytes),
    limit("arguments/max_depth", command_args_max_depth),

    limit("precision/max_checked_rows", precision_limits::max_checked_rows),
    limit("precision/cell/max_lengths", precision_fields::cell_tokens.count.max),

    limit("attention_scale/max_elements", as::max_elements),
    limit("attention_scale/sample_rows/min", as::sample_rows.min),
    limit("attention_scale/sample_rows/max", as::sample_rows.max),
    limit("attention_scale/sample_rows/default", as::default_sample_rows),
    limit("attention_scale/window", as::window),
    limit("attention_scale/histogram_bins", as::histogram_bins),
    limit("attention_scale/cell/tokens/min", asf::cell_tokens.range.min),
    limit("attention_scale/cell/tokens/max", asf::cell_tokens.range.max),
    limit("attention_scale/cell/head_width/min", asf::cell_head_width.range.min),
    limit("attention_scale/cell/head_width/max", asf::cell_head_width.range.max),
    limit("attention_scale/cell/heads/min", asf::cell_heads.range.min),
    limit("attention_scale/cell/heads/max", asf::cell_heads.range.max),

    // The live cells of the three-depth lesson.
    limit("lesson_cells/pipeline/max_words", pipeline_fields::scores.count.max),
    limit("lesson_cells/pipeline/max_value_width", pipeline_fields::values.range.max),
    limit("lesson_cells/pipeline/max_width", pipeline_fields::width.range.max),
    limit("lesson_cells/pipeline/max_abs", pipeline_fields::scores.limit),
    limit("lesson_cells/pipeline/knob_min", pipeline_limits::knob_min),
    limit("lesson_cells/pipeline/knob_max", pipeline_limits::knob_max),
    limit("lesson_cells/pytorch_rules/scale/max", pytorch_rules_limits::max_scale),
    limit("lesson_cells/pytorch_rules/scale/default", PytorchRulesInput{}.scale),
    limit("lesson_cells/mistakes/keys", mistakes_limits::keys),
    limit("lesson_cells/mistakes/trials", mistakes_limits::trials),
    limit("lesson_cells/jacobian/max_scores", jacobian_fields::scores.count.max),
    limit("lesson_cells/jacobian/max_abs", jacobian_fields::scores.limit),
    limit("lesson_cells/jacobian/max_widths", jacobian_fields::widths.count.max),
    limit("lesson_cells/jacobian/max_width", jacobian_fields::widths.range.max),
    limit("lesson_cells/jacobian/max_keys", jacobian_fields::keys.range.max),
    limit("lesson_cells/jacobian/max_trials", jacobian_fields::trials.range.max),
    limit("lesson_cells/online_softmax/max_keys", online_softmax_fields::scores.count.max),
    limit("lesson_cells/online_softmax/max_width", online_softmax_fields::values.range.max),
    limit("lesson_cells/online_softmax/max_abs", online_softmax_fields::scores.limit),
    limit("lesson_cells/alternatives/max_rows", alternatives_fields::queries.count.max),
    limit("lesson_cells/alternatives/max_width", alternatives_fields::queries.range.max),
    limit("lesson_cells/alternatives/max_abs", alternatives_fields::queries.limit),
    limit("lesson_cells/alternatives/max_features", alternatives_fields::features.range.max),
    limit("lesson_cells/alternatives/max_cosine_scale", alternatives_fields::cosine_scale.limit),

    // The training lab (lessons/train.hpp, train_session.hpp).
    limit("train/layers/max", tf::layers.range.max),
    limit("train/heads/max", tf::heads.range.max),
    limit("train/width/min", tf::width.range.min),
    limit("train/width/max", tf::width.range.max),
    limit("train/context/min", tf::context.range.min),
    limit("train/context/max", tf::context.range.max),
    limit("train/vocab/min", tf::vocab.range.min),
    limit("train/vocab/max", tf::vocab.range.max),
    limit("train/batch/max", tf::batch.range.max),
    limit("train/steps/max", tf::cell_steps.range.max),
    limit("train/snapshots/max", tf::snapshots.range.max),
    limit("train/held_out", train_limits::held_out),
    limit("train/learning_rate/max", tf::learning_rate.limit),
    limit("train/seed/max", tf::seed.range.max),
    limit("train/checkpoints/max", train_limits::max_checkpoints),

    limit("quote_max_chars", quote_max_chars),
};

// The value at `path` (keys separated by '/'), making the objects on the way.
json& at(json& root, const char* path) {
    json* node = &root;
    for (const char* slash; (slash = std::strchr(path, '/')) != nullptr; path = slash + 1)
        node = &(*node)[std::string(path, slash)];
    return (*node)[path];
}

}  // namespace

json engine_limits() {
    json out;
    JsonOut o(out);
    // The name lists and the lessons' defaults (structs built at run time); the numbers of
    // kLimits go in after, into the objects made here.
    o.object("notebook")
        .set("format", notebook_format)
        .set("depths", notebook_depth_names())
        .set("cell_types", notebook_cell_types());
    {
        const ExploreInput example = explore_example();
        JsonOut explorable = o.object("explorable");
        explorable.set("normalizers", normalizer_names());
        explorable.object("defaults")
            .set("query", example.query)
            .set("keys", example.keys)
            .set("values", example.values)
            .set("divisor", divisor_name(example.divisor))
            .set("normalizer", normalizer_name(example.normalizer));
    }
    {
        JsonOut defaults = o.object("hand_example").object("defaults");
        write_fields(HandExampleInput{}, defaults, true);
    }
    {
        const BlockInput example = block_example();
        JsonOut block = o.object("block");
        block.set("activations", activation_names());
        block.object("defaults")
            .set("input", example.input)
            .set("heads", example.heads)
            .set("activation", activation_name(example.activation));
    }
    {
        const SequenceInput example = sequence_example();
        o.object("sequence")
            .object("defaults")
            .set("queries", example.queries)
            .set("keys", example.keys)
            .set("values", example.values);
    }
    write_field_limits<ScalingInput>(o.object("scaling"), true);
    o.object("practice").set("answer_kinds", answer_kinds());
    {
        JsonOut precision = o.object("precision");
        write_field_limits<PrecisionInput>(precision, false);
        precision.object("cell").set("default_tokens", PrecisionCell{}.tokens);
        json& formats = precision.array("formats");
        for (NumberFormat f : number_formats()) formats.push_back(format_spec(f).name);
    }
    {
        // The command's fields: {min, max, default} each, {default} for the divisor.
        JsonOut scale = o.object("attention_scale");
        write_field_limits<ScaleProblem>(scale, false);
        scale.set("backends", scale_backend_names());
    }
    o.set("divisors", divisor_names()).set("normalizers", normalizer_names());
    {
        JsonOut cells = o.object("lesson_cells");
        JsonOut pipeline_defaults = cells.object("pipeline").object("defaults");
        write_fields(PipelineInput{}, pipeline_defaults, true);
        write_field_limits<MistakesInput>(cells.object("mistakes"), true);
        // The cell's defaults and the command's (keys and trials, with which the cell runs).
        JsonOut jacobian_defaults = cells.object("jacobian").object("defaults");
        write_fields(JacobianNormsInput{}, jacobian_defaults, false);
        write_fields(JacobianCellInput{}, jacobian_defaults, true);
        write_field_limits<CostInput>(cells.object("cost"), true);
        JsonOut online_defaults = cells.object("online_softmax").object("defaults");
        write_fields(OnlineSoftmaxInput{}, online_defaults, true);
        JsonOut alternatives_defaults = cells.object("alternatives").object("defaults");
        write_fields(AlternativesInput{}, alternatives_defaults, true);  // the cell's: cosine_scale, features, seed
    }
    // The training lab's names (its defaults are the validator's: a bare training-lab cell, validated).
    o.object("train").set("tasks", train_task_names()).set("modes", training_lab_mode_names());
    for (const Limit& l : kLimits) {
        json& slot = at(out, l.path);
        if (l.kind == Limit::real)
            slot = l.value;
        else if (l.kind == Limit::integer)
            slot = static_cast<std::int64_t>(l.value);
        else
            slot = static_cast<std::uint64_t>(l.value);
    }
    return out;
}

}  // namespace attnbook
