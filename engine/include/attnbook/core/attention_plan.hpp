#pragma once
// The validated attention problem every variant of core/attention.hpp runs on: plan_attention
// checks the tensors and options once (shapes, broadcasting, grouped-query heads, the scale) and
// resolves them into sizes, element strides and the scale, so that the kernels index without
// re-checking. Also read by callers that need the result's shape or the resolved scale before
// anything runs (the `attention` command's output-size limit, the PyTorch-rules lesson).
#include <cstddef>

#include "attnbook/core/attention.hpp"

namespace attnbook {

struct AttentionPlan {
    std::size_t B = 1, Hq = 1, Hkv = 1, L = 0, S = 0, E = 0, Ev = 0;
    std::size_t group = 1;  // Hq / Hkv: query head h reads kv head h / group
    // Element offsets of batch b in q, k, v: b * *_batch_stride (0 where that tensor has batch 1).
    std::size_t q_batch_stride = 0, k_batch_stride = 0, v_batch_stride = 0;
    double scale = 1.0;
    enum class Mask { none, boolean, additive } mask = Mask::none;
    // Element offset of mask[b, h, i, j] = b*ms[0] + h*ms[1] + i*ms[2] + j*ms[3] (0 = broadcast).
    std::size_t mask_stride[4] = {0, 0, 0, 0};
    Shape output_shape;   // (B, Hq, L, Ev) in the query's rank
    Shape weights_shape;  // (B, Hq, L, S) in the query's rank
};

// Checks shapes, options and values (throws UserError) and returns the plan.
AttentionPlan plan_attention(const Tensor& q, const Tensor& k, const Tensor& v, const AttentionOptions& options);

}  // namespace attnbook
