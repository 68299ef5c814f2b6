// The tiny transformer's forward and backward kernels with xsimd: what train() and the training lab
// run (train_forward_backward). train_f64.cpp is the scalar reference; train_pass.hpp the pass.
//
// float64 (xsimd::batch<double>, two lanes under sse2 natively and SIMD128 in WebAssembly; see
// CMakeLists.txt), not float32, and every sum in the reference's order. The lanes run across
// independent outputs (the columns of a product, the sources of a score row), never across one
// sum: each output is then the same chain of IEEE multiplies and adds as in the scalar code
// (-ffp-contract=off, and sse2 and SIMD128 have no fused multiply-add), so this path gives the
// reference's bits. That keeps what was derived for the reference: the numpy program's 1e-6
// (tests/engine/train_curves.hpp), the exported notebook's curves, and native = WASM, which a
// float32 or lane-split sum would each have to give up or re-derive. What stays scalar: det_exp
// (a branchy fdlibm exp, one per weight) and the softmax's running sums, whose order is the result.
#include <algorithm>

#include <xsimd/xsimd.hpp>

#include "attnbook/lessons/train.hpp"
#include "train_pass.hpp"

namespace attnbook {
namespace {

using train_detail::LayerCache;
using train_detail::Shapes;
using Arch = xsimd::default_arch;
using Lanes = xsimd::batch<double, Arch>;
constexpr std::size_t W = Lanes::size;

// How row_times leaves its sums in out.
enum class Into {
    set,        // out = sum, the sum from 0.0
    add_sum,    // out += sum, the sum from 0.0 (matmul_backward's da and db)
    accumulate  // out = (((out + a_0 b_0) + a_1 b_1) + ...) (an update applied term by term)
};

// For each of `rows` rows r and j < m: the sum over p < count, in order, of
// a[r * a_step + p * a_stride] * b[p * ldb + j], left in out[r * out_step + j] as `into` says.
// One sum per output, the lanes across j: R = 2 rows at a time by blocks of 4 vectors (eight
// independent chains of adds in flight, each load of b used twice), then single vectors, then a
// scalar tail; then a last row alone when `rows` is odd.
template <Into into, std::size_t R>
void rows_block(const double* a, std::size_t a_step, std::size_t a_stride, const double* b, std::size_t ldb,
                std::size_t count, double* out, std::size_t out_step, std::size_t m) {
    auto start = [&](std::size_t r, std::size_t j) {
        return into == Into::accumulate ? Lanes::load_unaligned(out + r * out_step + j) : Lanes(0.0);
    };
    auto finish = [&](Lanes sum, std::size_t r, std::size_t j) {
        double* at = out + r * out_step + j;
        if (into == Into::add_sum) sum = Lanes::load_unaligned(at) + sum;
        sum.store_unaligned(at);
    };
    std::size_t j = 0;
    for (; j + 4 * W <= m; j += 4 * W) {
        Lanes s[R][4];
        for (std::size_t r = 0; r < R; ++r)
            for (std::size_t v = 0; v < 4; ++v) s[r][v] = start(r, j + v * W);
        for (std::size_t p = 0; p < count; ++p) {
            const double* row = b + p * ldb + j;
            const Lanes b0 = Lanes::load_unaligned(row), b1 = Lanes::load_unaligned(row + W),
                        b2 = Lanes::load_unaligned(row + 2 * W), b3 = Lanes::load_unaligned(row + 3 * W);
            for (std::size_t r = 0; r < R; ++r) {
                const Lanes x(a[r * a_step + p * a_stride]);
                s[r][0] += x * b0, s[r][1] += x * b1, s[r][2] += x * b2, s[r][3] += x * b3;
            }
        }
        for (std::size_t r = 0; r < R; ++r)
            for (std::size_t v = 0; v < 4; ++v) finish(s[r][v], r, j + v * W);
    }
    for (; j + W <= m; j += W) {
        Lanes s[R];
        for (std::size_t r = 0; r < R; ++r) s[r] = start(r, j);
        for (std::size_t p = 0; p < count; ++p) {
            const Lanes bj = Lanes::load_unaligned(b + p * ldb + j);
            for (std::size_t r = 0; r < R; ++r) s[r] += Lanes(a[r * a_step + p * a_stride]) * bj;
        }
        for (std::size_t r = 0; r < R; ++r) finish(s[r], r, j);
    }
    for (; j < m; ++j)
        for (std::size_t r = 0; r < R; ++r) {
            double* at = out + r * out_step + j;
            double s = into == Into::accumulate ? *at : 0.0;
            for (std::size_t p = 0; p < count; ++p) s += a[r * a_step + p * a_stride] * b[p * ldb + j];
            *at = into == Into::add_sum ? *at + s : s;
        }
}

template <Into into>
void rows_times(std::size_t rows, const double* a, std::size_t a_step, std::size_t a_stride, const double* b,
                std::size_t ldb, std::size_t count, double* out, std::size_t out_step, std::size_t m) {
    std::size_t r = 0;
    for (; r + 2 <= rows; r += 2)
        rows_block<into, 2>(a + r * a_step, a_step, a_stride, b, ldb, count, out + r * out_step, out_step, m);
    if (r < rows) rows_block<into, 1>(a + r * a_step, a_step, a_stride, b, ldb, count, out + r * out_step, out_step, m);
}

// One row: out[j] from the sum over p of a[p * a_stride] * b[p * ldb + j].
template <Into into>
void row_times(const double* a, std::size_t a_stride, const double* b, std::size_t ldb, std::size_t count, double* out,
               std::size_t m) {
    rows_block<into, 1>(a, 0, a_stride, b, ldb, count, out, 0, m);
}

// to (cols, rows) = from (rows, cols)^T: the sums whose terms run along a row of `from` read it as
// a column of `to`, so the lanes can run across the outputs instead.
void transpose(const double* from, std::size_t rows, std::size_t cols, std::vector<double>& to) {
    to.resize(rows * cols);
    for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t c = 0; c < cols; ++c) to[c * rows + r] = from[r * cols + c];
}

// x[j] = x[j] / by (and the same for the next ones): exact elementwise, so any grouping.
void divide(double* x, std::size_t n, double by) {
    std::size_t j = 0;
    for (; j + W <= n; j += W) (Lanes::load_unaligned(x + j) / Lanes(by)).store_unaligned(x + j);
    for (; j < n; ++j) x[j] /= by;
}

struct XsimdKernels {
    std::vector<double> bt, kt, vt, scores, da, ds;  // scratch, kept across the batch's calls

