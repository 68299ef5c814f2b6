// softmax_f32_xsimd and its exp against float64 references written here (std::exp, the formula
// by hand, closed forms), and the engine's own float64 reference softmax_f64_scalar against them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <limits>
#include <vector>

#include "attnbook/core/softmax.hpp"
#include "float_test_inputs.hpp"

using namespace attnbook;
using attnbook_test::kEps32;
using attnbook_test::kNegInf;
using attnbook_test::TestRng;

namespace {

std::uint32_t bits(float x) {
    std::uint32_t u;
    std::memcpy(&u, &x, sizeof u);
    return u;
}

// max_j |y_j - ref_j| / ref_j over the entries with ref_j >= FLT_MIN (below that our exp
// returns exactly 0 by design: absolute error < 1.2e-38, checked separately).
double max_rel_error(const std::vector<float>& y, const std::vector<double>& ref) {
    double worst = 0.0;
    for (std::size_t j = 0; j < y.size(); ++j) {
        if (ref[j] >= std::numeric_limits<float>::min()) {
            worst = std::max(worst, std::fabs(y[j] - ref[j]) / ref[j]);
        } else {
            REQUIRE(std::fabs(y[j] - ref[j]) < 1.2e-38);
        }
    }
    return worst;
}

// The formula written out in the test with std::exp in float64 (independent of the engine's
// softmax_f64_scalar and det_exp): m = max x, y_j = exp(x_j - m) / sum_k exp(x_k - m).
std::vector<double> softmax_std_f64(const std::vector<double>& x) {
    const double m = *std::max_element(x.begin(), x.end());
    double total = 0.0;
    for (double t : x) total += std::exp(t - m);
    std::vector<double> y;
    for (double t : x) y.push_back(std::exp(t - m) / total);
    return y;
}

}  // namespace

TEST_CASE("exp_f32_xsimd matches std::exp in double within 2 ulp", "[softmax]") {
    // Grid over the accurate domain [ln(FLT_MIN), 88] plus random points.
    std::vector<float> x;
    for (int n = 0; n <= 400000; ++n) x.push_back(-87.33f + 175.33f * static_cast<float>(n) / 400000.0f);
    TestRng rng{7};
    for (int n = 0; n < 100000; ++n) x.push_back(rng.uniform(-87.3f, 88.0f));
    for (float t : {0.0f, -0.0f, 1.0f, -1.0f, 0.5f, -0.3465736f, 0.3465736f, 1e-8f, -1e-8f}) x.push_back(t);
    std::vector<float> y(x.size());
    exp_f32_xsimd(x.data(), y.data(), x.size());

    double worst_ulp = 0.0;
    for (std::size_t n = 0; n < x.size(); ++n) {
        const double ref = std::exp(static_cast<double>(x[n]));
        // Relative error in units of the float ulp of ref (2^-23 relative, up to 2x pessimistic).
        worst_ulp = std::max(worst_ulp, std::fabs(y[n] - ref) / ref / kEps32);
    }
    std::printf("[softmax] exp_f32_xsimd max error on [-87.33, 88]: %.3f ulp (FLT_EPSILON units)\n",
                worst_ulp);
    // 2 ulp: the Cephes polynomial is ~1 ulp on the reduced range, r carries ~1 ulp from the
    // reduction, and the final product rounds once; measured 0.66 (see the printed line).
    CHECK(worst_ulp <= 2.0);
}

