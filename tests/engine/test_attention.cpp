// scaled_dot_product_attention_rowwise_xsimd against float64 references: the engine's own
// (scaled_dot_product_attention_reference_f64, the spec it ships) and an independent one written
// in the tests from PyTorch's documentation (attention_spec_f64.hpp, sharing none of the engine's
// shape, broadcast, GQA or mask code); natively also numpy's. Plus the PyTorch semantics: masks,
// causal, GQA, dropout, fully masked rows and every error message; and lesson-to-model sizes
// (T = 512 and 1024, several heads).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "attention_spec_f64.hpp"
#include "attention_tolerance.hpp"
#include "attnbook/core/attention.hpp"
#include "attnbook/core/attention_dropout.hpp"
#include "attnbook/core/errors.hpp"
#include "float_test_inputs.hpp"
#include "python_runner.hpp"

#ifdef ATTNBOOK_PYTHON
#include <nlohmann/json.hpp>
#include <stdlib.h>  // mkdtemp
#include <unistd.h>  // rmdir
#endif

using namespace attnbook;
using attnbook_test::attention_spec_f64;
using attnbook_test::attention_tolerances;
using attnbook_test::AttentionSpecResult;
using attnbook_test::AttentionTolerances;
using attnbook_test::kEps32;
using attnbook_test::kNegInf;
using attnbook_test::max_abs_diff;
using attnbook_test::random_tensor;
using attnbook_test::max_abs;
using attnbook_test::TestRng;

namespace {

bool bit_equal(const Tensor& a, const Tensor& b) {
    return a.shape == b.shape &&
           std::memcmp(a.data.data(), b.data.data(), a.data.size() * sizeof(float)) == 0;
}

template <class F>
std::string user_error_message(F&& f) {
    try {
        f();
    } catch (const UserError& e) {
        return e.what();
    }
    return "<no UserError>";
}

// The same message from both variants (they share plan_attention).
std::string error_of(const Tensor& q, const Tensor& k, const Tensor& v, const AttentionOptions& o) {
    const std::string fused =
        user_error_message([&] { scaled_dot_product_attention_rowwise_xsimd(q, k, v, o); });
    const std::string reference =
        user_error_message([&] { scaled_dot_product_attention_reference_f64(q, k, v, o); });
    CHECK(fused == reference);
    return fused;
}

// The flat (b, h, i) rows reported fully masked, as the spec's per-row flags.
std::vector<bool> masked_flags(const std::vector<AttentionRow>& rows, std::size_t Hq, std::size_t L,
                               std::size_t n) {
    std::vector<bool> flags(n, false);
    for (const AttentionRow& r : rows) flags.at((r.batch * Hq + r.head) * L + r.row) = true;
    return flags;
}

struct ErrorReport {
    double worst_output_error = 0.0, worst_weights_error = 0.0, worst_ratio = 0.0;
};

// The engine's float64 reference and the test's spec are both float64 evaluations of the same
// formula, in different orders and with different exp functions (det_exp, std::exp: < 1 ulp):
// relative differences of a few units of 2^-52 per operation on the E-term dot products, the
// S-term sums and exp of logits as large as max_logit. 64 * (E + S + max_logit) ulp is generous.
double f64_tolerance(std::size_t E, std::size_t S, double max_logit, double max_v) {
    return 64.0 * (static_cast<double>(E + S) + max_logit) * DBL_EPSILON * std::max(1.0, max_v);
}

// Runs the fused kernel and the engine's reference, checks both against the spec (without
// dropout, which the spec does not model) and the fused one within the tolerances against the
// reference; returns the errors.
void check_against_reference(const Tensor& q, const Tensor& k, const Tensor& v,
                             AttentionOptions o, ErrorReport& report, double mask_max = 0.0) {
    o.return_weights = true;
    const AttentionResult fused = scaled_dot_product_attention_rowwise_xsimd(q, k, v, o);
    const AttentionResultF64 ref = scaled_dot_product_attention_reference_f64(q, k, v, o);
    const double scale = o.scale ? *o.scale : 1.0 / std::sqrt(static_cast<double>(q.shape.back()));
    const AttentionTolerances tol = attention_tolerances(q, k, v, scale, mask_max, o.dropout_p);
    const double eo = max_abs_diff(fused.output, ref.output);
    const double ew = max_abs_diff(*fused.weights, *ref.weights);
    INFO("q " << shape_to_string(q.shape) << " k " << shape_to_string(k.shape) << " v "
              << shape_to_string(v.shape) << " output error " << eo << " tol " << tol.output
              << " weights error " << ew << " tol " << tol.weights);
    CHECK(eo <= tol.output);
    CHECK(ew <= tol.weights);
    CHECK(fused.fully_masked_rows == ref.fully_masked_rows);
    if (o.dropout_p == 0.0) {
        const AttentionSpecResult spec = attention_spec_f64(q, k, v, o);
        const std::size_t E = q.shape.back(), S = k.shape[k.rank() - 2];
        const double max_logit = std::fabs(scale) * E * max_abs(q) * max_abs(k) + mask_max;
        const double f64_tol = f64_tolerance(E, S, max_logit, max_abs(v));
        const double so = max_abs_diff(fused.output.data, spec.output);
        const double sw = max_abs_diff(fused.weights->data, spec.weights);
        INFO("against the spec: output error " << so << " weights error " << sw
                                               << "; engine reference vs spec tolerance " << f64_tol);
        CHECK(so <= tol.output + f64_tol);
        CHECK(sw <= tol.weights + f64_tol);
        CHECK(max_abs_diff(ref.output.data, spec.output) <= f64_tol);
        CHECK(max_abs_diff(ref.weights->data, spec.weights) <= f64_tol);
        const std::size_t Hq = q.rank() >= 3 ? q.shape[q.rank() - 3] : 1, L = q.shape[q.rank() - 2];
        CHECK(masked_flags(fused.fully_masked_rows, Hq, L, spec.fully_masked.size()) == spec.fully_masked);
    }
    report.worst_output_error = std::max(report.worst_output_error, eo);
    report.worst_weights_error = std::max(report.worst_weights_error, ew);
    report.worst_ratio = std::max({report.worst_ratio, eo / tol.output, ew / tol.weights});
}

const std::size_t kEdgeSizes[] = {1, 3, 4, 5, 8, 17};  // below, at, above the 4-lane width

}  // namespace

