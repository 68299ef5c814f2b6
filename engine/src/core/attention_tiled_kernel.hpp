#pragma once
// The tiled attention kernel itself (TiledHead<A, MR, NR>, see attention_tiled_xsimd.cpp for
// what it computes), shared by the engine's tile (attention_tiled_xsimd.cpp) and the other tile
// shapes (attention_tiled_variants_xsimd.cpp: linked only into what calls them, the tests and
// the benchmarks, so the shipped module carries one tile). Internal to engine/src/core.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>
#include <vector>

#include <xsimd/xsimd.hpp>

#include "attnbook/core/attention.hpp"
#include "attnbook/core/attention_plan.hpp"
#include "attnbook/core/errors.hpp"
#include "exp_f32.hpp"

namespace attnbook {
namespace {

using simd_exp::exp2_nonpositive_f32;

constexpr float kNegInf = -std::numeric_limits<float>::infinity();
// Keys per online-softmax block. A block's packed K and padded V (64 x 64 floats each: 16 KB)
// stay in L1 while every micro-tile of the query block reads them (measured under Node, T =
// 1024, 4x8: 64 a little faster than 128 and than 32).
constexpr std::size_t kKeyBlock = 64;
// Micro-tiles of query rows per query block: K and V stream from memory once per query block
// (kRowTiles * MR rows), not once per micro-tile (measured: at T = 1024 one micro-tile per pass
// was memory-bound, 3x slower).
constexpr std::size_t kRowTiles = 8;

std::size_t round_up(std::size_t n, std::size_t m) { return (n + m - 1) / m * m; }

// Query rows done over the whole problem, reported after each query block (the progress of
// attention_forward_f32; see attention.hpp). A null or empty fn reports nothing.
struct RowProgress {
    const AttentionProgress* fn = nullptr;
    std::size_t done = 0, total = 1;
    void add(std::size_t rows) {
        done += rows;
        if (fn && *fn) (*fn)(static_cast<double>(done) / static_cast<double>(total));
    }
};

// max(a, b) as SSE's maxps: a > b ? a : b (b when either is NaN). xsimd's sse2 max compiles to a
// compare and a 3-instruction select in WASM; pmax(b, a) = (b < a ? a : b) is the same in one.
template <class B>
B max_sse(B a, B b) {
#if defined(__wasm_simd128__)
    return B(wasm_f32x4_pmax(b.data, a.data));
#else
    return B(_mm_max_ps(a, b));
#endif
}

// Lane i of the result is the max (the sum) of the lanes of the i-th argument: a 4x4 transpose
// folded into the reduction (same shuffles natively and in WASM, so the same rounding).
template <class B>
B row_max4(B a, B b, B c, B d) {
    const B ab = max_sse(B(_mm_unpacklo_ps(a, b)), B(_mm_unpackhi_ps(a, b)));  // a0|a2 b0|b2 a1|a3 b1|b3
    const B cd = max_sse(B(_mm_unpacklo_ps(c, d)), B(_mm_unpackhi_ps(c, d)));
    return max_sse(B(_mm_movelh_ps(ab, cd)), B(_mm_movehl_ps(cd, ab)));
}
template <class B>
B row_sum4(B a, B b, B c, B d) {
    const B ab = B(_mm_unpacklo_ps(a, b)) + B(_mm_unpackhi_ps(a, b));
    const B cd = B(_mm_unpacklo_ps(c, d)) + B(_mm_unpackhi_ps(c, d));
    return B(_mm_movelh_ps(ab, cd)) + B(_mm_movehl_ps(cd, ab));
}

template <class A, std::size_t MR, std::size_t NR>
class TiledHead {
    using B = xsimd::batch<float, A>;
    static constexpr std::size_t W = B::size;
    static_assert(W == 4, "the row bookkeeping works on 4 rows at a time");
    static_assert(NR % W == 0, "NR must be a whole number of vectors");
    static_assert(kKeyBlock % NR == 0, "a key block is whole tiles");
    static constexpr std::size_t NV = NR / W;           // vectors per tile row
    static constexpr std::size_t QB = MR * kRowTiles;   // rows per query block
    static_assert(QB % W == 0, "a query block is whole groups of 4 rows");

public:
    TiledHead(std::size_t S, std::size_t E, std::size_t Ev)
        : S_(S), E_(E), Ev_(Ev), S_pad_(round_up(S, NR)), Ev_pad_(round_up(Ev, NR)),
          kp_(S_pad_ * E), vp_(S_pad_ * Ev_pad_), qp_(QB * E), s_(QB * kKeyBlock), o_(QB * Ev_pad_) {}

