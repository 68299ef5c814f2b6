// The precision lab (lessons/precision.hpp): the rounding emulation against hand-worked values and
// C++'s own float, the float32 lab against plain float arithmetic in the same order, float32 and
// float16 against numpy's own float32/float16 arithmetic, and the lesson's claims (the naive
// softmax overflows float16 on unscaled logits; the stable one never does).
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>

#include "attnbook/core/det_math.hpp"
#include "attnbook/core/errors.hpp"
#include "attnbook/core/numpy_rng.hpp"
#include "attnbook/lessons/precision.hpp"
#include "attnbook/notebook/commands.hpp"
#include "python_runner.hpp"

using namespace attnbook;

namespace {
const double inf = std::numeric_limits<double>::infinity();
double r16(double x) { return round_to_format(x, NumberFormat::float16); }
double rb16(double x) { return round_to_format(x, NumberFormat::bfloat16); }
double r32(double x) { return round_to_format(x, NumberFormat::float32); }
}  // namespace

TEST_CASE("round_to_format: float16 by hand (IEEE 754 binary16: 11 bits, 2^-14 .. 65504)", "[precision]") {
    CHECK(r16(1.0) == 1.0);
    CHECK(r16(1.0 + std::ldexp(1, -11)) == 1.0);                          // tie: to even (1)
    CHECK(r16(1.0 + 3 * std::ldexp(1, -11)) == 1.0 + std::ldexp(1, -9));  // tie: to even (up)
    CHECK(r16(1.0 + std::ldexp(1, -11) + std::ldexp(1, -30)) == 1.0 + std::ldexp(1, -10));  // above the tie
    CHECK(r16(3.14159265358979) == 3.140625);                             // 0x4248
    CHECK(r16(65504.0) == 65504.0);
    CHECK(r16(65519.99) == 65504.0);
    CHECK(r16(65520.0) == inf);   // the tie between 65504 and 65536 goes to even, 65536: overflow
    CHECK(r16(-70000.0) == -inf);
    CHECK(r16(std::ldexp(1, -24)) == std::ldexp(1, -24));  // the smallest subnormal
    CHECK(r16(std::ldexp(1, -25)) == 0.0);                 // half of it: tie to even, 0
    CHECK(r16(3 * std::ldexp(1, -26)) == std::ldexp(1, -24));
    CHECK(r16(std::ldexp(1.5, -24)) == std::ldexp(2, -24));  // tie between 1 and 2 subnormal units: 2
    CHECK(r16(det_exp(12.0)) == inf);  // exp(12) = 162754.8 > 65504: the lesson's overflow
    CHECK(r16(det_exp(11.0)) == 59872.0);
    CHECK(std::signbit(r16(-0.0)));
}

TEST_CASE("round_to_format: bfloat16 by hand (8 bits, float32's exponent range)", "[precision]") {
    CHECK(rb16(3.14159265358979) == 3.140625);  // 0x4049
    CHECK(rb16(1.0 + std::ldexp(1, -8)) == 1.0);
    CHECK(rb16(1.0 + 3 * std::ldexp(1, -8)) == 1.0 + std::ldexp(1, -6));
    CHECK(rb16(det_exp(12.0)) == 162816.0);  // 162754.8 in steps of 2^(17-7) = 1024: 159 * 1024; no overflow
    CHECK(rb16(3.3895313892515355e38) == 3.3895313892515355e38);
    CHECK(rb16(3.40e38) == inf);
}

TEST_CASE("round_to_format: float32 is C++'s own double -> float conversion", "[precision]") {
    NumpyRng rng(5);
    for (int i = 0; i < 20000; ++i) {
        const double x = rng.normal() * std::ldexp(1.0, static_cast<int>(rng.random() * 200) - 100);
        REQUIRE(r32(x) == static_cast<double>(static_cast<float>(x)));
    }
    CHECK(r32(std::ldexp(1, -149)) == std::ldexp(1, -149));  // float's smallest subnormal
    CHECK(r32(std::ldexp(1, -150)) == 0.0);
    CHECK(r32(3.5e38) == inf);
}