TEST_CASE("attention: hand-computed 2x2 query, 3x2 key example", "[attention]") {
    // q is (L=2, E=2), k is (S=3, E=2), v is (S=3, Ev=2)
    const Tensor q({2, 2}, {1, 0, 0, 1});
    const Tensor k({3, 2}, {1, 0, 0, 1, 1, 1});
    const Tensor v({3, 2}, {10, 0, 0, 10, 5, 5});
    // Formula in double: logits a = q k^T / sqrt(2) = [[1, 0, 1], [0, 1, 1]] / sqrt(2).
    const double c = 1.0 / std::sqrt(2.0);
    const double big = std::exp(c) / (2.0 * std::exp(c) + 1.0);  // weight of a logit 1/sqrt(2)
    const double small = 1.0 / (2.0 * std::exp(c) + 1.0);        // weight of a logit 0
    const double w[2][3] = {{big, small, big}, {small, big, big}};
    const double o[2][2] = {{10 * big + 5 * big, 10 * small + 5 * big},
                            {10 * small + 5 * big, 10 * big + 5 * big}};
    // The numbers quoted in the brief, to 3 decimals, as a check of the formula above.
    CHECK(big == Approx(0.401).margin(5e-4));
    CHECK(small == Approx(0.198).margin(5e-4));
    CHECK(o[0][0] == Approx(6.017).margin(5e-4));
    CHECK(o[0][1] == Approx(3.983).margin(5e-4));

    AttentionOptions opt;
    opt.return_weights = true;
    const AttentionResult fused = scaled_dot_product_attention_rowwise_xsimd(q, k, v, opt);
    const AttentionResultF64 ref = scaled_dot_product_attention_reference_f64(q, k, v, opt);
    REQUIRE(fused.output.shape == Shape{2, 2});
    REQUIRE(fused.weights->shape == Shape{2, 3});
    for (int i = 0; i < 2; ++i) {
        for (int j = 0; j < 3; ++j) {
            // reference: double all the way, only std::exp's < 1 ulp (double) differs
            CHECK(ref.weights->data[i * 3 + j] == Approx(w[i][j]).epsilon(1e-14));
            // float32: a few float ulps on weights < 1 (see tolerances() in this file)
            CHECK(fused.weights->data[i * 3 + j] == Approx(w[i][j]).margin(1e-6));
        }
        for (int e = 0; e < 2; ++e) {
            CHECK(ref.output.data[i * 2 + e] == Approx(o[i][e]).epsilon(1e-14));
            // float32: |v| <= 10 times ~1e-6 relative weight error
            CHECK(fused.output.data[i * 2 + e] == Approx(o[i][e]).margin(1e-5));
        }
    }
    CHECK(fused.fully_masked_rows.empty());
}

TEST_CASE("attention: fused xsimd matches the float64 reference over edge sizes", "[attention]") {
    TestRng rng{2024};
    ErrorReport report;
    for (std::size_t E : kEdgeSizes) {
        for (std::size_t Ev : kEdgeSizes) {
            for (std::size_t L : kEdgeSizes) {
                for (std::size_t S : kEdgeSizes) {
                    // q is (B=2, Hq=2, L, E), k is (2, 2, S, E), v is (2, 2, S, Ev)
                    const Tensor q = random_tensor({2, 2, L, E}, rng);
                    const Tensor k = random_tensor({2, 2, S, E}, rng);
                    const Tensor v = random_tensor({2, 2, S, Ev}, rng);
                    check_against_reference(q, k, v, {}, report);
                }
            }
        }
    }
    std::printf("[attention] edge sizes, inputs in [-1, 1]: max |output error| %.3g, max |weight "
                "error| %.3g, worst error/tolerance %.3f\n",
                report.worst_output_error, report.worst_weights_error, report.worst_ratio);
}

TEST_CASE("attention: ranks 2 and 3, and batches of 1 broadcast against 2, match the float64 spec",
          "[attention]") {
    // Each case against attention_spec_f64 (its own padding to rank 4 and numpy broadcasting)
    // and the engine's reference, within the tolerances of check_against_reference; and the
    // output shape written out by hand: (B, Hq, L, Ev) in the query's rank, B the largest batch.
    struct Case {
        Shape q, k, v, output;
    };
    const Case cases[] = {
        {{5, 4}, {6, 4}, {6, 3}, {5, 3}},                              // rank 2: (L, E)
        {{3, 5, 4}, {3, 6, 4}, {3, 6, 3}, {3, 5, 3}},                  // rank 3: (H, L, E)
        {{2, 3, 5, 4}, {1, 3, 6, 4}, {1, 3, 6, 3}, {2, 3, 5, 3}},      // query batch 2, kv batch 1
        {{1, 3, 5, 4}, {2, 3, 6, 4}, {2, 3, 6, 3}, {2, 3, 5, 3}},      // query batch 1, kv batch 2
        {{2, 3, 5, 4}, {2, 3, 6, 4}, {1, 3, 6, 3}, {2, 3, 5, 3}},      // value batch 1 alone
        {{1, 3, 17, 8}, {2, 3, 17, 8}, {1, 3, 17, 5}, {2, 3, 17, 5}},  // past the SIMD width
    };
    TestRng rng{5};
    for (const Case& c : cases) {
        INFO("q " << shape_to_string(c.q) << " k " << shape_to_string(c.k) << " v " << shape_to_string(c.v));
        const Tensor q = random_tensor(c.q, rng), k = random_tensor(c.k, rng), v = random_tensor(c.v, rng);
        CHECK(scaled_dot_product_attention(q, k, v).output.shape == c.output);
        ErrorReport report;
        check_against_reference(q, k, v, {}, report);
        AttentionOptions causal;
        causal.is_causal = true;
        check_against_reference(q, k, v, causal, report);
    }
}

