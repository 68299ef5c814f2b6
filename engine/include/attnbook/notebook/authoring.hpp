#pragma once
// The commands no lesson page calls: the authoring commands `validate` (validate_notebook_text,
// notebook.hpp), `schema` (schema.hpp), `cell_types` (cell_types.hpp) and `limits` (limits.hpp:
// the page carries its answer, asked when the element is bundled, scripts/standalone.mjs), and the general
// `attention` (attention_command.hpp: PyTorch's scaled_dot_product_attention, with the rowwise
// kernel behind it) and `normalize` (lesson_commands.hpp). A shipped lesson page's notebook was
// checked by the site's build (scripts/build-site.mjs writes each one's checked form), and its
// cells call none of these, so the learner's module (attnbook.mjs) carries none of them: not the
// validator, its tables or its messages. They are linked where enable_authoring() is called: the
// CLI, the tests, the fuzz targets and the author module (engine/bindings/author/,
// attnbook-author.mjs), which the author page and any notebook that is not a build-checked one
// load (web/src/engine-modules.js lists them for the engine worker). Without it each answers with
// a UserError saying so.
#include <nlohmann/json.hpp>

#include "attnbook/notebook/commands.hpp"

namespace attnbook {

// The registry's entries (commands.cpp).
CommandFunction attention_entry;
CommandFunction cell_types_entry;
CommandFunction limits_entry;
CommandFunction normalize_entry;
CommandFunction schema_entry;
CommandFunction validate_entry;

// Makes them available in this program (idempotent).
void enable_authoring();

}  // namespace attnbook
