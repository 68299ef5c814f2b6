// The tiny transformer's forward and backward kernels in float64 scalar code, every sum in a fixed
// order: the reference the engine's xsimd kernels (train_xsimd.cpp) are held to, and the order
// the numpy check and the native = WASM tests were derived for. train_pass.hpp is the pass they
// both run in.
#include <algorithm>

#include "attnbook/core/det_math.hpp"
#include "attnbook/lessons/train.hpp"
#include "train_pass.hpp"

namespace attnbook {
namespace {

using train_detail::LayerCache;
using train_detail::Shapes;

struct ScalarKernels {
    // c (n, m) = a (n, k) b (k, m), each sum from 0.0 in order of p.
    static void matmul(const double* a, const double* b, double* c, std::size_t n, std::size_t k, std::size_t m) {
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < m; ++j) {
                double s = 0.0;
                for (std::size_t p = 0; p < k; ++p) s += a[i * k + p] * b[p * m + j];
                c[i * m + j] = s;
            }
    }

    // da (n, k) += dc (n, m) b^T   and   db (k, m) += a^T dc: the two halves of c = a b's backward.
    static void matmul_backward(const double* a, const double* b, const double* dc, double* da, double* db,
                                std::size_t n, std::size_t k, std::size_t m) {
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

    static void attention_forward(const Shapes& s, LayerCache& L) {
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
    static void attention_backward(const Shapes& s, const LayerCache& L, const std::vector<double>& dz,
                                   std::vector<double>& dq, std::vector<double>& dk, std::vector<double>& dv) {
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
};

}  // namespace

TrainForward train_forward_backward_f64(const TrainConfig& config, const TrainModel& model, const TrainBatch& batch,
                                        TrainModel* grads, bool keep_attention) {
    ScalarKernels kernels;
    return train_detail::train_pass(kernels, config, model, batch, grads, keep_attention);
}

}  // namespace attnbook