TEST_CASE("attention: logits far beyond a naive exp's range", "[attention]") {
    TestRng rng{99};
    ErrorReport report;
    for (std::size_t S : kEdgeSizes) {
        {  // logits of 1000 from an additive mask (exact in float)
            // q = 0 gives logits 0, the mask makes them 1000 - j: exp(1000) overflows, but the
            // softmax subtracts the row max first.
            const Tensor q({1, 1, 3, 4}, std::vector<float>(12, 0.0f));
            const Tensor k = random_tensor({1, 1, S, 4}, rng);
            const Tensor v = random_tensor({1, 1, S, 5}, rng);
            Tensor mask({S});
            for (std::size_t j = 0; j < S; ++j) mask.data[j] = 1000.0f - static_cast<float>(j);
            AttentionOptions o;
            o.float_mask = &mask;
            check_against_reference(q, k, v, o, report, 1000.0);
            const AttentionResult r = scaled_dot_product_attention(q, k, v, o);
            for (float x : r.output.data) CHECK(std::isfinite(x));
        }
        {  // logits of ~1000 from q and k, differing by O(1) so the softmax is not one-hot
            // q = 10, k = 50 + d with |d| <= 0.1, E = 4, scale 1/2: logits 1000 +- 2. A float32
            // logit near 1000 carries ~1000 * E ulp of dot-product error (~5e-4 absolute), which
            // moves the weights by as much relative: tolerances() accounts for it (da term).
            const Tensor q({1, 2, 3, 4}, std::vector<float>(24, 10.0f));
            const Tensor k = random_tensor({1, 2, S, 4}, rng, 49.9f, 50.1f);
            const Tensor v = random_tensor({1, 2, S, 5}, rng);
            check_against_reference(q, k, v, {}, report);
            const AttentionResult r = scaled_dot_product_attention(q, k, v);
            for (float x : r.output.data) CHECK(std::isfinite(x));
        }
    }
    std::printf("[attention] large logits: max |output error| %.3g, max |weight error| %.3g, "
                "worst error/tolerance %.3f\n",
                report.worst_output_error, report.worst_weights_error, report.worst_ratio);
}

TEST_CASE("attention: fully masked rows give 0 and are reported", "[attention]") {
    TestRng rng{8};
    const Tensor q = random_tensor({2, 2, 3, 4}, rng);
    const Tensor k = random_tensor({2, 2, 5, 4}, rng);
    const Tensor v = random_tensor({2, 2, 5, 3}, rng);
    // Row i = 1 of every (b, h) masked out entirely; the others attend to keys 0 and 2.
    BoolTensor bmask({3, 5}, {1, 0, 1, 0, 0, /**/ 0, 0, 0, 0, 0, /**/ 1, 1, 1, 1, 1});
    Tensor fmask({3, 5});
    for (std::size_t n = 0; n < 15; ++n) fmask.data[n] = bmask.data[n] ? 0.0f : kNegInf;
    const std::vector<AttentionRow> expected = {{0, 0, 1}, {0, 1, 1}, {1, 0, 1}, {1, 1, 1}};

    for (bool use_bool : {true, false}) {
        AttentionOptions o;
        o.return_weights = true;
        if (use_bool) {
            o.bool_mask = &bmask;
        } else {
            o.float_mask = &fmask;
        }
        const AttentionResult r = scaled_dot_product_attention_rowwise_xsimd(q, k, v, o);
        const AttentionResultF64 ref = scaled_dot_product_attention_reference_f64(q, k, v, o);
        CHECK(r.fully_masked_rows == expected);
        CHECK(ref.fully_masked_rows == expected);
        for (const AttentionRow& row : expected) {
            const std::size_t flat = (row.batch * 2 + row.head) * 3 + row.row;
            for (std::size_t e = 0; e < 3; ++e) {
                CHECK(r.output.data[flat * 3 + e] == 0.0f);  // not NaN (PyTorch's math path)
                CHECK(ref.output.data[flat * 3 + e] == 0.0);
            }
            for (std::size_t j = 0; j < 5; ++j) CHECK(r.weights->data[flat * 5 + j] == 0.0f);
        }
        // Masked positions of the other rows weigh exactly 0.
        for (std::size_t bh = 0; bh < 4; ++bh) {
            CHECK(r.weights->data[(bh * 3 + 0) * 5 + 1] == 0.0f);
            CHECK(r.weights->data[(bh * 3 + 0) * 5 + 3] == 0.0f);
        }
        ErrorReport report;
        check_against_reference(q, k, v, o, report);
    }

    SECTION("no keys at all (S = 0): every row is fully masked, output 0") {
        const Tensor k0({2, 2, 0, 4}), v0({2, 2, 0, 3});
        const AttentionResult r = scaled_dot_product_attention(q, k0, v0);
        CHECK(r.output.shape == Shape{2, 2, 3, 3});
        CHECK(r.fully_masked_rows.size() == 12);
        for (float x : r.output.data) CHECK(x == 0.0f);
        CHECK(scaled_dot_product_attention_reference_f64(q, k0, v0).fully_masked_rows.size() == 12);
    }
}

