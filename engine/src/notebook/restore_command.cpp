// restore {type, cell, state} -> {state, refused}: a permalink's settings for one cell, checked by
// the engine before the cell's first draw (web/src/attention-notebook.js), so that no renderer
// re-checks them. `state` is the page's permalink for the cell, decoded (web/src/permalink.js):
// JSON values by permalink key. Each key that a field of the cell type's table keeps
// (Field::permalink) is merged into the cell on its own, over the keys accepted before it (in the
// table's order), read by the table as a cell's field (read_cell_values: the cell's ranges) and
// checked by the lesson's own rules between fields (the scaling study's max_block, a mask's shape,
// heads that divide the width, ...). A matrix keeps the cell's shape: the page's editors change
// entries, never the number of rows or columns, so a link holds none of another shape (and a
// renderer draws its grids from the cell's). A key that fails is left out of the answer's state and listed
// in `refused` with the message naming its field, and the cell keeps its own value there. A key the
// page keeps beside the table (what it shows, not what it computes: the row on view, the knob's
// stop, the backend) is passed on for the renderer to check against what it draws; any other key
// is refused. The cell types whose fields are no table yet keep their state as it came (their
// renderers check it).
#include <string_view>
#include <vector>

#include "attnbook/lessons/alternatives.hpp"
#include "attnbook/lessons/attention_scale.hpp"
#include "attnbook/lessons/block.hpp"
#include "attnbook/lessons/cost_model.hpp"
#include "attnbook/lessons/explore_row.hpp"
#include "attnbook/lessons/hand_example.hpp"
#include "attnbook/lessons/jacobian.hpp"
#include "attnbook/lessons/mistakes.hpp"
#include "attnbook/lessons/online_softmax.hpp"
#include "attnbook/lessons/pipeline.hpp"
#include "attnbook/lessons/precision.hpp"
#include "attnbook/lessons/pytorch_rules.hpp"
#include "attnbook/lessons/scaling_study.hpp"
#include "attnbook/lessons/sequence.hpp"
#include "attnbook/lessons/train.hpp"
#include "attnbook/notebook/command_args.hpp"
#include "attnbook/notebook/field_reader.hpp"
#include "attnbook/notebook/lesson_commands.hpp"