    // The floats the constructor allocates above (kp_, vp_, qp_, s_, o_): the kernel's working
    // memory, which attention_forward_f32_scratch_bytes reports (tests/engine/test_attention_scale_run.cpp
    // holds it against the allocator's own count).
    static std::size_t buffer_floats(std::size_t S, std::size_t E, std::size_t Ev) {
        const std::size_t S_pad = round_up(S, NR), Ev_pad = round_up(Ev, NR);
        return S_pad * E + S_pad * Ev_pad + QB * E + QB * kKeyBlock + QB * Ev_pad;
    }

    // k is (S, E), v is (S, Ev).
    void pack(const float* k, const float* v) {
        for (std::size_t jt = 0; jt < S_pad_; jt += NR) {
            float* dst = kp_.data() + jt * E_;  // tile jt / NR: (E, NR)
            std::size_t e0 = 0;
            if (jt + NR <= S_) {  // a whole tile: 4 keys x 4 components at a time, transposed
                for (; e0 + W <= E_; e0 += W) {
                    for (std::size_t c = 0; c < NR; c += W) {
                        const float* src = k + (jt + c) * E_ + e0;
                        const B a = B::load_unaligned(src), b = B::load_unaligned(src + E_);
                        const B c2 = B::load_unaligned(src + 2 * E_), d = B::load_unaligned(src + 3 * E_);
                        const B t0 = B(_mm_unpacklo_ps(a, b)), t1 = B(_mm_unpackhi_ps(a, b));
                        const B t2 = B(_mm_unpacklo_ps(c2, d)), t3 = B(_mm_unpackhi_ps(c2, d));
                        B(_mm_movelh_ps(t0, t2)).store_unaligned(dst + e0 * NR + c);
                        B(_mm_movehl_ps(t2, t0)).store_unaligned(dst + (e0 + 1) * NR + c);
                        B(_mm_movelh_ps(t1, t3)).store_unaligned(dst + (e0 + 2) * NR + c);
                        B(_mm_movehl_ps(t3, t1)).store_unaligned(dst + (e0 + 3) * NR + c);
                    }
                }
            }
            for (std::size_t e = e0; e < E_; ++e)
                for (std::size_t c = 0; c < NR; ++c)
                    dst[e * NR + c] = jt + c < S_ ? k[(jt + c) * E_ + e] : 0.0f;
        }
        for (std::size_t j = 0; j < S_pad_; ++j) {
            float* dst = vp_.data() + j * Ev_pad_;
            const std::size_t n = j < S_ ? Ev_ : 0;
            std::copy(v + j * Ev_, v + j * Ev_ + n, dst);
            std::fill(dst + n, dst + Ev_pad_, 0.0f);
        }
    }

