// validate_notebook_text: JSON text -> {"ok", "errors", "notebook"} (contract in notebook.hpp).
// Syntax-level problems come from parse_json_text with their position; for everything else the
// checks collect {path, message} pairs, and one pass over the text (locate_json_paths) turns the
// paths into line:column at the end, so positions cost nothing for a valid notebook.
#include <algorithm>
#include <cctype>

#include "attnbook/core/quote.hpp"
#include "attnbook/notebook/json_text.hpp"
#include "attnbook/notebook/notebook.hpp"
#include "validate_context.hpp"

namespace attnbook {
namespace {

using namespace notebook_validation;

// MAJOR.MINOR.PATCH with optional -prerelease and +build (semver.org, without the finer rules on
// leading zeros in prerelease identifiers).
bool is_semver(const std::string& text) {
    std::size_t i = 0;
    for (int part = 0; part < 3; ++part) {
        const std::size_t start = i;
        while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
        if (i == start || (text[start] == '0' && i - start > 1)) return false;
        if (part < 2) {
            if (i >= text.size() || text[i] != '.') return false;
            ++i;
        }
    }
    for (char marker : {'-', '+'}) {
        if (i < text.size() && text[i] == marker) {
            const std::size_t start = ++i;
            while (i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '.' ||
                                       text[i] == '-')) {
                ++i;
            }
            if (i == start || text[start] == '.' || text[i - 1] == '.') return false;
        }
    }
    return i == text.size();
}

void read_notebook_depths(Context& cx, const json& value, const std::string& path) {
    cx.notebook_depths = notebook_depth_names();  // what cells default to while checking, if these are bad
    if (!value.is_array()) {
        cx.error(path, "expected an array of depths, found " + kind_of(value));
        return;
    }
    if (value.empty()) {
        cx.error(path, "must list at least one depth (" + join(notebook_depth_names()) + ")");
        return;
    }
    std::vector<std::string> depths;
    bool ok = true;
    for (std::size_t i = 0; i < value.size(); ++i) {
        const std::string at = json_path_index(path, i);
        if (!value[i].is_string()) {
            cx.error(at, "expected a string, found " + kind_of(value[i]));
            ok = false;
            continue;
        }
        const std::string depth = value[i].get<std::string>();
        if (std::find(notebook_depth_names().begin(), notebook_depth_names().end(), depth) == notebook_depth_names().end()) {
            cx.error(at, "unknown depth " + quote(depth) + " (expected one of: " + join(notebook_depth_names()) + ")");
            ok = false;
        } else if (std::find(depths.begin(), depths.end(), depth) != depths.end()) {
            cx.error(at, "depth " + quote(depth) + " is listed twice");
            ok = false;
        } else {
            depths.push_back(depth);
        }
    }
    std::vector<std::string> ordered;
    for (const auto& depth : notebook_depth_names()) {
        if (std::find(depths.begin(), depths.end(), depth) != depths.end()) ordered.push_back(depth);
    }
    if (ordered != depths) {
        cx.error(path, "depths must be listed in the order " + join(notebook_depth_names()));
        ok = false;
    }
    if (ok) {
        cx.notebook_depths = depths;
        cx.notebook_depths_valid = true;
    }
}

json validate_document(Context& cx, const json& doc) {
    const std::string root = "$";
    if (!expect_object(cx, doc, root)) return nullptr;
    check_fields(cx, doc, root, {"format", "id", "title", "version", "description", "depths", "cells"},
                 {"format", "id", "title", "version", "depths", "cells"}, "the notebook");
    json out = json::object();
    if (doc.contains("format")) {
        const std::string at = "$.format";
        if (!doc["format"].is_string()) {
            cx.error(at, "expected a string, found " + kind_of(doc["format"]));
        } else if (doc["format"] != notebook_format) {
            cx.error(at, "unknown format " + quote(doc["format"].get<std::string>()) + " (this engine reads " +
                             quote(notebook_format) + ")");
        }
    }
    out["format"] = notebook_format;
    if (doc.contains("id")) {
        if (auto id = read_id(cx, doc["id"], "$.id")) out["id"] = *id;
    }
    if (doc.contains("title")) {
        if (auto title = read_string(cx, doc["title"], "$.title", 1, notebook_limits::title_max_chars)) out["title"] = *title;
    }
    if (doc.contains("version")) {
        if (auto version = read_string(cx, doc["version"], "$.version", 1, notebook_limits::version_max_chars)) {
            if (is_semver(*version)) {
                out["version"] = *version;
            } else {
                cx.error("$.version", "version " + quote(*version) + " is not a semantic version like 1.0.0");
            }
        }
    }
    out["description"] = "";
    if (doc.contains("description")) {
        if (auto description = read_string(cx, doc["description"], "$.description", 0,
                                                 notebook_limits::description_max_chars)) {
            out["description"] = *description;
        }
    }
    if (doc.contains("depths")) {
        read_notebook_depths(cx, doc["depths"], "$.depths");
    } else {
        cx.notebook_depths = notebook_depth_names();
    }
    out["depths"] = cx.notebook_depths;
    if (doc.contains("cells")) {
        const json& cells = doc["cells"];
        if (!cells.is_array()) {
            cx.error("$.cells", "expected an array of cells, found " + kind_of(cells));
        } else {
            using notebook_limits::max_cells;
            using notebook_limits::min_cells;
            if (cells.size() < min_cells || cells.size() > max_cells) {
                cx.error("$.cells", "must have between " + std::to_string(min_cells) + " and " +
                                        std::to_string(max_cells) + " cells, found " + std::to_string(cells.size()));
            }
            json list = json::array();
            for (std::size_t i = 0; i < cells.size(); ++i) {
                list.push_back(validate_cell(cx, cells[i], json_path_index("$.cells", i)));
            }
            out["cells"] = list;
        }
    }
    return out;
}

// `name` (a file name) and the message are printed to terminals and pages: escape anything in
// them that could act on a terminal or reorder text. Quoted input is already escaped (quote()),
// so this only catches a message that quotes input without it.
json error_entry(const std::string& raw_name, const std::optional<TextPosition>& position, const std::string& path,
                 const std::string& raw_message) {
    const std::string name = printable(raw_name), message = printable(raw_message);
    json entry;
    if (position) {
        entry["where"] = name + ":" + std::to_string(position->line) + ":" + std::to_string(position->column);
        entry["line"] = position->line;
        entry["column"] = position->column;
    } else {
        entry["where"] = path.empty() ? name : name + ": " + path;
        entry["line"] = nullptr;
        entry["column"] = nullptr;
    }
    entry["path"] = path.empty() ? json(nullptr) : json(path);
    entry["message"] = message;
    return entry;
}

}  // namespace

