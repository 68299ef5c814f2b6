// One notebook cell: the fields every cell has (type, id, depths, title), then the fields of its
// type, then the cross-checks between them (shapes of query/keys/values, mask and labels per key).
// Returns the cell with every default filled; the caller uses it only when nothing was reported.
#include <algorithm>
#include <cstring>
#include <iterator>
#include <set>

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
#include "attnbook/notebook/json_text.hpp"
#include "attnbook/notebook/lesson_cells.hpp"
#include "attnbook/notebook/notebook.hpp"
#include "attnbook/notebook/practice.hpp"
#include "cell_type_names.hpp"
#include "validate_context.hpp"

namespace attnbook {
namespace notebook_validation {
namespace {

// Every limit and default below is read from the header of the concept it belongs to.
namespace nb = notebook_limits;

using CellCheck = void (*)(Context&, const json&, const std::string&, json&);

// The cell types: a table of data (no code runs to build it).
struct CellType {
    const char* name;
    Names fields;    // besides type, id, depths, title
    Names required;
    CellCheck check;
    // The lesson's field table (field_reader.hpp), whose cell fields follow `fields`.
    std::vector<Field> (*table)(bool cell) = nullptr;
    Names after = {};  // the cell's own fields after the table's (as a cell lists them)
};

constexpr Names common_fields = {"type", "id", "depths", "title"};

void check_prose(Context& cx, const json& cell, const std::string& path, json& out) {
    JsonOut o = JsonOut::into(out);
    Fields(cx, cell, path).markdown_to(o, "text");
}

void check_maths(Context& cx, const json& cell, const std::string& path, json& out) {
    const Fields f(cx, cell, path);
    JsonOut o = JsonOut::into(out);
    f.string_to(o, "tex", 1, nb::tex_max_chars);
    if (const json* tex = f.find("tex"); tex && tex->is_string()) count_formula(cx, tex->get<std::string>(), f.at("tex"));
    o.set("display", true);
    f.boolean_to(o, "display");
    f.markdown_to(o, "caption");
}

// The goal (an object, the cell's own field): a label to pass a share. `labels`: the cell's
// (the given list, or A, B, C, ... for the keys).
void check_goal(Context& cx, const json& goal, const std::string& at, const json& labels, JsonOut& o) {
    if (!expect_object(cx, goal, at)) return;
    check_fields(cx, goal, at, {"source", "share_above"}, {"source", "share_above"}, "an explorable goal");
    const Fields g(cx, goal, at);
    JsonOut normalised = o.object("goal");
    const Field& label = explore_fields::labels;
    if (auto source = g.string("source", label.range.min, label.range.max)) {
        bool known = false;
        for (const json& given : labels) known = known || (given.is_string() && given.get_ref<const std::string&>() == *source);
        if (!known) g.error("source", {"goal source ", in_quotes(*source), " is not one of the labels"});
        normalised.set("source", *source);
    }
    if (auto share = g.number("share_above", 1.0)) {
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
    } else if (read.accepted(ef::reference_query) && d && in.reference_query.size() != *d) {
        f.error("reference_query", {"reference_query has ", counted(in.reference_query.size(), "number", "numbers"),
                                    " but the query has ", *d});
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

// A list of Markdown texts (choice options, reasons): invalid ones are null in the result.
json& markdown_list(Context& cx, const json& given, const std::string& at, JsonOut& out, const char* name,
                    const char* twice) {
    std::set<std::string> seen;
    json& list = out.array(name);
    for (std::size_t i = 0; i < given.size(); ++i) {
        const std::string item = json_path_index(at, i);
        const auto text = read_markdown(cx, given[i], item);
        if (twice && text && !seen.insert(*text).second) cx.error(item, {"option ", in_quotes(*text), twice});
        list.push_back(text ? json(*text) : json());
    }
    return list;
}

void check_answer(Context& cx, const json& answer, const std::string& path, json& out) {
    if (!expect_object(cx, answer, path)) return;
    const Fields f(cx, answer, path);
    const json* kind_value = f.find("kind");
    if (!kind_value) {
        cx.error(path, {"missing required field \"kind\" of the answer (\"number\" or \"choice\")"});
        return;
    }
    const std::string kind_at = f.at("kind");
    if (!kind_value->is_string()) {
        expected(cx, kind_at, "a string", *kind_value);
        return;
    }
    const std::string& kind = kind_value->get_ref<const std::string&>();
    json normalised;
    JsonOut n(normalised);
    n.set("kind", kind);
    if (kind == "number") {
        check_fields(cx, answer, path, {"kind", "value", "tolerance", "decimals"}, {"kind", "value"},
                     "a number answer");
        if ((f.find("tolerance") != nullptr) == (f.find("decimals") != nullptr))
            cx.error(path, {"a number answer needs exactly one of \"tolerance\" and \"decimals\""});
        f.integer_to(n, "decimals", 0, practice_limits::max_decimals);
        if (auto value = f.number("value", practice_limits::max_abs_answer)) n.set("value", *value);
        if (auto tolerance = f.number("tolerance", practice_limits::max_abs_answer)) {
            if (*tolerance <= 0)
                f.error("tolerance", {"must be greater than 0, found ", *tolerance});
            else
                n.set("tolerance", *tolerance);
        }
    } else if (kind == "choice") {
        check_fields(cx, answer, path, {"kind", "options", "correct", "reasons"}, {"kind", "options", "correct"},
                     "a choice answer");
        std::size_t options = 0;
        bool options_ok = false;
        if (const json* given = f.find("options")) {
            const std::string at = f.at("options");
            if (!given->is_array()) {
                expected(cx, at, "an array of strings", *given);
            } else {
                using practice_limits::max_options;
                using practice_limits::min_options;
                options = given->size();
                options_ok = check_count(cx, at, options, {min_options, max_options}, "options", "options");
                markdown_list(cx, *given, at, n, "options", " is listed twice");
            }
        }
        if (const json* correct = f.find("correct")) {
            if (options_ok && correct->is_number_integer() && correct->get<long long>() >= static_cast<long long>(options) &&
                correct->get<long long>() < static_cast<long long>(practice_limits::max_options)) {
                // A rule between two fields (the schema bounds `correct` by the most options any
                // question may have): said in its own words, not as a range of the field alone.
                f.error("correct", {"names option ", correct->get<long long>(), ", but options has ", options,
                                    " entries (0 to ", options - 1, ")"});
            } else if (options_ok) {
                f.integer_to(n, "correct", 0, static_cast<long long>(options) - 1);
            } else if (!correct->is_number()) {
                expected(cx, f.at("correct"), "a whole number (an index into options)", *correct);
            }
        }
        if (const json* given = f.find("reasons")) {
            // One Markdown reason per option: why it is (or is not) the answer, shown after a pick.
            const std::string at = f.at("reasons");
            if (!given->is_array()) {
                expected(cx, at, "an array of strings", *given);
            } else {
                if (options_ok && given->size() != options)
                    cx.error(at, {"reasons has ", counted(given->size(), "entry", "entries"), " but there are ",
                                  counted(options, "option", "options")});
                markdown_list(cx, *given, at, n, "reasons", nullptr);
            }
        }
    } else {
        cx.error(kind_at, {"unknown answer kind ", in_quotes(kind), " (expected one of: ", listed(answer_kinds()), ")"});
        return;
    }
    JsonOut::into(out).set("answer", std::move(normalised));
}

void check_practice_cell(Context& cx, const json& cell, const std::string& path, json& out) {
    const Fields f(cx, cell, path);
    JsonOut o = JsonOut::into(out);
    for (const char* name : {"prompt", "hint", "worked", "explanation"}) f.markdown_to(o, name);
    if (const json* answer = f.find("answer")) check_answer(cx, *answer, f.at("answer"), out);
}

void check_references(Context& cx, const json& cell, const std::string& path, json& out) {
    const ObjectShape reference{{"authors", "title", "year", "venue", "url"}, {"authors", "title", "year", "venue"}, "a reference"};
    each_object(Fields(cx, cell, path), "items", {nb::min_references, nb::max_references}, "references", reference, out,
                [&](const Fields& r, json& item) {
                    JsonOut normalised(item);
                    for (const char* name : {"authors", "title", "venue"})
                        r.string_to(normalised, name, 1, nb::reference_text_max_chars);
                    r.integer_to(normalised, "year", nb::min_year, nb::max_year);
                    if (const json* url = r.find("url")) {
                        if (auto text = read_https_url(cx, *url, r.at("url"))) normalised.set("url", *text);
                    }
                });
}

void check_nothing(Context&, const json&, const std::string&, json&) {}

constexpr CellType cell_types[] = {
    {"prose", {"text"}, {"text"}, check_prose},
    {"maths", {"tex", "display", "caption"}, {"tex"}, check_maths},
    {"explorable", {}, {"query", "keys", "values"}, check_explorable, field_list<ExplorableCell>, {"goal"}},
    {"scaling-study", {}, {}, check_scaling_study, field_list<ScalingInput>},
    {"hand-example", {}, {}, check_hand_example, field_list<HandExampleInput>},
    {"held-sequence", {}, {}, check_held_sequence, field_list<SequenceInput>},
    {"transformer-block", {}, {}, check_transformer_block, field_list<BlockInput>},
    {"playback", {}, {}, check_table_cell<PlaybackInput>, field_list<PlaybackInput>},
    {"study", {"steps"}, {"steps"}, check_study},
    {"help-history", {}, {}, check_nothing},
    {"practice", {"prompt", "answer", "hint", "worked", "explanation"}, {"prompt", "answer"}, check_practice_cell},
    {"references", {"items"}, {"items"}, check_references},
    // "On this page": the page lists the headings shown after it at the reader's depth.
    {"contents", {}, {}, check_nothing},
    {"attention-scale", {}, {}, check_attention_scale_cell, field_list<ScaleCell>},
    {"precision-lab", {}, {}, check_precision_lab_cell, field_list<PrecisionCell>},
    {"pipeline", {}, {}, check_pipeline_cell, field_list<PipelineInput>},
    {"pytorch-rules", {}, {}, check_table_cell<PytorchRulesInput>, field_list<PytorchRulesInput>},
    {"mistakes", {}, {}, check_table_cell<MistakesInput>, field_list<MistakesInput>},
    {"jacobian", {}, {}, check_jacobian_cell, field_list<JacobianCellInput>},
    {"cost", {}, {}, check_table_cell<CostInput>, field_list<CostInput>},
    {"online-softmax", {}, {}, check_online_softmax_cell, field_list<OnlineSoftmaxInput>},
    {"alternatives", {}, {}, check_table_cell<AlternativesInput>, field_list<AlternativesInput>},
    {"training-lab", {}, {}, check_training_lab_cell, field_list<TrainingLabCell>},
};

// A type's own fields: its list, then its table's cell fields.
std::vector<const char*> own_field_names(const CellType& type) {
    std::vector<const char*> names(type.fields.begin(), type.fields.end());
    if (type.table)
        for (const Field& f : type.table(true)) names.push_back(f.name);
    names.insert(names.end(), type.after.begin(), type.after.end());
    return names;
}

// One row per name of cell_type_names.hpp, in its order.
constexpr bool rows_are_the_names() {
    if (std::size(cell_types) != cell_type_names::count) return false;
    for (std::size_t i = 0; i < cell_type_names::count; ++i)
        if (!cell_type_names::same(cell_types[i].name, cell_type_names::names[i])) return false;
    return true;
}
static_assert(rows_are_the_names(), "cell_types: one row per name of cell_type_names.hpp, in its order");

}  // namespace

void check_practice_answer(Context& cx, const json& answer, const std::string& path, json& out) {
    check_answer(cx, answer, path, out);
}

json validate_cell(Context& cx, const json& cell, std::size_t index, const std::string& path) {
    if (!expect_object(cx, cell, path)) return nullptr;
    const std::vector<std::string>& names = notebook_cell_types();
    const Fields f(cx, cell, path);
    const json* type_value = f.find("type");
    if (!type_value) {
        cx.error(path, {"missing required field \"type\" of a cell (one of: ", listed(names), ")"});
        return nullptr;
    }
    const std::string type_at = f.at("type");
    if (!type_value->is_string()) {
        expected(cx, type_at, "a string", *type_value);
        return nullptr;
    }
    const std::string& type_name = type_value->get_ref<const std::string&>();
    const CellType* type = std::begin(cell_types);
    while (type != std::end(cell_types) && type_name != type->name) ++type;
    if (type == std::end(cell_types)) {
        cx.error(type_at, {"unknown cell type ", in_quotes(type_name), " (expected one of: ", listed(names), ")"});
        return nullptr;
    }

    const bool vowel = std::strchr("aeiou", type_name[0]) != nullptr;
    const std::string what = join_text({vowel ? "an " : "a ", type_name, " cell"});
    check_fields(cx, cell, path, common_fields, type->required, what.c_str(), own_field_names(*type));

    json out;
    JsonOut o(out);
    o.set("type", type_name);
    if (const json* given = f.find("id")) {
        const std::string at = f.at("id");
        if (auto id = read_id(cx, *given, at)) {
            const auto earlier = cx.cell_ids.emplace(*id, path);
            const long long owner = automatic_cell_index(*id);
            if (!earlier.second)
                cx.error(at, {"duplicate cell id ", in_quotes(*id), " (also used by ", earlier.first->second, ")"});
            else if (owner >= 0 && static_cast<std::size_t>(owner) != index)
                cx.error(at, {"id ", in_quotes(*id), " is the automatic id of cell ", owner + 1,
                              " ($.cells[", owner, "]); an id of the form cell-<n> may name only cell n"});
            o.set("id", *id);
        }
    }
    o.set("depths", cx.notebook_depths);
    if (const json* given = f.find("depths")) {
        const std::vector<std::string>& allowed = cx.notebook_depths_valid ? cx.notebook_depths : notebook_depth_names();
        bool ok;
        const auto depths = read_depths(cx, *given, f.at("depths"), allowed,
                                        "leave depths out to show the cell at every depth", ok);
        o.set("depths", depths ? json(*depths) : json());
    }
    f.string_to(o, "title", 1, nb::title_max_chars);
    type->check(cx, cell, path, out);
    return out;
}

}  // namespace notebook_validation

}  // namespace attnbook

#include "attnbook/notebook/cell_types.hpp"

namespace attnbook {

const std::vector<CellTypeFields>& notebook_cell_fields() {
    static const std::vector<CellTypeFields> out = [] {
        std::vector<CellTypeFields> list(std::size(notebook_validation::cell_types));
        for (std::size_t i = 0; i < list.size(); ++i) {
            const auto& type = notebook_validation::cell_types[i];
            CellTypeFields& entry = list[i];
            entry.type = type.name;
            entry.fields.assign(notebook_validation::common_fields.begin(), notebook_validation::common_fields.end());
            for (const char* name : notebook_validation::own_field_names(type)) entry.fields.push_back(name);
            entry.required.assign(type.required.begin(), type.required.end());
            if (type.table) entry.table = type.table(true);
        }
        return list;
    }();
    return out;
}

}  // namespace attnbook
