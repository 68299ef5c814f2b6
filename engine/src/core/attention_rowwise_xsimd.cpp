// scaled_dot_product_attention_rowwise_xsimd: float32, one pass over the keys per query row
// (b, h, i) with everything for that row in two S-long scratch rows: xsimd dot products for the
// logits, the mask, softmax_f32_xsimd, dropout, and an xsimd weighted sum of V rows.
// Written once over the xsimd arch (batch loop + scalar tail), compiled for default_arch.
// Checked against scaled_dot_product_attention_reference_f64 in tests/engine/test_attention.cpp.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <xsimd/xsimd.hpp>

#include "attnbook/core/attention.hpp"
#include "attnbook/core/attention_plan.hpp"
#include "attnbook/core/attention_dropout.hpp"
#include "attnbook/core/errors.hpp"
#include "attnbook/core/softmax.hpp"

namespace attnbook {
namespace {

// <a, b> over n floats: W lane-wise partial sums, summed across lanes, then the tail in order.
template <class A>
float dot_f32(A, const float* a, const float* b, std::size_t n) {
    using B = xsimd::batch<float, A>;
    constexpr std::size_t W = B::size;
    const std::size_t vec_end = n - n % W;
    B acc(0.0f);
    std::size_t e = 0;
    for (; e < vec_end; e += W) acc += B::load_unaligned(a + e) * B::load_unaligned(b + e);
    float s = xsimd::hadd(acc);
    for (; e < n; ++e) s += a[e] * b[e];
    return s;
}

// y += w * x over n floats.
template <class A>
void axpy_f32(A, float w, const float* x, float* y, std::size_t n) {
    using B = xsimd::batch<float, A>;
    constexpr std::size_t W = B::size;
    const std::size_t vec_end = n - n % W;
    const B vw(w);
    std::size_t e = 0;
    for (; e < vec_end; e += W) {
        (B::load_unaligned(y + e) + vw * B::load_unaligned(x + e)).store_unaligned(y + e);
    }
    for (; e < n; ++e) y[e] += w * x[e];
}

template <class A>
AttentionResult attention_kernel(A arch, const Tensor& q, const Tensor& k, const Tensor& v,
                                 const AttentionOptions& options) {
    const AttentionPlan p = plan_attention(q, k, v, options);
    constexpr float neg_inf = -std::numeric_limits<float>::infinity();
    const float scale = static_cast<float>(p.scale);
    const double p_drop = options.dropout_p;
    const float keep_scale = static_cast<float>(1.0 / (1.0 - p_drop));

    AttentionResult result;
    result.kernel = "scaled_dot_product_attention_rowwise_xsimd";
    result.output = Tensor(p.output_shape);  // (B, Hq, L, Ev), zero-filled
    if (options.return_weights) result.weights = Tensor(p.weights_shape);  // (B, Hq, L, S)

    std::vector<float> logits(p.S);   // a is (S)
    std::vector<float> weights(p.S);  // w is (S)
    for (std::size_t b = 0; b < p.B; ++b) {
        for (std::size_t h = 0; h < p.Hq; ++h) {
            const std::size_t g = h / p.group;  // kv head (repeat_interleave)
            const float* kb = k.data.data() + b * p.k_batch_stride + g * p.S * p.E;    // (S, E)
            const float* vb = v.data.data() + b * p.v_batch_stride + g * p.S * p.Ev;   // (S, Ev)
            for (std::size_t i = 0; i < p.L; ++i) {
                const std::size_t row = (b * p.Hq + h) * p.L + i;  // flat (b, h, i)
                const float* qi = q.data.data() + b * p.q_batch_stride + (h * p.L + i) * p.E;
                // pass 1 + 2: a_j = scale * <q_i, k_j>, then the mask
                const std::size_t m0 = b * p.mask_stride[0] + h * p.mask_stride[1] +
                                       i * p.mask_stride[2];
                for (std::size_t j = 0; j < p.S; ++j) {
                    float a = scale * dot_f32(arch, qi, kb + j * p.E, p.E);
                    bool finite = std::isfinite(a);  // q, k are finite: only overflow breaks it
                    const std::size_t m = m0 + j * p.mask_stride[3];
                    if (p.mask == AttentionPlan::Mask::boolean && !options.bool_mask->data[m]) {
                        a = neg_inf;
                    } else if (p.mask == AttentionPlan::Mask::additive) {
                        const float mv = options.float_mask->data[m];
                        a = mv == neg_inf ? neg_inf : a + mv;
                        finite = finite && (mv == neg_inf || std::isfinite(a));
                    }
                    if (options.is_causal && j > i) a = neg_inf;
                    if (!finite) {
                        throw UserError("attention logit overflows float32 at (batch " +
                                        std::to_string(b) + ", head " + std::to_string(h) +
                                        ", query " + std::to_string(i) + ", key " +
                                        std::to_string(j) + "): query " +
                                        shape_to_string(q.shape) + ", key " +
                                        shape_to_string(k.shape));
                    }
                    logits[j] = a;
                }
                // pass 3: softmax (a fully masked row has no mass: weights and output stay 0)
                if (!softmax_f32_xsimd(logits.data(), weights.data(), p.S)) {
                    result.fully_masked_rows.push_back({b, h, i});
                }
                // pass 4: dropout, keyed by the flat index of w[b, h, i, j] in (B, Hq, L, S)
                if (p_drop > 0.0) {
                    for (std::size_t j = 0; j < p.S; ++j) {
                        weights[j] = dropout_keep(options.dropout_seed, row * p.S + j, p_drop)
                                         ? weights[j] * keep_scale
                                         : 0.0f;
                    }
                }
                // pass 5: o_i = sum_j w_j v_j, accumulated in float32 in key order
                float* oi = result.output.data.data() + row * p.Ev;
                for (std::size_t j = 0; j < p.S; ++j) {
                    if (weights[j] != 0.0f) axpy_f32(arch, weights[j], vb + j * p.Ev, oi, p.Ev);
                }
                // v is finite, but sum_j w_j v_j can still pass FLT_MAX: dropout's kept weights
                // sum to up to 1/(1-p). Refuse it as for the logits, never return inf.
                for (std::size_t e = 0; e < p.Ev; ++e) {
                    if (!std::isfinite(oi[e])) {
                        throw UserError("attention output overflows float32 at (batch " + std::to_string(b) +
                                        ", head " + std::to_string(h) + ", query " + std::to_string(i) +
                                        ", value column " + std::to_string(e) + "): value " +
                                        shape_to_string(v.shape));
                    }
                }
                if (result.weights) {
                    float* wi = result.weights->data.data() + row * p.S;
                    for (std::size_t j = 0; j < p.S; ++j) wi[j] = weights[j];
                }
            }
        }
    }
    return result;
}

}  // namespace

AttentionResult scaled_dot_product_attention_rowwise_xsimd(const Tensor& q, const Tensor& k,
                                                         const Tensor& v,
                                                         const AttentionOptions& options) {
    return attention_kernel(xsimd::default_arch{}, q, k, v, options);
}

}  // namespace attnbook
