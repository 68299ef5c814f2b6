#pragma once
// JSON for the "attention at scale" entry points of the binding (engine/bindings): the problem
// read from the arguments, and the check's report with every number as a pair.
//
//   problem  {"heads": 1, "tokens": 1024, "head_width": 64, "causal": false, "divisor": "sqrt",
//             "seed": 0}                                              (all optional: these defaults)
//   report   args: problem + {"sample_rows": 32, "ms": 12.5, "backend": "wasm" | "webgpu"}
//            (backend: what produced the output, for the working memory; "wasm" by default)
//            -> {"rows_checked", "max_abs_error": pair, "max_rel_error": pair,
//                "top_weight": {"scaled": {"bins": [10 counts], "mean": pair},
//                               "unscaled": {...}, "bin_width": pair},
//                "window": {"size": n, "weights": [[pair...]...]},
//                "gflop": pair, "gflops": pair | null (no ms), "ms": pair | null,
//                "memory": {"tensors_bytes": pair, "scratch_bytes": pair, "used_bytes": pair,
//                           "matrix_bytes": pair, "used_mib": pair, "matrix_mib": pair}}
#include <nlohmann/json.hpp>
#include <string>

#include "attnbook/lessons/attention_scale.hpp"

namespace attnbook {

// Reads the problem fields of `args` (and accepts `extra` fields besides, read by the caller);
// UserError names the entry point and the JSON path.
ScaleProblem read_scale_problem(const std::string& who, const nlohmann::json& args,
                                std::initializer_list<const char*> extra = {});

// The whole report: runs scale_check on `out` and adds the timing and memory figures.
nlohmann::json scale_report(const std::string& who, const nlohmann::json& args, const float* q, const float* k,
                            const float* v, const float* out);

}  // namespace attnbook