TEST_CASE("attention: a bool mask equals a 0/-inf float mask, at every broadcast shape",
          "[attention]") {
    TestRng rng{17};
    const std::size_t B = 2, H = 3, L = 5, S = 17;
    const Tensor q = random_tensor({B, H, L, 8}, rng);
    const Tensor k = random_tensor({B, H, S, 8}, rng);
    const Tensor v = random_tensor({B, H, S, 4}, rng);
    for (const Shape& ms : {Shape{S}, Shape{L, S}, Shape{1, H, L, S}, Shape{B, 1, 1, S},
                            Shape{B, H, L, S}, Shape{1, S}, Shape{H, 1, S}}) {
        INFO("mask " << shape_to_string(ms));
        BoolTensor bmask(ms);
        for (auto& x : bmask.data) x = rng.uniform(0.0f, 1.0f) < 0.7f;
        Tensor fmask(ms);
        for (std::size_t n = 0; n < fmask.numel(); ++n) fmask.data[n] = bmask.data[n] ? 0.0f : kNegInf;
        // The same mask written out at full (B, H, L, S) by hand: the broadcasting spec.
        BoolTensor full({B, H, L, S});
        Shape padded(4 - ms.size(), 1);
        padded.insert(padded.end(), ms.begin(), ms.end());
        for (std::size_t b = 0; b < B; ++b)
            for (std::size_t h = 0; h < H; ++h)
                for (std::size_t i = 0; i < L; ++i)
                    for (std::size_t j = 0; j < S; ++j) {
                        const std::size_t src =
                            ((((padded[0] == 1 ? 0 : b) * padded[1] + (padded[1] == 1 ? 0 : h)) *
                                  padded[2] + (padded[2] == 1 ? 0 : i)) * padded[3]) + j;
                        full.data[((b * H + h) * L + i) * S + j] = bmask.data[src];
                    }
        AttentionOptions ob, of, oful;
        ob.bool_mask = &bmask;
        of.float_mask = &fmask;
        oful.bool_mask = &full;
        const AttentionResult rb = scaled_dot_product_attention(q, k, v, ob);
        // logit + 0 is exact and logit + -inf is -inf: bit-identical, not just close.
        CHECK(bit_equal(rb.output, scaled_dot_product_attention(q, k, v, of).output));
        CHECK(bit_equal(rb.output, scaled_dot_product_attention(q, k, v, oful).output));
        CHECK(rb.fully_masked_rows == scaled_dot_product_attention(q, k, v, of).fully_masked_rows);
        ErrorReport report;
        check_against_reference(q, k, v, ob, report);
    }
}

TEST_CASE("attention: is_causal is the top-left lower-triangular bool mask", "[attention]") {
    TestRng rng{23};
    for (std::size_t L : kEdgeSizes) {
        for (std::size_t S : kEdgeSizes) {
            const Tensor q = random_tensor({1, 2, L, 4}, rng);
            const Tensor k = random_tensor({1, 2, S, 4}, rng);
            const Tensor v = random_tensor({1, 2, S, 3}, rng);
            BoolTensor tril({L, S});  // torch.ones(L, S).tril(): query i sees keys j <= i
            for (std::size_t i = 0; i < L; ++i)
                for (std::size_t j = 0; j < S; ++j) tril.data[i * S + j] = j <= i;
            AttentionOptions causal, masked;
            causal.is_causal = true;
            masked.bool_mask = &tril;
            // The same kernel gives the same bits either way; the engine's choice (tiled for
            // is_causal, rowwise for a mask) sums in another order: within the float32 bound.
            CHECK(bit_equal(scaled_dot_product_attention_rowwise_xsimd(q, k, v, causal).output,
                            scaled_dot_product_attention_rowwise_xsimd(q, k, v, masked).output));
            const AttentionResult rc = scaled_dot_product_attention(q, k, v, causal);
            CHECK(std::string(rc.kernel) == "scaled_dot_product_attention_tiled_4x8_xsimd");
            const AttentionResultF64 rm = scaled_dot_product_attention_reference_f64(q, k, v, masked);
            CHECK(max_abs_diff(rc.output, rm.output) <= attention_tolerances(q, k, v, 0.5).output);
            CHECK(rc.fully_masked_rows.empty());  // key 0 is always visible when S >= 1
            // Row 0 sees only key 0: its output is v[0] exactly (weight exp(0)/1 = 1).
            for (std::size_t e = 0; e < 3; ++e) CHECK(rc.output.data[e] == v.data[e]);
            ErrorReport report;
            check_against_reference(q, k, v, causal, report);
        }
    }
}

TEST_CASE("attention: enable_gqa equals explicitly repeated key/value heads", "[attention]") {
    TestRng rng{31};
    for (std::size_t Hkv : {1u, 2u, 3u}) {
        const std::size_t Hq = 6, group = Hq / Hkv;
        const Tensor q = random_tensor({2, Hq, 5, 4}, rng);
        const Tensor k = random_tensor({2, Hkv, 7, 4}, rng);
        const Tensor v = random_tensor({2, Hkv, 7, 3}, rng);
        // k.repeat_interleave(group, dim=1): query head h reads kv head h / group.
        Tensor kr({2, Hq, 7, 4}), vr({2, Hq, 7, 3});
        for (std::size_t b = 0; b < 2; ++b)
            for (std::size_t h = 0; h < Hq; ++h) {
                const std::size_t g = h / group;
                std::copy_n(k.data.begin() + (b * Hkv + g) * 28, 28, kr.data.begin() + (b * Hq + h) * 28);
                std::copy_n(v.data.begin() + (b * Hkv + g) * 21, 21, vr.data.begin() + (b * Hq + h) * 21);
            }
        AttentionOptions gqa;
        gqa.enable_gqa = true;
        const AttentionResult r = scaled_dot_product_attention(q, k, v, gqa);
        CHECK(r.output.shape == Shape{2, Hq, 5, 3});
        CHECK(bit_equal(r.output, scaled_dot_product_attention(q, kr, vr).output));
        ErrorReport report;
        check_against_reference(q, k, v, gqa, report);
    }
}

