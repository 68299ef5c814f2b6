// The held-sequence and transformer-block cells: their fields, shapes and defaults. Registered in
// validate_cells.cpp's table; limits come from the lessons' headers (explore_row.hpp, block.hpp).
#include <algorithm>
#include <optional>
#include <set>
#include <string>

#include "attnbook/core/quote.hpp"
#include "attnbook/lessons/block.hpp"
#include "attnbook/lessons/explore_row.hpp"
#include "attnbook/lessons/sequence.hpp"
#include "attnbook/notebook/json_text.hpp"
#include "attnbook/notebook/lesson_cells.hpp"
#include "attnbook/notebook/notebook.hpp"
#include "validate_context.hpp"

namespace attnbook {
namespace notebook_validation {
namespace {

namespace ex = explore_limits;
namespace bl = block_limits;

std::string field(const std::string& path, const char* name) { return json_path_member(path, name); }

json matrix_json(const Matrix& rows) {
    json out = json::array();
    for (const auto& row : rows) out.push_back(row);
    return out;
}

// rows x cols of true/false.
json read_mask_matrix(Context& cx, const json& value, const std::string& at, std::size_t rows, std::size_t cols) {
    if (!value.is_array()) {
        cx.error(at, "expected an array of rows of true/false, found " + kind_of(value));
        return nullptr;
    }
    if (value.size() != rows) cx.error(at, "mask has " + counted(value.size(), "row", "rows") + " but there are " + counted(rows, "query row", "query rows"));
    json out = json::array();
    for (std::size_t r = 0; r < value.size(); ++r) {
        const std::string row_at = json_path_index(at, r);
        if (!value[r].is_array()) {
            cx.error(row_at, "expected an array of true/false, found " + kind_of(value[r]));
            continue;
        }
        if (value[r].size() != cols) cx.error(row_at, "mask row has " + counted(value[r].size(), "entry", "entries") + " but there are " + counted(cols, "source", "sources"));
        json row = json::array();
        for (std::size_t c = 0; c < value[r].size(); ++c) {
            const auto b = read_bool(cx, value[r][c], json_path_index(row_at, c));
            row.push_back(b ? json(*b) : json());
        }
        out.push_back(row);
    }
    return out;
}

json read_labels(Context& cx, const json& cell, const std::string& path, std::size_t n) {
    json labels = json::array();
    for (std::size_t i = 0; i < n; ++i) labels.push_back(std::string(1, static_cast<char>('A' + i)));
    if (!cell.contains("labels")) return labels;
    const json& given = cell["labels"];
    const std::string at = field(path, "labels");
    if (!given.is_array()) {
        cx.error(at, "expected an array of strings, found " + kind_of(given));
        return labels;
    }
    labels = json::array();
    std::set<std::string> seen;
    for (std::size_t i = 0; i < given.size(); ++i) {
        const auto label = read_string(cx, given[i], json_path_index(at, i), 1, ex::cell_label_max_chars);
        if (label && !seen.insert(*label).second) cx.error(json_path_index(at, i), "label " + quote(*label) + " is used twice");
        labels.push_back(label ? json(*label) : json());
    }
    if (given.size() != n) cx.error(at, "labels has " + counted(given.size(), "entry", "entries") + " but there are " + counted(n, "row", "rows"));
    return labels;
}

}  // namespace

void check_held_sequence(Context& cx, const json& cell, const std::string& path, json& out) {
    const SequenceInput example = sequence_example();
    auto read = [&](const char* name, const Matrix& fallback) -> std::optional<Matrix> {
        if (!cell.contains(name)) return fallback;
        return read_matrix(cx, cell[name], field(path, name), 1, ex::cell_max_keys, 1, ex::cell_max_width, ex::cell_max_abs);
    };
    const auto queries = read("queries", example.queries);
    const auto keys = read("keys", example.keys);
    const auto values = read("values", example.values);
    if (queries) check_row_widths(cx, *queries, field(path, "queries"), "query", std::nullopt, "");
    if (keys) {
        std::optional<std::size_t> d;
        if (queries && !queries->empty()) d = (*queries)[0].size();
        check_row_widths(cx, *keys, field(path, "keys"), "key", d, "the queries have " + (d ? std::to_string(*d) : std::string()));
    }
    if (values) {
        check_row_widths(cx, *values, field(path, "values"), "value", std::nullopt, "");
        if (keys && values->size() != keys->size())
            cx.error(field(path, "values"), "keys has " + counted(keys->size(), "row", "rows") + " but values has " + counted(values->size(), "row", "rows"));
    }
    const std::size_t n = keys ? keys->size() : 0, m = queries ? queries->size() : 0;
    // Self-attention: position i's query and its key share a label, so the rows and sources pair up.
    if (queries && keys && m != n)
        cx.error(field(path, "queries"), "queries has " + counted(m, "row", "rows") + " but keys has " + counted(n, "row", "rows") +
                                         " (each position has one query and one key)");
    out["labels"] = read_labels(cx, cell, path, n);
    json mask = json::array();
    for (std::size_t r = 0; r < m; ++r) mask.push_back(json(std::vector<bool>(n, true)));
    if (cell.contains("mask")) mask = read_mask_matrix(cx, cell["mask"], field(path, "mask"), m, n);
    std::string divisor = divisor_name(default_divisor);
    if (cell.contains("divisor")) {
        if (auto given = read_divisor(cx, cell["divisor"], field(path, "divisor"))) divisor = *given;
    }
    if (queries) out["queries"] = matrix_json(*queries);
    if (keys) out["keys"] = matrix_json(*keys);
    if (values) out["values"] = matrix_json(*values);
    out["mask"] = mask;
    out["divisor"] = divisor;
}

void check_transformer_block(Context& cx, const json& cell, const std::string& path, json& out) {
    const BlockInput example = block_example();
    std::optional<Matrix> input = example.input;
    if (cell.contains("input")) {
        input = read_matrix(cx, cell["input"], field(path, "input"), 1, bl::max_rows, bl::d_model, bl::d_model, bl::max_abs);
    }
    const std::size_t n = input ? input->size() : 0;
    out["labels"] = read_labels(cx, cell, path, n);
    std::size_t heads = example.heads;
    if (cell.contains("heads")) {
        const std::string at = field(path, "heads");
        if (auto h = read_integer(cx, cell["heads"], at, 1, static_cast<long long>(bl::d_model))) {
            heads = static_cast<std::size_t>(*h);
            if (bl::d_model % heads != 0)
                cx.error(at, "heads must divide the width " + std::to_string(bl::d_model) + ", found " + std::to_string(heads));
        }
    }
    json mask = json::array();
    for (std::size_t r = 0; r < n; ++r) mask.push_back(json(std::vector<bool>(n, true)));
    if (cell.contains("mask")) mask = read_mask_matrix(cx, cell["mask"], field(path, "mask"), n, n);
    std::string activation = activation_name(example.activation);
    if (cell.contains("activation")) {
        const std::string at = field(path, "activation");
        if (auto given = read_string(cx, cell["activation"], at, 1, 32)) {
            const auto& names = activation_names();
            if (std::find(names.begin(), names.end(), *given) == names.end())
                cx.error(at, "activation " + quote(*given) + " is not one of " + join(names));
            activation = *given;
        }
    }
    if (input) out["input"] = matrix_json(*input);
    out["heads"] = heads;
    out["mask"] = mask;
    out["activation"] = activation;
}

void check_playback(Context& cx, const json& cell, const std::string& path, json& out) {
    long long duration = lesson_cell_limits::playback_default_seconds;
    if (cell.contains("duration")) {
        if (auto d = read_integer(cx, cell["duration"], field(path, "duration"), lesson_cell_limits::playback_min_seconds,
                                  lesson_cell_limits::playback_max_seconds))
            duration = *d;
    }
    out["duration"] = duration;
}

void check_study(Context& cx, const json& cell, const std::string& path, json& out) {
    if (!cell.contains("steps")) return;
    const json& steps = cell["steps"];
    const std::string at = field(path, "steps");
    if (!steps.is_array()) {
        cx.error(at, "expected an array of steps, found " + kind_of(steps));
        return;
    }
    if (steps.empty() || steps.size() > lesson_cell_limits::study_max_steps)
        cx.error(at, "must have between 1 and " + std::to_string(lesson_cell_limits::study_max_steps) + " steps, found " +
                         std::to_string(steps.size()));
    json list = json::array();
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const std::string step_at = json_path_index(at, i);
        if (!expect_object(cx, steps[i], step_at)) continue;
        const json& step = steps[i];
        check_fields(cx, step, step_at, {"title", "text", "check"}, {"title", "text", "check"}, "a study step");
        json normalised = json::object();
        if (step.contains("title")) {
            if (auto title = read_string(cx, step["title"], field(step_at, "title"), 1, notebook_limits::title_max_chars))
                normalised["title"] = *title;
        }
        if (step.contains("text")) {
            if (auto text = read_markdown(cx, step["text"], field(step_at, "text"))) normalised["text"] = *text;
        }
        if (step.contains("check")) {
            const std::string check_at = field(step_at, "check");
            const json& check = step["check"];
            if (expect_object(cx, check, check_at)) {
                check_fields(cx, check, check_at, {"prompt", "answer", "hint"}, {"prompt", "answer"}, "a study check");
                json c = json::object();
                for (const char* name : {"prompt", "hint"}) {
                    if (!check.contains(name)) continue;
                    if (auto text = read_markdown(cx, check[name], field(check_at, name))) c[name] = *text;
                }
                if (check.contains("answer")) check_practice_answer(cx, check["answer"], field(check_at, "answer"), c);
                normalised["check"] = c;
            }
        }
        list.push_back(normalised);
    }
    out["steps"] = list;
}

}  // namespace notebook_validation
}  // namespace attnbook
