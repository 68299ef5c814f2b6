// The `ipynb` export's live cells, part one: the shared shape (settle, live, the check) and the
// explorable, the scaling study, the hand example, the held sequence, the pipeline, the cost
// calculator, online softmax and the Jacobian. Each becomes a short program a reader can follow:
// the settings, the computation in named steps, the numbers printed as the page rounds them, then
// a check against the engine's exact numbers. The programs are Python files (programs/<cell>.py);
// this file settles each cell and fills in its values.
#include <functional>
#include <string_view>
#include <utility>

#include "attnbook/core/errors.hpp"
#include "attnbook/core/text_join.hpp"
#include "attnbook/lessons/cost_model.hpp"
#include "attnbook/lessons/explore_row.hpp"
#include "attnbook/lessons/hand_example.hpp"
#include "attnbook/lessons/online_softmax.hpp"
#include "attnbook/lessons/pipeline.hpp"
#include "attnbook/lessons/scaling_study.hpp"
#include "attnbook/lessons/sequence.hpp"
#include "attnbook/notebook/commands.hpp"
#include "attnbook/notebook/lesson_commands.hpp"
#include "attnbook/notebook/python_programs.hpp"
#include "ipynb_programs.hpp"
#include "ipynb_python.hpp"
#include "ipynb_state.hpp"

