// The registry's entries for the commands no lesson page calls (notebook/authoring.hpp): pointers,
// set by enable_authoring() (authoring_commands.cpp) in the programs that carry them, so that the
// learner's module, which never calls them, links none of their code, tables or messages (the
// validator above all).
#include "authoring_entry.hpp"

#include "attnbook/core/text_join.hpp"
#include "attnbook/notebook/authoring.hpp"

namespace attnbook {
namespace {

using nlohmann::json;

json run(AuthoringCommand AuthoringCommands::*command, const char* name, const json& args, const Progress& progress) {
    const AuthoringCommand code = authoring_commands().*command;
    if (code == nullptr)
        throw_format("{}: this engine module has no validator, authoring or general commands (the CLI and "
                     "attnbook-author.mjs have them; a lesson page's module has only what lessons call)", {name});
    return code(args, progress);
}

}  // namespace

AuthoringCommands& authoring_commands() {
    static AuthoringCommands commands;
    return commands;
}

json attention_entry(const json& a, const Progress& p) { return run(&AuthoringCommands::attention, "attention", a, p); }
json cell_types_entry(const json& a, const Progress& p) { return run(&AuthoringCommands::cell_types, "cell_types", a, p); }
json limits_entry(const json& a, const Progress& p) { return run(&AuthoringCommands::limits, "limits", a, p); }
json normalize_entry(const json& a, const Progress& p) { return run(&AuthoringCommands::normalize, "normalize", a, p); }
json schema_entry(const json& a, const Progress& p) { return run(&AuthoringCommands::schema, "schema", a, p); }
json validate_entry(const json& a, const Progress& p) { return run(&AuthoringCommands::validate, "validate", a, p); }

}  // namespace attnbook
