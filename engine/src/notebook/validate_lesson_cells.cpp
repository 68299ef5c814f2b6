// The live cells of the three-depth lesson (scaled-dot-product-attention): pipeline,
// pytorch-rules, mistakes, jacobian, cost, online-softmax, alternatives. Every limit and default
// is read from the lesson header that owns it; every field is optional.
#include <string>

#include "attnbook/lessons/cost_model.hpp"
#include "attnbook/core/errors.hpp"
#include "attnbook/lessons/jacobian.hpp"
#include "attnbook/lessons/mistakes.hpp"
#include "attnbook/lessons/online_softmax.hpp"
#include "attnbook/lessons/pipeline.hpp"
#include "attnbook/notebook/json_text.hpp"
#include "validate_context.hpp"

namespace attnbook {
namespace notebook_validation {

namespace {

// "scores" with its default; returns how many there are.
std::size_t scores_field(const Fields& f, JsonOut& o, const std::vector<double>& fallback, std::size_t max_count,
                         double max_abs) {
    o.set("scores", fallback);
    if (auto s = f.vector("scores", 1, max_count, max_abs)) {
        o.set("scores", *s);
        return s->size();
    }
    return fallback.size();
}

// One value row per score, for a cell read by its table (`values`: its member, the lesson's
// example's when the cell gives none; `count`: the scores, given or the example's).
void check_values_per_score(const Fields& f, const TableRead& read, const Field& scores, const Field& values_field,
                            const Matrix& values, std::size_t count) {
    if (read.given(values_field)) {
        if (read.refused(values_field)) return;
        const std::string at = f.at("values");
        check_row_widths(f.cx, values, at, "value");
        if (values.size() != count)
            f.cx.error(at, {"scores has ", counted(count, "number", "numbers"), " but values has ",
                            counted(values.size(), "row", "rows")});
    } else if (read.given(scores) && count != values.size()) {
        f.error("scores", {"scores has ", counted(count, "number", "numbers"), " but the default values have ",
                           counted(values.size(), "row", "rows"), " (give values as well)"});
    }
}

// The pipeline lesson's example (its scores are the jacobian cell's default too): built once.
const PipelineInput& pipeline_defaults() {
    static const PipelineInput d;
    return d;
}

}  // namespace

void check_pipeline_cell(Context& cx, const json& cell, const std::string& path, json& out) {
    namespace pf = pipeline_fields;
    PipelineInput in;
    const TableRead read = read_table_cell(cx, cell, path, out, in);
    const Fields f(cx, cell, path);
    const std::size_t count = in.scores.size();
    check_values_per_score(f, read, pf::scores, pf::values, in.values, count);
    if (const json* given = f.find("labels")) {
        if (given->is_array() && given->size() != count)
            f.error("labels", {"labels has ", given->size(), " entries but there are ", counted(count, "score", "scores")});
    } else if (read.given(pf::scores)) {
        out.erase("labels");  // the example's words go with the example's scores only
    }
}

void check_jacobian_cell(Context& cx, const json& cell, const std::string& path, json& out) {
    namespace lim = jacobian_limits;
    const Fields f(cx, cell, path);
    JsonOut o = JsonOut::into(out);
    const JacobianNormsInput d;
    scores_field(f, o, pipeline_defaults().scores, lim::max_scores, lim::max_abs);
    o.set("widths", d.widths);
    if (const json* given = f.find("widths")) {
        const std::string w_at = f.at("widths");
        if (!given->is_array() || given->empty() || given->size() > lim::max_widths) {
            cx.error(w_at, {"expected an array of 1 to ", lim::max_widths, " whole numbers"});
        } else {
            json& widths = o.array("widths");
            JacobianNormsInput run;  // the cell runs with the default trials and keys
            for (std::size_t i = 0; i < given->size(); ++i) {
                const std::string at = json_path_index(w_at, i);
                const auto w = read_integer(cx, (*given)[i], at, 1, static_cast<long long>(lim::max_width));
                if (!w) continue;
                widths.push_back(*w);
                // The combined limit is the lesson's own (check_jacobian_input): ask it, width by
                // width, so the author hears which width cannot run now, not when the cell runs.
                run.widths.assign(1, static_cast<std::size_t>(*w));
                try {
                    check_jacobian_input(run);
                } catch (const UserError& e) {
                    cx.error(at, {e.what()});
                }
            }
        }
    }
    JacobianNormsInput seed_only;
    check_table_fields(cx, cell, path, out, seed_only);
}

void check_online_softmax_cell(Context& cx, const json& cell, const std::string& path, json& out) {
    namespace of = online_softmax_fields;
    OnlineSoftmaxInput in;
    const TableRead read = read_table_cell(cx, cell, path, out, in);
    const Fields f(cx, cell, path);
    check_values_per_score(f, read, of::scores, of::values, in.values, in.scores.size());
    if (in.tile > in.scores.size()) f.error("tile", {"must be at most the number of scores (", in.scores.size(), ")"});
}

}  // namespace notebook_validation
}  // namespace attnbook
