// The register-tiled attention kernels (scaled_dot_product_attention_tiled_{4x8,2x16,6x8}_xsimd
// and the raw attention_forward_f32 entry) against float64 references, over a sweep of shapes
// that puts every tail in play: L not a multiple of the tile's rows, S not a multiple of its
// keys or of the 64-key softmax block, E and Ev not multiples of 4 or 8; causal and not; heads,
// batches and GQA; up to T = 4096 (sampled rows against a float64 row written here); and the
// kernel's own 2^x (exp2_nonpositive_f32) against std::exp2 in double.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "attention_tolerance.hpp"
#include "attnbook/core/attention.hpp"
#include "attnbook/core/errors.hpp"
#include "float_test_inputs.hpp"
#include "../../engine/src/core/exp_f32.hpp"  // internal to the engine: the kernel's exp

using namespace attnbook;
using attnbook_test::attention_tolerances;
using attnbook_test::AttentionTolerances;
using attnbook_test::kEps32;
using attnbook_test::max_abs_diff;
using attnbook_test::random_tensor;
using attnbook_test::TestRng;

namespace {

using TiledFn = AttentionResult (*)(const Tensor&, const Tensor&, const Tensor&, const AttentionOptions&);
struct Variant {
    const char* name;
    TiledFn fn;
    AttentionTile tile;
};
const Variant kVariants[] = {
    {"scaled_dot_product_attention_tiled_4x8_xsimd", scaled_dot_product_attention_tiled_4x8_xsimd, AttentionTile::t4x8},
    {"scaled_dot_product_attention_tiled_2x16_xsimd", scaled_dot_product_attention_tiled_2x16_xsimd, AttentionTile::t2x16},
    {"scaled_dot_product_attention_tiled_6x8_xsimd", scaled_dot_product_attention_tiled_6x8_xsimd, AttentionTile::t6x8},
};

// The rowwise kernel's bound (attention_tolerance.hpp) plus the online softmax's rescaling: one
// more rounding of o and l per 64-key block (the kernel's kKeyBlock), and of the alpha itself.
// The tiled kernel's logits are in base 2: qscale = float(scale log2 e) adds one rounding to
// each logit, inside the 2x margin of the logit bound (kEps32 = 2u per term there).
double output_tolerance(const Tensor& q, const Tensor& k, const Tensor& v, double scale) {
    const AttentionTolerances tol = attention_tolerances(q, k, v, scale);
    const double S = static_cast<double>(k.shape[k.rank() - 2]);
    return tol.output + attnbook_test::max_abs(v) * kEps32 * (S / 64.0 + 2.0);
}

// One output row in float64, written here from the formula (no engine code): q_i (E), keys
// 0..n_keys-1 of k (S, E) and v (S, Ev).
std::vector<double> row_f64(const float* qi, const float* k, const float* v, std::size_t n_keys, std::size_t E,
                            std::size_t Ev, double scale) {
    std::vector<double> a(n_keys);
    double m = -HUGE_VAL;
    for (std::size_t j = 0; j < n_keys; ++j) {
        double dot = 0.0;
        for (std::size_t e = 0; e < E; ++e) dot += static_cast<double>(qi[e]) * k[j * E + e];
        a[j] = scale * dot;
        m = std::max(m, a[j]);
    }
    double sum = 0.0;
    for (double& x : a) sum += (x = std::exp(x - m));
    std::vector<double> o(Ev, 0.0);
    for (std::size_t j = 0; j < n_keys; ++j)
        for (std::size_t e = 0; e < Ev; ++e) o[e] += a[j] / sum * v[j * Ev + e];
    return o;
}

}  // namespace

