#pragma once
// One run of the "attention at scale" cell inside the engine. The problem is read once; q, k, v
// are drawn once into memory the run keeps until it is dropped; then either the engine's kernel
// computes the output there, is timed and checked (run), or an output computed elsewhere (the
// GPU's) is copied in once and checked (check). The binding's attentionRun and AttentionScale
// (engine/bindings) are this object, so the tests below the binding see what the page runs.
//
// Memory while the kernel runs: q, k, v and the output (4 H T D floats, the report's
// tensors_bytes) and the kernel's own buffers (scratch_bytes); nothing else of size H T D.
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "attnbook/lessons/attention_scale.hpp"
#include "attnbook/notebook/attention_scale_json.hpp"

namespace attnbook {

class ScaleRun {
public:
    // `problem`: the problem fields (read_scale_problem), and `extra` fields the caller reads.
    ScaleRun(std::string who, const nlohmann::json& problem, std::initializer_list<const char*> extra = {});

    const ScaleProblem& problem() const { return p_; }
    std::size_t numel() const { return n_; }
    const float* q() const { return qkv_.data(); }
    const float* k() const { return qkv_.data() + n_; }
    const float* v() const { return qkv_.data() + 2 * n_; }
    // The last run's output, or the output last given to check: (H, T, D), or empty.
    const std::vector<float>& output() const { return out_; }

    // The engine's kernel (scale_forward_f32) on q, k, v, timed around the kernel alone, then
    // the float64 check: scale_report plus "backend": "wasm" and "kernel": the kernel that ran.
    nlohmann::json run(std::size_t sample_rows, const std::function<void(double)>& progress = {});

    // An output of numel() floats produced elsewhere in `ms` milliseconds (the GPU's): copy it
    // into output_buffer(), then check: scale_report with "backend": "webgpu".
    float* output_buffer();
    nlohmann::json check(std::size_t sample_rows, double ms) const;

private:
    std::string who_;
    ScaleProblem p_;
    std::size_t n_ = 0;
    std::vector<float> qkv_;  // q, then k, then v: (H, T, D) each
    std::vector<float> out_;  // (H, T, D)
};

}  // namespace attnbook
