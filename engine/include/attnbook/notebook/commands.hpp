#pragma once
// The engine's one contract: a command name and JSON arguments in, a JSON result out.
// The CLI (engine/cli) and the Embind binding (engine/bindings) are both thin layers over this,
// so the page, the native CLI and `attnbook --wasm` print the same bytes.
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace attnbook {

using Progress = std::function<void(double fraction)>;

// Every command's shape: JSON arguments in, a JSON result out, progress reported as a fraction.
// A command's declaration: `CommandFunction cost_command;`.
using CommandFunction = nlohmann::json(const nlohmann::json& args, const Progress& progress);

// Throws UserError for bad arguments (the message names the command and the JSON path).
nlohmann::json run_command(const std::string& name, const nlohmann::json& args, const Progress& progress = {});

// Names of the commands, for help texts and error messages.
std::vector<std::string> command_names();

}  // namespace attnbook
