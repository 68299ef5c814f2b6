// validate_notebook_text: JSON text -> {"ok", "errors", "notebook"} (contract in notebook.hpp).
// Syntax-level problems come from parse_json_text with their position; for everything else the
// checks collect {path, message} pairs, and one pass over the text (locate_json_paths) turns the
// paths into line:column at the end, so positions cost nothing for a valid notebook.

#include <algorithm>
#include <numeric>

#include "attnbook/core/quote.hpp"
#include "attnbook/notebook/json_text.hpp"
#include "attnbook/notebook/notebook.hpp"
#include "attnbook/notebook/text_cells.hpp"
#include "attnbook/notebook/json_out.hpp"
#include "validate_context.hpp"

namespace attnbook {
const std::vector<std::string>& notebook_formats() {
    static const std::vector<std::string> formats{notebook_format};
    return formats;
}

namespace {

using namespace notebook_validation;

void read_notebook_depths(Context& cx, const json& value, const std::string& path) {
    const std::vector<std::string>& names = notebook_depth_names();
    cx.notebook_depths = names;  // what cells default to while checking, if these are bad
    bool ok;
    auto depths = read_depths(cx, value, path, names, listed(names), ok);
    if (depths && ok) {
        cx.notebook_depths = std::move(*depths);
        cx.notebook_depths_valid = true;
    }
}

json validate_document(Context& cx, const json& doc) {
    namespace nf = notebook_fields;
    const std::string root = "$";
    if (!expect_object(cx, doc, root)) return nullptr;
    check_fields(cx, doc, root, field_list<NotebookFields>(true), "the notebook");
    json out;
    JsonOut o(out);
    NotebookFields in;
    read_table_cell(cx, doc, root, out, in);
    // "$schema" names the JSON Schema an author's editor checks the file with (the `schema`
    // command's, published as notebook.schema.json); the page has no use for it, so the
    // normalised notebook leaves it out.
    out.erase(nf::schema.name);
    if (const json* format = json_member(doc, nf::format.name)) {
        const std::string at = "$.format";
        if (!format->is_string()) {
            expected(cx, at, "a string", *format);
        } else if (format->get_ref<const std::string&>() != notebook_format) {
            const std::string ours = notebook_format;
            cx.error(at, {"unknown format ", in_quotes(format->get_ref<const std::string&>()), " (this engine reads ",
                          in_quotes(ours), ")"});
        }
    }
    o.set("format", notebook_format);
    if (const json* depths = json_member(doc, nf::depths.name)) {
        read_notebook_depths(cx, *depths, "$.depths");
    } else {
        cx.notebook_depths = notebook_depth_names();
    }
    o.set("depths", cx.notebook_depths);
    if (const json* cells = json_member(doc, nf::cells.name)) {
        const std::string at = "$.cells";
        if (!cells->is_array()) {
            expected(cx, at, "an array of cells", *cells);
        } else {
            check_count(cx, at, cells->size(), nf::cells.count, "cells", "cells");
            json& list = o.array("cells");
            for (std::size_t i = 0; i < cells->size(); ++i) {
                list.push_back(validate_cell(cx, (*cells)[i], i, json_path_index(at, i)));
            }
            check_formula_totals(cx);
        }
    }
    return out;
}

// `name` (a file name) and the message are printed to terminals and pages: escape anything in
// them that could act on a terminal or reorder text. Quoted input is already escaped (quote()),
// so this only catches a message that quotes input without it.
void add_error_entry(json& errors, const std::string& raw_name, const std::optional<TextPosition>& position,
                     const std::string& path, const std::string& raw_message) {
    const std::string name = printable(raw_name);
    errors.push_back(json());
    JsonOut entry(errors.back());
    if (position) {
        entry.set("where", join_text({name, ":", position->line, ":", position->column}));
        entry.set("line", position->line).set("column", position->column);
    } else {
        entry.set("where", path.empty() ? name : join_text({name, ": ", path}));
        entry.set("line", json(nullptr)).set("column", json(nullptr));
    }
    entry.set("path", path.empty() ? json(nullptr) : json(path));
    entry.set("message", printable(raw_message));
}

// The result when there are errors.
json failed(json errors) {
    json result;
    JsonOut(result).set("ok", false).set("errors", std::move(errors));
    return result;
}

}  // namespace

json validate_notebook_text(const std::string& text, const std::string& given_name) {
    const std::string name = given_name.empty() ? "notebook" : given_name;
    json errors = json::array();
    json doc;
    try {
        doc = parse_json_text(text);
    } catch (const JsonTextError& error) {
        add_error_entry(errors, name, error.position, error.path, error.message);
        return failed(std::move(errors));
    }

    Context cx;
    json normalised = validate_document(cx, doc);
    if (cx.count() == 0) {
        json result;
        JsonOut o(result);
        o.set("ok", true).set("errors", std::move(errors)).set("notebook", std::move(normalised));
        return result;
    }

    const std::vector<Issue>& kept = cx.kept();
    std::vector<PathQuery> queries(kept.size());
    for (std::size_t i = 0; i < kept.size(); ++i) {
        queries[i].path = kept[i].path;
        queries[i].key = kept[i].at_key;
    }
    const auto positions = locate_json_paths(text, queries);
    // By position (those without one last), in the order reported among equals.
    auto before = [&](std::size_t a, std::size_t b) {
        const auto& pa = positions[a];
        const auto& pb = positions[b];
        if (!pa || !pb) return pa.has_value() && !pb.has_value();
        return pa->line != pb->line ? pa->line < pb->line : pa->column < pb->column;
    };
    std::vector<std::size_t> order(kept.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), before);
    const bool truncated = cx.count() > notebook_max_errors;
    const std::size_t shown = truncated ? notebook_max_errors - 1 : cx.count();
    for (std::size_t k = 0; k < order.size() && errors.size() < shown; ++k) {
        const Issue& issue = kept[order[k]];
        add_error_entry(errors, name, positions[order[k]], issue.path, issue.message);
    }
    if (truncated) {
        add_error_entry(errors, name, std::nullopt, "",
                        join_text({"... and ", cx.count() - shown, " more errors (only the first ", shown,
                                " are listed)"}));
    }
    return failed(std::move(errors));
}

std::string validation_error_line(const nlohmann::json& error) {
    const std::string where = error.at("where").get<std::string>();
    const auto& path = error.at("path");
    std::string line = where + ": ";
    if (path.is_string() && where.find(path.get<std::string>()) == std::string::npos) line += path.get<std::string>() + ": ";
    return line + error.at("message").get<std::string>();
}

}  // namespace attnbook