TEST_CASE("tiled attention: every variant matches the float64 reference over a sweep of shapes and tails",
          "[attention][tiled]") {
    TestRng rng{4242};
    const std::size_t tokens[] = {1, 2, 3, 5, 7, 8, 9, 16, 17, 33, 255, 256, 257, 300, 513};
    const std::size_t widths[] = {1, 3, 4, 8, 13, 16, 64, 67};
    double worst_ratio = 0.0;
    std::size_t cases = 0;
    for (const Variant& var : kVariants) {
        for (std::size_t n = 0; n < 60; ++n) {
            // Shapes drawn from the lists (deterministic): every list entry appears across the run.
            const std::size_t L = tokens[(n * 7 + 3) % 15], S = tokens[(n * 11 + 5) % 15];
            const std::size_t E = widths[(n * 5) % 8], Ev = widths[(n * 3 + 1) % 8];
            const bool causal = n % 2 == 1;
            const Tensor q = random_tensor({2, L, E}, rng);
            const Tensor k = random_tensor({2, S, E}, rng);
            const Tensor v = random_tensor({2, S, Ev}, rng, -2.0f, 2.0f);
            AttentionOptions o;
            o.is_causal = causal;
            const AttentionResult r = var.fn(q, k, v, o);
            const AttentionResultF64 ref = scaled_dot_product_attention_reference_f64(q, k, v, o);
            const double scale = 1.0 / std::sqrt(static_cast<double>(E));
            const double tol = output_tolerance(q, k, v, scale);
            const double err = max_abs_diff(r.output.data, ref.output.data);
            INFO(var.name << " L " << L << " S " << S << " E " << E << " Ev " << Ev << " causal " << causal
                          << ": error " << err << " tolerance " << tol);
            CHECK(std::string(r.kernel) == var.name);
            CHECK(r.output.shape == ref.output.shape);
            CHECK(err <= tol);
            CHECK(r.fully_masked_rows.empty());
            worst_ratio = std::max(worst_ratio, err / tol);
            ++cases;
        }
    }
    std::printf("[tiled] %zu shapes x variants: worst error/tolerance %.3g\n", cases, worst_ratio);
}

TEST_CASE("tiled attention: heads, batch broadcast, GQA and an explicit scale", "[attention][tiled]") {
    TestRng rng{77};
    const Tensor q = random_tensor({2, 4, 37, 24}, rng);  // (B, Hq, L, E)
    const Tensor k = random_tensor({1, 2, 45, 24}, rng);  // (1, Hkv, S, E): batch broadcast, GQA
    const Tensor v = random_tensor({1, 2, 45, 20}, rng);
    for (const bool causal : {false, true}) {
        AttentionOptions o;
        o.enable_gqa = true;
        o.is_causal = causal;
        o.scale = 0.3;
        for (const Variant& var : kVariants) {
            const AttentionResult r = var.fn(q, k, v, o);
            const AttentionResultF64 ref = scaled_dot_product_attention_reference_f64(q, k, v, o);
            INFO(var.name << " causal " << causal);
            CHECK(std::string(r.kernel) == var.name);
            CHECK(max_abs_diff(r.output.data, ref.output.data) <= output_tolerance(q, k, v, 0.3));
        }
    }
}

TEST_CASE("tiled attention: causal output of row i does not depend on keys after i", "[attention][tiled]") {
    TestRng rng{5};
    const std::size_t L = 300, E = 16;
    Tensor q = random_tensor({L, E}, rng), k = random_tensor({L, E}, rng), v = random_tensor({L, E}, rng);
    AttentionOptions o;
    o.is_causal = true;
    const std::size_t cut = 133;  // change every key and value after `cut`
    Tensor k2 = k, v2 = v;
    for (std::size_t n = (cut + 1) * E; n < k2.data.size(); ++n) {
        k2.data[n] = rng.uniform(-30.0f, 30.0f);
        v2.data[n] = rng.uniform(-30.0f, 30.0f);
    }
    for (const Variant& var : kVariants) {
        const Tensor a = var.fn(q, k, v, o).output, b = var.fn(q, k2, v2, o).output;
        // Rows 0..cut see the same keys: their output is the same up to the key-block grouping
        // of the online softmax, which depends only on the row's own key count. Bit-identical.
        CHECK(std::memcmp(a.data.data(), b.data.data(), (cut + 1) * E * sizeof(float)) == 0);
    }
}

