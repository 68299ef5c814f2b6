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

// rows x cols of true/false.
json read_mask_matrix(Context& cx, const json& value, const std::string& at, std::size_t rows, std::size_t cols) {
    if (!value.is_array()) {
        expected(cx, at, "an array of rows of true/false", value);
        return nullptr;
    }
    if (value.size() != rows)
        cx.error(at, {"mask has ", counted(value.size(), "row", "rows"), " but there are ",
                      counted(rows, "query row", "query rows")});
    json out = json::array();
    for (std::size_t r = 0; r < value.size(); ++r) {
        const std::string row_at = json_path_index(at, r);
        const json& given = value[r];
        if (!given.is_array()) {
            expected(cx, row_at, "an array of true/false", given);
            continue;
        }
        if (given.size() != cols)
            cx.error(row_at, {"mask row has ", counted(given.size(), "entry", "entries"), " but there are ",
                              counted(cols, "source", "sources")});
        out.push_back(json::array());
        json& row = out.back();
        for (std::size_t c = 0; c < given.size(); ++c) {
            const auto b = read_bool(cx, given[c], json_path_index(row_at, c));
            row.push_back(b ? json(*b) : json());
        }
    }
    return out;
}

// The mask: every entry true by default, rows x cols.
void mask_field(const Fields& f, JsonOut& o, std::size_t rows, std::size_t cols) {
    if (const json* given = f.find("mask")) {
        o.set("mask", read_mask_matrix(f.cx, *given, f.at("mask"), rows, cols));
        return;
    }
    json& mask = o.array("mask");
    for (std::size_t r = 0; r < rows; ++r) mask.push_back(all_true(cols));
}

}  // namespace

void check_held_sequence(Context& cx, const json& cell, const std::string& path, json& out) {
    const Fields f(cx, cell, path);
    JsonOut o = JsonOut::into(out);
    const SequenceInput example = sequence_example();
    auto read = [&](const char* name, const Matrix& fallback) -> std::optional<Matrix> {
        if (!f.find(name)) return fallback;
        return f.matrix(name, 1, ex::cell_max_keys, 1, ex::cell_max_width, ex::cell_max_abs);
    };
    const auto queries = read("queries", example.queries);
    const auto keys = read("keys", example.keys);
    const auto values = read("values", example.values);
    if (queries) check_row_widths(cx, *queries, f.at("queries"), "query");
    if (keys) {
        std::optional<std::size_t> d;
        if (queries && !queries->empty()) d = (*queries)[0].size();
        check_row_widths(cx, *keys, f.at("keys"), "key", d, "the queries have ");
    }
    if (values) check_value_rows(cx, keys ? &*keys : nullptr, *values, f.at("values"));
    const std::size_t n = keys ? keys->size() : 0, m = queries ? queries->size() : 0;
    // Self-attention: position i's query and its key share a label, so the rows and sources pair up.
    if (queries && keys && m != n)
        f.error("queries", {"queries has ", counted(m, "row", "rows"), " but keys has ", counted(n, "row", "rows"),
                                   " (each position has one query and one key)"});
    labels_field(f, o, n, " but there are ");
    mask_field(f, o, m, n);
    o.set("divisor", divisor_name(default_divisor));
    f.divisor_to(o, "divisor");
    if (queries) o.set("queries", *queries);
    if (keys) o.set("keys", *keys);
    if (values) o.set("values", *values);
}

void check_transformer_block(Context& cx, const json& cell, const std::string& path, json& out) {
    const Fields f(cx, cell, path);
    JsonOut o = JsonOut::into(out);
    const BlockInput example = block_example();
    std::optional<Matrix> input = example.input;
    if (f.find("input")) input = f.matrix("input", 1, bl::max_rows, bl::d_model, bl::d_model, bl::max_abs);
    const std::size_t n = input ? input->size() : 0;
    labels_field(f, o, n, " but there are ");
    std::size_t heads = example.heads;
    if (auto h = f.integer("heads", 1, static_cast<long long>(bl::d_model))) {
        heads = static_cast<std::size_t>(*h);
        if (bl::d_model % heads != 0)
            f.error("heads", {"heads must divide the width ", bl::d_model, ", found ", heads});
    }
    mask_field(f, o, n, n);
    o.set("activation", activation_name(example.activation));
    if (auto given = f.string("activation", 1, 32)) {
        const auto& names = activation_names();
        if (std::find(names.begin(), names.end(), *given) == names.end())
            f.error("activation", {"activation ", in_quotes(*given), " is not one of ", listed(names)});
        o.set("activation", *given);
    }
    if (input) o.set("input", *input);
    o.set("heads", heads);
}

void check_playback(Context& cx, const json& cell, const std::string& path, json& out) {
    JsonOut o = JsonOut::into(out);
    o.set("duration", static_cast<long long>(lesson_cell_limits::playback_default_seconds));
    Fields(cx, cell, path)
        .integer_to(o, "duration", lesson_cell_limits::playback_min_seconds, lesson_cell_limits::playback_max_seconds);
}

void check_study(Context& cx, const json& cell, const std::string& path, json& out) {
    const Fields f(cx, cell, path);
    const json* steps = f.find("steps");
    if (!steps) return;
    const std::string at = f.at("steps");
    if (!steps->is_array()) {
        expected(cx, at, "an array of steps", *steps);
        return;
    }
    if (steps->empty() || steps->size() > lesson_cell_limits::study_max_steps)
        cx.error(at, {"must have between 1 and ", lesson_cell_limits::study_max_steps, " steps, found ", steps->size()});
    json& list = JsonOut::into(out).array("steps");
    for (std::size_t i = 0; i < steps->size(); ++i) {
        const std::string step_at = json_path_index(at, i);
        const json& step = (*steps)[i];
        if (!expect_object(cx, step, step_at)) continue;
        check_fields(cx, step, step_at, {"title", "text", "check"}, {"title", "text", "check"}, "a study step");
        const Fields s(cx, step, step_at);
        list.push_back(json());
        JsonOut normalised(list.back());
        s.string_to(normalised, "title", 1, notebook_limits::title_max_chars);
        s.markdown_to(normalised, "text");
        if (const json* check = s.find("check")) {
            const std::string check_at = s.at("check");
            if (expect_object(cx, *check, check_at)) {
                check_fields(cx, *check, check_at, {"prompt", "answer", "hint"}, {"prompt", "answer"}, "a study check");
                const Fields c(cx, *check, check_at);
                JsonOut normalised_check = normalised.object("check");
                for (const char* name : {"prompt", "hint"}) c.markdown_to(normalised_check, name);
                if (const json* answer = c.find("answer"))
                    check_practice_answer(cx, *answer, c.at("answer"), list.back()["check"]);
            }
        }
    }
}

}  // namespace notebook_validation
}  // namespace attnbook