TEST_CASE("attention: dropout", "[attention]") {
    TestRng rng{41};
    const Tensor q = random_tensor({1, 1, 64, 8}, rng);
    const Tensor k = random_tensor({1, 1, 64, 8}, rng);
    const Tensor v = random_tensor({1, 1, 64, 5}, rng);
    AttentionOptions plain;
    plain.return_weights = true;
    const AttentionResult base = scaled_dot_product_attention(q, k, v, plain);

    SECTION("p = 0 is the identity") {
        AttentionOptions o = plain;
        o.dropout_p = 0.0;
        o.dropout_seed = 1234;
        const AttentionResult r = scaled_dot_product_attention(q, k, v, o);
        CHECK(bit_equal(r.output, base.output));
        CHECK(bit_equal(*r.weights, *base.weights));
    }
    SECTION("reproducible per seed, keeps about 1 - p, scales kept weights by 1/(1-p)") {
        AttentionOptions o = plain;
        o.dropout_p = 0.3;
        o.dropout_seed = 7;
        const AttentionResult r1 = scaled_dot_product_attention(q, k, v, o);
        const AttentionResult r2 = scaled_dot_product_attention(q, k, v, o);
        CHECK(bit_equal(r1.output, r2.output));
        o.dropout_seed = 8;
        const AttentionResult r3 = scaled_dot_product_attention(q, k, v, o);
        CHECK_FALSE(bit_equal(r1.output, r3.output));

        std::size_t kept = 0;
        const std::size_t n = r1.weights->numel();  // 64 * 64 = 4096 weights
        for (std::size_t j = 0; j < n; ++j) {
            const float w = r1.weights->data[j], w0 = base.weights->data[j];
            if (w != 0.0f) {
                ++kept;
                // w0 * float(1/0.7): two roundings, 1 ulp of w
                CHECK(w == Approx(w0 / 0.7).epsilon(2 * kEps32));
            }
            CHECK((w != 0.0f) == dropout_keep(7, j, 0.3));  // keyed by the flat index only
        }
        // Binomial(4096, 0.7): sd = sqrt(0.21 / 4096) = 0.0072; 4 sd = 0.029.
        CHECK(static_cast<double>(kept) / n == Approx(0.7).margin(0.029));

        // The reference drops exactly the same weights (same seed, same flat index).
        o.dropout_seed = 7;
        const AttentionResultF64 ref = scaled_dot_product_attention_reference_f64(q, k, v, o);
        for (std::size_t j = 0; j < n; ++j) CHECK((ref.weights->data[j] == 0.0) == (r1.weights->data[j] == 0.0f));
        ErrorReport report;
        check_against_reference(q, k, v, o, report);
    }
    SECTION("order independent: a batch of two rows each dropped as alone at its flat index") {
        // splitmix64_uniform(seed, index) is value number index + 1 of Vigna's stateful generator
        // seeded with `seed`, whatever was drawn before: 101 calls of splitmix64.c's next() from
        // x = 7 return 0xCB6C0A554FAB024B (computed by that loop in Python), whose top 53 bits
        // over 2^53 are 0x1.96d814aa9f560p-1.
        CHECK(splitmix64_uniform(7, 100) == 0x1.96d814aa9f560p-1);
        CHECK(splitmix64_uniform(7, 100) != splitmix64_uniform(7, 101));
        // First value of the stream seeded with 0 (Vigna's splitmix64.c reference output).
        CHECK(splitmix64_mix(0x9E3779B97F4A7C15ull) == 0xE220A8397B1DCDAFull);
    }
}

