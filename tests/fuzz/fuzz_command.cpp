// Fuzz target "command": a command name and JSON argument text, the way the page's worker sends
// them through the binding (engine/bindings/bindings.cpp): the first line is the name, the rest
// the arguments, parsed with nlohmann::json::parse as the binding does.
// Properties (docs/ENGINE-CONVENTIONS.md, engine/include/attnbook/notebook/commands.hpp):
//   - bad arguments are a UserError with a message; any other exception is what the binding
//     reports as "internal error", a bug;
//   - a result prints: UTF-8 strings and finite numbers only (never a silent NaN -> null);
//   - progress, where reported, is a fraction in [0, 1] that never goes back.
// The run stops at the second progress report (a long scaling study is not more interesting
// after that; its limits are checked before the first draw).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

#include "attnbook/core/errors.hpp"
#include "attnbook/notebook/authoring.hpp"
#include "attnbook/notebook/commands.hpp"
#include "attnbook/notebook/train_command.hpp"
#include "fuzz_check.hpp"

using attnbook_fuzz::check;
using nlohmann::json;

namespace {

const bool train_enabled = (attnbook::enable_train(), true);  // the CLI carries it, so the fuzzer does
const bool authoring_enabled = (attnbook::enable_authoring(), true);  // and validate, schema, cell_types

struct StopRun {};  // thrown by the progress callback to end a long run early

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    const std::size_t newline = text.find('\n');
    const std::string name = text.substr(0, newline);
    const std::string args_text = newline == std::string::npos ? "{}" : text.substr(newline + 1);
    const json args = json::parse(args_text, nullptr, /*allow_exceptions=*/false);
    if (args.is_discarded()) return 0;  // the binding answers "arguments are not valid JSON"

    double last = 0.0;
    int reports = 0;
    const attnbook::Progress progress = [&](double fraction) {
        check(fraction >= last && fraction <= 1.0, "progress " + std::to_string(fraction) + " after " +
                                                       std::to_string(last) + " (" + name + ")");
        last = fraction;
        if (++reports == 2) throw StopRun{};
    };
    try {
        const json result = attnbook::run_command(name, args, progress);
        attnbook_fuzz::check_printable(result, "result of " + name);
    } catch (const attnbook::UserError& e) {
        check(std::string(e.what()).size() > 0, "UserError without a message (" + name + ")");
    } catch (const StopRun&) {
    } catch (const std::exception& e) {
        attnbook_fuzz::fail("run_command(\"" + name + "\") threw a non-UserError: " + e.what());
    }
    return 0;
}
