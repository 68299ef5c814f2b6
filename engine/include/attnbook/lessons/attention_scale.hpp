#pragma once
// "Attention at scale": the engine's half of the cell that runs one large self-attention on
// WebGPU or WebAssembly and checks it. The page times the run; the engine draws the inputs, runs
// the WASM path, and checks any output (the GPU's or its own) against float64 on sampled rows.
//
// Shapes: q, k, v and the output are float32 (H, T, D), row-major, one head after another
// (H = heads, T = tokens, D = head_width). Self-attention: T queries against the same T keys;
// causal is top-left (row i sees keys j <= i); scale = 1 / divisor(D).
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "attnbook/core/field.hpp"
#include "attnbook/lessons/divisor.hpp"
#include "attnbook/lessons/scaling_study.hpp"  // WholeRange

namespace attnbook {

struct ScaleProblem {
    std::size_t heads = 1;
    std::size_t tokens = 1024;
    std::size_t head_width = 64;
    bool causal = false;
    Divisor divisor = default_divisor;
    std::uint64_t seed = 0;
};

namespace attention_scale_limits {
// The engine's bounds (the typed-array entry point and the check); a cell's controls use the
// narrower cell_* ranges. cell_head_width.max is the widest head the WGSL flash kernel holds
// (MAX_D in web/src/gpu/tiles.js; tests/gpu/tiles.test.mjs holds the two equal).
inline constexpr WholeRange heads{1, 16};
inline constexpr WholeRange tokens{1, 16384};
inline constexpr WholeRange head_width{1, 256};
inline constexpr WholeRange seed{0, (std::uint64_t{1} << 53) - 1};
// H * T * D per tensor: 2^24 floats = 64 MiB, so q, k, v, the output and their copies fit a tab.
inline constexpr std::uint64_t max_elements = std::uint64_t{1} << 24;
inline constexpr WholeRange sample_rows{1, 256};
inline constexpr std::size_t default_sample_rows = 32;
inline constexpr std::size_t window = 16;      // the weights heatmap: up to 16 x 16
inline constexpr std::size_t histogram_bins = 10;  // top weight in [0, 1] in tenths
// What a notebook cell may offer (the ranges: T 128 to 16384, d 16 to 128).
inline constexpr WholeRange cell_tokens{128, 16384};
inline constexpr WholeRange cell_head_width{16, 128};
inline constexpr WholeRange cell_heads{1, 8};
}  // namespace attention_scale_limits

// The problem's fields (core/field.hpp): a cell's narrower ranges and the engine's (the commands
// and the scale module's entry points) are entries of their own bound to the same member.
// fields() binds each to its member; a cell's backend is the validator's (the page's choice, not
// the problem's), and the problem's size (max_elements) is check_scale_problem's.
namespace attention_scale_fields {
namespace lim = attention_scale_limits;
inline constexpr Field cell_tokens =
    Field::whole_in("tokens", lim::cell_tokens, "the sequence length T", Field::cell_only).linked("tok");
inline constexpr Field cell_head_width =
    Field::whole_in("head_width", lim::cell_head_width, "the head width D", Field::cell_only).linked("dw");
inline constexpr Field cell_heads =
    Field::whole_in("heads", lim::cell_heads, "attention heads H", Field::cell_only).linked("heads");
inline constexpr Field heads = Field::whole_in("heads", lim::heads, "attention heads H", Field::command_only);
inline constexpr Field tokens = Field::whole_in("tokens", lim::tokens, "the sequence length T", Field::command_only);
inline constexpr Field head_width = Field::whole_in("head_width", lim::head_width, "the head width D", Field::command_only);
inline constexpr Field causal = Field::switch_named("causal", "row i sees only keys j <= i").linked("causal");
inline constexpr Field divisor = Field::divisor_of("what the scores are divided by").linked("div");
inline constexpr Field seed =
    Field::whole_in("seed", lim::seed, "the seed of numpy.random.default_rng for q, k and v").linked("seed");
}  // namespace attention_scale_fields

template <class Visit>
void fields(ScaleProblem& p, Visit&& field) {
    namespace f = attention_scale_fields;
    field(f::cell_tokens, p.tokens); field(f::cell_head_width, p.head_width); field(f::cell_heads, p.heads);
    field(f::heads, p.heads); field(f::tokens, p.tokens); field(f::head_width, p.head_width);
    field(f::causal, p.causal); field(f::divisor, p.divisor); field(f::seed, p.seed);
}

// Where a cell runs: "auto" (WebGPU when the browser, the adapter and its limits allow, else
// WebAssembly), or forced "webgpu" (still falls back, with a note, when it cannot) or "wasm".
const std::vector<std::string>& scale_backend_names();  // {"auto", "webgpu", "wasm"}
enum class ScaleBackend { automatic, webgpu, wasm };    // the names' places

// The attention-scale cell: the problem in the cell's ranges and where it runs.
struct ScaleCell {
    ScaleProblem problem;
    ScaleBackend backend = ScaleBackend::automatic;
};
namespace attention_scale_fields {
inline constexpr Field backend = Field::choice_of(
    "backend", scale_backend_names, "where the cell runs: auto (WebGPU when it can, else WebAssembly), webgpu or wasm");
}  // namespace attention_scale_fields
template <class Visit>
void fields(ScaleCell& c, Visit&& field) {
    fields(c.problem, field);
    field(attention_scale_fields::backend, c.backend);
}

// UserError naming the field ("attention_scale: tokens ...") when outside the limits.
void check_scale_problem(const ScaleProblem& p, const std::string& who);
void check_scale_problem(const ScaleProblem& p);  // who = "attention_scale"
std::size_t scale_numel(const ScaleProblem& p);  // H * T * D
double scale_factor(const ScaleProblem& p);      // 1 / divisor(D)

// q, k, v from numpy's default_rng(seed): normal(size=(H, T, D)) three times, in that order,
// each rounded to float32 (as np.float32(rng.normal(size=...)) would give).
void scale_inputs(const ScaleProblem& p, float* q, float* k, float* v);

// The WebAssembly path: the engine's raw float32 kernel, attention_forward_f32 (q, k, v as
// (H, T, D), causal as PyTorch's is_causal), in one call: the benchmark's kernel, no copies.
// progress(fraction) is passed on from the kernel, in steps of at least 0.01 and always the
// last. Returns the name of the kernel that ran (attention_forward_f32's).
const char* scale_forward_f32(const ScaleProblem& p, const float* q, const float* k, const float* v, float* out,
                              const std::function<void(double)>& progress = {});

// The float64 check of `out` on `rows` sampled (head, row) pairs, spread evenly over the heads
// and from the first row to the last.
struct ScaleCheck {
    std::size_t rows = 0;
    double max_abs_error = 0;  // max over sampled rows and columns of |out - float64|
    double max_rel_error = 0;  // max over sampled rows of max_c |out - f64| / max_c |f64|
    // The largest weight of each sampled row, in float64, with the problem's scale and with
    // scale 1 (no divisor): how saturated the softmax gets at this width.
    std::vector<std::size_t> top_scaled_bins, top_unscaled_bins;  // histogram_bins counts
    double top_scaled_mean = 0, top_unscaled_mean = 0;
    // weights[i][j] of head 0 for i, j < min(T, window), in float64 with the problem's scale.
    std::vector<std::vector<double>> window;
};
ScaleCheck scale_check(const ScaleProblem& p, const float* q, const float* k, const float* v, const float* out,
                       std::size_t rows);

// Floating-point operations of one forward pass: 4 D per (query, key) pair and head (Q K^T and
// the weights times V, a multiply and an add each); causal counts only the T (T + 1) / 2 pairs kept.
double scale_flops(const ScaleProblem& p);
// Bytes of q, k, v and the output (float32), and of the T x T float32 weights of every head.
double scale_tensor_bytes(const ScaleProblem& p);
double scale_matrix_bytes(const ScaleProblem& p);
// Working memory beyond the tensors: the buffers the kernel allocates while scale_forward_f32
// runs (attention_forward_f32_scratch_bytes: packed K and V of one head, one query block's
// packed Q, scores and output). (The WebGPU flash kernel needs none: its tiles live in
// workgroup memory.)
double scale_wasm_scratch_bytes(const ScaleProblem& p);

}  // namespace attnbook
