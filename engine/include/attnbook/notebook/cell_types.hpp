#pragma once
// The `cell_types` command: what the validator knows about each cell type (its fields, which of
// them are required) and a valid example cell of each, filled from the engine's own defaults.
// The author page builds its template and its snippets from this answer, so a cell type added to
// the validator's table (validate_cells.cpp) shows up there with no change to the page.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "attnbook/core/field.hpp"

#include "attnbook/notebook/commands.hpp"

namespace attnbook {

struct CellTypeFields {
    std::string type;
    std::vector<const char*> fields;    // every field a cell of this type may have, type/id/depths/title first
    std::vector<const char*> required;  // besides type
    std::vector<Field> table;           // the type's own fields that its table describes (core/field.hpp)
};

// From the validator's own table (defined in validate_cells.cpp), in the order the docs list them.
const std::vector<CellTypeFields>& notebook_cell_fields();

// A valid cell of this type (its required fields filled from the engine's defaults), or null for
// a type that has no example yet (tests/engine/test_cell_types.cpp requires one for each).
nlohmann::json cell_type_example(const std::string& type);

// {"common_fields": [...], "cell_types": [{"type", "fields", "required", "example"}, ...]}; a type
// without a written example and without required fields gets the bare cell {"type": ...}.
CommandFunction cell_types_command;

}  // namespace attnbook
