#pragma once
// JSON for the "attention at scale" entry points of the binding (engine/bindings): the problem
// read from the arguments, and the check's report with every number as a pair.
//
//   problem  {"heads": 1, "tokens": 1024, "head_width": 64, "causal": false, "divisor": "sqrt",
//             "seed": 0}                                              (all optional: these defaults)
//   report   (scale_report, for ScaleReportOptions: sample_rows, ms, which backend ran)
//            -> {"rows_checked", "max_abs_error": pair, "max_rel_error": pair,
//                "top_weight": {"scaled": {"bins": [10 counts], "mean": pair},
//                               "unscaled": {...}, "bin_width": pair},
//                "window": {"size": n, "weights": [[pair...]...]},
//                "gflop": pair, "gflops": pair | null (no ms), "ms": pair | null,
//                "memory": {"tensors_bytes": pair, "scratch_bytes": pair, "used_bytes": pair,
//                           "matrix_bytes": pair, "used_mib": pair, "matrix_mib": pair}}
//            memory: q, k, v and the output once each (tensors), plus the WASM kernel's own
//            buffers (scratch, attention_forward_f32_scratch_bytes; 0 for the GPU's flash kernel).
#include <nlohmann/json.hpp>
#include <string>

#include "attnbook/lessons/attention_scale.hpp"

namespace attnbook {

// Reads the problem fields of `args` (and accepts `extra` fields besides, read by the caller);
// UserError names the entry point and the JSON path.
ScaleProblem read_scale_problem(const std::string& who, const nlohmann::json& args,
                                std::initializer_list<const char*> extra = {});

// What the report needs beside the problem and the tensors.
struct ScaleReportOptions {
    std::size_t sample_rows = attention_scale_limits::default_sample_rows;
    double ms = -1;     // the measured time; < 0: not timed (ms and gflops are null)
    bool wasm = true;   // the engine's kernel produced the output (else the GPU): its scratch counts
};

// $.sample_rows of `args` if there (a whole number in attention_scale_limits::sample_rows), else
// the default; UserError names who and the path.
std::size_t read_sample_rows(const std::string& who, const nlohmann::json& args);

// The whole report: runs scale_check on `out` and adds the timing and memory figures.
nlohmann::json scale_report(const ScaleProblem& p, const ScaleReportOptions& options, const float* q, const float* k,
                            const float* v, const float* out);

}  // namespace attnbook
