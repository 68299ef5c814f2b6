// The tiny transformer's forward and backward passes in float64, every sum in a fixed order
// (train.hpp has the model). One sequence at a time: its activations are kept for its backward
// pass, then its gradients are added to the batch's in sequence order.
#include <algorithm>
#include <cmath>

#include "attnbook/core/det_math.hpp"
#include "attnbook/lessons/train.hpp"
#include "train_model_visit.hpp"

namespace attnbook {
namespace {

// c (n, m) = a (n, k) b (k, m), each sum from 0.0 in order of p.
void matmul(const double* a, const double* b, double* c, std::size_t n, std::size_t k, std::size_t m) {
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < m; ++j) {
            double s = 0.0;
            for (std::size_t p = 0; p < k; ++p) s += a[i * k + p] * b[p * m + j];
            c[i * m + j] = s;
        }
}

// da (n, k) += dc (n, m) b^T   and   db (k, m) += a^T dc: the two halves of c = a b's backward.
void matmul_backward(const double* a, const double* b, const double* dc, double* da, double* db, std::size_t n,
                     std::size_t k, std::size_t m) {
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t p = 0; p < k; ++p) {
            double s = 0.0;
            for (std::size_t j = 0; j < m; ++j) s += dc[i * m + j] * b[p * m + j];
            da[i * k + p] += s;
        }
    for (std::size_t p = 0; p < k; ++p)
        for (std::size_t j = 0; j < m; ++j) {
            double s = 0.0;
            for (std::size_t i = 0; i < n; ++i) s += a[i * k + p] * dc[i * m + j];
            db[p * m + j] += s;
        }
}

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

Shapes shapes_of(const TrainConfig& c) {
    return {c.context, c.width, c.heads, c.width / c.heads, 4 * c.width, c.vocab, divisor_value(c.divisor, c.width / c.heads)};
}

void attention_forward(const Shapes& s, LayerCache& L) {
    const std::size_t T = s.T, d = s.d;
    L.a.assign(s.H * T * T, 0.0);
    L.z.assign(T * d, 0.0);
    std::vector<double> scores(T);
    for (std::size_t h = 0; h < s.H; ++h) {
        const std::size_t c0 = h * s.dh;
        for (std::size_t t = 0; t < T; ++t) {
            // Pass 1: scaled scores of the visible sources s <= t (causal) and their maximum.
            double top = 0;
            for (std::size_t u = 0; u <= t; ++u) {
                double dot = 0.0;
                for (std::size_t i = 0; i < s.dh; ++i) dot += L.q[t * d + c0 + i] * L.k[u * d + c0 + i];
                scores[u] = dot / s.divisor;
                top = u == 0 ? scores[u] : std::max(top, scores[u]);
            }
            // Pass 2: softmax shifted by the maximum (no overflow), then the weighted values.
            double total = 0.0;
            double* a = &L.a[(h * T + t) * T];
            for (std::size_t u = 0; u <= t; ++u) total += (a[u] = det_exp(scores[u] - top));
            for (std::size_t u = 0; u <= t; ++u) a[u] /= total;
            for (std::size_t i = 0; i < s.dh; ++i) {
                double acc = 0.0;
                for (std::size_t u = 0; u <= t; ++u) acc += a[u] * L.v[u * d + c0 + i];
                L.z[t * d + c0 + i] = acc;
            }
        }
    }
}

// dz (T, d) -> dq, dk, dv (T, d), through z = a v and a = softmax(q k^T / divisor).
void attention_backward(const Shapes& s, const LayerCache& L, const std::vector<double>& dz, std::vector<double>& dq,
                        std::vector<double>& dk, std::vector<double>& dv) {
    const std::size_t T = s.T, d = s.d;
    std::vector<double> da(T);
    for (std::size_t h = 0; h < s.H; ++h) {
        const std::size_t c0 = h * s.dh;
        for (std::size_t t = 0; t < T; ++t) {
            const double* a = &L.a[(h * T + t) * T];
            // d a_tu = dz_t . v_u ;  dv_u += a_tu dz_t
            for (std::size_t u = 0; u <= t; ++u) {
                double dot = 0.0;
                for (std::size_t i = 0; i < s.dh; ++i) dot += dz[t * d + c0 + i] * L.v[u * d + c0 + i];
                da[u] = dot;
                for (std::size_t i = 0; i < s.dh; ++i) dv[u * d + c0 + i] += a[u] * dz[t * d + c0 + i];
            }
            // Softmax's Jacobian: d score_tu = a_tu (da_tu - sum_w a_tw da_tw).
            double mean = 0.0;
            for (std::size_t u = 0; u <= t; ++u) mean += a[u] * da[u];
            for (std::size_t u = 0; u <= t; ++u) {
                const double ds = a[u] * (da[u] - mean) / s.divisor;
                for (std::size_t i = 0; i < s.dh; ++i) {
                    dq[t * d + c0 + i] += ds * L.k[u * d + c0 + i];
                    dk[u * d + c0 + i] += ds * L.q[t * d + c0 + i];
                }
            }
        }
    }
}

}  // namespace

