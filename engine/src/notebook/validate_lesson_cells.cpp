// The live cells of the three-depth lesson (scaled-dot-product-attention): pipeline,
// pytorch-rules, mistakes, jacobian, cost, online-softmax, alternatives. Every limit and default
// is read from the lesson header that owns it; every field is optional.
#include <string>

#include "attnbook/lessons/pytorch_rules.hpp"
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

// A whole-number field with its default; returns the value written.
long long whole_field(const Fields& f, JsonOut& o, const char* name, long long lo, long long hi, long long fallback) {
    const auto x = f.integer(name, lo, hi);
    const long long value = x ? *x : fallback;
    o.set(name, value);
    return value;
}

// A number field > 0 with its default.
void positive_field(const Fields& f, JsonOut& o, const char* name, double limit, double fallback) {
    o.set(name, fallback);
    if (auto s = f.number(name, limit)) {
        if (*s <= 0)
            f.error(name, {"must be greater than 0, found ", *s});
        else
            o.set(name, *s);
    }
}

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

// "values", one row per score, with its default.
void values_field(const Fields& f, JsonOut& o, const Matrix& fallback, std::size_t count, std::size_t max_rows,
                  std::size_t max_width, double max_abs) {
    o.set("values", fallback);
    if (f.find("values")) {
        if (auto v = f.matrix("values", 1, max_rows, 1, max_width, max_abs)) {
            const std::string at = f.at("values");
            if (check_row_widths(f.cx, *v, at, "value")) o.set("values", *v);
            if (v->size() != count)
                f.cx.error(at, {"scores has ", counted(count, "number", "numbers"), " but values has ",
                                counted(v->size(), "row", "rows")});
        }
    } else if (f.find("scores") && count != fallback.size()) {
        f.error("scores", {"scores has ", counted(count, "number", "numbers"), " but the default values have ",
                                    counted(fallback.size(), "row", "rows"), " (give values as well)"});
    }
}

// The pipeline lesson's example (its scores are the jacobian cell's default too): built once.
const PipelineInput& pipeline_defaults() {
    static const PipelineInput d;
    return d;
}

}  // namespace

void check_pipeline_cell(Context& cx, const json& cell, const std::string& path, json& out) {
    namespace lim = pipeline_limits;
    const Fields f(cx, cell, path);
    JsonOut o = JsonOut::into(out);
    const PipelineInput& d = pipeline_defaults();
    const std::size_t count = scores_field(f, o, d.scores, lim::max_words, lim::max_abs);
    whole_field(f, o, "width", 1, static_cast<long long>(lim::max_width), static_cast<long long>(d.width));
    values_field(f, o, d.values, count, lim::max_words, lim::max_value_width, lim::max_abs);
    if (const json* given = f.find("labels")) {
        const std::string l_at = f.at("labels");
        if (!given->is_array()) {
            expected(cx, l_at, "an array of strings", *given);
        } else {
            if (given->size() != count)
                cx.error(l_at, {"labels has ", given->size(), " entries but there are ", counted(count, "score", "scores")});
            json& labels = o.array("labels");
            for (std::size_t i = 0; i < given->size(); ++i)
                if (auto s = read_string(cx, (*given)[i], json_path_index(l_at, i), 1, 16)) labels.push_back(*s);
        }
    } else if (!f.find("scores")) {
        o.set("labels", d.labels);
    }
}

void check_pytorch_rules_cell(Context& cx, const json& cell, const std::string& path, json& out) {
    JsonOut o = JsonOut::into(out);
    positive_field(Fields(cx, cell, path), o, "scale", pytorch_rules_limits::max_scale, pytorch_rules_limits::scale_default);
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
    namespace lim = online_softmax_limits;
    const Fields f(cx, cell, path);
    JsonOut o = JsonOut::into(out);
    const OnlineSoftmaxInput d;
    const std::size_t count = scores_field(f, o, d.scores, lim::max_keys, lim::max_abs);
    values_field(f, o, d.values, count, lim::max_keys, lim::max_width, lim::max_abs);
    const long long tile =
        whole_field(f, o, "tile", 1, static_cast<long long>(lim::max_keys), static_cast<long long>(d.tile));
    if (tile > static_cast<long long>(count))
        f.error("tile", {"must be at most the number of scores (", count, ")"});
}

}  // namespace notebook_validation
}  // namespace attnbook