namespace attnbook {

using nlohmann::json;

json state_value(const CellState& state, const char* kind, Field::Kind form) {
    const auto it = state.find(kind);
    return it == state.end() ? json() : permalink_json(form, it->second);
}

Settled settle(const Run& run, const json& cell, const std::vector<const char*>& fields, const json& overrides) {
    Settled out;
    for (const char* f : fields) out.args[f] = cell.at(f);
    if (!overrides.empty()) {
        json merged = out.args;
        merged.update(overrides);
        try {
            out.result = run(merged);
            out.args = merged;
            return out;
        } catch (const UserError& e) {
            out.note = join_text({"The permalink's settings for this cell were refused (", e.what(),
                                  "), so these are the cell's own settings.\n\n"});
        }
    }
    out.result = run(out.args);
    return out;
}

Run command_run(const char* command) {
    return [command](const json& args) { return run_command(command, args); };
}

namespace {

bool named_in(const char* name, std::initializer_list<const char*> names) {
    for (const char* n : names)
        if (std::string_view(n) == name) return true;
    return false;
}

}  // namespace

Settled settle_table(const Run& run, const json& cell, const CellState& state, const BoundFields& table, const json& more,
                     std::initializer_list<const char*> except) {
    std::vector<const char*> fields;
    json overrides = json::object();
    for (const BoundField& b : table) {
        const Field& f = *b.field;
        if (!f.in_cell() || named_in(f.name, except)) continue;
        bool read = false;  // by the command too (a field of that name in the command's table)
        for (const BoundField& c : table) read = read || (c.field->in_command() && std::string_view(c.field->name) == f.name);
        if (!read) continue;
        fields.push_back(f.name);
        if (!f.permalink) continue;
        if (json v = state_value(state, f.permalink, f.kind); !v.is_null()) overrides[f.name] = std::move(v);
    }
    overrides.update(more);
    return settle(run, cell, fields, overrides);
}

LiveCell live(const json& cell, const char* fallback, const Settled& settled, const char* about, std::string code) {
    const std::string title = cell.contains("title") ? cell.at("title").get<std::string>() : fallback;
    return LiveCell{join_text({"## ", title, "\n\n", settled.note, about}), std::move(code)};
}

std::string check_lines(const char* tolerance) { return python_lines(python_programs::check, {{"tolerance", tolerance}}); }

std::string checks_passed(const char* how) { return python_lines(python_programs::checks_passed, {{"how", how}}); }

namespace {

// The small examples' numbers are a handful of products, exps and sums of a few terms each: their
// programs show them as the page does (show.py) and check them to 1e-12 (small_check.py).
constexpr const char* kSmallTolerance = "1e-12";
std::string show() { return python_lines(python_programs::show); }
std::string small_check() { return python_lines(python_programs::small_check, {{"check", check_lines(kSmallTolerance)}}); }
std::string small_passed() { return checks_passed(join_text({"to ", kSmallTolerance}).c_str()); }

std::string divisor_code(const std::string& divisor) {
    if (divisor == "width") return "d_k  # the width itself: over-divides";
    if (divisor == "one") return "1.0  # no scaling";
    return "np.sqrt(d_k)  # sqrt(d_k): keeps the scores' spread near 1";
}

LiveCell explorable(const json& cell, const CellState& state) {
    // The program writes softmax, the lesson's own normaliser (the note below says so).
    Settled settled = settle_table<ExploreInput>("explore", cell, state, json::object(), {"normalizer"});
    json python_args = settled.args;
    python_args["labels"] = cell.at("labels");
    const std::string program = run_command("python", python_args).at("program").get<std::string>();
    const auto norm = state.find("norm");
    if (norm != state.end() && norm->second != "softmax")
        settled.note += "The page was set to another normaliser; this program writes softmax, the lesson's own.\n\n";
    return live(cell, "The explorable", settled,
                "One query against every source: the match (dot product), the share (softmax) and the mix. "
                "Change the query, the keys, the values or `allowed` and run the cell again.",
                fill_python(python_programs::explorable, {{"program", python_lines(program)},
                                                          {"engine", engine_numbers(settled.result, {"shares", "output"})}}));
}

LiveCell scaling(const json& cell, const CellState& state) {
    const Settled settled = settle_table<ScalingInput>("scaling", cell, state);
    const std::string program = run_command("scaling_program", settled.args).at("program").get<std::string>();
    return live(cell, "The scaling study", settled,
                "How the spread of a dot product grows with the head width d, and how the largest attention "
                "weight behaves with and without the division. The draws are numpy's `default_rng`, in the "
                "page's order, so these are the page's tables.",
                fill_python(python_programs::scaling_study,
                            {{"program", python_lines(program)},
                             {"engine", engine_numbers(settled.result, {"raw_std", "scaled_std", "top_unscaled", "top_scaled"})}}));
}

LiveCell hand_example(const json& cell, const CellState& state) {
    const Settled settled = settle_table<HandExampleInput>("hand_example", cell, state);
    const json& args = settled.args;
    return live(cell, "A small example by hand", settled,
                "Every query against every key: scores, weights (one softmax per row) and the outputs.",
                fill_python(python_programs::hand_example,
                            {{"queries", py_literal(args.at("queries"))}, {"keys", py_literal(args.at("keys"))},
                             {"values", py_literal(args.at("values"))}, {"show", show()},
                             {"engine", engine_numbers(settled.result, {"logits", "weights", "row_sums", "output"})},
                             {"check", small_check()}, {"passed", small_passed()}}));
}

LiveCell held_sequence(const json& cell, const CellState& state) {
    const Settled settled = settle_table<SequenceInput>("sequence", cell, state);
    const json& args = settled.args;
    return live(cell, "A held sequence", settled,
                "Several query rows against the same sources, each with its own mask row (True: the row may "
                "attend to that source). A row with every source masked gets zero shares and a zero output.",
                fill_python(python_programs::held_sequence,
                            {{"labels", py_literal(cell.at("labels"))}, {"queries", py_literal(args.at("queries"))},
                             {"keys", py_literal(args.at("keys"))}, {"values", py_literal(args.at("values"))},
                             {"allowed", py_literal(args.at("mask"))}, {"show", show()},
                             {"divisor", divisor_code(args.at("divisor").get<std::string>())},
                             {"engine", engine_numbers(settled.result, {"scores", "shares", "outputs"})},
                             {"check", small_check()}, {"passed", small_passed()}}));
}

LiveCell pipeline(const json& cell, const CellState& state) {
    json knob = json::object();  // the command's own argument: the knob's stop
    if (json stop = state_value(state, "knob", Field::whole); !stop.is_null()) knob["knob"] = std::move(stop);
    const Settled settled = settle_table<PipelineInput>("pipeline", cell, state, knob);
    const json& args = settled.args;
    return live(cell, "The volume knob", settled,
                "Raw scores, divided by the knob's setting, turned into shares, and the values blended in those "
                "shares.",
                fill_python(python_programs::pipeline,
                            {{"words", py_literal(cell.at("labels"))}, {"scores", py_literal(args.at("scores"))},
                             {"values", py_literal(args.at("values"))},
                             {"divisor", py_literal(exact_numbers(settled.result.at("divisor")))},
                             {"width", args.at("width").dump()},
                             {"engine", engine_numbers(settled.result, {"divided", "shares", "sum", "blend"})},
                             {"check", small_check()}, {"passed", small_passed()}}));
}

LiveCell cost(const json& cell, const CellState& state) {
    const Settled settled = settle_table<CostInput>("cost", cell, state);
    std::string settings;  // one line per field of the table, in its order
    for (const Field& f : field_list<CostInput>(true))
        append_line(settings, {f.name, " = ", settled.args.at(f.name).dump()});
    const auto shown = [&](const char* f) { return settled.result.at(f).at("shown").dump(); };
    return live(cell, "What attention costs", settled,
                "The score matrix has tokens x tokens entries per head, layer and sequence in the batch; "
                "computing it and mixing the values each take two operations per product.",
                fill_python(python_programs::cost, {{"settings", settings},
                                     {"engine", engine_numbers(settled.result, {"scores", "score_bytes", "qk_flops", "av_flops"})},
                                     {"scores_shown", shown("scores")}, {"score_bytes_shown", shown("score_bytes")},
                                     {"qk_flops_shown", shown("qk_flops")}, {"av_flops_shown", shown("av_flops")},
                                     {"passed", checks_passed("exactly, shown as the page shows them")}}));
}

LiveCell online_softmax(const json& cell, const CellState& state) {
    const Settled settled = settle_table<OnlineSoftmaxInput>("online_softmax", cell, state);
    const json& args = settled.args;
    return live(cell, "Online softmax", settled,
                "The row is read a tile of keys at a time, keeping only a running maximum, a running sum and a "
                "running output, as FlashAttention does; the result equals the softmax of the whole row.",
                fill_python(python_programs::online_softmax,
                            {{"scores", py_literal(args.at("scores"))}, {"values", py_literal(args.at("values"))},
                             {"tile", args.at("tile").dump()},
                             {"engine", engine_numbers(settled.result, {"output", "unfused_output"})},
                             {"check", small_check()}, {"passed", small_passed()}}));
}

LiveCell jacobian(const json& cell, const CellState& state) {
    const json typed = state_value(state, "s", Field::numbers);  // the scores typed on the page
    long long step = 0;  // the page's multiplier: 2^step, step 0..6
    if (const json v = state_value(state, "mult", Field::whole); v.is_number() && v >= 0 && v <= 6) step = v.get<long long>();
    json multiplied = json::array();
    for (const json& x : typed.is_null() ? cell.at("scores") : typed)
        multiplied.push_back(x.get<double>() * static_cast<double>(1LL << step));
    json overrides;
    if (!typed.is_null() || step) overrides["scores"] = multiplied;
    const Settled single = settle(command_run("jacobian"), cell, {"scores"}, overrides);
    json norm_args;
    norm_args["widths"] = cell.at("widths");
    norm_args["seed"] = cell.at("seed");
    const json norms = run_command("jacobian_norms", norm_args);
    return live(cell, "The softmax Jacobian", single,
                "The Jacobian of p = softmax(s) is diag(p) - p pᵀ; its size (Frobenius norm) shows how much "
                "gradient flows back through the softmax. As the scores spread, p saturates and the norm "
                "vanishes: the second part measures it for random unscaled and scaled logits.",
                fill_python(python_programs::jacobian,
                            {{"scores", py_literal(single.args.at("scores"))}, {"widths", py_literal(norm_args.at("widths"))},
                             {"seed", norm_args.at("seed").dump()}, {"show", show()},
                             {"engine", engine_numbers(single.result, {"weights", "jacobian", "frobenius"})},
                             {"unscaled", py_literal(exact_numbers(norms.at("unscaled")))},
                             {"scaled", py_literal(exact_numbers(norms.at("scaled")))},
                             {"check", small_check()}, {"passed", small_passed()}}));
}

}  // namespace

LiveCell live_cell(const json& cell, const CellState& state) {
    // Each cell type with a program; the others (playback, help history) run on the page only.
    using Program = LiveCell (*)(const json&, const CellState&);
    static constexpr std::pair<std::string_view, Program> programs[] = {
        {"explorable", explorable},
        {"scaling-study", scaling},
        {"hand-example", hand_example},
        {"held-sequence", held_sequence},
        {"pipeline", pipeline},
        {"cost", cost},
        {"online-softmax", online_softmax},
        {"jacobian", jacobian},
        {"transformer-block", block_live},
        {"pytorch-rules", pytorch_rules_live},
        {"mistakes", mistakes_live},
        {"alternatives", alternatives_live},
        {"precision-lab", precision_live},
        {"attention-scale", scale_live},
        {"training-lab", train_live},
    };
    const std::string& type = cell.at("type").get_ref<const std::string&>();
    for (const auto& [name, program] : programs)
        if (type == name) return program(cell, state);
    return LiveCell{};
}

}  // namespace attnbook