    // c (n, m) = a (n, k) b (k, m)
    void matmul(const double* a, const double* b, double* c, std::size_t n, std::size_t k, std::size_t m) {
        rows_times<Into::set>(n, a, k, 1, b, m, k, c, m, m);
    }

    // da (n, k) += dc (n, m) b^T   and   db (k, m) += a^T dc
    void matmul_backward(const double* a, const double* b, const double* dc, double* da_out, double* db,
                         std::size_t n, std::size_t k, std::size_t m) {
        transpose(b, k, m, bt);  // bt (m, k): da[i, p] = sum_j dc[i, j] bt[j, p]
        rows_times<Into::add_sum>(n, dc, m, 1, bt.data(), k, m, da_out, k, k);
        rows_times<Into::add_sum>(k, a, 1, k, dc, m, n, db, m, m);  // row p of db: column p of a
    }

    void attention_forward(const Shapes& s, LayerCache& L) {
        const std::size_t T = s.T, d = s.d;
        L.a.assign(s.H * T * T, 0.0);
        L.z.assign(T * d, 0.0);
        scores.resize(T);
        transpose(L.k.data(), T, d, kt);  // kt (d, T): row c is component c of every key
        for (std::size_t h = 0; h < s.H; ++h) {
            const std::size_t c0 = h * s.dh;
            for (std::size_t t = 0; t < T; ++t) {
                // Scaled scores of the visible sources u <= t (causal), the lanes across u.
                row_times<Into::set>(&L.q[t * d + c0], 1, &kt[c0 * T], T, s.dh, scores.data(), t + 1);
                divide(scores.data(), t + 1, s.divisor);
                double top = scores[0];
                for (std::size_t u = 1; u <= t; ++u) top = std::max(top, scores[u]);
                // Softmax shifted by the maximum: the exps and their total in order, as the reference.
                double total = 0.0;
                double* a = &L.a[(h * T + t) * T];
                for (std::size_t u = 0; u <= t; ++u) total += (a[u] = det_exp(scores[u] - top));
                divide(a, t + 1, total);
                // z_t = sum_u a_tu v_u, the lanes across the head's components.
                row_times<Into::set>(a, 1, &L.v[c0], d, t + 1, &L.z[t * d + c0], s.dh);
            }
        }
    }

    void attention_backward(const Shapes& s, const LayerCache& L, const std::vector<double>& dz, std::vector<double>& dq,
                            std::vector<double>& dk, std::vector<double>& dv) {
        const std::size_t T = s.T, d = s.d;
        da.resize(T), ds.resize(T);
        transpose(L.v.data(), T, d, vt);
        for (std::size_t h = 0; h < s.H; ++h) {
            const std::size_t c0 = h * s.dh;
            for (std::size_t t = 0; t < T; ++t) {
                const double* a = &L.a[(h * T + t) * T];
                const double* dz_t = &dz[t * d + c0];
                // d a_tu = dz_t . v_u (lanes across u);  dv_u += a_tu dz_t (lanes across components)
                row_times<Into::set>(dz_t, 1, &vt[c0 * T], T, s.dh, da.data(), t + 1);
                for (std::size_t u = 0; u <= t; ++u) row_times<Into::accumulate>(a + u, 1, dz_t, 0, 1, &dv[u * d + c0], s.dh);
                // Softmax's Jacobian: d score_tu = a_tu (da_tu - sum_w a_tw da_tw) / divisor.
                double mean = 0.0;
                for (std::size_t u = 0; u <= t; ++u) mean += a[u] * da[u];
                std::size_t u = 0;
                for (; u + W <= t + 1; u += W)
                    (Lanes::load_unaligned(a + u) * (Lanes::load_unaligned(&da[u]) - Lanes(mean)) / Lanes(s.divisor))
                        .store_unaligned(&ds[u]);
                for (; u <= t; ++u) ds[u] = a[u] * (da[u] - mean) / s.divisor;
                // dq_t += ds_tu k_u, term by term in order of u; dk_u += ds_tu q_t.
                row_times<Into::accumulate>(ds.data(), 1, &L.k[c0], d, t + 1, &dq[t * d + c0], s.dh);
                for (std::size_t w = 0; w <= t; ++w)
                    row_times<Into::accumulate>(&ds[w], 1, &L.q[t * d + c0], 0, 1, &dk[w * d + c0], s.dh);
            }
        }
    }
};

}  // namespace

TrainForward train_forward_backward(const TrainConfig& config, const TrainModel& model, const TrainBatch& batch,
                                    TrainModel* grads, bool keep_attention) {
    XsimdKernels kernels;
    return train_detail::train_pass(kernels, config, model, batch, grads, keep_attention);
}

}  // namespace attnbook
