#pragma once
// The `schema` command: a JSON Schema (draft 2020-12) of the notebook format, for authors'
// editors (a notebook names it with "$schema"; the site publishes it as dist/notebook.schema.json).
// Built from the validator's own table of cell types and fields (notebook_cell_fields(): which
// fields each type has, which are required) and the limits in the lessons' headers, the same
// constants the validator reads: no range, length or name list is written here a second time.
//
// What the schema cannot say, the validator still checks (docs/authoring.md lists it): shapes
// across fields (keys as wide as the query, one value row per key, labels and masks per key),
// unique cell ids, a cell's depths among the notebook's and in its order, the Markdown subset,
// combined sizes (a scaling study's pairs x width), lengths that must increase, tile <= scores,
// a choice's correct index < its options, heads dividing the block's width.
#include <nlohmann/json.hpp>

#include "attnbook/notebook/commands.hpp"

namespace attnbook {

nlohmann::json notebook_schema();

CommandFunction schema_command;

}  // namespace attnbook