TEST_CASE("tiled attention: masks, dropout and weights run the rowwise kernel, and say so", "[attention][tiled]") {
    TestRng rng{9};
    const Tensor q = random_tensor({4, 8}, rng), k = random_tensor({5, 8}, rng), v = random_tensor({5, 8}, rng);
    AttentionOptions with_weights;
    with_weights.return_weights = true;
    CHECK(std::string(scaled_dot_product_attention(q, k, v, with_weights).kernel) ==
          "scaled_dot_product_attention_rowwise_xsimd");
    AttentionOptions drop;
    drop.dropout_p = 0.25;
    CHECK(std::string(scaled_dot_product_attention_tiled_4x8_xsimd(q, k, v, drop).kernel) ==
          "scaled_dot_product_attention_rowwise_xsimd");
    const BoolTensor mask({4, 5}, std::vector<std::uint8_t>(20, 1));
    AttentionOptions masked;
    masked.bool_mask = &mask;
    CHECK(std::string(scaled_dot_product_attention(q, k, v, masked).kernel) == "scaled_dot_product_attention_rowwise_xsimd");
    CHECK(std::string(scaled_dot_product_attention(q, k, v, {}).kernel) == "scaled_dot_product_attention_tiled_4x8_xsimd");
    // No keys: every row fully masked, as the rowwise kernel reports it.
    const Tensor k0({0, 8}), v0({0, 8});
    const AttentionResult empty = scaled_dot_product_attention(q, k0, v0, {});
    CHECK(empty.fully_masked_rows.size() == 4);
    CHECK(std::all_of(empty.output.data.begin(), empty.output.data.end(), [](float x) { return x == 0.0f; }));
}

TEST_CASE("tiled attention: overflow gives the rowwise kernel's precise error", "[attention][tiled]") {
    // <q, k> = 2 * (1e38 * 4) overflows float32 at key 1; the message names the position.
    const Tensor q({1, 2}, {1e38f, 1e38f}), k({3, 2}, {0.0f, 0.0f, 4.0f, 4.0f, 0.0f, 0.0f}), v({3, 1}, {1, 2, 3});
    AttentionOptions o;
    o.scale = 1.0;
    std::string tiled, rowwise;
    try { scaled_dot_product_attention(q, k, v, o); } catch (const UserError& e) { tiled = e.what(); }
    try { scaled_dot_product_attention_rowwise_xsimd(q, k, v, o); } catch (const UserError& e) { rowwise = e.what(); }
    CHECK(!rowwise.empty());
    CHECK(tiled == rowwise);
    float out[1];
    CHECK_THROWS_AS(attention_forward_f32(q.data.data(), k.data.data(), v.data.data(), out, {1, 1, 3, 2, 1}, false, 1.0f),
                    UserError);
}

TEST_CASE("tiled attention: the raw float32 entry equals the Tensor entry, head by head", "[attention][tiled]") {
    TestRng rng{31};
    const std::size_t H = 3, L = 70, S = 91, E = 12, Ev = 10;
    const Tensor q = random_tensor({H, L, E}, rng), k = random_tensor({H, S, E}, rng), v = random_tensor({H, S, Ev}, rng);
    for (const bool causal : {false, true}) {
        for (const Variant& var : kVariants) {
            AttentionOptions o;
            o.is_causal = causal;
            const Tensor want = var.fn(q, k, v, o).output;
            std::vector<float> got(H * L * Ev, -1.0f);
            attention_forward_f32(q.data.data(), k.data.data(), v.data.data(), got.data(), {H, L, S, E, Ev}, causal,
                                  static_cast<float>(1.0 / std::sqrt(static_cast<double>(E))), var.tile);
            CHECK(std::memcmp(got.data(), want.data.data(), got.size() * sizeof(float)) == 0);
        }
    }
}

