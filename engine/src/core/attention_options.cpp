// plan_attention: argument validation shared by every attention variant, so they all reject the
// same inputs with the same messages (each naming both shapes involved).
#include <cmath>
#include <string>

#include "attnbook/core/attention.hpp"
#include "attnbook/core/attention_plan.hpp"
#include "attnbook/core/decimal_format.hpp"
#include "attnbook/core/errors.hpp"
#include "attnbook/core/text_join.hpp"

namespace attnbook {
namespace {

// Sizes of a rank 2..4 tensor read as (batch, heads, rows, width); missing leading dims are 1.
struct Dims4 {
    std::size_t batch = 1, heads = 1, rows = 0, width = 0;
};

Dims4 dims4(const Shape& s) {
    Dims4 d;
    const std::size_t r = s.size();
    d.width = s[r - 1];
    d.rows = s[r - 2];
    if (r >= 3) d.heads = s[r - 3];
    if (r == 4) d.batch = s[0];
    return d;
}

// "<format with two sizes>: <first> <shape>, <second> <shape>", the sizes and shapes filled in.
[[noreturn]] void mismatch(const char* format, std::size_t a, std::size_t b, const Shape& first, const Shape& second) {
    throw_format(format, {a, b, first, second});
}

// std::to_string's text ("%f"), without libc++'s to_string, which calls snprintf.
std::string value_to_string(double x) {
    if (std::isnan(x)) return "nan";
    return fixed_text(x, 6);
}

void check_rank(const char* name, const Tensor& t) {
    if (t.rank() < 2 || t.rank() > 4) {
        throw_format("{} has rank {}; attention takes rank 2 (L, E), 3 (H, L, E) or 4 (B, H, L, E): {} {}",
                     {name, t.rank(), name, t.shape});
    }
}

void check_finite(const char* name, const Tensor& t) {
    for (std::size_t n = 0; n < t.data.size(); ++n) {
        if (!std::isfinite(t.data[n])) {
            throw_format("{} has a non-finite value {} at {}: {} {}",
                         {name, value_to_string(t.data[n]), index_to_string(t.shape, n), name, t.shape});
        }
    }
}

// A float mask may hold finite values and -inf (masked), not NaN or +inf.
void check_float_mask(const Tensor& m) {
    for (std::size_t n = 0; n < m.data.size(); ++n) {
        const float x = m.data[n];
        if (std::isnan(x) || x == INFINITY) {
            throw_format("attn_mask has {} at {}; a float mask holds finite values and -inf (masked): attn_mask {}",
                         {value_to_string(x), index_to_string(m.shape, n), m.shape});
        }
    }
}

// Largest of the batch sizes, each of which must be 1 or that size (numpy broadcasting).
std::size_t broadcast_batch(const Tensor& q, const Tensor& k, const Tensor& v) {
    const std::size_t bq = dims4(q.shape).batch, bk = dims4(k.shape).batch,
                      bv = dims4(v.shape).batch;
    auto fits = [](std::size_t a, std::size_t b) { return a == b || a == 1 || b == 1; };
    if (!fits(bq, bk)) {
        mismatch("key batch {} does not broadcast with query batch {}: query {}, key {}", bk, bq, q.shape, k.shape);
    }
    const std::size_t bqk = bq == 1 ? bk : bq;
    if (!fits(bqk, bv)) {
        throw_format("value batch {} does not broadcast with query and key batch {}: query {}, key {}, value {}",
                     {bv, bqk, q.shape, k.shape, v.shape});
    }
    return bqk == 1 ? bv : bqk;
}

}  // namespace

AttentionPlan plan_attention(const Tensor& q, const Tensor& k, const Tensor& v,
                             const AttentionOptions& options) {
    check_tensor("query", q);
    check_tensor("key", k);
    check_tensor("value", v);
    check_rank("query", q);
    check_rank("key", k);
    check_rank("value", v);
    if (k.rank() != q.rank())
        mismatch("key rank {} does not match query rank {}: query {}, key {}", k.rank(), q.rank(), q.shape, k.shape);
    if (v.rank() != k.rank())
        mismatch("value rank {} does not match key rank {}: key {}, value {}", v.rank(), k.rank(), k.shape, v.shape);
    const Dims4 dq = dims4(q.shape), dk = dims4(k.shape), dv = dims4(v.shape);
    if (dk.width != dq.width)
        mismatch("key width {} does not match query width {}: query {}, key {}", dk.width, dq.width, q.shape, k.shape);
    if (dv.rows != dk.rows)
        mismatch("value length {} does not match key length {}: key {}, value {}", dv.rows, dk.rows, k.shape, v.shape);
    if (dv.heads != dk.heads)
        mismatch("value heads {} do not match key heads {}: key {}, value {}", dv.heads, dk.heads, k.shape, v.shape);

    AttentionPlan p;
    p.B = broadcast_batch(q, k, v);
    p.Hq = dq.heads;
    p.Hkv = dk.heads;
    p.L = dq.rows;
    p.S = dk.rows;
    p.E = dq.width;
    p.Ev = dv.width;
    if (options.enable_gqa) {
        if (p.Hkv == 0 ? p.Hq != 0 : p.Hq % p.Hkv != 0) {
            mismatch("query heads {} are not a multiple of key heads {} (enable_gqa): query {}, key {}",
                     p.Hq, p.Hkv, q.shape, k.shape);
        }
        p.group = p.Hkv == 0 ? 1 : p.Hq / p.Hkv;
    } else if (p.Hq != p.Hkv) {
        mismatch("query heads {} do not match key heads {} (set enable_gqa to share key/value heads): query {}, key {}",
                 p.Hq, p.Hkv, q.shape, k.shape);
    }
    p.q_batch_stride = dq.batch == 1 ? 0 : p.Hq * p.L * p.E;
    p.k_batch_stride = dk.batch == 1 ? 0 : p.Hkv * p.S * p.E;
    p.v_batch_stride = dv.batch == 1 ? 0 : p.Hkv * p.S * p.Ev;

    if (options.scale) {
        if (!std::isfinite(*options.scale)) {
            throw_format("scale must be finite, got {}", {value_to_string(*options.scale)});
        }
        p.scale = *options.scale;
    } else {
        if (p.E == 0) {
            throw_format("query width is 0, so the default scale 1/sqrt(E) is undefined; pass scale: query {}, key {}",
                         {q.shape, k.shape});
        }
        p.scale = 1.0 / std::sqrt(static_cast<double>(p.E));
    }
    if (!(options.dropout_p >= 0.0 && options.dropout_p < 1.0)) {  // also rejects NaN
        throw_format("dropout_p must be in [0, 1), got {}", {value_to_string(options.dropout_p)});
    }

    // Output and weights keep the query's rank.
    // The query's shape (..., L, E) with its last width replaced: (..., L, Ev) and (..., L, S).
    const std::size_t last = q.rank() - 1;
    p.output_shape = q.shape;
    p.weights_shape = q.shape;
    if (q.rank() == 4) p.output_shape[0] = p.weights_shape[0] = p.B;
    p.output_shape[last] = p.Ev;
    p.weights_shape[last] = p.S;

    // Mask: at most one, not with is_causal, broadcastable to (B, Hq, L, S).
    const Shape* mask_shape = nullptr;
    if (options.bool_mask && options.float_mask) {
        throw_format("attn_mask is given both as a bool and as a float tensor; pass one: bool attn_mask {}, float "
                     "attn_mask {}", {options.bool_mask->shape, options.float_mask->shape});
    }
    if (options.bool_mask) {
        check_tensor("attn_mask", *options.bool_mask);
        mask_shape = &options.bool_mask->shape;
        p.mask = AttentionPlan::Mask::boolean;
    } else if (options.float_mask) {
        check_tensor("attn_mask", *options.float_mask);
        mask_shape = &options.float_mask->shape;
        p.mask = AttentionPlan::Mask::additive;
    }
    if (mask_shape) {
        if (options.is_causal) {
            throw_format("attn_mask and is_causal cannot both be set (as in PyTorch): attn_mask {}, query {}, key {}",
                         {*mask_shape, q.shape, k.shape});
        }
        const std::size_t target[4] = {p.B, p.Hq, p.L, p.S};
        const Shape target_shape(target, target + 4);
        bool fits = mask_shape->size() <= 4;
        std::size_t md[4] = {1, 1, 1, 1};  // the mask's dims, padded on the left with 1
        for (std::size_t d = 0; fits && d < mask_shape->size(); ++d) {
            md[4 - mask_shape->size() + d] = (*mask_shape)[d];
        }
        for (std::size_t d = 0; fits && d < 4; ++d) fits = md[d] == target[d] || md[d] == 1;
        if (!fits) {
            throw_format("attn_mask {} does not broadcast to {} = (B, Hq, L, S): query {}, key {}",
                         {*mask_shape, target_shape, q.shape, k.shape});
        }
        std::size_t stride = 1;
        for (std::size_t d = 4; d-- > 0;) {
            p.mask_stride[d] = md[d] == 1 ? 0 : stride;
            stride *= md[d];
        }
        if (options.float_mask) check_float_mask(*options.float_mask);
    }

    check_finite("query", q);
    check_finite("key", k);
    check_finite("value", v);
    return p;
}

}  // namespace attnbook
