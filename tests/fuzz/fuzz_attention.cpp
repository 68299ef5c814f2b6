// Fuzz target "attention": scaled_dot_product_attention (the fused float32 xsimd kernel) on
// shapes, masks, scales, dropout and values decoded from the fuzz bytes, against the float64
// reference (engine/src/core/attention_reference.cpp) and against properties of its own.
// Properties (engine/include/attnbook/core/attention.hpp):
//   - bad input of any kind is a UserError, the same message from both variants; the fused
//     kernel alone may also refuse a logit or an output that overflows float32;
//   - otherwise: the same shapes and fully masked rows; every number finite; within the written
//     tolerance of the reference (tests/engine/attention_tolerance.hpp);
//   - without dropout, each row's weights sum to 1 (or are all 0 for a fully masked row) and each
//     output lies between the smallest and largest value it mixes (a convex combination).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <fuzzer/FuzzedDataProvider.h>

#include "attention_tolerance.hpp"
#include "attnbook/core/attention.hpp"
#include "attnbook/core/errors.hpp"
#include "fuzz_check.hpp"

using namespace attnbook;
using attnbook_fuzz::check;

namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// Values that stress a float32 kernel: signed zeros, subnormals, the edges of float range
// (products overflow), numbers whose products underflow, and the non-finite ones (errors).
const float kSpecial[] = {0.0f, -0.0f, 1.0f, -1.0f, 1e-45f, -3e-39f, 1e-20f, 1e19f, -1e19f,
                          65504.0f, 3.4e38f, -3.4e38f, 1e30f, kNaN, kInf, -kInf};

float value(FuzzedDataProvider& in) {
    const std::uint8_t kind = in.ConsumeIntegral<std::uint8_t>();
    if (kind < 200) return in.ConsumeFloatingPointInRange(-4.0f, 4.0f);
    if (kind < 232) return kSpecial[kind % 13];  // finite specials
    return kSpecial[13 + kind % 3];               // NaN, inf, -inf: must be refused
}

Tensor tensor(FuzzedDataProvider& in, Shape shape) {
    Tensor t(std::move(shape));
    for (float& x : t.data) x = value(in);
    return t;
}

// The tensor's shape at rank 2, 3 or 4 from its (B, H, rows, width).
Shape at_rank(std::size_t rank, std::size_t B, std::size_t H, std::size_t rows, std::size_t width) {
    if (rank == 2) return {rows, width};
    if (rank == 3) return {H, rows, width};
    return {B, H, rows, width};
}

// Every dimension either the full size or 1 (broadcast), sometimes one off (an error).
Shape mask_shape(FuzzedDataProvider& in, const Shape& full) {
    const std::size_t rank = in.ConsumeIntegralInRange<std::size_t>(1, 4);
    Shape s;
    for (std::size_t d = 4 - rank; d < 4; ++d) {
        const std::uint8_t pick = in.ConsumeIntegral<std::uint8_t>();
        s.push_back(pick < 120 ? full[d] : pick < 250 ? 1 : full[d] + 1);
    }
    return s;
}

double max_abs_diff(const Tensor& a, const TensorF64& b) {
    double m = 0.0;
    for (std::size_t n = 0; n < a.data.size(); ++n) m = std::max(m, std::fabs(a.data[n] - b.data[n]));
    return m;
}

