// The only file that knows about Emscripten. The boundary is deliberately coarse: one call per
// computation, JSON text in and out (Embind calls cost ~10x more under DYNAMIC_EXECUTION=0, and
// text crosses in bulk with no live views into WASM memory).
//   call(command, argsJson) -> resultJson
//   callWithProgress(command, argsJson, onProgress) -> resultJson, onProgress(fraction) meanwhile
//   commands() -> JSON array of command names
// Failures become a JS Error whose message is the engine's (never a bare exception pointer).
// The arguments are parsed by the notebook's bounded parser (command_args.hpp): a 100000-deep
// array is a clear error, not a stack overflow, and a number beyond a double names its path.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <new>

#include "attnbook/core/errors.hpp"
#include "attnbook/notebook/command_args.hpp"
#include "attnbook/notebook/commands.hpp"

namespace {

using emscripten::val;

[[noreturn]] void throw_js_error(const std::string& message) {
    val::global("Error").new_(message).throw_();
}

std::string run(const std::string& command, const std::string& args_json, const attnbook::Progress& progress) {
    std::string message;
    try {
        const auto args = attnbook::parse_command_args(command, args_json);
        return attnbook::run_command(command, args, progress).dump();
    } catch (const attnbook::UserError& e) {
        message = e.what();
    } catch (const std::bad_alloc&) {
        message = command + ": out of memory";
    } catch (const std::exception& e) {
        message = command + ": internal error: " + e.what();
    }
    // Thrown outside the catch blocks so the C++ exception is fully released first.
    throw_js_error(message);
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