TEST_CASE("tiled attention at T = 1024, 2048 and 4096 (d = 64): sampled rows against float64", "[attention][tiled]") {
    TestRng rng{2048};
    for (const std::size_t T : {1024, 2048, 4096}) {
        const std::size_t E = 64;
        // Standard-normal-like inputs (sum of uniforms), so the logits spread as in a model.
        Tensor q({T, E}), k({T, E}), v({T, E});
        for (Tensor* t : {&q, &k, &v})
            for (auto& x : t->data) x = rng.uniform(-1, 1) + rng.uniform(-1, 1) + rng.uniform(-1, 1);
        const double scale = 1.0 / 8.0;
        const double tol = output_tolerance(q, k, v, scale);
        for (const bool causal : {false, true}) {
            AttentionOptions o;
            o.is_causal = causal;
            for (const Variant& var : kVariants) {
                if (T == 4096 && var.tile != AttentionTile::t4x8) continue;  // time: the engine's at the largest
                const Tensor out = var.fn(q, k, v, o).output;
                double err = 0.0;
                for (std::size_t i = 0; i < T; i += (T == 4096 ? 173 : 61)) {
                    const std::size_t rows[] = {i, T - 1 - i};
                    for (const std::size_t r : rows) {
                        const std::vector<double> want = row_f64(q.data.data() + r * E, k.data.data(), v.data.data(),
                                                                 causal ? r + 1 : T, E, E, scale);
                        for (std::size_t e = 0; e < E; ++e)
                            err = std::max(err, std::fabs(out.data[r * E + e] - want[e]));
                    }
                }
                INFO(var.name << " T " << T << " causal " << causal << ": error " << err << " tolerance " << tol);
                CHECK(err <= tol);
                CHECK(err < 1e-5);  // the typical float32 error at this size is ~1e-7
            }
        }
    }
}

TEST_CASE("tiled attention's 2^x (x <= 0) matches std::exp2 in double within 2 ulp, and is 0 below -126",
          "[attention][tiled]") {
    using B = xsimd::batch<float, xsimd::default_arch>;
    using attnbook::simd_exp::exp2_nonpositive_f32;
    std::vector<float> x;
    for (int n = 0; n <= 400000; ++n) x.push_back(-126.0f * static_cast<float>(n) / 400000.0f);
    TestRng rng{11};
    for (int n = 0; n < 100000; ++n) x.push_back(rng.uniform(-126.0f, 0.0f));
    for (float t : {0.0f, -0.0f, -1.0f, -0.5f, -0.49999997f, -0.50000006f, -1e-8f, -1e-30f, -126.0f, -125.5f})
        x.push_back(t);
    while (x.size() % B::size) x.push_back(0.0f);
    double worst_ulp = 0.0;
    std::size_t scalar_differs = 0;
    for (std::size_t n = 0; n < x.size(); n += B::size) {
        alignas(16) float y[B::size];
        exp2_nonpositive_f32(B::load_unaligned(x.data() + n)).store_aligned(y);
        for (std::size_t i = 0; i < B::size; ++i) {
            const double ref = std::exp2(static_cast<double>(x[n + i]));
            // Relative error in units of FLT_EPSILON (2^-23: up to 2x pessimistic for an ulp).
            worst_ulp = std::max(worst_ulp, std::fabs(y[i] - ref) / ref / kEps32);
            scalar_differs += y[i] != exp2_nonpositive_f32(x[n + i]);  // the scalar form: same operations
        }
    }
    std::printf("[tiled] exp2_nonpositive_f32 max error on [-126, 0]: %.3f ulp (FLT_EPSILON units)\n", worst_ulp);
    // Attention's tolerance (attention_tolerance.hpp) allows 2 ulp per exp; measured 1.53.
    CHECK(worst_ulp <= 2.0);
    CHECK(scalar_differs == 0);
    alignas(16) float y[4];
    const float inf = std::numeric_limits<float>::infinity();
    exp2_nonpositive_f32(B(0.0f)).store_aligned(y);
    CHECK(y[0] == 1.0f);  // the row max gets weight 1 exactly
    exp2_nonpositive_f32(B(-1.0f)).store_aligned(y);
    CHECK(y[0] == 0.5f);  // whole powers of two are exact (r = 0)
    for (float t : {-inf, -1e30f, -1000.0f, -127.0f, -126.01f}) {
        exp2_nonpositive_f32(B(t)).store_aligned(y);
        INFO(t);
        CHECK(y[0] == 0.0f);  // masked keys and underflow: exactly +0, never NaN
        CHECK(!std::signbit(y[0]));
    }
}
