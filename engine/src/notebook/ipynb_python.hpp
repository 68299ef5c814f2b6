#pragma once
// Pieces of the Python the `ipynb` export writes: literals, the engine's exact numbers, a piece of
// Python made the lines of another template's marker. Internal to engine/src/notebook/ipynb_*.cpp.
#include <initializer_list>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "attnbook/core/text_join.hpp"
#include "attnbook/notebook/python_template.hpp"

namespace attnbook {

// A JSON value as a Python literal: true -> True, null -> None, numbers as their shortest
// round-trip text (Python reads back the same double), strings with JSON's escapes (valid in Python).
std::string py_literal(const nlohmann::json& value);

// A command's result with every {"exact", "shown"} pair replaced by its exact double.
nlohmann::json exact_numbers(const nlohmann::json& result);

// A piece of Python (a template filled) as the lines of a marker that stands on a line of its own
// in another template: without the blank lines around it, which that template writes where they
// read well, nor its last newline, which the marker's line has.
std::string python_lines(std::string text);
// The same for `piece` filled with `fills`.
std::string python_lines(const PythonTemplate& piece, PythonFills fills = {});

// Appends `parts` to `lines` as a line of its own: after a newline, unless it is the first (the
// lines of a marker: settings, entries of a dict, arrays).
void append_line(std::string& lines, std::initializer_list<TextPart> parts);

// programs/engine_numbers.py, `engine = {"key": value, ...}` from the exact numbers of `fields` of
// `result`, as the lines of a marker.
std::string engine_numbers(const nlohmann::json& result, std::initializer_list<const char*> fields);

// The permalink state of one cell (kind -> text).
using CellState = std::map<std::string, std::string>;

// A live cell as Markdown (what it computes, at which settings) and a Python program; `code` is
// empty when the cell runs only on the page (the caller writes a note instead).
struct LiveCell {
    std::string markdown, code;
};

// Each live cell type's program (ipynb_programs.cpp, ipynb_programs_lab.cpp); `cell` is the
// validator's normalised cell (every default filled).
LiveCell live_cell(const nlohmann::json& cell, const CellState& state);

}  // namespace attnbook
