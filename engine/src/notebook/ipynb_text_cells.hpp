#pragma once
// The `ipynb` export's text cells (prose, maths, references, practice, study, contents) as the
// Markdown a Jupyter notebook shows them in; the live cells are ipynb_programs.cpp's.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace attnbook {

// The cells shown at the export's depth, in order (a contents cell lists those after it).
using ShownCells = std::vector<const nlohmann::json*>;

// A text cell's Markdown; `after` is the cells shown after it.
using TextWriter = std::string (*)(const nlohmann::json& cell, const ShownCells& after);

// The writer of a cell type, or nullptr for a live cell's type.
TextWriter text_writer(const std::string& type);

// "<level> <the cell's title>\n\n", or "" for a cell without a title.
std::string titled(const nlohmann::json& cell, const char* level);

}  // namespace attnbook
