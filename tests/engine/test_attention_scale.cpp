// "Attention at scale", the engine's half (lessons/attention_scale.hpp): the seeded inputs against
// numpy, the WASM path against a float64 reference written here, the sampled check catching a
// wrong row, the top-weight histograms and the weights window, FLOPs and bytes by hand.
#include <catch2/catch.hpp>
#include <cmath>
#include <nlohmann/json.hpp>

#include "attnbook/core/errors.hpp"
#include "attnbook/lessons/attention_scale.hpp"
#include "attnbook/notebook/attention_scale_json.hpp"
#include "python_runner.hpp"

using namespace attnbook;

namespace {

struct Inputs {
    std::vector<float> q, k, v;
};
Inputs inputs(const ScaleProblem& p) {
    const std::size_t n = scale_numel(p);
    Inputs in{std::vector<float>(n), std::vector<float>(n), std::vector<float>(n)};
    scale_inputs(p, in.q.data(), in.k.data(), in.v.data());
    return in;
}

// Plain float64 attention of one (head, row), written out in full: the spec.
std::vector<double> reference_row(const ScaleProblem& p, const Inputs& in, std::size_t h, std::size_t i) {
    const std::size_t T = p.tokens, D = p.head_width, base = h * T * D;
    const double scale = p.divisor == Divisor::one ? 1.0 : 1.0 / std::sqrt(static_cast<double>(D));
    std::vector<double> a;
    for (std::size_t j = 0; j < T && (!p.causal || j <= i); ++j) {
        double dot = 0;
        for (std::size_t c = 0; c < D; ++c) dot += double(in.q[base + i * D + c]) * double(in.k[base + j * D + c]);
        a.push_back(scale * dot);
    }
    double m = a[0], sum = 0;
    for (double x : a) m = std::max(m, x);
    for (double& x : a) sum += (x = std::exp(x - m));
    std::vector<double> o(D, 0.0);
    for (std::size_t j = 0; j < a.size(); ++j)
        for (std::size_t c = 0; c < D; ++c) o[c] += a[j] / sum * double(in.v[base + j * D + c]);
    return o;
}

}  // namespace

TEST_CASE("attention_scale: the WASM path matches float64 on every row (blocks, causal, heads)", "[attention_scale]") {
    // T = 300: ten 32-row query blocks, the last one partial; D = 5 and 17 leave SIMD tails.
    for (const bool causal : {false, true}) {
        for (const std::size_t D : {5, 17}) {
            const ScaleProblem p{2, 300, D, causal, Divisor::sqrt_width, 3};
            const Inputs in = inputs(p);
            std::vector<float> out(scale_numel(p));
            std::vector<double> seen;
            scale_forward_f32(p, in.q.data(), in.k.data(), in.v.data(), out.data(), [&](double f) { seen.push_back(f); });
            // After each 32-row block of each head (20), passed on in steps of at least 0.01.
            REQUIRE(seen.size() >= 2);
            CHECK(seen.size() <= 20);
            for (std::size_t i = 1; i < seen.size(); ++i) CHECK(seen[i] >= seen[i - 1] + 0.01);
            CHECK(seen.back() == 1.0);
            double worst = 0;
            for (std::size_t h = 0; h < 2; ++h)
                for (std::size_t i = 0; i < 300; ++i) {
                    const auto ref = reference_row(p, in, h, i);
                    for (std::size_t c = 0; c < D; ++c) worst = std::max(worst, std::fabs(out[(h * 300 + i) * D + c] - ref[c]));
                }
            INFO("causal " << causal << " D " << D << " worst " << worst);
            // float32 with |v| < ~5, sums of <= 300 terms: 300 * 2^-24 * 5 ~ 1e-4 in the worst case;
            // the float32 kernel's own tests bound it tighter, here a wrong mask or block errs by ~0.1.
            CHECK(worst < 1e-4);
        }
    }
}

