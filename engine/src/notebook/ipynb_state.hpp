#pragma once
// The page's permalink (web/src/permalink.js) read by the engine, for the `ipynb` export: which
// settings each cell had when the learner asked for their notebook. Only the reading side lives
// here; the page writes the hash. The rules follow permalink.js: keys "<notebook id>.<kind>.<cell
// id>" (or the short form "#nb=<id>&<kind>.<cell id>=..."), a value that does not decode is left
// out, and each cell checks what it reads (here: the engine's commands refuse what is out of range
// and the cell keeps its defaults). A field table's key (Field::permalink) is read in the form of
// the field's kind (permalink_json).
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "attnbook/core/field.hpp"

namespace attnbook {

// cell id -> kind (q, ks, m, seed, ...) -> the value's decoded text
using PermalinkCells = std::map<std::string, std::map<std::string, std::string>>;

// The cells' values of `notebook_id` in a hash ("#..." or without '#'); unknown keys are skipped.
PermalinkCells read_permalink(const std::string& hash, const std::string& notebook_id);

// The text of a value in permalink.js's form of a field of `kind` as the JSON a command reads
// (numbers whole where they are: widths and seeds are counts), or null where it does not decode.
nlohmann::json permalink_json(Field::Kind kind, const std::string& text);

}  // namespace attnbook
