// enable_authoring() (notebook/authoring.hpp): the code of the commands no lesson page calls, put
// into the registry's entries (authoring_entry.cpp). Only a program that calls it links this file,
// and with it the validator and the rest.
#include "attnbook/notebook/authoring.hpp"

#include "attnbook/notebook/attention_command.hpp"
#include "attnbook/notebook/cell_types.hpp"
#include "attnbook/notebook/command_args.hpp"
#include "attnbook/notebook/lesson_commands.hpp"
#include "attnbook/notebook/limits.hpp"
#include "attnbook/notebook/notebook.hpp"
#include "attnbook/notebook/schema.hpp"
#include "authoring_entry.hpp"

namespace attnbook {
namespace {

using nlohmann::json;

json validate_command(const json& raw, const Progress&) {
    CommandArgs args("validate", raw, {"text", "name"});
    return validate_notebook_text(args.text("text"), args.has("name") ? args.text("name") : "notebook");
}

json limits_command(const json& raw, const Progress&) {
    CommandArgs args("limits", raw, {});
    return engine_limits();
}

}  // namespace

void enable_authoring() {
    AuthoringCommands& commands = authoring_commands();
    commands.attention = attention_command;
    commands.cell_types = cell_types_command;
    commands.limits = limits_command;
    commands.normalize = normalize_command;
    commands.schema = schema_command;
    commands.validate = validate_command;
}

}  // namespace attnbook
