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

json run(AuthoringCommand command, const char* name, const json& args, const Progress& progress) {
    if (command == nullptr)
        throw_format("{}: this engine module has no validator, authoring or general commands (the CLI and "
                     "attnbook-author.mjs have them; a lesson page's module has only what lessons call)", {name});
    return command(args, progress);
}

}  // namespace

AuthoringCommands& authoring_commands() {
    static AuthoringCommands commands;
    return commands;
}

json attention_entry(const json& args, const Progress& progress) {
    return run(authoring_commands().attention, "attention", args, progress);
}

json cell_types_entry(const json& args, const Progress& progress) {
    return run(authoring_commands().cell_types, "cell_types", args, progress);
}

json limits_entry(const json& args, const Progress& progress) {
    return run(authoring_commands().limits, "limits", args, progress);
}

json normalize_entry(const json& args, const Progress& progress) {
    return run(authoring_commands().normalize, "normalize", args, progress);
}

json schema_entry(const json& args, const Progress& progress) {
    return run(authoring_commands().schema, "schema", args, progress);
}

json validate_entry(const json& args, const Progress& progress) {
    return run(authoring_commands().validate, "validate", args, progress);
}

}  // namespace attnbook