    // q is (L, E), out is (L, Ev). False if an output is not finite. The logits are kept in
    // base 2: <q, k> times qscale = scale log2(e) (rounded to float), and the softmax uses 2^x.
    // progress counts the real rows of each query block as it is done.
    bool run(const float* q, float* out, std::size_t L, bool causal, float qscale, RowProgress& progress) {
        for (std::size_t i0 = 0; i0 < L; i0 += QB) {
            if (!query_block(q, out, L, i0, causal, qscale)) return false;
            progress.add(std::min(QB, L - i0));
        }
        return true;
    }

private:
    // Rows i0 .. i0 + nr - 1 of the block (nr a multiple of MR; rows past L repeat row L-1).
    bool query_block(const float* q, float* out, std::size_t L, std::size_t i0, bool causal, float qscale) {
        const std::size_t nr = std::min(QB, round_up(L - i0, MR));
        std::size_t row[QB] = {};  // the query index of each block row
        for (std::size_t r = 0; r < nr; ++r) row[r] = std::min(i0 + r, L - 1);
        // Q packed per micro-tile, (E, MR): the MR broadcasts of a step of e are adjacent.
        for (std::size_t r0 = 0; r0 < nr; r0 += MR)
            for (std::size_t e = 0; e < E_; ++e)
                for (std::size_t r = 0; r < MR; ++r) qp_[r0 * E_ + e * MR + r] = q[row[r0 + r] * E_ + e];
        // Keys this block needs: all, or up to its last row's diagonal when causal.
        const std::size_t n_keys = causal ? std::min(S_, row[nr - 1] + 1) : S_;
        const std::size_t n_pad = round_up(n_keys, NR);

        // Per row: running max m, sum l, this block's rescale alpha (all QB rows, so that the
        // 4-row groups below never read an unset row).
        alignas(16) float m[QB], l[QB], alpha[QB], msub[QB];
        for (std::size_t r = 0; r < QB; ++r) {
            m[r] = kNegInf;
            l[r] = 0.0f;
        }
        std::fill(o_.begin(), o_.begin() + nr * Ev_pad_, 0.0f);
        const B vscale(qscale);

        for (std::size_t jb = 0; jb < n_pad; jb += kKeyBlock) {
            const std::size_t nb = std::min(kKeyBlock, n_pad - jb);  // whole tiles
            // ---- scores: s[r][j - jb], one MR x NR register tile at a time; bmax[r] is the
            // lane-wise max of row r's scores in this block, taken as the tiles are stored ----
            B bmax[QB];
            for (std::size_t r = 0; r < QB; ++r) bmax[r] = B(kNegInf);
            for (std::size_t r0 = 0; r0 < nr; r0 += MR) {
                // Keys every row of this micro-tile may see (no mask below), and the last any sees.
                const std::size_t clear = causal ? std::min(S_, row[r0] + 1) : S_;
                const std::size_t reach = causal ? std::min(S_, row[r0 + MR - 1] + 1) : S_;
                for (std::size_t jt = jb; jt < jb + nb; jt += NR) {
                    float* st = s_.data() + r0 * kKeyBlock + (jt - jb);
                    if (jt >= reach) {  // wholly past the diagonal: masked, not computed
                        for (std::size_t r = 0; r < MR; ++r)
                            for (std::size_t c = 0; c < NR; ++c) st[r * kKeyBlock + c] = kNegInf;
                        continue;
                    }
                    if (jt + NR <= clear) {
                        score_tile(qp_.data() + r0 * E_, kp_.data() + jt * E_, vscale, st, bmax + r0);
                        continue;
                    }
                    // Keys past S, or past a row's diagonal: masked after the tile is computed.
                    B ignored[MR];
                    for (std::size_t r = 0; r < MR; ++r) ignored[r] = B(kNegInf);
                    score_tile(qp_.data() + r0 * E_, kp_.data() + jt * E_, vscale, st, ignored);
                    for (std::size_t r = 0; r < MR; ++r) {
                        const std::size_t limit = causal ? std::min(S_, row[r0 + r] + 1) : S_;
                        for (std::size_t c = 0; c < NR; ++c)
                            if (jt + c >= limit) st[r * kKeyBlock + c] = kNegInf;
                        for (std::size_t c = 0; c < NV; ++c)
                            bmax[r0 + r] = max_sse(bmax[r0 + r], B::load_unaligned(st + r * kKeyBlock + c * W));
                    }
                }
            }
            // ---- online softmax, 4 rows at a time: new max, alpha = 2^(m - m'), p = 2^(s - m')
            // in place, l = l alpha + sum_j p ----
            for (std::size_t r4 = 0; r4 < nr; r4 += W) {
                const B m_old = B::load_aligned(m + r4);
                const B m_new = max_sse(m_old, row_max4(bmax[r4], bmax[r4 + 1], bmax[r4 + 2], bmax[r4 + 3]));
                // A row with no visible key yet (causal) keeps m = -inf and subtracts 0: its p
                // and alpha are 2^-inf = 0 (o and l are still 0).
                const B m_sub = xsimd::select(m_new == B(kNegInf), B(0.0f), m_new);
                const B a = exp2_nonpositive_f32(m_old - m_sub);  // 0 on the first block
                a.store_aligned(alpha + r4);
                m_new.store_aligned(m + r4);
                m_sub.store_aligned(msub + r4);
                B sums[W];
                for (std::size_t i = 0; i < W; ++i) {
                    sums[i] = B(0.0f);
                    if (r4 + i >= nr) continue;
                    float* sr = s_.data() + (r4 + i) * kKeyBlock;
                    const B vm(msub[r4 + i]);
                    B acc(0.0f);
                    for (std::size_t j = 0; j < nb; j += W) {
                        const B p = exp2_nonpositive_f32(B::load_unaligned(sr + j) - vm);
                        p.store_unaligned(sr + j);
                        acc += p;
                    }
                    sums[i] = acc;
                }
                (B::load_aligned(l + r4) * a + row_sum4(sums[0], sums[1], sums[2], sums[3])).store_aligned(l + r4);
            }
            // ---- o = o alpha + p V: an MR x NR tile of o in registers over the block's keys ----
            for (std::size_t r0 = 0; r0 < nr; r0 += MR) {
                for (std::size_t c0 = 0; c0 < Ev_pad_; c0 += NR) {
                    mix_tile(s_.data() + r0 * kKeyBlock, alpha + r0, vp_.data() + jb * Ev_pad_ + c0, nb,
                             o_.data() + r0 * Ev_pad_ + c0);
                }
            }
        }
        // ---- out_r = o_r / l_r for the block's real rows (l_r >= 1: the max term is 2^0) ----
        B nonfinite(0.0f);  // x - x: 0 for a finite x, NaN for inf or NaN
        for (std::size_t r = 0; r < nr && i0 + r < L; ++r) {
            float* dst = out + (i0 + r) * Ev_;
            const float* src = o_.data() + r * Ev_pad_;
            const B vl(l[r]);
            std::size_t c = 0;
            for (; c + W <= Ev_; c += W) {
                const B x = B::load_unaligned(src + c) / vl;
                nonfinite += x - x;
                x.store_unaligned(dst + c);
            }
            for (; c < Ev_; ++c) {
                const float x = src[c] / l[r];
                if (!(std::fabs(x) <= FLT_MAX)) return false;
                dst[c] = x;
            }
        }
        alignas(16) float lanes[W];
        nonfinite.store_aligned(lanes);
        for (std::size_t w = 0; w < W; ++w)
            if (lanes[w] != 0.0f) return false;
        return true;
    }

