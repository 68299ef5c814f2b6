#pragma once
// Notebook documents (format "attnbook-notebook/1", docs/notebook-format.md): validation of the
// author's JSON text and the normalised document the web side renders.
#include <string>

#include <nlohmann/json.hpp>

namespace attnbook {

inline constexpr const char* notebook_format = "attnbook-notebook/1";
inline constexpr std::size_t notebook_max_errors = 100;  // errors listed at most per document

// Never throws for bad input. Returns
//   {"ok": bool,
//    "errors": [{"where": "name:line:column" (or "name: $.path" without a position),
//                "path": "$.cells[2].keys[1]" or null (syntax errors),
//                "line": int or null, "column": int or null (1-based, column in characters),
//                "message": "expected a number, found a string"}, ...],   // sorted by position
//    "notebook": <the document with every default filled>}                  // only when ok
// At most notebook_max_errors errors; when there are more, the last entry says how many more.
nlohmann::json validate_notebook_text(const std::string& text, const std::string& name);

// One error of that list as a line for people: "name:line:column: $.path: message" (the path is
// left out when there is none or `where` already shows it).
std::string validation_error_line(const nlohmann::json& error);

}  // namespace attnbook
