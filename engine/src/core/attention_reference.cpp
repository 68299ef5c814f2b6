// scaled_dot_product_attention_reference_f64: naive float64 loops, one pass of the formula in
// attention.hpp at a time. This is the spec the fused kernels are tested against; never optimise
// it, keep it obviously right.
#include <limits>
#include <vector>

#include "attnbook/core/attention.hpp"
#include "attnbook/core/attention_plan.hpp"
#include "attnbook/core/attention_dropout.hpp"
#include "attnbook/core/softmax.hpp"

namespace attnbook {

void attention_logits_f64(const float* q_row, const float* k, std::size_t keys, std::size_t E, double scale,
                          double* logits) {
    for (std::size_t j = 0; j < keys; ++j) {
        const float* kj = k + j * E;
        double dot = 0.0;
        for (std::size_t e = 0; e < E; ++e) dot += static_cast<double>(q_row[e]) * static_cast<double>(kj[e]);
        logits[j] = scale * dot;
    }
}

void attention_blend_f64(const double* w, const float* v, std::size_t keys, std::size_t Ev, double* out) {
    for (std::size_t j = 0; j < keys; ++j) {
        const float* vj = v + j * Ev;
        for (std::size_t e = 0; e < Ev; ++e) out[e] += w[j] * static_cast<double>(vj[e]);
    }
}

AttentionResultF64 scaled_dot_product_attention_reference_f64(const Tensor& q, const Tensor& k,
                                                              const Tensor& v,
                                                              const AttentionOptions& options) {
    const AttentionPlan p = plan_attention(q, k, v, options);
    const double neg_inf = -std::numeric_limits<double>::infinity();
    const double p_drop = options.dropout_p;

    AttentionResultF64 result;
    result.output = TensorF64(p.output_shape);  // (B, Hq, L, Ev), zero-filled
    if (options.return_weights) result.weights = TensorF64(p.weights_shape);  // (B, Hq, L, S)

    std::vector<double> logits(p.S);   // a is (S)
    std::vector<double> weights(p.S);  // w is (S)
    for (std::size_t b = 0; b < p.B; ++b) {
        for (std::size_t h = 0; h < p.Hq; ++h) {
            const std::size_t g = h / p.group;  // kv head (repeat_interleave)
            for (std::size_t i = 0; i < p.L; ++i) {
                const float* qi = q.data.data() + b * p.q_batch_stride + (h * p.L + i) * p.E;
                // pass 1: a_j = scale * <q_i, k_j>
                attention_logits_f64(qi, k.data.data() + b * p.k_batch_stride + g * p.S * p.E, p.S, p.E, p.scale,
                                     logits.data());
                // pass 2: mask
                for (std::size_t j = 0; j < p.S; ++j) {
                    const std::size_t m = b * p.mask_stride[0] + h * p.mask_stride[1] +
                                          i * p.mask_stride[2] + j * p.mask_stride[3];
                    if (p.mask == AttentionPlan::Mask::boolean && !options.bool_mask->data[m]) {
                        logits[j] = neg_inf;
                    }
                    if (p.mask == AttentionPlan::Mask::additive) {
                        logits[j] += static_cast<double>(options.float_mask->data[m]);
                    }
                    if (options.is_causal && j > i) logits[j] = neg_inf;
                }
                // pass 3: softmax (a fully masked row has no mass: weights and output stay 0)
                if (!softmax_f64_scalar(logits.data(), weights.data(), p.S)) {
                    result.fully_masked_rows.push_back({b, h, i});
                }
                // pass 4: dropout, keyed by the flat index of w[b, h, i, j] in (B, Hq, L, S)
                if (p_drop > 0.0) {
                    const std::size_t row = (b * p.Hq + h) * p.L + i;
                    for (std::size_t j = 0; j < p.S; ++j) {
                        weights[j] = dropout_keep(options.dropout_seed, row * p.S + j, p_drop)
                                         ? weights[j] / (1.0 - p_drop)
                                         : 0.0;
                    }
                }
                // pass 5: o_i = sum_j w_j v_j
                double* oi = result.output.data.data() + ((b * p.Hq + h) * p.L + i) * p.Ev;
                attention_blend_f64(weights.data(), v.data.data() + b * p.v_batch_stride + g * p.S * p.Ev, p.S, p.Ev,
                                    oi);
                if (result.weights) {
                    double* wi = result.weights->data.data() + ((b * p.Hq + h) * p.L + i) * p.S;
                    for (std::size_t j = 0; j < p.S; ++j) wi[j] = weights[j];
                }
            }
        }
    }
    return result;
}

}  // namespace attnbook