    // st[r][c] = qscale <q_r, k_c> for MR rows (qt: (E, MR)) and the NR keys of packed tile kt
    // (E, NR); bmax[r] = max(bmax[r], the tile row's vectors) lane-wise.
    __attribute__((always_inline)) void score_tile(const float* qt, const float* kt, B vscale, float* st,
                                                   B* bmax) const {
        B acc[MR][NV];
        for (std::size_t r = 0; r < MR; ++r)
            for (std::size_t c = 0; c < NV; ++c) acc[r][c] = B(0.0f);
        // Not unrolled: "pragma GCC unroll 4" here and on the mix loop was not faster in V8
        // (Node 20, T = 1024, thread CPU time: 16 against 22 GFLOP/s in two alternating runs).
        const float* const kend = kt + E_ * NR;
        for (; kt != kend; kt += NR, qt += MR) {
            B kv[NV];
            for (std::size_t c = 0; c < NV; ++c) kv[c] = B::load_unaligned(kt + c * W);
            for (std::size_t r = 0; r < MR; ++r) {
                const B qb(qt[r]);
                for (std::size_t c = 0; c < NV; ++c) acc[r][c] += qb * kv[c];
            }
        }
        for (std::size_t r = 0; r < MR; ++r) {
            B mx = bmax[r];
            for (std::size_t c = 0; c < NV; ++c) {
                const B x = vscale * acc[r][c];
                x.store_unaligned(st + r * kKeyBlock + c * W);
                mx = max_sse(mx, x);
            }
            bmax[r] = mx;
        }
    }

