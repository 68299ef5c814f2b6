// One notebook cell: the fields every cell has (type, id, depths, title), then the fields of its
// type, then the cross-checks between them (shapes of query/keys/values, mask and labels per key).
// Returns the cell with every default filled; the caller uses it only when nothing was reported.
#include <algorithm>
#include <cstring>
#include <iterator>

#include "attnbook/core/errors.hpp"
#include "attnbook/core/quote.hpp"
#include "attnbook/lessons/alternatives.hpp"
#include "attnbook/lessons/attention_scale.hpp"
#include "attnbook/lessons/block.hpp"
#include "attnbook/lessons/cost_model.hpp"
#include "attnbook/lessons/explore_row.hpp"
#include "attnbook/lessons/jacobian.hpp"
#include "attnbook/lessons/mistakes.hpp"
#include "attnbook/lessons/online_softmax.hpp"
#include "attnbook/lessons/pipeline.hpp"
#include "attnbook/lessons/precision.hpp"
#include "attnbook/lessons/pytorch_rules.hpp"
#include "attnbook/lessons/hand_example.hpp"
#include "attnbook/lessons/scaling_study.hpp"
#include "attnbook/lessons/train.hpp"
#include "attnbook/lessons/sequence.hpp"
#include "attnbook/notebook/cell_types.hpp"
#include "attnbook/notebook/json_text.hpp"
#include "attnbook/notebook/lesson_cells.hpp"
#include "attnbook/notebook/notebook.hpp"
#include "attnbook/notebook/text_cells.hpp"
#include "cell_type_names.hpp"
#include "validate_context.hpp"

