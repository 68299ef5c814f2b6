// The live cells of the three-depth lesson (scaled-dot-product-attention): pipeline,
// pytorch-rules, mistakes, jacobian, cost, online-softmax, alternatives. Every limit and default
// is read from the lesson header that owns it; every field is optional.
#include <string>

#include "attnbook/lessons/alternatives.hpp"
#include "attnbook/lessons/cost_model.hpp"
#include "attnbook/lessons/jacobian.hpp"
#include "attnbook/lessons/mistakes.hpp"
#include "attnbook/lessons/online_softmax.hpp"
#include "attnbook/lessons/pipeline.hpp"
#include "attnbook/notebook/json_text.hpp"
#include "validate_context.hpp"

namespace attnbook {
namespace notebook_validation {

namespace {

std::string at(const std::string& path, const char* name) { return json_path_member(path, name); }

json matrix_json(const Matrix& rows) {
    json out = json::array();
    for (const auto& row : rows) out.push_back(row);
    return out;
}

// A whole-number field with its default.
void whole_field(Context& cx, const json& cell, const std::string& path, json& out, const char* name,
                 long long lo, long long hi, long long fallback) {
    out[name] = fallback;
    if (!cell.contains(name)) return;
    if (auto x = read_integer(cx, cell[name], at(path, name), lo, hi)) out[name] = *x;
}

}  // namespace

void check_pipeline_cell(Context& cx, const json& cell, const std::string& path, json& out) {
    namespace lim = pipeline_limits;
    const PipelineInput d;
    std::size_t count = d.scores.size();
    out["scores"] = d.scores;
    bool own_scores = cell.contains("scores");
    if (own_scores) {
        if (auto s = read_vector(cx, cell["scores"], at(path, "scores"), 1, lim::max_words, lim::max_abs)) {
            out["scores"] = *s;
            count = s->size();
        }
    }
    whole_field(cx, cell, path, out, "width", 1, static_cast<long long>(lim::max_width), static_cast<long long>(d.width));
    out["values"] = matrix_json(d.values);
    if (cell.contains("values")) {
        const std::string v_at = at(path, "values");
        if (auto v = read_matrix(cx, cell["values"], v_at, 1, lim::max_words, 1, lim::max_value_width, lim::max_abs)) {
            if (check_row_widths(cx, *v, v_at, "value", std::nullopt, "")) out["values"] = matrix_json(*v);
            if (v->size() != count)
                cx.error(v_at, "scores has " + counted(count, "number", "numbers") + " but values has " +
                                   counted(v->size(), "row", "rows"));
        }
    } else if (own_scores && count != d.values.size()) {
        cx.error(at(path, "scores"), "scores has " + counted(count, "number", "numbers") + " but the default values have " +
                                         counted(d.values.size(), "row", "rows") + " (give values as well)");
    }
    if (cell.contains("labels")) {
        const json& given = cell["labels"];
        const std::string l_at = at(path, "labels");
        if (!given.is_array()) {
            cx.error(l_at, "expected an array of strings, found " + kind_of(given));
        } else {
            if (given.size() != count)
                cx.error(l_at, "labels has " + std::to_string(given.size()) + " entries but there are " +
                                   counted(count, "score", "scores"));
            json labels = json::array();
            for (std::size_t i = 0; i < given.size(); ++i)
                if (auto s = read_string(cx, given[i], json_path_index(l_at, i), 1, 16)) labels.push_back(*s);
            out["labels"] = labels;
        }
    } else if (!own_scores) {
        out["labels"] = d.labels;
    }
}

void check_pytorch_rules_cell(Context& cx, const json& cell, const std::string& path, json& out) {
    out["scale"] = 1.0;
    if (!cell.contains("scale")) return;
    if (auto s = read_number(cx, cell["scale"], at(path, "scale"), 1000)) {
        if (*s <= 0) cx.error(at(path, "scale"), "must be greater than 0, found " + number_text(*s));
        else out["scale"] = *s;
    }
}

void check_mistakes_cell(Context& cx, const json& cell, const std::string& path, json& out) {
    namespace lim = mistakes_limits;
    const MistakesInput d;
    whole_field(cx, cell, path, out, "heads", 1, static_cast<long long>(lim::max_heads), static_cast<long long>(d.heads));
    whole_field(cx, cell, path, out, "head_width", 1, static_cast<long long>(lim::max_head_width),
                static_cast<long long>(d.head_width));
    out["tuned_width"] = d.tuned_width;
    if (cell.contains("tuned_width")) {
        if (auto w = read_integer(cx, cell["tuned_width"], at(path, "tuned_width"), 1, 1024)) {
            bool known = false;
            std::string list;
            for (std::size_t x : lim::tuned_widths) {
                known = known || static_cast<long long>(x) == *w;
                list += (list.empty() ? "" : ", ") + std::to_string(x);
            }
            if (known) out["tuned_width"] = *w;
            else cx.error(at(path, "tuned_width"), "must be one of " + list + ", found " + std::to_string(*w));
        }
    }
}

void check_jacobian_cell(Context& cx, const json& cell, const std::string& path, json& out) {
    namespace lim = jacobian_limits;
    const JacobianNormsInput d;
    out["scores"] = PipelineInput{}.scores;
    if (cell.contains("scores")) {
        if (auto s = read_vector(cx, cell["scores"], at(path, "scores"), 1, lim::max_scores, lim::max_abs)) out["scores"] = *s;
    }
    out["widths"] = d.widths;
    if (cell.contains("widths")) {
        const json& given = cell["widths"];
        const std::string w_at = at(path, "widths");
        if (!given.is_array() || given.empty() || given.size() > lim::max_widths) {
            cx.error(w_at, "expected an array of 1 to " + std::to_string(lim::max_widths) + " whole numbers");
        } else {
            json widths = json::array();
            for (std::size_t i = 0; i < given.size(); ++i)
                if (auto w = read_integer(cx, given[i], json_path_index(w_at, i), 1, static_cast<long long>(lim::max_width)))
                    widths.push_back(*w);
            out["widths"] = widths;
        }
    }
    whole_field(cx, cell, path, out, "seed", 0, (1LL << 53) - 1, static_cast<long long>(d.seed));
}

void check_cost_cell(Context& cx, const json& cell, const std::string& path, json& out) {
    namespace lim = cost_limits;
    const CostInput d;
    auto field = [&](const char* name, std::uint64_t max, double fallback) {
        whole_field(cx, cell, path, out, name, 1, static_cast<long long>(max), static_cast<long long>(fallback));
    };
    field("tokens", lim::max_tokens, d.tokens);
    field("head_width", lim::max_width, d.head_width);
    field("value_width", lim::max_width, d.value_width);
    field("heads", lim::max_heads, d.heads);
    field("layers", lim::max_layers, d.layers);
    field("batch", lim::max_batch, d.batch);
    field("bytes", lim::max_bytes, d.bytes);
}

void check_online_softmax_cell(Context& cx, const json& cell, const std::string& path, json& out) {
    namespace lim = online_softmax_limits;
    const OnlineSoftmaxInput d;
    std::size_t count = d.scores.size();
    out["scores"] = d.scores;
    out["values"] = matrix_json(d.values);
    const bool own_scores = cell.contains("scores");
    if (own_scores) {
        if (auto s = read_vector(cx, cell["scores"], at(path, "scores"), 1, lim::max_keys, lim::max_abs)) {
            out["scores"] = *s;
            count = s->size();
        }
    }
    if (cell.contains("values")) {
        const std::string v_at = at(path, "values");
        if (auto v = read_matrix(cx, cell["values"], v_at, 1, lim::max_keys, 1, lim::max_width, lim::max_abs)) {
            if (check_row_widths(cx, *v, v_at, "value", std::nullopt, "")) out["values"] = matrix_json(*v);
            if (v->size() != count)
                cx.error(v_at, "scores has " + counted(count, "number", "numbers") + " but values has " +
                                   counted(v->size(), "row", "rows"));
        }
    } else if (own_scores && count != d.values.size()) {
        cx.error(at(path, "scores"), "scores has " + counted(count, "number", "numbers") + " but the default values have " +
                                         counted(d.values.size(), "row", "rows") + " (give values as well)");
    }
    whole_field(cx, cell, path, out, "tile", 1, static_cast<long long>(lim::max_keys), static_cast<long long>(d.tile));
    if (out["tile"].get<long long>() > static_cast<long long>(count))
        cx.error(at(path, "tile"), "must be at most the number of scores (" + std::to_string(count) + ")");
}

void check_alternatives_cell(Context& cx, const json& cell, const std::string& path, json& out) {
    namespace lim = alternatives_limits;
    const AlternativesInput d;
    out["cosine_scale"] = d.cosine_scale;
    if (cell.contains("cosine_scale")) {
        if (auto s = read_number(cx, cell["cosine_scale"], at(path, "cosine_scale"), lim::max_cosine_scale)) {
            if (*s <= 0) cx.error(at(path, "cosine_scale"), "must be greater than 0, found " + number_text(*s));
            else out["cosine_scale"] = *s;
        }
    }
    whole_field(cx, cell, path, out, "features", 1, static_cast<long long>(lim::max_features),
                static_cast<long long>(d.features));
    whole_field(cx, cell, path, out, "seed", 0, (1LL << 53) - 1, static_cast<long long>(d.seed));
}

}  // namespace notebook_validation
}  // namespace attnbook
