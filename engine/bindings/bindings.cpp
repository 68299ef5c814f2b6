// The learner's module (attnbook.mjs): the Embind boundary over the command registry. The boundary is deliberately coarse: one call per
// computation, JSON text in and out (Embind calls cost ~10x more under DYNAMIC_EXECUTION=0, and
// text crosses in bulk with no live views into WASM memory).
//   call(command, argsJson) -> resultJson
//   callWithProgress(command, argsJson, onProgress) -> resultJson, onProgress(fraction) meanwhile
//   commands() -> JSON array of command names
// The "attention at scale" cell's runs, whose tensors are too large for JSON, are the scale
// module's (scale/scale_module.cpp, attnbook-scale.mjs), and the training lab's sessions the
// training module's (train/train_module.cpp): each is loaded by its own lane's worker only.
// Failures become a JS Error whose message is the engine's (never a bare exception pointer).
// The arguments are parsed by the notebook's bounded parser (command_args.hpp): a 100000-deep
// array is a clear error, not a stack overflow, and a number beyond a double names its path.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>

#include "attnbook/notebook/command_args.hpp"
#include "attnbook/notebook/commands.hpp"
#include "js_guard.hpp"

namespace {

using emscripten::val;

using attnbook_js::guarded;

std::string run(const std::string& command, const std::string& args_json, const attnbook::Progress& progress) {
    std::string result;
    guarded(command, [&] {
        const auto args = attnbook::parse_command_args(command, args_json);
        result = attnbook::run_command(command, args, progress).dump();
    });
    return result;
}

std::string call(const std::string& command, const std::string& args_json) { return run(command, args_json, {}); }

std::string call_with_progress(const std::string& command, const std::string& args_json, val on_progress) {
    return run(command, args_json, [&on_progress](double fraction) { on_progress(fraction); });
}

std::string commands() { return nlohmann::json(attnbook::command_names()).dump(); }

}  // namespace

EMSCRIPTEN_BINDINGS(attnbook) {
    emscripten::function("call", &call);
    emscripten::function("callWithProgress", &call_with_progress);
    emscripten::function("commands", &commands);
}
