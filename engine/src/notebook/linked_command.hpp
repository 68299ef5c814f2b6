#pragma once
// A command whose code only some programs link (the Jupyter export, the training): its entry in
// the command registry calls a runner that enable_ipynb() or enable_train() sets, so a module that
// never calls it links none of its code; a module without it refuses, saying which programs have it.
#include <nlohmann/json.hpp>

#include "attnbook/core/errors.hpp"
#include "attnbook/notebook/commands.hpp"

namespace attnbook {

using CommandRunner = CommandFunction*;

inline nlohmann::json run_linked(CommandRunner runner, const char* refusal, const nlohmann::json& args,
                                 const Progress& progress) {
    if (runner == nullptr) throw UserError(refusal);
    return runner(args, progress);
}

}  // namespace attnbook