TrainForward train_forward_backward(const TrainConfig& config, const TrainModel& model, const TrainBatch& batch,
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
    std::vector<double> x(T * d), logits(T * V), dlogits(T * V), dx(T * d);
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
            matmul(C.x.data(), W.wq.data(), C.q.data(), T, d, d);
            matmul(C.x.data(), W.wk.data(), C.k.data(), T, d, d);
            matmul(C.x.data(), W.wv.data(), C.v.data(), T, d, d);
            attention_forward(s, C);
            std::vector<double> o(T * d);
            matmul(C.z.data(), W.wo.data(), o.data(), T, d, d);
            for (std::size_t i = 0; i < T * d; ++i) x[i] += o[i];
            C.y = x;
            if (config.mlp) {
                C.pre.resize(T * f), C.hidden.resize(T * f);
                matmul(C.y.data(), W.w1.data(), C.pre.data(), T, d, f);
                for (std::size_t t = 0; t < T; ++t)
                    for (std::size_t j = 0; j < f; ++j) {
                        double& p = C.pre[t * f + j];
                        p += W.b1[j];
                        C.hidden[t * f + j] = p > 0 ? p : 0.0;
                    }
                matmul(C.hidden.data(), W.w2.data(), o.data(), T, f, d);
                for (std::size_t t = 0; t < T; ++t)
                    for (std::size_t i = 0; i < d; ++i) x[t * d + i] += o[t * d + i] + W.b2[i];
            }
            if (keep_attention && b == 0) out.attention.insert(out.attention.end(), C.a.begin(), C.a.end());
            for (std::size_t r = 0; r < s.H * T; ++r)
                max_weight_sum += *std::max_element(&C.a[r * T], &C.a[r * T] + T);
        }
        // Cross-entropy through a shifted log-sum-exp: sum >= 1, so log(sum) = log1p(sum - 1).
        matmul(x.data(), model.unembed.data(), logits.data(), T, d, V);
        for (std::size_t t = 0; t < T; ++t) {
            const double* z = &logits[t * V];
            double top = z[0];
            std::size_t best = 0;
            for (std::size_t j = 1; j < V; ++j)
                if (z[j] > top) top = z[j], best = j;
            double total = 0.0;
            for (std::size_t j = 0; j < V; ++j) total += det_exp(z[j] - top);
            if (counted[t]) {
                loss_sum += top + det_log1p(total - 1.0) - z[targets[t]];
                out.correct += best == targets[t];
            }
            for (std::size_t j = 0; j < V; ++j)
                dlogits[t * V + j] =
                    counted[t] ? (det_exp(z[j] - top) / total - (j == targets[t] ? 1.0 : 0.0)) * per_position : 0.0;
        }
        if (!grads) continue;
        // Backward, in reverse: unembedding, then each layer's MLP and attention.
        std::fill(dx.begin(), dx.end(), 0.0);
        matmul_backward(x.data(), model.unembed.data(), dlogits.data(), dx.data(), grads->unembed.data(), T, d, V);
        for (std::size_t l = layers; l-- > 0;) {
            const TrainLayer& W = model.layers[l];
            TrainLayer& G = grads->layers[l];
            const LayerCache& C = cache[l];
            if (config.mlp) {  // x_out = y + relu(y W1 + b1) W2 + b2; dx holds d x_out
                std::vector<double> dhidden(T * f, 0.0), dy = dx;
                matmul_backward(C.hidden.data(), W.w2.data(), dx.data(), dhidden.data(), G.w2.data(), T, f, d);
                for (std::size_t t = 0; t < T; ++t)
                    for (std::size_t i = 0; i < d; ++i) G.b2[i] += dx[t * d + i];
                for (std::size_t i = 0; i < T * f; ++i)
                    if (!(C.pre[i] > 0)) dhidden[i] = 0.0;
                for (std::size_t t = 0; t < T; ++t)
                    for (std::size_t j = 0; j < f; ++j) G.b1[j] += dhidden[t * f + j];
                matmul_backward(C.y.data(), W.w1.data(), dhidden.data(), dy.data(), G.w1.data(), T, d, f);
                dx = dy;
            }
            // y = x + z Wo; z from q, k, v; q = x Wq, ...
            std::vector<double> dz(T * d, 0.0), dq(T * d, 0.0), dk(T * d, 0.0), dv(T * d, 0.0);
            matmul_backward(C.z.data(), W.wo.data(), dx.data(), dz.data(), G.wo.data(), T, d, d);
            attention_backward(s, C, dz, dq, dk, dv);
            matmul_backward(C.x.data(), W.wq.data(), dq.data(), dx.data(), G.wq.data(), T, d, d);
            matmul_backward(C.x.data(), W.wk.data(), dk.data(), dx.data(), G.wk.data(), T, d, d);
            matmul_backward(C.x.data(), W.wv.data(), dv.data(), dx.data(), G.wv.data(), T, d, d);
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

}  // namespace attnbook
