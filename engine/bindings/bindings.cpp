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
#include <type_traits>

#include "attnbook/core/errors.hpp"
#include "attnbook/core/text_join.hpp"
#include "attnbook/lessons/attention_scale.hpp"
#include "attnbook/notebook/attention_scale_json.hpp"
#include "attnbook/notebook/command_args.hpp"
#include "attnbook/notebook/commands.hpp"

namespace {

using emscripten::val;

[[noreturn]] void throw_js_error(const std::string& message) {
    val::global("Error").new_(message).throw_();
}

// Runs body(context), turning the engine's errors into a JS Error with the engine's message. One
// function for every entry point (not a template per lambda), so the catch clauses exist once.
void guard(const std::string& who, void (*body)(void*), void* context) {
    std::string message;
    try {
        body(context);
        return;
    } catch (const attnbook::UserError& e) {
        message = e.what();
    } catch (const std::bad_alloc&) {
        message = attnbook::join_text({who, ": out of memory"});
    } catch (const std::exception& e) {
        message = attnbook::join_text({who, ": internal error: ", e.what()});
    }
    // Thrown outside the catch blocks so the C++ exception is fully released first.
    throw_js_error(message);
}

template <class Fn>
void guarded(const std::string& who, Fn&& fn) {
    guard(who, [](void* f) { (*static_cast<std::remove_reference_t<Fn>*>(f))(); }, &fn);
}

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

// ---- typed arrays ------------------------------------------------------------------------------

// Float32Arrays of exactly n numbers each (q, k, v, then output), copied one after another into
// one vector, or a UserError naming the first that is not: every size is checked before anything
// is copied.
std::vector<float> copy_arrays(const std::string& who, std::size_t n, std::initializer_list<const val*> arrays) {
    static constexpr const char* names[] = {"q", "k", "v", "output"};
    const val float32 = val::global("Float32Array");
    const char* const* name = names;
    for (const val* array : arrays) {
        if (!array->instanceof(float32)) attnbook::throw_format("{}: {} must be a Float32Array", {who, *name});
        const auto length = (*array)["length"].as<std::size_t>();
        if (length != n)
            attnbook::throw_format("{}: {} has {} numbers; (heads, tokens, head_width) needs {}",
                                   {who, *name, length, n});
        ++name;
    }
    std::vector<float> copies(n * arrays.size());
    float* at = copies.data();
    for (const val* array : arrays) {
        val(emscripten::typed_memory_view(n, at)).call<void>("set", *array);
        at += n;
    }
    return copies;
}

val copy_out(const float* data, std::size_t n) {
    return val(emscripten::typed_memory_view(n, data)).call<val>("slice");
}

val attention_inputs(const std::string& args_json) {
    const std::string who = "attentionInputs";
    val out = val::object();
    guarded(who, [&] {
        const auto p = attnbook::read_scale_problem(who, attnbook::parse_command_args(who, args_json));
        const std::size_t n = attnbook::scale_numel(p);
        std::vector<float> qkv(3 * n);  // q, then k, then v
        attnbook::scale_inputs(p, qkv.data(), qkv.data() + n, qkv.data() + 2 * n);
        static constexpr const char* names[] = {"q", "k", "v"};
        for (std::size_t i = 0; i < 3; ++i) out.set(names[i], copy_out(qkv.data() + i * n, n));
    });
    return out;
}

val attention_f32(const std::string& args_json, val q, val k, val v, val on_progress) {
    const std::string who = "attentionF32";
    val out = val::object();
    guarded(who, [&] {
        const auto args = attnbook::parse_command_args(who, args_json);
        const auto p = attnbook::read_scale_problem(who, args, {"check", "sample_rows"});
        bool check = false;
        if (args.contains("check")) {
            if (!args.at("check").is_boolean()) throw attnbook::UserError("attentionF32: $.check: expected true or false");
            check = args.at("check").get<bool>();
        }
        const std::size_t n = attnbook::scale_numel(p);
        const auto in = copy_arrays(who, n, {&q, &k, &v});  // all sizes before any work
        const float *qd = in.data(), *kd = qd + n, *vd = kd + n;
        std::vector<float> output(n);
        const bool report = on_progress.typeOf().as<std::string>() == "function";
        attnbook::scale_forward_f32(p, qd, kd, vd, output.data(), [&](double f) {
            if (report) on_progress(f);
        });
        out.set("output", copy_out(output.data(), n));
        out.set("kernel", val("scaled_dot_product_attention (engine's float32 kernel)"));
        if (check) {
            nlohmann::json report_args = args;
            report_args.erase("check");
            out.set("check", val(attnbook::scale_report(who, report_args, qd, kd, vd, output.data()).dump()));
        } else {
            out.set("check", val::null());
        }
    });
    return out;
}

std::string attention_check(const std::string& args_json, val q, val k, val v, val output) {
    const std::string who = "attentionCheck";
    std::string report;
    guarded(who, [&] {
        const auto args = attnbook::parse_command_args(who, args_json);
        const auto p = attnbook::read_scale_problem(who, args, {"sample_rows", "ms", "backend"});
        const std::size_t n = attnbook::scale_numel(p);
        const auto in = copy_arrays(who, n, {&q, &k, &v, &output});
        report = attnbook::scale_report(who, args, in.data(), in.data() + n, in.data() + 2 * n, in.data() + 3 * n).dump();
    });
    return report;
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