json validate_notebook_text(const std::string& text, const std::string& given_name) {
    const std::string name = given_name.empty() ? "notebook" : given_name;
    json doc;
    try {
        doc = parse_json_text(text);
    } catch (const JsonTextError& error) {
        return {{"ok", false}, {"errors", json::array({error_entry(name, error.position, error.path, error.message)})}};
    }

    Context cx;
    json normalised = validate_document(cx, doc);
    if (cx.count() == 0) return {{"ok", true}, {"errors", json::array()}, {"notebook", normalised}};

    std::vector<PathQuery> queries;
    for (const Issue& issue : cx.kept()) queries.push_back(PathQuery{issue.path, issue.at_key, 1});
    const auto positions = locate_json_paths(text, queries);
    std::vector<std::size_t> order(cx.kept().size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const auto& pa = positions[a];
        const auto& pb = positions[b];
        if (!pa || !pb) return pa.has_value() && !pb.has_value();
        return pa->line != pb->line ? pa->line < pb->line : pa->column < pb->column;
    });
    const bool truncated = cx.count() > notebook_max_errors;
    const std::size_t listed = truncated ? notebook_max_errors - 1 : cx.count();
    json errors = json::array();
    for (std::size_t k = 0; k < order.size() && errors.size() < listed; ++k) {
        const Issue& issue = cx.kept()[order[k]];
        errors.push_back(error_entry(name, positions[order[k]], issue.path, issue.message));
    }
    if (truncated) {
        errors.push_back(error_entry(name, std::nullopt, "",
                                     "... and " + std::to_string(cx.count() - listed) +
                                         " more errors (only the first " + std::to_string(listed) +
                                         " are listed)"));
    }
    return {{"ok", false}, {"errors", errors}};
}

std::string validation_error_line(const nlohmann::json& error) {
    const std::string where = error.at("where").get<std::string>();
    const auto& path = error.at("path");
    std::string line = where + ": ";
    if (path.is_string() && where.find(path.get<std::string>()) == std::string::npos) line += path.get<std::string>() + ": ";
    return line + error.at("message").get<std::string>();
}

}  // namespace attnbook
