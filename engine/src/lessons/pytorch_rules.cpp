#include "attnbook/lessons/pytorch_rules.hpp"

#include <cmath>
#include <limits>

#include "attnbook/core/attention.hpp"
#include "attnbook/core/attention_plan.hpp"
#include "attnbook/core/errors.hpp"
#include "attnbook/core/fixed_rows.hpp"
#include "attnbook/core/text_join.hpp"

namespace attnbook {

namespace {

// The example: a short causal sequence whose rows are easy to tell apart.
constexpr std::size_t L = 4, E = 4, Ev = 2;
constexpr double kQueries[L][E] = {{1, 0, 1, 0}, {0, 2, 0, 1}, {1, 1, -1, 0}, {0, 0, 2, 2}};
constexpr double kKeys[L][E] = {{1, 0, 0, 1}, {0, 1, 1, 0}, {2, 0, 1, 0}, {0, -1, 0, 2}};
constexpr double kValues[L][Ev] = {{1, 0}, {0, 1}, {2, 2}, {-1, 3}};

// A (rows, cols) float32 tensor of the numbers (row-major).
Tensor tensor(const double* numbers, std::size_t rows, std::size_t cols) {
    Tensor t({rows, cols});
    for (std::size_t i = 0; i < rows * cols; ++i) t.data[i] = static_cast<float>(numbers[i]);
    return t;
}

// (L, S) slices of a (.., L, S) float64 result as rows.
Rows rows_of(const TensorF64& t, std::size_t offset, std::size_t rows, std::size_t cols) {
    Rows out(rows, std::vector<double>(cols));
    for (std::size_t i = 0; i < rows; ++i)
        for (std::size_t j = 0; j < cols; ++j) out[i][j] = t.data[offset + i * cols + j];
    return out;
}

// The (L, L) float64 weights of attention on the example with these options.
Rows weights_of(const Tensor& q, const Tensor& k, const Tensor& v, const AttentionOptions& options) {
    return rows_of(*scaled_dot_product_attention_reference_f64(q, k, v, options).weights, 0, L, L);
}

double max_difference(const Rows& a, const Rows& b) {
    double worst = 0.0;
    for (std::size_t i = 0; i < a.size(); ++i)
        for (std::size_t j = 0; j < a[i].size(); ++j) worst = std::max(worst, std::fabs(a[i][j] - b[i][j]));
    return worst;
}

}  // namespace

PytorchRules pytorch_rules(double explicit_scale) {
    if (!(explicit_scale > 0.0) || !std::isfinite(explicit_scale) || explicit_scale > pytorch_rules_limits::max_scale)
        throw_format("scale: must be a number greater than 0 and at most {}", {pytorch_rules_limits::max_scale});
    PytorchRules r;
    r.queries = rows_from(kQueries);
    r.keys = rows_from(kKeys);
    r.values = rows_from(kValues);
    const Tensor q = tensor(kQueries[0], L, E), k = tensor(kKeys[0], L, E), v = tensor(kValues[0], L, Ev);
    AttentionOptions base;
    base.return_weights = true;

    // 1. the scale
    r.default_scale = plan_attention(q, k, v, base).scale;
    r.weights_default = weights_of(q, k, v, base);
    AttentionOptions scaled = base;
    scaled.scale = explicit_scale;
    r.explicit_scale = explicit_scale;
    r.weights_explicit = weights_of(q, k, v, scaled);

    // 2. boolean and additive masks (both the causal lower triangle)
    BoolTensor tril({L, L});
    Tensor additive({L, L});
    for (std::size_t i = 0; i < L; ++i)
        for (std::size_t j = 0; j < L; ++j) {
            tril.data[i * L + j] = j <= i;
            additive.data[i * L + j] = j <= i ? 0.0f : -std::numeric_limits<float>::infinity();
        }
    AttentionOptions with_bool = base, with_float = base;
    with_bool.bool_mask = &tril;
    with_float.float_mask = &additive;
    r.weights_bool = weights_of(q, k, v, with_bool);
    r.weights_additive = weights_of(q, k, v, with_float);
    r.bool_vs_additive = max_difference(r.weights_bool, r.weights_additive);

    // 3. is_causal
    AttentionOptions causal = base;
    causal.is_causal = true;
    r.weights_causal = weights_of(q, k, v, causal);
    r.causal_vs_bool = max_difference(r.weights_causal, r.weights_bool);

    // 4. both: the engine refuses, as PyTorch does
    AttentionOptions both = with_bool;
    both.is_causal = true;
    try {
        scaled_dot_product_attention_reference_f64(q, k, v, both);
        r.engine_refusal = "";
    } catch (const UserError& e) {
        r.engine_refusal = e.what();
    }

    // 5. grouped-query attention: q (1, 4, L, E), k and v (1, 2, L, .); query heads 0, 1 read kv
    //    head 0 and heads 2, 3 read kv head 1. Head h's query is the example's scaled by (h + 1)
    //    and kv head g's keys are the example's scaled by (g + 1), so every head differs.
    const std::size_t Hq = 4, Hkv = 2;
    Tensor gq({1, Hq, L, E}), gk({1, Hkv, L, E}), gv({1, Hkv, L, Ev});
    for (std::size_t h = 0; h < Hq; ++h)
        for (std::size_t i = 0; i < L * E; ++i) gq.data[h * L * E + i] = q.data[i] * static_cast<float>(h + 1) * 0.5f;
    for (std::size_t g = 0; g < Hkv; ++g) {
        for (std::size_t i = 0; i < L * E; ++i) gk.data[g * L * E + i] = k.data[i] * static_cast<float>(g + 1);
        for (std::size_t i = 0; i < L * Ev; ++i) gv.data[g * L * Ev + i] = v.data[i] * static_cast<float>(g + 1);
    }
    AttentionOptions gqa = base;
    gqa.enable_gqa = true;
    gqa.is_causal = true;
    const auto grouped = scaled_dot_product_attention_reference_f64(gq, gk, gv, gqa);
    r.gqa_query_shape = gq.shape;
    r.gqa_kv_shape = gk.shape;
    r.gqa_output_shape = grouped.output.shape;
    const AttentionPlan plan = plan_attention(gq, gk, gv, gqa);
    for (std::size_t h = 0; h < Hq; ++h) r.gqa_kv_head_of_query_head.push_back(h / plan.group);
    // The same with the kv heads repeated (repeat_interleave) to 4 heads, without enable_gqa.
    Tensor rk({1, Hq, L, E}), rv({1, Hq, L, Ev});
    for (std::size_t h = 0; h < Hq; ++h) {
        const std::size_t g = h / plan.group;
        for (std::size_t i = 0; i < L * E; ++i) rk.data[h * L * E + i] = gk.data[g * L * E + i];
        for (std::size_t i = 0; i < L * Ev; ++i) rv.data[h * L * Ev + i] = gv.data[g * L * Ev + i];
    }
    AttentionOptions repeated = base;
    repeated.is_causal = true;
    const auto full = scaled_dot_product_attention_reference_f64(gq, rk, rv, repeated);
    for (std::size_t i = 0; i < full.output.data.size(); ++i)
        r.gqa_vs_repeated = std::max(r.gqa_vs_repeated, std::fabs(full.output.data[i] - grouped.output.data[i]));
    try {
        AttentionOptions no_gqa = base;
        scaled_dot_product_attention_reference_f64(gq, gk, gv, no_gqa);
    } catch (const UserError& e) {
        r.gqa_refusal = e.what();
    }

    // 6. a fully masked row: token 0 may attend to nothing
    BoolTensor blocked = tril;
    blocked.data[0] = 0;
    AttentionOptions masked = base;
    masked.bool_mask = &blocked;
    const auto m = scaled_dot_product_attention_reference_f64(q, k, v, masked);
    r.masked_weights = rows_of(*m.weights, 0, L, L);
    r.masked_output = rows_of(m.output, 0, L, Ev);
    for (const auto& row : m.fully_masked_rows) r.fully_masked_rows.push_back(row.row);
    return r;
}

}  // namespace attnbook
