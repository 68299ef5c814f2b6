#pragma once
// Where the author module's entries find their code, once enable_authoring() has put it there
// (notebook/authoring.hpp).
#include <nlohmann/json.hpp>

#include "attnbook/notebook/commands.hpp"

namespace attnbook {

using AuthoringCommand = nlohmann::json (*)(const nlohmann::json&, const Progress&);

struct AuthoringCommands {
    AuthoringCommand attention = nullptr;
    AuthoringCommand cell_types = nullptr;
    AuthoringCommand limits = nullptr;
    AuthoringCommand normalize = nullptr;
    AuthoringCommand schema = nullptr;
    AuthoringCommand validate = nullptr;
};
AuthoringCommands& authoring_commands();

}  // namespace attnbook