namespace {
// The lab's float32 arithmetic written with C++ floats, in the same order (the engine builds with
// -ffp-contract=off, so every float operation here is rounded once, as IEEE says).
double float32_lab_error(const PrecisionInput& in) {
    const std::size_t T = in.tokens, d = in.head_width;
    NumpyRng rng(in.seed);
    std::vector<double> q(T * d), k(T * d), v(T * d);
    rng.fill_normal(q.data(), q.size());
    rng.fill_normal(k.data(), k.size());
    rng.fill_normal(v.data(), v.size());
    const double scale = in.unscaled ? 1.0 : 1.0 / std::sqrt(static_cast<double>(d));
    const std::size_t rows = std::min<std::size_t>(T, precision_limits::max_checked_rows);
    double worst = 0;
    for (std::size_t r = 0; r < rows; ++r) {
        const std::size_t i = rows == 1 ? 0 : r * (T - 1) / (rows - 1);
        std::vector<float> a(T);
        std::vector<double> a64(T);
        for (std::size_t j = 0; j < T; ++j) {
            float dot = 0.0f;
            double dot64 = 0.0;
            for (std::size_t c = 0; c < d; ++c) {
                dot = dot + static_cast<float>(q[i * d + c]) * static_cast<float>(k[j * d + c]);
                dot64 += q[i * d + c] * k[j * d + c];
            }
            a[j] = static_cast<float>(static_cast<double>(dot) * scale);  // the scale is a double, as in the lab
            a64[j] = dot64 * scale;
        }
        float m = a[0];
        double m64 = a64[0];
        for (std::size_t j = 1; j < T; ++j) {
            m = std::fmax(m, a[j]);
            m64 = std::fmax(m64, a64[j]);
        }
        float sum = 0.0f;
        double sum64 = 0.0;
        for (std::size_t j = 0; j < T; ++j) {
            a[j] = static_cast<float>(det_exp(static_cast<double>(a[j] - m)));
            a64[j] = det_exp(a64[j] - m64);
            sum = sum + a[j];
            sum64 += a64[j];
        }
        for (std::size_t c = 0; c < d; ++c) {
            float o = 0.0f;
            double o64 = 0.0;
            for (std::size_t j = 0; j < T; ++j) {
                // the lab sums each column over j in the same order: out[c] += w_j v_jc
                o = o + (a[j] / sum) * static_cast<float>(v[j * d + c]);
                o64 += (a64[j] / sum64) * v[j * d + c];
            }
            worst = std::fmax(worst, std::fabs(static_cast<double>(o) - o64));
        }
    }
    return worst;
}
}  // namespace

TEST_CASE("precision lab: float32 equals plain float arithmetic in the same order", "[precision]") {
    for (const PrecisionInput in : {PrecisionInput{0, 17, 5, false}, PrecisionInput{3, 100, 64, true}, PrecisionInput{}}) {
        const PrecisionResult r = precision_lab(in);
        REQUIRE(r.formats.size() == 3);
        CHECK(r.formats[0].max_abs_error == float32_lab_error(in));
    }
}

TEST_CASE("precision lab: the naive softmax overflows float16 on unscaled logits, the stable one never", "[precision]") {
    const PrecisionResult scaled = precision_lab({0, 256, 64, false});
    const PrecisionResult unscaled = precision_lab({0, 256, 64, true});
    // Scaled logits of unit-normal q, k stay near N(0, 1): the largest is a few units, below ln 65504.
    CHECK(scaled.max_logit < 11.0);
    for (const auto& f : scaled.formats) CHECK_FALSE(f.naive_overflow);
    // Unscaled they spread like N(0, 64): the largest passes 11.09, and exp overflows float16 only.
    CHECK(unscaled.max_logit > 11.1);
    CHECK_FALSE(unscaled.formats[0].naive_overflow);
    CHECK_FALSE(unscaled.formats[1].naive_overflow);
    CHECK(unscaled.formats[2].naive_overflow);
    for (const auto* r : {&scaled, &unscaled})
        for (const auto& f : r->formats) CHECK(std::isfinite(f.max_abs_error));
    // Fewer significand bits, larger errors: float32 (24) < float16 (11) < bfloat16 (8).
    for (const auto* r : {&scaled, &unscaled}) {
        CHECK(r->formats[0].max_abs_error < r->formats[2].max_abs_error);
        CHECK(r->formats[2].max_abs_error < r->formats[1].max_abs_error);
    }
    // Unscaled logits: sharper weights, and a logit error of the same relative size moves them more.
    CHECK(unscaled.formats[2].max_abs_error > scaled.formats[2].max_abs_error);
    // float32's error is at its unit roundoff times a modest factor (here < 1e-5), float16's ~1e-3.
    CHECK(scaled.formats[0].max_abs_error < 1e-5);
    CHECK(scaled.formats[2].max_abs_error > 1e-4);
}