TEST_CASE("attention: errors name the tensors and shapes", "[attention]") {
    TestRng rng{3};
    const Tensor q = random_tensor({1, 2, 5, 4}, rng);
    const Tensor k = random_tensor({1, 2, 6, 4}, rng);
    const Tensor v = random_tensor({1, 2, 6, 3}, rng);
    const AttentionOptions none;

    CHECK(error_of(q, random_tensor({1, 2, 6, 3}, rng), v, none) ==
          "key width 3 does not match query width 4: query (1, 2, 5, 4), key (1, 2, 6, 3)");
    CHECK(error_of(q, k, random_tensor({1, 2, 5, 3}, rng), none) ==
          "value length 5 does not match key length 6: key (1, 2, 6, 4), value (1, 2, 5, 3)");
    CHECK(error_of(q, k, random_tensor({1, 1, 6, 3}, rng), none) ==
          "value heads 1 do not match key heads 2: key (1, 2, 6, 4), value (1, 1, 6, 3)");
    CHECK(error_of(random_tensor({5}, rng), k, v, none) ==
          "query has rank 1; attention takes rank 2 (L, E), 3 (H, L, E) or 4 (B, H, L, E): "
          "query (5)");
    CHECK(error_of(q, random_tensor({1, 1, 2, 6, 4}, rng), v, none) ==
          "key has rank 5; attention takes rank 2 (L, E), 3 (H, L, E) or 4 (B, H, L, E): "
          "key (1, 1, 2, 6, 4)");
    CHECK(error_of(q, random_tensor({2, 6, 4}, rng), v, none) ==
          "key rank 3 does not match query rank 4: query (1, 2, 5, 4), key (2, 6, 4)");
    CHECK(error_of(random_tensor({2, 2, 5, 4}, rng), random_tensor({3, 2, 6, 4}, rng), v, none) ==
          "key batch 3 does not broadcast with query batch 2: query (2, 2, 5, 4), "
          "key (3, 2, 6, 4)");
    CHECK(error_of(q, Tensor({1, 2, 6, 4}, {1.0f}), v, none) ==
          "key has 1 values but its shape (1, 2, 6, 4) needs 48");

    SECTION("heads and enable_gqa") {
        const Tensor k1 = random_tensor({1, 1, 6, 4}, rng), v1 = random_tensor({1, 1, 6, 3}, rng);
        const Tensor q3 = random_tensor({1, 3, 5, 4}, rng);
        const Tensor k2 = random_tensor({1, 2, 6, 4}, rng), v2 = random_tensor({1, 2, 6, 3}, rng);
        CHECK(error_of(q, k1, v1, none) ==
              "query heads 2 do not match key heads 1 (set enable_gqa to share key/value heads): "
              "query (1, 2, 5, 4), key (1, 1, 6, 4)");
        AttentionOptions gqa;
        gqa.enable_gqa = true;
        CHECK(error_of(q3, k2, v2, gqa) ==
              "query heads 3 are not a multiple of key heads 2 (enable_gqa): "
              "query (1, 3, 5, 4), key (1, 2, 6, 4)");
    }
    SECTION("masks") {
        BoolTensor bad({2, 3});
        AttentionOptions o;
        o.bool_mask = &bad;
        CHECK(error_of(q, k, v, o) ==
              "attn_mask (2, 3) does not broadcast to (1, 2, 5, 6) = (B, Hq, L, S): "
              "query (1, 2, 5, 4), key (1, 2, 6, 4)");
        BoolTensor deep({1, 1, 1, 5, 6});
        o.bool_mask = &deep;
        CHECK(error_of(q, k, v, o) ==
              "attn_mask (1, 1, 1, 5, 6) does not broadcast to (1, 2, 5, 6) = (B, Hq, L, S): "
              "query (1, 2, 5, 4), key (1, 2, 6, 4)");
        BoolTensor good({5, 6});
        o.bool_mask = &good;
        o.is_causal = true;
        CHECK(error_of(q, k, v, o) ==
              "attn_mask and is_causal cannot both be set (as in PyTorch): attn_mask (5, 6), "
              "query (1, 2, 5, 4), key (1, 2, 6, 4)");
        Tensor fmask({5, 6});
        o.is_causal = false;
        o.float_mask = &fmask;
        CHECK(error_of(q, k, v, o) ==
              "attn_mask is given both as a bool and as a float tensor; pass one: "
              "bool attn_mask (5, 6), float attn_mask (5, 6)");
        o.bool_mask = nullptr;
        fmask.data[7] = std::numeric_limits<float>::quiet_NaN();
        CHECK(error_of(q, k, v, o) ==
              "attn_mask has nan at (1, 1); a float mask holds finite values and -inf (masked): "
              "attn_mask (5, 6)");
        fmask.data[7] = std::numeric_limits<float>::infinity();
        CHECK(error_of(q, k, v, o) ==
              "attn_mask has inf at (1, 1); a float mask holds finite values and -inf (masked): "
              "attn_mask (5, 6)");
        fmask.data[7] = kNegInf;  // allowed: masked
        CHECK(error_of(q, k, v, o) == "<no UserError>");
    }
    SECTION("dropout_p and scale") {
        for (double p : {-0.1, 1.0, 1.5, std::numeric_limits<double>::quiet_NaN()}) {
            AttentionOptions o;
            o.dropout_p = p;
            CHECK_THAT(error_of(q, k, v, o), Catch::Matchers::StartsWith("dropout_p must be in [0, 1), got "));
        }
        AttentionOptions o;
        o.dropout_p = 1.0;
        CHECK(error_of(q, k, v, o) == "dropout_p must be in [0, 1), got 1.000000");
        o.dropout_p = 0.0;
        o.scale = std::numeric_limits<double>::infinity();
        CHECK(error_of(q, k, v, o) == "scale must be finite, got inf");
        const Tensor q0({1, 2, 5, 0}), k0({1, 2, 6, 0});
        CHECK(error_of(q0, k0, v, {}) ==
              "query width is 0, so the default scale 1/sqrt(E) is undefined; pass scale: "
              "query (1, 2, 5, 0), key (1, 2, 6, 0)");
        o.scale = 0.5;  // with an explicit scale, E = 0 is fine: all logits 0, uniform weights
        CHECK(error_of(q0, k0, v, o) == "<no UserError>");
    }
    SECTION("non-finite values name the tensor and the index") {
        Tensor qn = q, kn = k, vn = v;
        qn.data[1 * 20 + 2 * 4 + 3] = std::numeric_limits<float>::quiet_NaN();
        CHECK(error_of(qn, k, v, none) ==
              "query has a non-finite value nan at (0, 1, 2, 3): query (1, 2, 5, 4)");
        kn.data[5] = kNegInf;
        CHECK(error_of(q, kn, v, none) ==
              "key has a non-finite value -inf at (0, 0, 1, 1): key (1, 2, 6, 4)");
        vn.data[35] = std::numeric_limits<float>::infinity();
        CHECK(error_of(q, k, vn, none) ==
              "value has a non-finite value inf at (0, 1, 5, 2): value (1, 2, 6, 3)");
    }
    SECTION("float32 logit overflow in the fused kernel") {
        const Tensor qb({1, 4}, {3e38f, 3e38f, 0, 0}), kb({1, 4}, {3e38f, 3e38f, 0, 0});
        const Tensor vb({1, 1}, {1.0f});
        CHECK(user_error_message([&] { scaled_dot_product_attention_rowwise_xsimd(qb, kb, vb); }) ==
              "attention logit overflows float32 at (batch 0, head 0, query 0, key 0): "
              "query (1, 4), key (1, 4)");
        // Overflow to -inf must not pass for "masked": the reference would give a real softmax.
        const Tensor kneg({1, 4}, {-3e38f, -3e38f, 0, 0});
        CHECK(user_error_message([&] { scaled_dot_product_attention_rowwise_xsimd(qb, kneg, vb); }) ==
              "attention logit overflows float32 at (batch 0, head 0, query 0, key 0): "
              "query (1, 4), key (1, 4)");
        // ... nor a finite logit plus a finite float mask value.
        const Tensor one({1, 4}, {1, 0, 0, 0});
        const Tensor huge({1, 1}, {3.4e38f});
        AttentionOptions o;
        o.float_mask = &huge;
        o.scale = 1e38;
        CHECK(user_error_message([&] { scaled_dot_product_attention_rowwise_xsimd(one, one, vb, o); }) ==
              "attention logit overflows float32 at (batch 0, head 0, query 0, key 0): "
              "query (1, 4), key (1, 4)");
        CHECK(user_error_message([&] { scaled_dot_product_attention_reference_f64(one, one, vb, o); }) ==
              "<no UserError>");  // float64 has the range
    }
    SECTION("float32 output overflow in the fused kernel") {
        // Three equal keys keep weight 1/3 each; dropout p = 0.1 scales the kept ones by 1/0.9, so
        // o = 3 * (1/3) / 0.9 * 3.4e38 = 3.78e38 > FLT_MAX when all three are kept (the first seed
        // that keeps them). Found by the attention fuzz target (tests/fuzz/regressions/attention/).
        const Tensor q0({1, 1}, {0.0f}), k0({3, 1}, {0.0f, 0.0f, 0.0f});
        const Tensor big({3, 1}, {3.4e38f, 3.4e38f, 3.4e38f});
        AttentionOptions o;
        o.dropout_p = 0.1;
        while (!(dropout_keep(o.dropout_seed, 0, 0.1) && dropout_keep(o.dropout_seed, 1, 0.1) &&
                 dropout_keep(o.dropout_seed, 2, 0.1)))
            ++o.dropout_seed;
        CHECK(user_error_message([&] { scaled_dot_product_attention_rowwise_xsimd(q0, k0, big, o); }) ==
              "attention output overflows float32 at (batch 0, head 0, query 0, value column 0): value (3, 1)");
        // The same values without dropout mix to 3.4e38 (a convex combination): no error.
        CHECK(scaled_dot_product_attention_rowwise_xsimd(q0, k0, big).output.data[0] == Approx(3.4e38));
    }
}