namespace attnbook {

using nlohmann::json;

namespace {

// One cell of this type with these values (JSON by field name) read by its table and checked by
// the lesson's rules between fields; throws the first refusal. The table's messages name their
// field; a rule's (the lesson's own wording) is placed at `field`, the one being restored.
template <class Input, void (*Rules)(const Input&)>
void check_cell(const char* type, const json& values, const char* field) {
    Input in{};
    read_cell_values(type, values, bind_fields(in));
    if constexpr (Rules != nullptr) {
        try {
            Rules(in);
        } catch (const UserError& e) {
            throw UserError(field ? join_text({type, ": $.", field, ": ", e.what()}) : join_text({type, ": ", e.what()}));
        }
    }
}

// The lessons' rules between fields that a check function of their own does not state: the
// lesson run on a cell's few numbers (a hand example's shapes, a tile within the keys, a mask per
// query row, heads that divide the width).
void hand_rules(const HandExampleInput& in) { hand_example(in); }
void online_rules(const OnlineSoftmaxInput& in) { online_softmax(in); }
void block_rules(const BlockInput& in) { transformer_block(in); }
void sequence_rules(const SequenceInput& in) { sequence_rows(in); }
void scale_rules(const ScaleProblem& p) { check_scale_problem(p, "attention-scale"); }
// The explorable's row runs (a key per source as wide as the query, a value per key, a mask entry
// per key), and the reference query the page's reset returns to is as wide as the query.
void explorable_rules(const ExplorableCell& c) {
    explore_row(c.row);
    if (std::string refusal = reference_query_mismatch(c); !refusal.empty()) throw UserError(refusal);
}

// A matrix's shape: its rows' lengths (a value that is no list of lists has none).
std::vector<std::size_t> shape_of(const json& rows) {
    std::vector<std::size_t> out;
    if (!rows.is_array()) return out;
    for (const json& r : rows) out.push_back(r.is_array() ? r.size() : 0);
    return out;
}

// A restored matrix has the shape of the cell's (see the top of the file).
void check_shape(const char* type, const Field& f, const json& cell_value, const json& value) {
    const std::vector<std::size_t> want = shape_of(cell_value), got = shape_of(value);
    if (got == want) return;
    const std::size_t columns = want.empty() ? 0 : want[0];
    throw UserError(join_text({type, ": $.", f.name, ": the cell's ", f.name, " are ", want.size(), " x ", columns,
                               "; a saved value keeps that shape"}));
}

struct Restorable {
    const char* type;
    std::vector<Field> (*fields)();  // the cell's entries of the table, in order
    void (*check)(const char* type, const json& values, const char* field);
    const char* view;  // the one key the page keeps beside the table, or nullptr
};

template <class Input, void (*Rules)(const Input&) = nullptr>
constexpr Restorable restorable(const char* type, const char* view = nullptr) {
    return {type, [] { return field_list<Input>(true); }, check_cell<Input, Rules>, view};
}

const Restorable kRestorable[] = {
    restorable<ScalingInput, check_scaling_input>("scaling-study"),
    restorable<CostInput>("cost"),
    restorable<MistakesInput>("mistakes"),
    restorable<ExplorableCell, explorable_rules>("explorable"),
    restorable<AlternativesInput>("alternatives", "row"),
    restorable<PrecisionInput>("precision-lab"),
    restorable<HandExampleInput, hand_rules>("hand-example"),
    restorable<OnlineSoftmaxInput, online_rules>("online-softmax"),
    restorable<PipelineInput, check_pipeline_input>("pipeline", "knob"),
    restorable<BlockInput, block_rules>("transformer-block", "causal"),
    restorable<SequenceInput, sequence_rules>("held-sequence", "row"),
    restorable<ScaleProblem, scale_rules>("attention-scale", "be"),
    restorable<TrainConfig, check_train_config>("training-lab"),
    restorable<PytorchRulesInput>("pytorch-rules"),
    // The multiplier step is the page's: the scores times 2^mult stay in range (jacobian.js).
    restorable<JacobianCellInput>("jacobian", "mult"),
};

void refuse(json& refused, const std::string& key, const std::string& message) {
    json& entry = refused.emplace_back(json::object());
    entry["key"] = key;
    entry["message"] = message;
}

json restore(const Restorable& r, const json& cell, const json& state) {
    const std::vector<Field> fields = r.fields();
    json values = json::object();  // the cell's fields, then each key accepted
    for (const Field& f : fields)
        if (const json* v = json_member(cell, f.name)) values[f.name] = *v;
    r.check(r.type, values, nullptr);  // the cell as it is (a cell the site's build accepted passes)
    json kept = json::object(), refused = json::array();
    for (const Field& f : fields) {
        const json* v = f.permalink ? json_member(state, f.permalink) : nullptr;
        if (!v) continue;
        json merged = values;
        merged[f.name] = *v;
        try {
            if (f.kind == Field::rows || f.kind == Field::flag_rows) {
                const json* own = json_member(values, f.name);
                check_shape(r.type, f, own ? *own : json(), *v);
            }
            r.check(r.type, merged, f.name);
            values = std::move(merged);
            kept[f.permalink] = *v;
        } catch (const UserError& e) {
            refuse(refused, f.permalink, e.what());
        }
    }
    for (auto it = state.begin(); it != state.end(); ++it) {
        if (kept.contains(it.key())) continue;
        bool ours = false;  // a field's key, refused above
        for (const Field& f : fields) ours = ours || (f.permalink && it.key() == f.permalink);
        if (ours) continue;
        if (r.view && it.key() == r.view) kept[it.key()] = it.value();
        else refuse(refused, it.key(), join_text({r.type, ": ", in_quotes(it.key()), " is not a setting this cell keeps"}));
    }
    json out;
    out["state"] = std::move(kept);
    out["refused"] = std::move(refused);
    return out;
}

}  // namespace

json restore_command(const json& raw, const Progress&) {
    const CommandArgs args("restore", raw, {"type", "cell", "state"});
    const std::string type = args.text("type");
    const json& cell = args.raw("cell");
    const json& state = args.raw("state");
    if (!cell.is_object()) throw UserError("restore: $.cell: expected an object, found " + json_kind(cell));
    if (!state.is_object()) throw UserError("restore: $.state: expected an object, found " + json_kind(state));
    for (const Restorable& r : kRestorable)
        if (type == r.type) return restore(r, cell, state);
    json out;
    out["state"] = state;
    out["refused"] = json::array();
    return out;
}

}  // namespace attnbook