    // o[r][c] = o[r][c] * alpha[r] + sum_j p[r][j] v[j][c] for MR rows, NR columns, nb keys.
    __attribute__((always_inline)) void mix_tile(const float* p, const float* alpha, const float* vt,
                                                 std::size_t nb, float* o) const {
        B acc[MR][NV];
        for (std::size_t r = 0; r < MR; ++r) {
            const B va(alpha[r]);
            for (std::size_t c = 0; c < NV; ++c) acc[r][c] = B::load_unaligned(o + r * Ev_pad_ + c * W) * va;
        }
        const float* const pend = p + nb;
        for (; p != pend; ++p, vt += Ev_pad_) {
            B vv[NV];
            for (std::size_t c = 0; c < NV; ++c) vv[c] = B::load_unaligned(vt + c * W);
            for (std::size_t r = 0; r < MR; ++r) {
                const B pb(p[r * kKeyBlock]);
                for (std::size_t c = 0; c < NV; ++c) acc[r][c] += pb * vv[c];
            }
        }
        for (std::size_t r = 0; r < MR; ++r)
            for (std::size_t c = 0; c < NV; ++c) acc[r][c].store_unaligned(o + r * Ev_pad_ + c * W);
    }

    std::size_t S_, E_, Ev_, S_pad_, Ev_pad_;
    std::vector<float> kp_, vp_;  // packed K (S_pad / NR, E, NR), padded V (S_pad, Ev_pad)
    std::vector<float> qp_;       // the query block's rows, packed per micro-tile (E, MR)
    std::vector<float> s_;        // (QB, kKeyBlock): scores, then probabilities, of one block
    std::vector<float> o_;        // (QB, Ev_pad): unnormalised output rows of the query block
};

// One problem (B, Hq, L, E) x (B, Hkv, S, E) given by base pointers and per-(b, head) strides.
struct HeadLayout {
    std::size_t B = 1, Hq = 1, group = 1, L = 0, S = 0, E = 0, Ev = 0;
    std::size_t q_batch_stride = 0, k_batch_stride = 0, v_batch_stride = 0;