TEST_CASE("exp_f32_xsimd: exact, flushed and saturated values", "[softmax]") {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    const float flt_max = std::numeric_limits<float>::max();
    std::vector<float> in = {0.0f, kNegInf, -1000.0f, -88.0f, -87.5f, nan,
                             88.0f, 88.5f, 100.0f, 1000.0f, flt_max, inf, 87.99f};
    std::vector<float> out(in.size());
    exp_f32_xsimd(in.data(), out.data(), in.size());
    CHECK(out[0] == 1.0f);      // p(0) = 1 exactly, 2^0 = 1: the row max always gets weight 1
    CHECK(bits(out[1]) == 0u);  // -inf -> +0 exactly (masked)
    CHECK(bits(out[2]) == 0u);  // large negative logits -> exactly 0, never NaN
    CHECK(bits(out[3]) == 0u);
    CHECK(bits(out[4]) == 0u);  // below ln(FLT_MIN) = -87.3365: flushed to 0 by design
    CHECK(bits(out[5]) == 0u);  // NaN -> 0 (callers reject NaN first; never propagate it)

    // Saturation: everything from 88 up, +inf included, is exp(88), the largest value the kernel
    // returns. exp(88) = 1.6516362549940018e38 (by hand: e^88 = 10^(88 / ln 10) = 10^38.2179);
    // float64 std::exp(88.0) gives the same to < 1 ulp; the kernel is within 2 float ulp of it
    // (its accuracy on [-87.33, 88], measured in the first test case).
    const double exp88 = 1.6516362549940018e38;
    CHECK(std::fabs(std::exp(88.0) - exp88) <= 1e-15 * exp88);
    CHECK(std::fabs(std::pow(10.0, 88.0 / std::log(10.0)) - exp88) <= 1e-13 * exp88);
    for (std::size_t n = 6; n <= 11; ++n) {
        INFO("exp(" << in[n] << ") = " << out[n]);
        CHECK(std::fabs(out[n] - exp88) <= 2.0 * kEps32 * exp88);
        CHECK(bits(out[n]) == bits(out[6]));  // the same number, not merely close
    }
    // Just below the clamp the kernel is still exp itself, below the saturated value.
    const double below = std::exp(static_cast<double>(in[12]));  // the float 87.99f exactly
    CHECK(std::fabs(out[12] - below) <= 2.0 * kEps32 * below);
    CHECK(out[12] < out[6]);
    // And just above ln(FLT_MIN) it returns a normal float near FLT_MIN, not 0.
    const float near_min_in = -87.33f;
    float near_min = 0.0f;
    exp_f32_xsimd(&near_min_in, &near_min, 1);
    CHECK(near_min >= std::numeric_limits<float>::min());
    const double near_min_ref = std::exp(static_cast<double>(near_min_in));
    CHECK(std::fabs(near_min - near_min_ref) <= 2.0 * kEps32 * near_min_ref);
}

TEST_CASE("exp_f32_xsimd: the scalar tail is bit-identical to the SIMD lanes", "[softmax]") {
    TestRng rng{11};
    std::vector<float> x(17);
    for (auto& t : x) t = rng.uniform(-80.0f, 80.0f);
    for (std::size_t n : {1u, 3u, 4u, 5u, 8u, 17u}) {
        std::vector<float> in(x.begin(), x.begin() + n), out(n);
        exp_f32_xsimd(in.data(), out.data(), n);
        for (std::size_t j = 0; j < n; ++j) {
            float one;
            exp_f32_xsimd(&in[j], &one, 1);  // n = 1: always the scalar tail
            CHECK(bits(one) == bits(out[j]));
        }
    }
}

TEST_CASE("softmax_f32_xsimd matches softmax_f64_scalar over edge sizes", "[softmax]") {
    TestRng rng{42};
    double worst = 0.0;
    for (std::size_t n : {1u, 3u, 4u, 5u, 8u, 17u, 33u, 100u}) {
        for (float spread : {1.0f, 10.0f, 50.0f}) {
            for (int trial = 0; trial < 20; ++trial) {
                std::vector<float> x(n);
                for (auto& t : x) t = rng.uniform(-spread, spread);
                if (trial % 4 == 1 && n > 1) x[n / 2] = kNegInf;  // some masked entries
                std::vector<double> xd(x.begin(), x.end()), ref(n);
                std::vector<float> y(n);
                REQUIRE(softmax_f32_xsimd(x.data(), y.data(), n));
                REQUIRE(softmax_f64_scalar(xd.data(), ref.data(), n));
                // The engine's float64 reference against the formula by hand: float64 roundings only.
                const std::vector<double> hand = softmax_std_f64(xd);
                for (std::size_t j = 0; j < n; ++j) CHECK(std::fabs(ref[j] - hand[j]) <= 1e-14 * (1.0 + hand[j]));
                // Relative error per weight: x_j - m rounds in float (|x_j - m| <= 2 spread, half
                // an ulp of that: 2 spread * eps/2), exp adds <= 2 ulp, the sum of n terms
                // <= n/2 ulp relative, the division 1/2 ulp. In FLT_EPSILON units:
                const double tol = kEps32 * (spread + 2.0 + 0.5 * n + 0.5 + 1.0);
                const double err = max_rel_error(y, hand);
                worst = std::max(worst, err / tol);
                CHECK(err <= tol);
                if (trial % 4 == 1 && n > 1) CHECK(bits(y[n / 2]) == 0u);  // masked: exactly 0
            }
        }
    }
    std::printf("[softmax] softmax_f32_xsimd worst error / tolerance: %.3f\n", worst);
}

