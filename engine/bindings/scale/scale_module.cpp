// The scale module (attnbook-scale.mjs, and attnbook-scale-classic.js for the single-file page):
// only the "attention at scale" cell's runs, loaded by the engine worker of the page's 'scale' lane
// when a reader first presses the cell's Run. Its tensors are too large for JSON, so they live in
// WASM memory from the moment they are drawn (notebook/attention_scale_run.hpp). The learner's
// module (engine/bindings/bindings.cpp) carries none of the tiled kernel, the float64 check or
// Embind's class and typed-array support (engine/module-budget.json); this one carries nothing else.
//
//   attentionRun(argsJson, onProgress) -> report JSON text
//       one call per WASM run: draws q, k, v (H, T, D), runs the engine's kernel, checks it
//       against float64 on sampled rows; args: the problem + sample_rows?. Nothing crosses.
//   new AttentionScale(problemJson)  a handle holding q, k, v drawn once (the WebGPU path):
//       .inputs() -> {q, k, v}      Float32Array copies, for the GPU (the one crossing out)
//       .check(output, ms, sampleRows) -> report JSON text   the GPU's output, copied in once
//       .run(sampleRows, onProgress) -> report JSON text     the engine's kernel instead
//       (sampleRows undefined or null: the engine's default)
//       .output() -> Float32Array   a copy of the last output (tests, benchmarks)
//       .delete()                   frees q, k, v and the output; the caller must call it
// Every report carries "wasm_memory": the module's WebAssembly memory after the call (it never
// shrinks; the next run reuses it). Arrays cross as one copy each (Float32Array.set into WASM;
// a typed_memory_view(...).slice() out); no view into WASM memory is kept, and a size is checked
// before anything is copied.
// Failures become a JS Error whose message is the engine's, as in bindings.cpp.
#include <emscripten/bind.h>
#include <emscripten/heap.h>
#include <emscripten/val.h>

#include <cmath>
#include <functional>
#include <memory>
#include <string>

#include "attnbook/core/errors.hpp"
#include "attnbook/core/text_join.hpp"
#include "attnbook/lessons/attention_scale.hpp"
#include "attnbook/notebook/attention_scale_run.hpp"
#include "attnbook/notebook/command_args.hpp"
#include "attnbook/notebook/json_out.hpp"
#include "../js_guard.hpp"

namespace {

using emscripten::val;

using attnbook_js::guarded;

// ---- typed arrays ------------------------------------------------------------------------------

val copy_out(const float* data, std::size_t n) {
    return val(emscripten::typed_memory_view(n, data)).call<val>("slice");
}

// onProgress as the engine calls it: nothing when the page passed none.
std::function<void(double)> progress_of(const val& on_progress) {
    if (on_progress.typeOf().as<std::string>() != "function") return {};
    return [&on_progress](double fraction) { on_progress(fraction); };
}

// A report as text, with the module's WebAssembly memory after the run: what the tab holds.
std::string with_memory(nlohmann::json report) {
    const double bytes = static_cast<double>(emscripten_get_heap_size());
    attnbook::JsonOut::into(report)
        .object("wasm_memory")
        .pair("bytes", bytes, {0, attnbook::Rounding::fixed})
        .pair("mib", bytes / (1024.0 * 1024.0), {1, attnbook::Rounding::fixed});
    return report.dump();
}

std::string attention_run(const std::string& args_json, val on_progress) {
    const std::string who = "attentionRun";
    std::string report;
    guarded(who, [&] {
        const auto args = attnbook::parse_command_args(who, args_json);
        attnbook::ScaleRun run(who, args, {"sample_rows"});
        report = with_memory(run.run(attnbook::read_sample_rows(who, args), progress_of(on_progress)));
    });
    return report;
}

// The WebGPU path's handle (see the top of this file). Each method is guarded: a bad argument
// is a JS Error naming the method.
class AttentionScale {
public:
    explicit AttentionScale(const std::string& problem_json) {
        const std::string who = "AttentionScale";
        guarded(who, [&] { run_ = std::make_unique<attnbook::ScaleRun>(who, attnbook::parse_command_args(who, problem_json)); });
    }

    val inputs() const {
        val out = val::object();
        const std::size_t n = run_->numel();
        out.set("q", copy_out(run_->q(), n));
        out.set("k", copy_out(run_->k(), n));
        out.set("v", copy_out(run_->v(), n));
        return out;
    }

    std::string run(val sample_rows, val on_progress) {
        std::string report;
        guarded("AttentionScale.run", [&] {
            report = with_memory(run_->run(rows("AttentionScale.run", sample_rows), progress_of(on_progress)));
        });
        return report;
    }

    std::string check(val output, double ms, val sample_rows) {
        const std::string who = "AttentionScale.check";
        std::string report;
        guarded(who, [&] {
            const std::size_t n = run_->numel();
            if (!output.instanceof(val::global("Float32Array")))
                attnbook::throw_format("{}: output must be a Float32Array", {who});
            const auto length = output["length"].as<std::size_t>();
            if (length != n)
                attnbook::throw_format("{}: output has {} numbers; (heads, tokens, head_width) needs {}", {who, length, n});
            const std::size_t r = rows(who, sample_rows);
            val(emscripten::typed_memory_view(n, run_->output_buffer())).call<void>("set", output);
            report = with_memory(run_->check(r, ms));
        });
        return report;
    }

    val output() const { return copy_out(run_->output().data(), run_->output().size()); }

private:
    // sample_rows as JS gives it: undefined or null for the default, else a whole number in the
    // limits; otherwise an error naming who.
    static std::size_t rows(const std::string& who, const val& x) {
        namespace lim = attnbook::attention_scale_limits;
        if (x.isUndefined() || x.isNull()) return lim::default_sample_rows;
        const double n = x.typeOf().as<std::string>() == "number" ? x.as<double>() : -1.0;
        if (!(n >= static_cast<double>(lim::sample_rows.min) && n <= static_cast<double>(lim::sample_rows.max)) ||
            n != std::floor(n))
            attnbook::throw_format("{}: sample_rows must be a whole number {} to {}",
                                   {who, lim::sample_rows.min, lim::sample_rows.max});
        return static_cast<std::size_t>(n);
    }

    std::unique_ptr<attnbook::ScaleRun> run_;
};

}  // namespace

EMSCRIPTEN_BINDINGS(attnbook_scale) {
    emscripten::function("attentionRun", &attention_run);
    emscripten::class_<AttentionScale>("AttentionScale")
        .constructor<std::string>()
        .function("inputs", &AttentionScale::inputs)
        .function("run", &AttentionScale::run)
        .function("check", &AttentionScale::check)
        .function("output", &AttentionScale::output);
}