namespace {

// Problems at the sizes models use, each with its mask: T = 512 and 1024, several heads, GQA,
// cross-attention (L != S). Inputs are uniform in [-2, 2] so that logits reach ~|scale E 4| and
// the softmax is far from uniform.
struct LargeCase {
    const char* name;
    Shape q, k, v;
    bool causal = false, gqa = false;
    enum class MaskKind { none, key_padding, random_bool, alibi } mask = MaskKind::none;
};

const LargeCase kLargeCases[] = {
    {"self-attention T=512, 4 heads, causal", {1, 4, 512, 64}, {1, 4, 512, 64}, {1, 4, 512, 64}, true},
    {"GQA 4 query heads on 2 kv heads, T=512, batch 2 against kv batch 1, key padding", {2, 4, 512, 64},
     {1, 2, 512, 64}, {1, 2, 512, 32}, false, true, LargeCase::MaskKind::key_padding},
    {"T=1024, 2 heads, ALiBi float mask with -inf above the diagonal", {1, 2, 1024, 32}, {1, 2, 1024, 32},
     {1, 2, 1024, 16}, false, false, LargeCase::MaskKind::alibi},
    {"cross-attention L=256, S=768, random bool mask", {1, 3, 256, 48}, {1, 3, 768, 48}, {1, 3, 768, 40},
     false, false, LargeCase::MaskKind::random_bool},
};

// The inputs of a large case (deterministic per case) and its options; masks live in `masks`.
struct LargeInputs {
    Tensor q, k, v;
    BoolTensor bool_mask;
    Tensor float_mask;
    double mask_max = 0.0;
    AttentionOptions options;
};

void make_large_inputs(const LargeCase& c, std::uint64_t seed, LargeInputs& in) {
    TestRng rng{seed};
    in.q = random_tensor(c.q, rng, -2.0f, 2.0f);
    in.k = random_tensor(c.k, rng, -2.0f, 2.0f);
    in.v = random_tensor(c.v, rng, -2.0f, 2.0f);
    in.options = {};
    in.options.is_causal = c.causal;
    in.options.enable_gqa = c.gqa;
    const std::size_t B = c.q[0], H = c.q[1], L = c.q[2], S = c.k[2];
    switch (c.mask) {
        case LargeCase::MaskKind::none: break;
        case LargeCase::MaskKind::key_padding:  // (B, 1, 1, S): batch b's last 100 + 50 b keys are padding
            in.bool_mask = BoolTensor({B, 1, 1, S});
            for (std::size_t b = 0; b < B; ++b)
                for (std::size_t j = 0; j < S; ++j) in.bool_mask.data[b * S + j] = j + 100 + 50 * b < S;
            in.options.bool_mask = &in.bool_mask;
            break;
        case LargeCase::MaskKind::random_bool:  // (L, S), 90% visible
            in.bool_mask = BoolTensor({L, S});
            for (auto& b : in.bool_mask.data) b = rng.uniform(0.0f, 1.0f) < 0.9f;
            in.options.bool_mask = &in.bool_mask;
            break;
        case LargeCase::MaskKind::alibi:  // (H, L, S): -slope_h (i - j) at and below the diagonal
            in.float_mask = Tensor({H, L, S});
            for (std::size_t h = 0; h < H; ++h)
                for (std::size_t i = 0; i < L; ++i)
                    for (std::size_t j = 0; j < S; ++j) {
                        const float slope = std::ldexp(1.0f, -static_cast<int>(h + 1));  // 1/2, 1/4
                        in.float_mask.data[(h * L + i) * S + j] =
                            j > i ? kNegInf : -slope * static_cast<float>(i - j);
                    }
            in.mask_max = 0.5 * static_cast<double>(L - 1);
            in.options.float_mask = &in.float_mask;
            break;
    }
}

}  // namespace

