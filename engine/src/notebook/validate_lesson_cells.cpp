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

// The table reads each field (jacobian_fields); here, each width (given or the default) against
// the lesson's combined limit (check_jacobian_input), so the author hears which width cannot run
// now, not when the cell runs.
void check_jacobian_cell(Context& cx, const json& cell, const std::string& path, json& out) {
    JacobianCellInput in;
    const TableRead read = read_table_cell(cx, cell, path, out, in);
    const auto* widths = read.usable(jacobian_fields::widths, in.norms.widths);
    JacobianNormsInput run;  // the cell runs with the default trials and keys
    for (std::size_t i = 0; widths && i < widths->size(); ++i) {
        run.widths.assign(1, (*widths)[i]);
        try {
            check_jacobian_input(run);
        } catch (const UserError& e) {
            cx.error(json_path_index(read.at(jacobian_fields::widths), i), {e.what()});
        }
    }
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