TEST_CASE("attention_scale: the sampled check measures the error of the output it is given", "[attention_scale]") {
    const ScaleProblem p{3, 200, 16, true, Divisor::sqrt_width, 1};
    const Inputs in = inputs(p);
    std::vector<float> out(scale_numel(p));
    for (std::size_t h = 0; h < 3; ++h)
        for (std::size_t i = 0; i < 200; ++i) {
            const auto ref = reference_row(p, in, h, i);
            for (std::size_t c = 0; c < 16; ++c) out[(h * 200 + i) * 16 + c] = static_cast<float>(ref[c]);
        }
    ScaleCheck c = scale_check(p, in.q.data(), in.k.data(), in.v.data(), out.data(), 7);
    CHECK(c.rows == 7);
    CHECK(c.max_rel_error <= std::ldexp(1.0, -24) * 1.01);  // only float32's rounding of the answer
    // Sample 3 is head 0, row 3 * 199 / 6 = 99: spoil it by 0.5.
    out[(0 * 200 + 99) * 16 + 4] += 0.5f;
    c = scale_check(p, in.q.data(), in.k.data(), in.v.data(), out.data(), 7);
    CHECK(c.max_abs_error == Approx(0.5).epsilon(1e-5));
    std::size_t scaled = 0, unscaled = 0;
    for (auto n : c.top_scaled_bins) scaled += n;
    for (auto n : c.top_unscaled_bins) unscaled += n;
    CHECK(scaled == 7);
    CHECK(unscaled == 7);
    // Row 0 of a causal problem sees one key: its top weight is exactly 1, in the last bin.
    CHECK(c.top_scaled_bins.back() >= 1);
    // Without the divisor the softmax is more peaked (d = 16: logits 4x wider).
    CHECK(c.top_unscaled_mean > c.top_scaled_mean);
    REQUIRE(c.window.size() == 16);
    CHECK(c.window[0][0] == 1.0);
    CHECK(c.window[2][3] == 0.0);  // causal: above the diagonal
    double row_sum = 0;
    for (double w : c.window[15]) row_sum += w;
    CHECK(row_sum == Approx(1.0));  // row 15 of a causal problem sees keys 0..15, all in the window
    out[5] = std::nanf("");
    CHECK_THROWS_WITH(scale_check(p, in.q.data(), in.k.data(), in.v.data(), out.data(), 200),
                      Catch::Contains("not finite at head 0, row 0, column 5"));
}

TEST_CASE("attention_scale: FLOPs and bytes by hand; limits named", "[attention_scale]") {
    const ScaleProblem p{2, 1024, 64, false, Divisor::sqrt_width, 0};
    CHECK(scale_flops(p) == 4.0 * 64 * 2 * 1024 * 1024);
    ScaleProblem c = p;
    c.causal = true;
    CHECK(scale_flops(c) == 4.0 * 64 * 2 * (1024.0 * 1025 / 2));
    CHECK(scale_tensor_bytes(p) == 4.0 * 4 * 2 * 1024 * 64);
    CHECK(scale_matrix_bytes(p) == 4.0 * 2 * 1024 * 1024);
    // The kernel's scratch is held against the allocator's count in test_attention_scale_run.cpp.
    CHECK_THROWS_WITH(check_scale_problem({1, 16385, 64}), Catch::Contains("tokens must be 1 to 16384, not 16385"));
    CHECK_THROWS_WITH(check_scale_problem({16, 16384, 128}), Catch::Contains("at most 16777216"));
    CHECK_THROWS_WITH(read_scale_problem("x", {{"tokens", 8}, {"width", 3}}), Catch::Contains("$.width: unknown argument"));
    CHECK_THROWS_WITH(read_scale_problem("x", {{"causal", 1}}), Catch::Contains("$.causal"));
    CHECK_THROWS_WITH(read_scale_problem("x", {{"divisor", "e"}}), Catch::Contains("divisor"));
    CHECK_THROWS_WITH(read_scale_problem("x", {{"heads", -1}}), Catch::Contains("$.heads"));
}

TEST_CASE("attention_scale: the report carries pairs for every number", "[attention_scale]") {
    const ScaleProblem p{1, 64, 8, false, Divisor::one, 2};
    const Inputs in = inputs(p);
    std::vector<float> out(scale_numel(p));
    scale_forward_f32(p, in.q.data(), in.k.data(), in.v.data(), out.data());
    const auto r = scale_report(p, {5, 2.0, true}, in.q.data(), in.k.data(), in.v.data(), out.data());
    CHECK(r.at("rows_checked") == 5);
    CHECK(r.at("gflops").at("exact").get<double>() == Approx(4.0 * 8 * 64 * 64 / 2e6));
    CHECK(r.at("memory").at("matrix_bytes").at("exact") == 64 * 64 * 4);
    CHECK(r.at("window").at("size") == 16);
    CHECK(r.at("top_weight").at("scaled").at("bins").size() == 10);
    CHECK(r.at("max_rel_error").at("exact").get<double>() < 1e-5);
}

#ifdef ATTNBOOK_PYTHON
TEST_CASE("attention_scale: the inputs are numpy's default_rng(seed).normal(size=(H, T, D)) as float32", "[attention_scale][numpy]") {
    const char* program = R"(
import json
import numpy as np
g = np.random.default_rng(11)
q, k, v = (np.float32(g.normal(size=(2, 5, 3))) for _ in range(3))
print(json.dumps([float(x) for t in (q, k, v) for x in t.ravel()]))
)";
    const auto numpy = nlohmann::json::parse(attnbook_test::last_line(attnbook_test::run_python(program, "scale-inputs")));
    const Inputs in = inputs({2, 5, 3, false, Divisor::sqrt_width, 11});
    REQUIRE(numpy.size() == 90);
    for (std::size_t i = 0; i < 30; ++i) {
        CHECK(in.q[i] == numpy[i].get<double>());
        CHECK(in.k[i] == numpy[30 + i].get<double>());
        CHECK(in.v[i] == numpy[60 + i].get<double>());
    }
}
#endif
