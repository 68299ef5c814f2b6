// The `ipynb` export's live cells, part four: attention at scale, timed in numpy and checked as
// the page checks it (programs/scale.py). The engine's numbers embedded are its float64 side of
// the check (the top weights, their histograms and the weights' window), which depend on the
// inputs only; the float32 error is each kernel's own (the page's GPU or WebAssembly kernel,
// numpy's BLAS here), measured and printed, not checked against the engine's.
#include <string>

#include "attnbook/lessons/attention_scale.hpp"
#include "attnbook/notebook/attention_scale_run.hpp"
#include "attnbook/notebook/python_programs.hpp"
#include "ipynb_programs.hpp"

namespace attnbook {

using nlohmann::json;

namespace {

// The float64 side of the engine's check for `problem`: its inputs drawn, an all-zero output
// checked (only the errors read the output, and the export leaves them out).
json float64_check(const json& problem) {
    ScaleRun run("attention_scale", problem);
    run.output_buffer();
    json report = run.check(attention_scale_limits::default_sample_rows, 0.0);
    json out;
    for (const char* f : {"rows_checked", "top_weight", "window"}) out[f] = report.at(f);
    return out;
}

const char* divisor_code(const std::string& divisor) {
    if (divisor == "d") return "float(head_width)  # d itself";
    if (divisor == "1") return "1.0  # none";
    return "np.sqrt(head_width)  # sqrt(d), the standard";
}

}  // namespace

LiveCell scale_live(const json& cell, const CellState& state) {
    const Settled settled = settle_table<ScaleProblem>(float64_check, cell, state);
    const json& a = settled.args;
    return live(cell, "Attention at scale", settled,
                "One self-attention of T tokens, timed: the page runs it on your GPU (WebGPU) or in the engine's "
                "WebAssembly kernel, this program in numpy on your CPU, float32 throughout, a block of query rows at "
                "a time so that the T x T weights never sit in memory whole. Then the check the page makes: sampled "
                "rows against float64, and how peaked the weights are, divided and not.",
                fill_python(python_programs::scale, {{"heads", a.at("heads").dump()},
                                      {"tokens", a.at("tokens").dump()},
                                      {"head_width", a.at("head_width").dump()},
                                      {"causal", a.at("causal").get<bool>() ? "True" : "False"},
                                      {"divisor", divisor_code(a.at("divisor").get<std::string>())},
                                      {"seed", a.at("seed").dump()},
                                      {"sample_rows", std::to_string(attention_scale_limits::default_sample_rows)},
                                      {"window", std::to_string(attention_scale_limits::window)},
                                      {"engine", engine_numbers(settled.result, {"rows_checked", "top_weight", "window"})},
                                      {"check", check_lines("1e-10")},
                                      {"passed", checks_passed("to 1e-10")}}));
}

}  // namespace attnbook
