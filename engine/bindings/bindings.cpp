// The only file that knows about Emscripten. The boundary is deliberately coarse: one call per
// computation, JSON text in and out (Embind calls cost ~10x more under DYNAMIC_EXECUTION=0, and
// text crosses in bulk with no live views into WASM memory).
//   call(command, argsJson) -> resultJson
//   callWithProgress(command, argsJson, onProgress) -> resultJson, onProgress(fraction) meanwhile
//   commands() -> JSON array of command names
// and, for tensors too large for JSON ("attention at scale", lessons/attention_scale.hpp), typed
// arrays in bulk. Each array crosses as one copy (Float32Array.set into a vector; a
// typed_memory_view(...).slice() out), no view into WASM memory is kept, and every size is
// checked against the arguments before any copy or computation:
//   attentionInputs(argsJson) -> {q, k, v}               Float32Array (H, T, D) each, seeded
//   attentionF32(argsJson, q, k, v, onProgress) -> {output, kernel, check}
//       the engine's float32 kernel; check is the float64 report (JSON text) when argsJson has
//       "check": true (sampled rows, attention_scale_json.hpp), else null
//   attentionCheck(argsJson, q, k, v, output) -> report JSON text (any output: the GPU's too)
// Failures become a JS Error whose message is the engine's (never a bare exception pointer).
// The arguments are parsed by the notebook's bounded parser (command_args.hpp): a 100000-deep
// array is a clear error, not a stack overflow, and a number beyond a double names its path.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <new>

#include "attnbook/core/errors.hpp"
#include "attnbook/lessons/attention_scale.hpp"
#include "attnbook/notebook/attention_scale_json.hpp"
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

// ---- typed arrays ------------------------------------------------------------------------------

// Runs fn, turning the engine's errors into a JS Error with the engine's message.
template <class Fn>
auto guarded(const char* who, Fn fn) -> decltype(fn()) {
    std::string message;
    try {
        return fn();
    } catch (const attnbook::UserError& e) {
        message = e.what();
    } catch (const std::bad_alloc&) {
        message = std::string(who) + ": out of memory";
    } catch (const std::exception& e) {
        message = std::string(who) + ": internal error: " + e.what();
    }
    throw_js_error(message);
}

nlohmann::json parse_args(const char* who, const std::string& args_json) {
    return attnbook::parse_command_args(who, args_json);
}

// A Float32Array of exactly n numbers, or a UserError naming it (checked before anything is copied).
void check_array(const char* who, const char* name, const val& array, std::size_t n) {
    if (!array.instanceof(val::global("Float32Array")))
        throw attnbook::UserError(std::string(who) + ": " + name + " must be a Float32Array");
    const auto length = array["length"].as<std::size_t>();
    if (length != n)
        throw attnbook::UserError(std::string(who) + ": " + name + " has " + std::to_string(length) +
                                  " numbers; (heads, tokens, head_width) needs " + std::to_string(n));
}

std::vector<float> copy_in(const val& array) { return emscripten::convertJSArrayToNumberVector<float>(array); }

val copy_out(const std::vector<float>& data) {
    return val(emscripten::typed_memory_view(data.size(), data.data())).call<val>("slice");
}

val attention_inputs(const std::string& args_json) {
    return guarded("attentionInputs", [&] {
        const auto p = attnbook::read_scale_problem("attentionInputs", parse_args("attentionInputs", args_json));
        const std::size_t n = attnbook::scale_numel(p);
        std::vector<float> q(n), k(n), v(n);
        attnbook::scale_inputs(p, q.data(), k.data(), v.data());
        val out = val::object();
        out.set("q", copy_out(q));
        out.set("k", copy_out(k));
        out.set("v", copy_out(v));
        return out;
    });
}

val attention_f32(const std::string& args_json, val q, val k, val v, val on_progress) {
    return guarded("attentionF32", [&] {
        const auto args = parse_args("attentionF32", args_json);
        const auto p = attnbook::read_scale_problem("attentionF32", args, {"check", "sample_rows"});
        bool check = false;
        if (args.contains("check")) {
            if (!args.at("check").is_boolean()) throw attnbook::UserError("attentionF32: $.check: expected true or false");
            check = args.at("check").get<bool>();
        }
        const std::size_t n = attnbook::scale_numel(p);
        check_array("attentionF32", "q", q, n);  // all sizes before any work
        check_array("attentionF32", "k", k, n);
        check_array("attentionF32", "v", v, n);
        const std::vector<float> qv = copy_in(q), kv = copy_in(k), vv = copy_in(v);
        std::vector<float> output(n);
        const bool report = on_progress.typeOf().as<std::string>() == "function";
        attnbook::scale_forward_f32(p, qv.data(), kv.data(), vv.data(), output.data(), [&](double f) {
            if (report) on_progress(f);
        });
        val out = val::object();
        out.set("output", copy_out(output));
        out.set("kernel", val("scaled_dot_product_attention (engine's float32 kernel)"));
        if (check) {
            nlohmann::json report_args = args;
            report_args.erase("check");
            out.set("check", val(attnbook::scale_report("attentionF32", report_args, qv.data(), kv.data(), vv.data(),
                                                       output.data()).dump()));
        } else {
            out.set("check", val::null());
        }
        return out;
    });
}

std::string attention_check(const std::string& args_json, val q, val k, val v, val output) {
    return guarded("attentionCheck", [&] {
        const auto args = parse_args("attentionCheck", args_json);
        const auto p = attnbook::read_scale_problem("attentionCheck", args, {"sample_rows", "ms", "backend"});
        const std::size_t n = attnbook::scale_numel(p);
        check_array("attentionCheck", "q", q, n);
        check_array("attentionCheck", "k", k, n);
        check_array("attentionCheck", "v", v, n);
        check_array("attentionCheck", "output", output, n);
        const std::vector<float> qv = copy_in(q), kv = copy_in(k), vv = copy_in(v), ov = copy_in(output);
        return attnbook::scale_report("attentionCheck", args, qv.data(), kv.data(), vv.data(), ov.data()).dump();
    });
}

}  // namespace

EMSCRIPTEN_BINDINGS(attnbook) {
    emscripten::function("call", &call);
    emscripten::function("callWithProgress", &call_with_progress);
    emscripten::function("commands", &commands);
    emscripten::function("attentionInputs", &attention_inputs);
    emscripten::function("attentionF32", &attention_f32);
    emscripten::function("attentionCheck", &attention_check);
}