TEST_CASE("attention at model sizes (T = 512, 1024; heads, GQA, masks, causal) matches the float64 spec",
          "[attention]") {
    // Tolerances: attention_tolerances() (attention_tolerance.hpp), the worst-case bound of each
    // pass for these sizes (E = 64, S = 512: ~3e-4 on the weights), not the typical error, which
    // is ~100x smaller: the printed ratios show the margin.
    for (std::size_t n = 0; n < sizeof kLargeCases / sizeof kLargeCases[0]; ++n) {
        const LargeCase& c = kLargeCases[n];
        INFO(c.name);
        LargeInputs in;
        make_large_inputs(c, 1000 + n, in);
        ErrorReport report;
        check_against_reference(in.q, in.k, in.v, in.options, report, in.mask_max);
        std::printf("[attention] %s: max |output error| %.3g, max |weight error| %.3g, worst "
                    "error/tolerance %.3f\n",
                    c.name, report.worst_output_error, report.worst_weights_error, report.worst_ratio);
    }
}

#ifdef ATTNBOOK_PYTHON
TEST_CASE("attention at model sizes matches numpy in float64", "[attention][python]") {
    // numpy evaluates the formula on its own (np.repeat for GQA, np.tril for causal, numpy's own
    // broadcasting of the mask, float64 matmul and exp), from the same float32 inputs.
    const char* program = R"PY(
import json, sys
import numpy as np
d = sys.argv[1]
meta = json.load(open(d + '/meta.json'))
def load(name, dtype):
    return np.fromfile(d + '/' + name, dtype=dtype).reshape(meta[name])
q = load('q', '<f4').astype(np.float64)
k = load('k', '<f4').astype(np.float64)
v = load('v', '<f4').astype(np.float64)
if meta['gqa']:
    k = np.repeat(k, q.shape[1] // k.shape[1], axis=1)
    v = np.repeat(v, q.shape[1] // v.shape[1], axis=1)
s = (q @ np.swapaxes(k, -1, -2)) * (1.0 / np.sqrt(q.shape[-1]))
L, S = s.shape[-2], s.shape[-1]
if meta['causal']:
    s = np.where(np.tril(np.ones((L, S), dtype=bool)), s, -np.inf)
if 'bool_mask' in meta:
    s = np.where(load('bool_mask', np.uint8) != 0, s, -np.inf)
if 'float_mask' in meta:
    s = s + load('float_mask', '<f4').astype(np.float64)
top = s.max(axis=-1, keepdims=True)
w = np.exp(s - top)
w = w / w.sum(axis=-1, keepdims=True)
(w @ v).astype('<f8').tofile(d + '/out')
)PY";
    for (std::size_t n = 0; n < sizeof kLargeCases / sizeof kLargeCases[0]; ++n) {
        const LargeCase& c = kLargeCases[n];
        INFO(c.name);
        LargeInputs in;
        make_large_inputs(c, 1000 + n, in);
        char dir_template[] = "/tmp/attnbook-attention-XXXXXX";
        REQUIRE(mkdtemp(dir_template) != nullptr);
        const std::string dir = dir_template;
        auto write = [&](const std::string& name, const void* data, std::size_t bytes) {
            std::ofstream(dir + "/" + name, std::ios::binary).write(static_cast<const char*>(data), bytes);
        };
        nlohmann::json meta = {{"q", in.q.shape}, {"k", in.k.shape}, {"v", in.v.shape},
                               {"causal", c.causal}, {"gqa", c.gqa}};
        write("q", in.q.data.data(), in.q.numel() * 4);
        write("k", in.k.data.data(), in.k.numel() * 4);
        write("v", in.v.data.data(), in.v.numel() * 4);
        if (in.options.bool_mask) {
            meta["bool_mask"] = in.bool_mask.shape;
            write("bool_mask", in.bool_mask.data.data(), in.bool_mask.numel());
        }
        if (in.options.float_mask) {
            meta["float_mask"] = in.float_mask.shape;
            write("float_mask", in.float_mask.data.data(), in.float_mask.numel() * 4);
        }
        std::ofstream(dir + "/meta.json") << meta.dump();
        attnbook_test::run_python(program, "attention-numpy", {dir});

        const AttentionResult fused = scaled_dot_product_attention(in.q, in.k, in.v, in.options);
        std::vector<double> numpy(fused.output.numel());
        std::ifstream out(dir + "/out", std::ios::binary);
        REQUIRE(out.read(reinterpret_cast<char*>(numpy.data()), numpy.size() * sizeof(double)));
        const AttentionTolerances tol = attention_tolerances(
            in.q, in.k, in.v, 1.0 / std::sqrt(static_cast<double>(c.q[3])), in.mask_max);
        const double error = max_abs_diff(fused.output.data, numpy);
        INFO("output error against numpy " << error << ", tolerance " << tol.output);
        CHECK(error <= tol.output);
        std::printf("[attention] %s: max |output - numpy| %.3g (tolerance %.3g)\n", c.name, error, tol.output);
        for (const char* name : {"q", "k", "v", "bool_mask", "float_mask", "meta.json", "out"})
            std::remove((dir + "/" + name).c_str());
        rmdir(dir.c_str());
    }
}
#endif  // ATTNBOOK_PYTHON

// The messages name shapes this way; they are not Python literals (one dimension is (3), not (3,)).
TEST_CASE("tensor: shapes print in parentheses, comma-separated", "[attention]") {
    CHECK(shape_to_string({1, 2, 3, 4}) == "(1, 2, 3, 4)");
    CHECK(shape_to_string({3}) == "(3)");
    CHECK(shape_to_string({}) == "()");
    CHECK(index_to_string({2, 3, 4}, 23) == "(1, 2, 3)");
}
