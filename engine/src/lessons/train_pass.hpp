#pragma once
// The tiny transformer's forward and backward pass over one batch (train.hpp has the model),
// written once over a set of kernels: the float64 scalar reference (train_f64.cpp) and the xsimd
// kernels the engine runs (train_xsimd.cpp). The kernels do the products and the attention rows,
// where the time goes; this driver does the rest (embedding, residual adds, the MLP's bias and
// relu, the cross-entropy with det_exp/det_log1p) in the same code for both.
//
// One sequence at a time: its activations are kept for its backward pass, then its gradients are
// added to the batch's in sequence order.
//
// A Kernels type has:
//   matmul(a, b, c, n, k, m)                   c (n, m) = a (n, k) b (k, m), each sum from 0.0 in
//                                              order of the inner index
//   matmul_backward(a, b, dc, da, db, n, k, m) da += dc b^T and db += a^T dc, each sum from 0.0
//                                              in order, then added
//   attention_forward(shapes, cache)           cache.a and cache.z from cache.q, k, v
//   attention_backward(shapes, cache, dz, dq, dk, dv)
// with every sum in the order train_f64.cpp writes it: the xsimd kernels then give the same bits
// (tests/engine/test_train_xsimd.cpp), so the numpy check and native = WASM hold for both.
#include <algorithm>
#include <cmath>
#include <vector>

#include "attnbook/core/det_math.hpp"
#include "attnbook/lessons/train.hpp"
#include "train_model_visit.hpp"