bool all_finite(const Tensor& t) {
    for (float x : t.data)
        if (!std::isfinite(x)) return false;
    return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    FuzzedDataProvider in(data, size);
    const std::size_t rank = in.ConsumeIntegralInRange<std::size_t>(2, 4);
    const bool wide = in.ConsumeBool();  // sometimes longer rows: more than a few SIMD batches
    // Batches and heads only exist at rank 4 and 3; below, they are 1.
    const std::size_t Bq = rank == 4 ? in.ConsumeIntegralInRange<std::size_t>(1, 2) : 1;
    const std::size_t Bk = rank == 4 ? in.ConsumeIntegralInRange<std::size_t>(1, 2) : 1;
    const std::size_t Bv = rank == 4 ? in.ConsumeIntegralInRange<std::size_t>(1, 2) : 1;
    const std::size_t Hkv = rank >= 3 ? in.ConsumeIntegralInRange<std::size_t>(1, 3) : 1;
    const std::size_t group = rank >= 3 ? in.ConsumeIntegralInRange<std::size_t>(1, 3) : 1;
    const std::size_t Hq = in.ConsumeBool() || rank < 3 ? Hkv * group : in.ConsumeIntegralInRange<std::size_t>(1, 6);
    const std::size_t L = in.ConsumeIntegralInRange<std::size_t>(0, wide ? 70 : 9);
    const std::size_t S = in.ConsumeIntegralInRange<std::size_t>(0, wide ? 70 : 9);
    const std::size_t E = in.ConsumeIntegralInRange<std::size_t>(0, wide ? 40 : 9);
    const std::size_t Ev = in.ConsumeIntegralInRange<std::size_t>(0, 9);
    // Occasionally a key or value that does not fit (an error the plan must name).
    const std::uint8_t misfit = in.ConsumeIntegral<std::uint8_t>();
    const std::size_t Ek = misfit == 255 ? E + 1 : E, Sv = misfit == 254 ? S + 1 : S;

    AttentionOptions o;
    o.enable_gqa = in.ConsumeBool();
    o.is_causal = in.ConsumeIntegral<std::uint8_t>() < 64;
    o.return_weights = true;
    const std::uint8_t scale_kind = in.ConsumeIntegral<std::uint8_t>();
    if (scale_kind < 100) {
        o.scale = in.ConsumeFloatingPointInRange(-10.0, 10.0);
    } else if (scale_kind < 120) {
        const double scales[] = {0.0, -0.0, 1e-40, 1e-300, 1e30, 1e39, 1e300, std::nan(""), HUGE_VAL};
        o.scale = scales[scale_kind % 9];
    }
    const std::uint8_t drop_kind = in.ConsumeIntegral<std::uint8_t>();
    if (drop_kind >= 220) {
        const double ps[] = {0.1, 0.5, 0.9, 0.999999, -0.1, 1.0, std::nan("")};
        o.dropout_p = ps[drop_kind % 7];
        o.dropout_seed = in.ConsumeIntegral<std::uint64_t>();
    }

    const Tensor q = tensor(in, at_rank(rank, Bq, Hq, L, E));
    const Tensor k = tensor(in, at_rank(rank, Bk, Hkv, S, Ek));
    const Tensor v = tensor(in, at_rank(rank, Bv, Hkv, Sv, Ev));
    const Shape full = {std::max({Bq, Bk, Bv}), Hq, L, S};
    BoolTensor bool_mask;
    Tensor float_mask;
    double mask_max = 0.0;
    const std::uint8_t mask_kind = in.ConsumeIntegral<std::uint8_t>();
    if (mask_kind < 80) {
        bool_mask = BoolTensor(mask_shape(in, full));
        for (auto& b : bool_mask.data) b = in.ConsumeBool();
        o.bool_mask = &bool_mask;
    } else if (mask_kind < 160) {
        float_mask = Tensor(mask_shape(in, full));
        for (float& x : float_mask.data) {
            const std::uint8_t pick = in.ConsumeIntegral<std::uint8_t>();
            x = pick < 100 ? 0.0f : pick < 200 ? -kInf : pick < 250 ? value(in) : kSpecial[13 + pick % 3];
            if (std::isfinite(x)) mask_max = std::max(mask_max, std::fabs(static_cast<double>(x)));
        }
        o.float_mask = &float_mask;
    }
    if (mask_kind >= 240) {  // both masks, or a mask with is_causal: errors
        o.bool_mask = &bool_mask;
    }

    std::string fused_error, reference_error;
    AttentionResult fused;
    AttentionResultF64 ref;
    try {
        fused = scaled_dot_product_attention_rowwise_xsimd(q, k, v, o);
    } catch (const UserError& e) {
        fused_error = e.what();
    } catch (const std::exception& e) {
        attnbook_fuzz::fail(std::string("fused kernel threw a non-UserError: ") + e.what());
    }
    try {
        ref = scaled_dot_product_attention_reference_f64(q, k, v, o);
    } catch (const UserError& e) {
        reference_error = e.what();
    } catch (const std::exception& e) {
        attnbook_fuzz::fail(std::string("reference threw a non-UserError: ") + e.what());
    }
    if (!reference_error.empty()) {
        check(fused_error == reference_error, "different errors: fused \"" + fused_error + "\", reference \"" +
                                                  reference_error + "\"");
        return 0;
    }
    check(all_finite(q) && all_finite(k) && all_finite(v), "a non-finite q, k or v was accepted");
    if (!fused_error.empty()) {
        check(fused_error.rfind("attention logit overflows float32", 0) == 0 ||
                  fused_error.rfind("attention output overflows float32", 0) == 0,
              "only the fused kernel refused: " + fused_error);
        return 0;
    }

    check(fused.output.shape == ref.output.shape, "output shapes differ");
    check(fused.weights && ref.weights && fused.weights->shape == ref.weights->shape, "weight shapes differ");
    check(fused.fully_masked_rows == ref.fully_masked_rows, "fully masked rows differ");
    const double scale = o.scale ? *o.scale : 1.0 / std::sqrt(static_cast<double>(E));
    const std::string problem = " (q " + shape_to_string(q.shape) + ", k " + shape_to_string(k.shape) + ", v " +
                                shape_to_string(v.shape) + ", scale " + attnbook_fuzz::num(scale) + ", max |q| " +
                                attnbook_fuzz::num(attnbook_test::max_abs(q)) + ", max |k| " +
                                attnbook_fuzz::num(attnbook_test::max_abs(k)) + ", max |v| " +
                                attnbook_fuzz::num(attnbook_test::max_abs(v)) + ", mask max " +
                                attnbook_fuzz::num(mask_max) + ", dropout " + attnbook_fuzz::num(o.dropout_p) + ")";
    check(all_finite(fused.output) && all_finite(*fused.weights), "non-finite output or weight" + problem);
    const auto tol = attnbook_test::attention_tolerances(q, k, v, scale, mask_max, o.dropout_p);
    const double eo = max_abs_diff(fused.output, ref.output), ew = max_abs_diff(*fused.weights, *ref.weights);
    check(eo <= tol.output, "output error " + attnbook_fuzz::num(eo) + " > tolerance " + attnbook_fuzz::num(tol.output) + problem);
    check(ew <= tol.weights, "weight error " + attnbook_fuzz::num(ew) + " > tolerance " + attnbook_fuzz::num(tol.weights) + problem);

    // The engine's choice for the same call without weights (the tiled kernel when there is no
    // mask and no dropout): the same bound plus the online softmax's rescaling, one more rounding
    // of o and l per 128-key block; never an error where the rowwise kernel computed.
    {
        AttentionOptions plain = o;
        plain.return_weights = false;
        AttentionResult engine;
        try {
            engine = scaled_dot_product_attention(q, k, v, plain);
        } catch (const std::exception& e) {
            attnbook_fuzz::fail(std::string("the engine's kernel refused what the rowwise kernel computed: ") + e.what());
        }
        const double et = max_abs_diff(engine.output, ref.output);
        const double tol_engine = tol.output + attnbook_test::max_abs(v) * attnbook_test::kEps32 * (S / 128.0 + 2.0);
        check(et <= tol_engine, std::string(engine.kernel) + " output error " + attnbook_fuzz::num(et) + " > tolerance " +
                                    attnbook_fuzz::num(tol_engine) + problem);
    }

    if (o.dropout_p != 0.0 || S == 0) return 0;
    // Row by row, in the flat (B, Hq, L) order of the weights: a row sums to 1 (to the weights'
    // tolerance plus the float32 rounding of S terms), or to 0 exactly when reported fully masked.
    std::vector<bool> masked(fused.weights->numel() / S, false);
    for (const AttentionRow& row : fused.fully_masked_rows)
        masked[(row.batch * Hq + row.head) * L + row.row] = true;
    for (std::size_t r = 0; r < masked.size(); ++r) {
        double sum = 0.0;
        for (std::size_t j = 0; j < S; ++j) sum += fused.weights->data[r * S + j];
        check(masked[r] ? sum == 0.0 : std::fabs(sum - 1.0) <= tol.weights + S * attnbook_test::kEps32,
              "row " + std::to_string(r) + " weights sum to " + attnbook_fuzz::num(sum));
    }
    // A convex combination of values is no larger than the largest |value|.
    const double vmax = attnbook_test::max_abs(v);
    for (float x : fused.output.data)
        check(std::fabs(x) <= vmax + tol.output, "output " + attnbook_fuzz::num(x) + " beyond max |v| " +
                                                     attnbook_fuzz::num(vmax));
    return 0;
}
