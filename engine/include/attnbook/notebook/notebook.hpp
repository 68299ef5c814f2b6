#pragma once
// Notebook documents (format "attnbook-notebook/1", docs/notebook-format.md): validation of the
// author's JSON text and the normalised document the web side renders.
#include <cstddef>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace attnbook {

inline constexpr const char* notebook_format = "attnbook-notebook/1";
inline constexpr std::size_t notebook_max_errors = 100;  // errors listed at most per document

// Limits shared by several of the notebook's fields, and of its formulas (each field's own are in
// its table, text_cells.hpp; the lessons' limits are in their headers; the text's size and depth
// in json_text.hpp). Characters are Unicode code points. docs/notebook-format.md is tested
// against `limits`, which lists these.
namespace notebook_limits {
inline constexpr std::size_t id_max_chars = 64;           // notebook and cell ids
inline constexpr std::size_t title_max_chars = 200;       // notebook, cell and study step titles
// Formulas: a maths cell's `tex`, and each $...$ or $$...$$ in Markdown text. KaTeX typesets one
// formula in one go on the reader's main thread (about 0.2 ms per character on a slow laptop), so a
// formula's length bounds the longest pause it causes, and the notebook's totals bound the
// typesetting of the whole page (validate_formulas.cpp counts them; the page enforces them too).
// The count matters after typesetting as well: every typeset formula is some twenty of Chromium's
// paint layers, and each frame that moves formulas (a slice typesetting above them) repaints them
// all. 500 formulas, 200 in one paragraph, held the main thread 202-267 ms per frame; 250 and 100
// halve that, and leave the shipped lessons (30-55 formulas each) five times their need.
inline constexpr std::size_t tex_max_chars = 1000;           // one formula
inline constexpr std::size_t formulas_per_text_max = 100;    // one Markdown text
inline constexpr std::size_t formulas_max = 250;             // the notebook, all cells together
inline constexpr std::size_t tex_total_max_chars = 20000;    // the notebook's formulas together
// Markdown text (prose, captions, prompts, hints, options).
inline constexpr std::size_t markdown_max_chars = 20000;
inline constexpr std::size_t reference_text_max_chars = 500;  // authors, title, venue
inline constexpr std::size_t url_max_chars = 2000;            // a reference's url, the notebook's $schema
}  // namespace notebook_limits

// The formats this engine reads: notebook_format.
const std::vector<std::string>& notebook_formats();
// beginner, developer, researcher: the reading depths, in order.
const std::vector<std::string>& notebook_depth_names();
// prose, maths, explorable, ...: the cell types, in the order the docs list them.
const std::vector<std::string>& notebook_cell_types();

// The name of a cell without an "id": "cell-<position from 1>" (the page, its completion, SCORM,
// xAPI and the permalink all use it; web/src/cell-id.js makes the same). The form is reserved:
// the validator refuses an explicit id of this form on any other cell, so every cell has one name
// that no other cell has, whether given or automatic.
std::string automatic_cell_id(std::size_t index);
// The position (from 0) whose automatic id `id` is, or -1 when `id` is not of that form
// ("cell-" and a whole number from 1 without leading zeros).
long long automatic_cell_index(const std::string& id);

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
