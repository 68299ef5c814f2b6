#pragma once
// An independent float64 attention for the tests, written from the reference code in the
// documentation of torch.nn.functional.scaled_dot_product_attention (PyTorch 2.5), and sharing
// nothing with the engine: not plan_attention (shapes, broadcasting, GQA heads, mask strides),
// not softmax_f64_scalar, not det_exp. Per (b, h):
//   bias = zeros(L, S);  is_causal: bias[j > i] = -inf;  bool mask: bias[!mask] = -inf;
//   float mask: bias += mask  (the mask broadcast numpy-style, aligned on the right)
//   enable_gqa: key and value heads repeat_interleave'd Hq / Hkv times (query head h reads h / group)
//   w = softmax(q k^T * scale + bias);  out = w v
// with the engine's one documented difference: a row with every key masked has weights and
// output 0 instead of NaN. Dropout is not modelled (it draws from the engine's own generator).
// Inputs must be valid (the engine's error tests cover the rest).
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include "attnbook/core/attention.hpp"

namespace attnbook_test {

struct AttentionSpecResult {
    std::vector<double> output;   // (B, Hq, L, Ev), flat
    std::vector<double> weights;  // (B, Hq, L, S), flat
    std::vector<bool> fully_masked;  // (B, Hq, L), flat
};

namespace spec_detail {

// The shape left-padded with 1s to rank 4 (rank 2 is (L, E) = (1, 1, L, E)).
inline attnbook::Shape rank4(const attnbook::Shape& s) {
    attnbook::Shape out(4 - s.size(), 1);
    out.insert(out.end(), s.begin(), s.end());
    return out;
}

// Flat offset of element (i0, i1, i2, i3) of a rank-4 shape, reading index 0 along every
// dimension of size 1 (numpy broadcasting).
inline std::size_t at(const attnbook::Shape& s, std::size_t i0, std::size_t i1, std::size_t i2, std::size_t i3) {
    const std::size_t idx[4] = {s[0] == 1 ? 0 : i0, s[1] == 1 ? 0 : i1, s[2] == 1 ? 0 : i2, s[3] == 1 ? 0 : i3};
    return ((idx[0] * s[1] + idx[1]) * s[2] + idx[2]) * s[3] + idx[3];
}

}  // namespace spec_detail

inline AttentionSpecResult attention_spec_f64(const attnbook::Tensor& q, const attnbook::Tensor& k,
                                              const attnbook::Tensor& v, const attnbook::AttentionOptions& o) {
    using spec_detail::at;
    const attnbook::Shape qs = spec_detail::rank4(q.shape), ks = spec_detail::rank4(k.shape),
                          vs = spec_detail::rank4(v.shape);
    const std::size_t B = std::max({qs[0], ks[0], vs[0]}), Hq = qs[1], Hkv = ks[1], L = qs[2], S = ks[2],
                      E = qs[3], Ev = vs[3];
    const std::size_t group = o.enable_gqa ? Hq / Hkv : 1;
    const double scale = o.scale ? *o.scale : 1.0 / std::sqrt(static_cast<double>(E));
    const double neg_inf = -std::numeric_limits<double>::infinity();
    attnbook::Shape ms;
    if (o.bool_mask) ms = spec_detail::rank4(o.bool_mask->shape);
    if (o.float_mask) ms = spec_detail::rank4(o.float_mask->shape);

    AttentionSpecResult r;
    r.output.assign(B * Hq * L * Ev, 0.0);
    r.weights.assign(B * Hq * L * S, 0.0);
    r.fully_masked.assign(B * Hq * L, false);
    std::vector<double> scores(S);
    for (std::size_t b = 0; b < B; ++b) {
        for (std::size_t h = 0; h < Hq; ++h) {
            const std::size_t g = h / group;
            for (std::size_t i = 0; i < L; ++i) {
                double top = neg_inf;
                for (std::size_t j = 0; j < S; ++j) {
                    double dot = 0.0;
                    for (std::size_t e = 0; e < E; ++e)
                        dot += static_cast<double>(q.data[at(qs, b, h, i, e)]) * k.data[at(ks, b, g, j, e)];
                    double bias = 0.0;
                    if (o.is_causal && j > i) bias = neg_inf;
                    if (o.bool_mask && !o.bool_mask->data[at(ms, b, h, i, j)]) bias = neg_inf;
                    if (o.float_mask) bias += o.float_mask->data[at(ms, b, h, i, j)];
                    scores[j] = dot * scale + bias;
                    top = std::max(top, scores[j]);
                }
                const std::size_t row = (b * Hq + h) * L + i;
                if (top == neg_inf) {  // every key masked (or S = 0)
                    r.fully_masked[row] = true;
                    continue;
                }
                double total = 0.0;
                for (std::size_t j = 0; j < S; ++j) total += std::exp(scores[j] - top);
                for (std::size_t j = 0; j < S; ++j) {
                    const double w = std::exp(scores[j] - top) / total;
                    r.weights[row * S + j] = w;
                    for (std::size_t e = 0; e < Ev; ++e) r.output[row * Ev + e] += w * v.data[at(vs, b, g, j, e)];
                }
            }
        }
    }
    return r;
}

}  // namespace attnbook_test