TEST_CASE("softmax handles logits that overflow a naive exp", "[softmax]") {
    // exp(1000) overflows float (and double): only the max-subtracted form works.
    REQUIRE(std::isinf(std::exp(1000.0f)));
    for (std::size_t n : {1u, 3u, 4u, 5u, 8u, 17u}) {
        std::vector<float> x(n);
        for (std::size_t j = 0; j < n; ++j) x[j] = 1000.0f - static_cast<float>(j);  // exact
        std::vector<double> xd(x.begin(), x.end()), ref(n);
        std::vector<float> y(n);
        REQUIRE(softmax_f32_xsimd(x.data(), y.data(), n));
        REQUIRE(softmax_f64_scalar(xd.data(), ref.data(), n));
        for (std::size_t j = 0; j < n; ++j) {
            // By hand: y_j = e^-j / sum_{k<n} e^-k = e^-j (1 - 1/e) / (1 - e^-n), a geometric series.
            const double hand = std::exp(-static_cast<double>(j)) * (1.0 - std::exp(-1.0)) /
                                (1.0 - std::exp(-static_cast<double>(n)));
            // x_j - m is exact here (small integers), so only exp (2 ulp), the sum (n/2 ulp)
            // and the division (1/2 ulp) remain.
            CHECK(std::fabs(y[j] - hand) <= kEps32 * (3.0 + 0.5 * n) * hand);
            CHECK(std::fabs(ref[j] - hand) <= 1e-15 * (3.0 + n) * hand);  // float64: same steps
        }
    }
}

TEST_CASE("softmax of a fully masked or empty row is all zeros and reports no mass", "[softmax]") {
    for (std::size_t n : {1u, 3u, 4u, 5u, 8u, 17u}) {
        std::vector<float> x(n, kNegInf), y(n, 7.0f);
        std::vector<double> xd(n, -std::numeric_limits<double>::infinity()), yd(n, 7.0);
        CHECK_FALSE(softmax_f32_xsimd(x.data(), y.data(), n));
        CHECK_FALSE(softmax_f64_scalar(xd.data(), yd.data(), n));
        for (std::size_t j = 0; j < n; ++j) {
            CHECK(bits(y[j]) == 0u);
            CHECK(yd[j] == 0.0);
        }
    }
    CHECK_FALSE(softmax_f32_xsimd(nullptr, nullptr, 0));
    CHECK_FALSE(softmax_f64_scalar(nullptr, nullptr, 0));
}

TEST_CASE("softmax sums to 1 and works in place", "[softmax]") {
    TestRng rng{3};
    for (std::size_t n : {1u, 3u, 4u, 5u, 8u, 17u}) {
        std::vector<float> x(n);
        for (auto& t : x) t = rng.uniform(-5.0f, 5.0f);
        std::vector<float> y(n);
        softmax_f32_xsimd(x.data(), y.data(), n);
        softmax_f32_xsimd(x.data(), x.data(), n);  // y aliases x
        double sum = 0.0;
        for (std::size_t j = 0; j < n; ++j) {
            CHECK(bits(x[j]) == bits(y[j]));
            sum += y[j];
        }
        // Each weight carries ~(n/2 + 3) ulp relative error (see above); they add up to 1.
        CHECK(std::fabs(sum - 1.0) <= kEps32 * (3.0 + 0.5 * n));
    }
    CHECK(std::string(xsimd_arch_name()) == "sse2");  // native and WASM share the 128-bit arch
}