TEST_CASE("precision lab: progress grows to 1, one report per checked row and format", "[precision]") {
    std::vector<double> seen;
    precision_lab({0, 40, 8, false}, [&](double f) { seen.push_back(f); });
    REQUIRE(seen.size() == 32 * 3);
    for (std::size_t i = 1; i < seen.size(); ++i) CHECK(seen[i] > seen[i - 1]);
    CHECK(seen.back() == 1.0);
}

TEST_CASE("precision command: the CLI contract's shape, limits named", "[precision]") {
    const auto r = run_command("precision", {{"tokens", 64}, {"head_width", 16}, {"seed", 1}, {"unscaled", true}});
    for (const char* name : {"float32", "bfloat16", "float16"}) {
        INFO(name);
        const auto& f = r.at("formats").at(name);
        CHECK(f.at("max_abs_error").at("exact").is_number());
        CHECK(f.at("naive_overflow").is_boolean());
    }
    CHECK(r.at("formats").at("float16").at("exp_overflows_above").at("shown") == "11.09");
    CHECK(r.at("rows_checked") == 32);
    CHECK_THROWS_WITH(run_command("precision", {{"tokens", 5000}}), Catch::Contains("tokens"));
    CHECK_THROWS_WITH(run_command("precision", {{"head_width", 0}}), Catch::Contains("head_width"));
    CHECK_THROWS_WITH(run_command("precision", {{"unscaled", 1}}), Catch::Contains("$.unscaled"));
    CHECK_THROWS_WITH(run_command("precision", {{"width", 4}}), Catch::Contains("width"));
}

#ifdef ATTNBOOK_PYTHON
TEST_CASE("precision lab: float32 and float16 against numpy's own float32 and float16 arithmetic", "[precision][numpy]") {
    // numpy rounds each float16 operation once (it computes in float32, which holds 2 * 11 + 2
    // bits: the result is the correctly rounded float16). exp: float64's, rounded to the format.
    const char* program = R"(
import json, sys
import numpy as np
T, d, unscaled = 24, 8, sys.argv[1] == '1'
g = np.random.default_rng(7)
q, k, v = (g.normal(size=(T, d)) for _ in range(3))
s = 1.0 if unscaled else 1.0 / np.sqrt(d)
def row(i, F):
    a = []
    for j in range(T):
        dot = F(0)
        for c in range(d):
            dot = F(dot + F(F(q[i, c]) * F(k[j, c])))
        a.append(F(np.float64(dot) * s))  # the scale is a double, the product rounded once
    m = max(a)
    e = [F(np.exp(np.float64(F(x - m)))) for x in a]
    tot = F(0)
    for x in e: tot = F(tot + x)
    out = [F(0)] * d
    for j in range(T):
        w = F(e[j] / tot)
        for c in range(d):
            out[c] = F(out[c] + F(w * F(v[j, c])))
    return out
res = {}
for name, F in (('float32', np.float32), ('float16', np.float16)):
    worst = 0.0
    for i in range(T):
        ref, got = row(i, np.float64), row(i, F)
        worst = max(worst, max(abs(float(got[c]) - float(ref[c])) for c in range(d)))
    res[name] = worst
print(json.dumps(res))
)";
    for (const bool unscaled : {false, true}) {
        INFO("unscaled " << unscaled);
        const auto numpy = nlohmann::json::parse(attnbook_test::last_line(
            attnbook_test::run_python(program, "precision", {unscaled ? "1" : "0"})));
        const PrecisionResult r = precision_lab({7, 24, 8, unscaled});
        CHECK(r.formats[0].max_abs_error == Approx(numpy.at("float32").get<double>()).epsilon(1e-9));
        CHECK(r.formats[2].max_abs_error == Approx(numpy.at("float16").get<double>()).epsilon(1e-9));
    }
}
#endif