    // A checked Tensor problem: batches broadcast through their strides, query heads grouped
    // over key/value heads.
    static HeadLayout of(const AttentionPlan& p) {
        return {p.B, p.Hq, p.group, p.L, p.S, p.E, p.Ev, p.q_batch_stride, p.k_batch_stride, p.v_batch_stride};
    }
    // Raw float32 heads: one batch, every query head with its own key/value head.
    static HeadLayout of(const AttentionF32Dims& d) { return {1, d.heads, 1, d.L, d.S, d.E, d.Ev, 0, 0, 0}; }
};

// The largest |x|, or +inf when some x is NaN (so that cannot_overflow refuses it: the tiled
// kernel's exp and max assume finite scores; the rowwise kernel reports a NaN input).
float max_abs(const float* x, std::size_t n) {
    float m = 0.0f;
    for (std::size_t i = 0; i < n; ++i) {
        const float a = std::fabs(x[i]);
        if (!(a <= m)) m = a == a ? a : std::numeric_limits<float>::infinity();
    }
    return m;
}

// Whether no logit and no output can overflow float32, from bounds alone: |qscale <q, k>| <=
// |qscale| E max|q| max|k| (times 1 + E 2^-24 or so for rounding: the factor 2 covers it), and
// |o| <= max|v| (a convex combination, rounded). Then the hot loops need no checks; otherwise
// the caller runs the rowwise kernel, which checks every logit and output and names the first
// that overflows. (qscale = scale log2(e) as a float; not finite: false.)
bool cannot_overflow(const float* q, const float* k, const float* v, const HeadLayout& h, float scale) {
    const std::size_t nq = (h.q_batch_stride ? h.B : 1) * h.Hq * h.L * h.E;
    const std::size_t nk = (h.k_batch_stride ? h.B : 1) * (h.Hq / h.group) * h.S * h.E;
    const std::size_t nv = (h.v_batch_stride ? h.B : 1) * (h.Hq / h.group) * h.S * h.Ev;
    const double bound = std::fabs(static_cast<double>(scale)) * static_cast<double>(h.E) *
                         static_cast<double>(max_abs(q, nq)) * static_cast<double>(max_abs(k, nk));
    return 2.0 * bound < FLT_MAX && 4.0 * static_cast<double>(max_abs(v, nv)) < FLT_MAX;
}

template <std::size_t MR, std::size_t NR>
bool run_tiled(const float* q, const float* k, const float* v, float* out, const HeadLayout& h,
               bool causal, float scale, RowProgress& progress) {
    using A = xsimd::default_arch;
    // The logits in base 2. A qscale that is subnormal (|scale| below ~1e-38) would carry a
    // large relative rounding error: the rowwise kernel takes such scales.
    const float qscale = static_cast<float>(static_cast<double>(scale) * 1.4426950408889634);
    if (qscale != 0.0f && !(std::fabs(qscale) >= FLT_MIN)) return false;
    if (!cannot_overflow(q, k, v, h, qscale)) return false;
    TiledHead<A, MR, NR> head(h.S, h.E, h.Ev);
    const std::size_t Hkv = h.Hq / h.group;
    for (std::size_t b = 0; b < h.B; ++b) {
        for (std::size_t g = 0; g < Hkv; ++g) {
            head.pack(k + b * h.k_batch_stride + g * h.S * h.E, v + b * h.v_batch_stride + g * h.S * h.Ev);
            for (std::size_t hq = g * h.group; hq < (g + 1) * h.group; ++hq) {
                const float* qh = q + b * h.q_batch_stride + hq * h.L * h.E;
                float* oh = out + (b * h.Hq + hq) * h.L * h.Ev;
                if (!head.run(qh, oh, h.L, causal, qscale, progress)) return false;
            }
        }
    }
    return true;
}

using TiledFn = bool (*)(const float*, const float*, const float*, float*, const HeadLayout&, bool, float,
                         RowProgress&);

// The Tensor entry of one tile: the rowwise kernel where the tiled one does not apply or might
// overflow. fn is read through a volatile pointer, so that neither the compiler nor binaryen
// inlines it: the .wasm keeps each tile's code under its own name (tests/wasm/simd.test.mjs
// reads the engine tile's body through the symbol map).
AttentionResult tiled_tensor(const TiledFn* fn, const char* name, const Tensor& q, const Tensor& k, const Tensor& v,
                             const AttentionOptions& options) {
    const AttentionPlan p = plan_attention(q, k, v, options);
    if (!attention_tiled_supports(options, p.S)) return scaled_dot_product_attention_rowwise_xsimd(q, k, v, options);
    AttentionResult result;
    result.output = Tensor(p.output_shape);
    result.kernel = name;
    const HeadLayout h = HeadLayout::of(p);
    if (p.L == 0 || p.Ev == 0) return result;
    const TiledFn run = *static_cast<const TiledFn volatile*>(fn);
    RowProgress none;
    if (!run(q.data.data(), k.data.data(), v.data.data(), result.output.data.data(), h, options.is_causal,
             static_cast<float>(p.scale), none)) {
        // Values large enough that a logit or an output might overflow: the rowwise kernel
        // checks each one (and names the first that does, as its error).
        return scaled_dot_product_attention_rowwise_xsimd(q, k, v, options);
    }
    return result;
}

// The raw float32 entry of one tile (see attention_forward_f32 in attention.hpp): the tile's
// name, or the rowwise kernel's where that ran instead.
const char* forward_f32(const TiledFn* fn, const char* name, const float* q, const float* k, const float* v,
                        float* out, const AttentionF32Dims& d, bool causal, float scale,
                        const AttentionProgress& progress) {
    if (d.S == 0) throw UserError("attention: no keys (S = 0)");
    if (!std::isfinite(scale)) throw UserError("attention: scale is not a finite float32 number");
    if (d.heads == 0 || d.L == 0 || d.Ev == 0) return name;
    const HeadLayout h = HeadLayout::of(d);
    const TiledFn run = *static_cast<const TiledFn volatile*>(fn);
    RowProgress rows{&progress, 0, d.heads * d.L};
    if (run(q, k, v, out, h, causal, scale, rows)) return name;
    // Values near the float32 limit: the rowwise kernel checks every logit and output.
    const Tensor tq({d.heads, d.L, d.E}, std::vector<float>(q, q + d.heads * d.L * d.E));
    const Tensor tk({d.heads, d.S, d.E}, std::vector<float>(k, k + d.heads * d.S * d.E));
    const Tensor tv({d.heads, d.S, d.Ev}, std::vector<float>(v, v + d.heads * d.S * d.Ev));
    AttentionOptions o;
    o.is_causal = causal;
    o.scale = scale;
    const AttentionResult r = scaled_dot_product_attention_rowwise_xsimd(tq, tk, tv, o);
    std::copy(r.output.data.begin(), r.output.data.end(), out);
    if (progress) progress(1.0);
    return r.kernel;
}

}  // namespace
}  // namespace attnbook