namespace attnbook::train_detail {

// What one layer keeps for its backward pass, for one sequence.
struct LayerCache {
    std::vector<double> x;        // (T, d) the layer's input
    std::vector<double> q, k, v;  // (T, d), head h in columns [h dh, (h+1) dh)
    std::vector<double> a;        // (H, T, T) attention weights, 0 above the diagonal
    std::vector<double> z;        // (T, d) heads' outputs side by side
    std::vector<double> y;        // (T, d) after the attention's residual add
    std::vector<double> pre, hidden;  // (T, 4d) the MLP's pre-activation and relu
};

struct Shapes {
    std::size_t T, d, H, dh, f, V;
    double divisor;
};

inline Shapes shapes_of(const TrainConfig& c) {
    return {c.context, c.width, c.heads, c.width / c.heads, 4 * c.width, c.vocab, divisor_value(c.divisor, c.width / c.heads)};
}

template <class Kernels>
TrainForward train_pass(Kernels& K, const TrainConfig& config, const TrainModel& model, const TrainBatch& batch,
                        TrainModel* grads, bool keep_attention) {
    const Shapes s = shapes_of(config);
    const std::size_t T = s.T, d = s.d, V = s.V, f = s.f, layers = model.layers.size();
    TrainForward out;
    for (std::size_t i = 0; i < batch.counted.size(); ++i) out.counted += batch.counted[i];
    if (grads) {
        *grads = model;
        visit_parameters(*grads, [](std::vector<double>& g) { std::fill(g.begin(), g.end(), 0.0); });
    }
    const double per_position = out.counted ? 1.0 / static_cast<double>(out.counted) : 0.0;
    double loss_sum = 0.0, max_weight_sum = 0.0;
    std::vector<LayerCache> cache(layers);
    std::vector<double> x(T * d), o(T * d), logits(T * V), exps(V), dlogits(T * V), dx(T * d);
    std::vector<double> dz(T * d), dq(T * d), dk(T * d), dv(T * d), dhidden, dy;
    for (std::size_t b = 0; b < batch.count; ++b) {
        const std::size_t* tokens = &batch.tokens[b * T];
        const std::size_t* targets = &batch.targets[b * T];
        const unsigned char* counted = &batch.counted[b * T];
        for (std::size_t t = 0; t < T; ++t)
            for (std::size_t i = 0; i < d; ++i) x[t * d + i] = model.embed[tokens[t] * d + i] + model.position[t * d + i];
        // Forward, layer by layer.
        for (std::size_t l = 0; l < layers; ++l) {
            const TrainLayer& W = model.layers[l];
            LayerCache& C = cache[l];
            C.x = x;
            C.q.resize(T * d), C.k.resize(T * d), C.v.resize(T * d);
            K.matmul(C.x.data(), W.wq.data(), C.q.data(), T, d, d);
            K.matmul(C.x.data(), W.wk.data(), C.k.data(), T, d, d);
            K.matmul(C.x.data(), W.wv.data(), C.v.data(), T, d, d);
            K.attention_forward(s, C);
            K.matmul(C.z.data(), W.wo.data(), o.data(), T, d, d);
            for (std::size_t i = 0; i < T * d; ++i) x[i] += o[i];
            C.y = x;
            if (config.mlp) {
                C.pre.resize(T * f), C.hidden.resize(T * f);
                K.matmul(C.y.data(), W.w1.data(), C.pre.data(), T, d, f);
                for (std::size_t t = 0; t < T; ++t)
                    for (std::size_t j = 0; j < f; ++j) {
                        double& p = C.pre[t * f + j];
                        p += W.b1[j];
                        C.hidden[t * f + j] = p > 0 ? p : 0.0;
                    }
                K.matmul(C.hidden.data(), W.w2.data(), o.data(), T, f, d);
                for (std::size_t t = 0; t < T; ++t)
                    for (std::size_t i = 0; i < d; ++i) x[t * d + i] += o[t * d + i] + W.b2[i];
            }
            if (keep_attention && b == 0) out.attention.insert(out.attention.end(), C.a.begin(), C.a.end());
            for (std::size_t r = 0; r < s.H * T; ++r)
                max_weight_sum += *std::max_element(&C.a[r * T], &C.a[r * T] + T);
        }
        // Cross-entropy through a shifted log-sum-exp: sum >= 1, so log(sum) = log1p(sum - 1).
        K.matmul(x.data(), model.unembed.data(), logits.data(), T, d, V);
        for (std::size_t t = 0; t < T; ++t) {
            const double* z = &logits[t * V];
            double top = z[0];
            std::size_t best = 0;
            for (std::size_t j = 1; j < V; ++j)
                if (z[j] > top) top = z[j], best = j;
            double total = 0.0;
            for (std::size_t j = 0; j < V; ++j) total += (exps[j] = det_exp(z[j] - top));
            if (counted[t]) {
                loss_sum += top + det_log1p(total - 1.0) - z[targets[t]];
                out.correct += best == targets[t];
            }
            for (std::size_t j = 0; j < V; ++j)
                dlogits[t * V + j] = counted[t] ? (exps[j] / total - (j == targets[t] ? 1.0 : 0.0)) * per_position : 0.0;
        }
        if (!grads) continue;
        // Backward, in reverse: unembedding, then each layer's MLP and attention.
        std::fill(dx.begin(), dx.end(), 0.0);
        K.matmul_backward(x.data(), model.unembed.data(), dlogits.data(), dx.data(), grads->unembed.data(), T, d, V);
        for (std::size_t l = layers; l-- > 0;) {
            const TrainLayer& W = model.layers[l];
            TrainLayer& G = grads->layers[l];
            const LayerCache& C = cache[l];
            if (config.mlp) {  // x_out = y + relu(y W1 + b1) W2 + b2; dx holds d x_out
                dhidden.assign(T * f, 0.0);
                dy = dx;
                K.matmul_backward(C.hidden.data(), W.w2.data(), dx.data(), dhidden.data(), G.w2.data(), T, f, d);
                for (std::size_t t = 0; t < T; ++t)
                    for (std::size_t i = 0; i < d; ++i) G.b2[i] += dx[t * d + i];
                for (std::size_t i = 0; i < T * f; ++i)
                    if (!(C.pre[i] > 0)) dhidden[i] = 0.0;
                for (std::size_t t = 0; t < T; ++t)
                    for (std::size_t j = 0; j < f; ++j) G.b1[j] += dhidden[t * f + j];
                K.matmul_backward(C.y.data(), W.w1.data(), dhidden.data(), dy.data(), G.w1.data(), T, d, f);
                dx = dy;
            }
            // y = x + z Wo; z from q, k, v; q = x Wq, ...
            for (auto* g : {&dz, &dq, &dk, &dv}) std::fill(g->begin(), g->end(), 0.0);
            K.matmul_backward(C.z.data(), W.wo.data(), dx.data(), dz.data(), G.wo.data(), T, d, d);
            K.attention_backward(s, C, dz, dq, dk, dv);
            K.matmul_backward(C.x.data(), W.wq.data(), dq.data(), dx.data(), G.wq.data(), T, d, d);
            K.matmul_backward(C.x.data(), W.wk.data(), dk.data(), dx.data(), G.wk.data(), T, d, d);
            K.matmul_backward(C.x.data(), W.wv.data(), dv.data(), dx.data(), G.wv.data(), T, d, d);
        }
        for (std::size_t t = 0; t < T; ++t)
            for (std::size_t i = 0; i < d; ++i) {
                grads->embed[tokens[t] * d + i] += dx[t * d + i];
                grads->position[t * d + i] += dx[t * d + i];
            }
    }
    out.loss = out.counted ? loss_sum / static_cast<double>(out.counted) : 0.0;
    out.max_weight = max_weight_sum / static_cast<double>(batch.count * layers * s.H * T);
    if (grads) {
        double sq = 0.0;
        for (const TrainLayer& G : grads->layers) {
            for (double g : G.wq) sq += g * g;
            for (double g : G.wk) sq += g * g;
        }
        out.query_key_grad_norm = std::sqrt(sq);
    }
    return out;
}

}  // namespace attnbook::train_detail