namespace attnbook {
namespace notebook_validation {
namespace {

// The cell types: a table of data (no code runs to build it).
struct CellType {
    const char* name;
    CellCheck* check;
    // The type's field table (field_reader.hpp): a lesson's, or a text cell's (text_cells.hpp).
    std::vector<Field> (*table)(bool cell) = nullptr;
    Names after = {};     // the cell's own fields after the table's (as a cell lists them)
    Names required = {};  // besides the table's required ones
};

// The goal (an object, the cell's own field): a label to pass a share. `labels`: the cell's
// (the given list, or A, B, C, ... for the keys).
void check_goal(Context& cx, const json& goal, const std::string& at, const json& labels, JsonOut& o) {
    if (!expect_object(cx, goal, at)) return;
    check_fields(cx, goal, at, {"source", "share_above"}, {"source", "share_above"}, "an explorable goal");
    const Fields g(cx, goal, at);
    JsonOut normalised = o.object("goal");
    const Field& label = explore_fields::labels;
    const json* given_source = g.find("source");
    if (auto source = given_source ? read_string(cx, *given_source, g.at("source"), label.range.min, label.range.max) : std::nullopt) {
        bool known = false;
        for (const json& given : labels) known = known || (given.is_string() && given.get_ref<const std::string&>() == *source);
        if (!known) g.error("source", {"goal source ", in_quotes(*source), " is not one of the labels"});
        normalised.set("source", *source);
    }
    const json* given_share = g.find("share_above");
    if (auto share = given_share ? read_number(cx, *given_share, g.at("share_above"), 1.0) : std::nullopt) {
        if (!(*share > 0.0 && *share < 1.0))
            g.error("share_above", {"share_above must lie strictly between 0 and 1, found ", *share});
        normalised.set("share_above", *share);
    }
}

// The table reads each field (explore_fields); here, the shapes between them: a key per source
// as wide as the query, a value per key, a label and a mask entry per key, the reference query
// and the presets as wide as the query.
void check_explorable(Context& cx, const json& cell, const std::string& path, json& out) {
    namespace ef = explore_fields;
    ExplorableCell in;
    const TableRead read = read_table_cell(cx, cell, path, out, in);
    const Fields f(cx, cell, path);
    const std::optional<std::size_t> d = read.accepted(ef::query) ? std::optional(in.row.query.size()) : std::nullopt;
    const Matrix* keys = read.accepted(ef::keys) ? &in.row.keys : nullptr;
    if (keys) check_row_widths(cx, *keys, f.at("keys"), "key", d, "the query has ");
    if (read.accepted(ef::values)) check_value_rows(cx, keys, in.row.values, f.at("values"));
    const std::size_t n = keys ? keys->size() : 0;
    check_labels(f, ef::labels, out, n, keys ? " but keys has " : nullptr);

    JsonOut o = JsonOut::into(out);
    if (const json* mask = f.find("mask")) {
        if (keys && mask->is_array() && mask->size() != n)
            f.error("mask", {"mask has ", counted(mask->size(), "entry", "entries"), " but keys has ", counted(n, "row", "rows")});
    } else {
        o.set("mask", all_true(n));
    }
    if (!read.given(ef::reference_query)) {
        if (d) o.set("reference_query", in.row.query);
    } else if (read.accepted(ef::reference_query) && d) {
        if (std::string refusal = reference_query_mismatch(in); !refusal.empty()) f.error("reference_query", {refusal});
    }
    if (!read.given(ef::presets)) out.erase("presets");
    else if (read.accepted(ef::presets) && d) check_row_widths(cx, in.presets, f.at("presets"), "preset", d, "the query has ");
    if (!read.given(ef::normalizer)) out.erase("normalizer");  // left out, the page starts on softmax
    if (const json* goal = f.find("goal")) {
        const json* labels = f.find("labels");
        check_goal(cx, *goal, f.at("goal"), labels && labels->is_array() ? *labels : out["labels"], o);
    }
}

void check_scaling_study(Context& cx, const json& cell, const std::string& path, json& out) {
    ScalingInput study;
    if (!check_table_fields(cx, cell, path, out, study)) return;
    // The combined limits (pairs x width, trials x keys x width) are the lesson's own: ask it,
    // so an author hears about a study too large to run now rather than when the cell runs.
    try {
        check_scaling_input(study);
    } catch (const UserError& e) {
        cx.error(path, {e.what()});
    }
}

// The table reads each matrix (hand_example_fields); here, the shapes between them, including
// the defaults of the ones left out.
void check_hand_example(Context& cx, const json& cell, const std::string& path, json& out) {
    namespace hf = hand_example_fields;
    HandExampleInput in;
    const TableRead read = read_table_cell(cx, cell, path, out, in);
    const Matrix *queries = read.usable(hf::queries, in.queries), *keys = read.usable(hf::keys, in.keys),
                 *values = read.usable(hf::values, in.values);
    const std::string q_at = read.at(hf::queries), k_at = read.at(hf::keys), v_at = read.at(hf::values);

    const bool queries_even = queries && check_row_widths(cx, *queries, q_at, "query");
    if (keys && queries_even) {
        const std::size_t d = queries->front().size();
        if (read.given(hf::keys)) {
            check_row_widths(cx, *keys, k_at, "key", d, "the query rows have ");
        } else if (d != keys->front().size()) {
            cx.error(q_at, {"query rows have ", counted(d, "number", "numbers"), " but the default keys have ",
                            keys->front().size(), " (give keys as well)"});
        }
    }
    if (values && read.given(hf::values)) {
        check_value_rows(cx, keys, *values, v_at);
    } else if (values) {
        check_row_widths(cx, *values, v_at, "value");
        if (keys && values->size() != keys->size()) {
            cx.error(k_at, {"keys has ", counted(keys->size(), "row", "rows"), " but the default values have ",
                            counted(values->size(), "row", "rows"), " (give values as well)"});
        }
    }
}

void check_nothing(Context&, const json&, const std::string&, json&) {}

constexpr CellType cell_types[] = {
    {"prose", check_table_cell<ProseCell>, field_list<ProseCell>},
    {"maths", check_table_cell<MathsCell>, field_list<MathsCell>},
    {"explorable", check_explorable, field_list<ExplorableCell>, {"goal"}, {"query", "keys", "values"}},
    {"scaling-study", check_scaling_study, field_list<ScalingInput>},
    {"hand-example", check_hand_example, field_list<HandExampleInput>},
    {"held-sequence", check_held_sequence, field_list<SequenceInput>},
    {"transformer-block", check_transformer_block, field_list<BlockInput>},
    {"playback", check_table_cell<PlaybackInput>, field_list<PlaybackInput>},
    {"study", check_study, field_list<StudyCell>},
    {"help-history", check_nothing},
    {"practice", check_practice, field_list<PracticeCell>},
    {"references", check_references, field_list<ReferencesCell>},
    // "On this page": the page lists the headings shown after it at the reader's depth.
    {"contents", check_nothing},
    {"attention-scale", check_attention_scale_cell, field_list<ScaleCell>},
    {"precision-lab", check_precision_lab_cell, field_list<PrecisionCell>},
    {"pipeline", check_pipeline_cell, field_list<PipelineInput>},
    {"pytorch-rules", check_table_cell<PytorchRulesInput>, field_list<PytorchRulesInput>},
    {"mistakes", check_table_cell<MistakesInput>, field_list<MistakesInput>},
    {"jacobian", check_jacobian_cell, field_list<JacobianCellInput>},
    {"cost", check_table_cell<CostInput>, field_list<CostInput>},
    {"online-softmax", check_online_softmax_cell, field_list<OnlineSoftmaxInput>},
    {"alternatives", check_table_cell<AlternativesInput>, field_list<AlternativesInput>},
    {"training-lab", check_training_lab_cell, field_list<TrainingLabCell>},
};

// One row per name of cell_type_names.hpp, in its order.
constexpr bool rows_are_the_names() {
    if (std::size(cell_types) != cell_type_names::count) return false;
    for (std::size_t i = 0; i < cell_type_names::count; ++i)
        if (!cell_type_names::same(cell_types[i].name, cell_type_names::names[i])) return false;
    return true;
}
static_assert(rows_are_the_names(), "cell_types: one row per name of cell_type_names.hpp, in its order");

}  // namespace

json validate_cell(Context& cx, const json& cell, std::size_t index, const std::string& path) {
    if (!expect_object(cx, cell, path)) return nullptr;
    const std::vector<std::string>& names = notebook_cell_types();
    const json* type_value = json_member(cell, "type");
    if (!type_value) {
        cx.error(path, {"missing required field \"type\" of a cell (one of: ", listed(names), ")"});
        return nullptr;
    }
    const std::string type_at = json_path_member(path, "type");
    if (!type_value->is_string()) {
        expected(cx, type_at, "a string", *type_value);
        return nullptr;
    }
    const std::string& type_name = type_value->get_ref<const std::string&>();
    const auto& types = notebook_cell_fields();
    const std::size_t t = static_cast<std::size_t>(std::find(names.begin(), names.end(), type_name) - names.begin());
    if (t == names.size()) {
        cx.error(type_at, {"unknown cell type ", in_quotes(type_name), " (expected one of: ", listed(names), ")"});
        return nullptr;
    }

    const bool vowel = std::strchr("aeiou", type_name[0]) != nullptr;
    const std::string what = join_text({vowel ? "an " : "a ", type_name, " cell"});
    check_fields(cx, cell, path, types[t].fields, types[t].required, what.c_str());

    json out;
    JsonOut o(out);
    o.set("type", type_name);
    CommonCellFields common;
    const TableRead read = read_table_cell(cx, cell, path, out, common);
    if (read.accepted(cell_fields::id)) {
        const std::string at = read.at(cell_fields::id);
        const auto earlier = cx.cell_ids.emplace(common.id, path);
        const long long owner = automatic_cell_index(common.id);
        if (!earlier.second)
            cx.error(at, {"duplicate cell id ", in_quotes(common.id), " (also used by ", earlier.first->second, ")"});
        else if (owner >= 0 && static_cast<std::size_t>(owner) != index)
            cx.error(at, {"id ", in_quotes(common.id), " is the automatic id of cell ", owner + 1, " ($.cells[", owner,
                          "]); an id of the form cell-<n> may name only cell n"});
    }
    o.set("depths", cx.notebook_depths);
    if (const json* given = json_member(cell, "depths")) {
        const std::vector<std::string>& allowed = cx.notebook_depths_valid ? cx.notebook_depths : notebook_depth_names();
        bool ok;
        const auto depths = read_depths(cx, *given, read.at(cell_fields::depths), allowed,
                                        "leave depths out to show the cell at every depth", ok);
        o.set("depths", depths ? json(*depths) : json());
    }
    cell_types[t].check(cx, cell, path, out);
    return out;
}

}  // namespace notebook_validation

}  // namespace attnbook

namespace attnbook {

const std::vector<CellTypeFields>& notebook_cell_fields() {
    static const std::vector<CellTypeFields> out = [] {
        const std::vector<Field> common = field_list<CommonCellFields>(true);
        std::vector<CellTypeFields> list(std::size(notebook_validation::cell_types));
        for (std::size_t i = 0; i < list.size(); ++i) {
            const auto& type = notebook_validation::cell_types[i];
            CellTypeFields& entry = list[i];
            entry.type = type.name;
            if (type.table) entry.table = type.table(true);
            for (const Field& f : common) entry.fields.push_back(f.name);
            for (const Field& f : entry.table) entry.fields.push_back(f.name);
            entry.fields.insert(entry.fields.end(), type.after.begin(), type.after.end());
            for (const Field& f : entry.table)
                if (f.presence == Field::required) entry.required.push_back(f.name);
            entry.required.insert(entry.required.end(), type.required.begin(), type.required.end());
        }
        return list;
    }();
    return out;
}

}  // namespace attnbook
