// The scaling study against the source lesson's published tables and against numpy itself.
#include <catch2/catch.hpp>
#include <cmath>
#include <nlohmann/json.hpp>

#include "attnbook/core/errors.hpp"
#include "attnbook/core/number.hpp"
#include "attnbook/lessons/scaling_study.hpp"
#include "python_runner.hpp"

using namespace attnbook;

namespace {

std::vector<std::string> shown(const std::vector<double>& xs, int decimals) {
    std::vector<std::string> out;
    for (double x : xs) out.push_back(show_number(x, {decimals, Rounding::fixed}));
    return out;
}

#ifdef ATTNBOOK_PYTHON
// An independent numpy implementation of the measurement: same draws, numpy's own einsum,
// softmax and std. Prints one JSON object.
const char* kNumpyStudy = R"(
import json, sys
import numpy as np
seed, widths, pairs, trials, keys, divisor = json.loads(sys.argv[1] if len(sys.argv) > 1 else '%s')
gen = np.random.default_rng(seed)
def div(d):
    return {"sqrt": np.sqrt(d), "d": float(d), "1": 1.0}[divisor]
def top_weight(logits):
    shifted = np.exp(logits - logits.max(axis=-1, keepdims=True))
    return (shifted / shifted.sum(axis=-1, keepdims=True)).max(axis=-1).mean()
out = {"raw_std": [], "scaled_std": [], "top_unscaled": [], "top_scaled": []}
for d in widths:
    a = gen.normal(size=(pairs, d)); b = gen.normal(size=(pairs, d))
    dots = np.einsum("nd,nd->n", a, b)
    out["raw_std"].append(float(dots.std())); out["scaled_std"].append(float((dots / div(d)).std()))
for d in widths:
    q = gen.normal(size=(trials, 1, d)); k = gen.normal(size=(trials, keys, d))
    logits = q @ np.swapaxes(k, 1, 2)  # (trials, 1, keys)
    out["top_unscaled"].append(float(top_weight(logits))); out["top_scaled"].append(float(top_weight(logits / div(d))))
print(json.dumps(out))
)";

nlohmann::json numpy_study(const nlohmann::json& params) {
    std::string program = kNumpyStudy;
    program.replace(program.find("%s"), 2, params.dump());
    return nlohmann::json::parse(attnbook_test::last_line(attnbook_test::run_python(program, "scaling")));
}

void check_close(const std::vector<double>& ours, const nlohmann::json& theirs) {
    REQUIRE(ours.size() == theirs.size());
    // Same draws, different summation order (numpy's einsum/std use pairwise and SIMD sums):
    // 20000 terms of size ~d in double leave a relative difference far below 1e-10.
    for (std::size_t i = 0; i < ours.size(); ++i) CHECK(ours[i] == Approx(theirs[i].get<double>()).epsilon(1e-10));
}

#endif  // ATTNBOOK_PYTHON

}  // namespace

TEST_CASE("scaling study with the lesson's defaults shows the published tables", "[scaling]") {
    const ScalingResult r = scaling_study(ScalingInput{});
    // The source lesson's output tables (seed 0, widths 4, 16, 64, 256, 20000 pairs, 2000 trials).
    CHECK(shown(r.raw_std, 2) == std::vector<std::string>{"2.00", "4.01", "7.96", "16.06"});
    CHECK(shown(r.scaled_std, 2) == std::vector<std::string>{"1.00", "1.00", "1.00", "1.00"});
    CHECK(shown(r.top_unscaled, 3) == std::vector<std::string>{"0.574", "0.776", "0.890", "0.946"});
    CHECK(shown(r.top_scaled, 3) == std::vector<std::string>{"0.399", "0.418", "0.422", "0.421"});
}

// Native only: numpy runs in a Python process.
#ifdef ATTNBOOK_PYTHON
TEST_CASE("scaling study equals numpy's computation on the same draws", "[scaling][numpy]") {
    SECTION("defaults") {
        const ScalingResult r = scaling_study(ScalingInput{});
        const auto ref = numpy_study({0, {4, 16, 64, 256}, 20000, 2000, 6, "sqrt"});
        check_close(r.raw_std, ref["raw_std"]);
        check_close(r.scaled_std, ref["scaled_std"]);
        check_close(r.top_unscaled, ref["top_unscaled"]);
        check_close(r.top_scaled, ref["top_scaled"]);
    }
    SECTION("another seed, odd widths, divisor d") {
        ScalingInput in;
        in.seed = 12345;
        in.widths = {1, 3, 17};
        in.pairs = 501;
        in.trials = 77;
        in.keys = 5;
        in.divisor = Divisor::width;
        const ScalingResult r = scaling_study(in);
        const auto ref = numpy_study({12345, {1, 3, 17}, 501, 77, 5, "d"});
        check_close(r.raw_std, ref["raw_std"]);
        check_close(r.scaled_std, ref["scaled_std"]);
        check_close(r.top_unscaled, ref["top_unscaled"]);
        check_close(r.top_scaled, ref["top_scaled"]);
    }
}
#endif  // ATTNBOOK_PYTHON

TEST_CASE("over-dividing flattens the top weight toward 1/keys", "[scaling]") {
    ScalingInput in;
    in.widths = {256};
    in.pairs = 100;
    in.trials = 500;
    in.divisor = Divisor::width;
    const ScalingResult r = scaling_study(in);
    // logits/d has spread 1/sqrt(256) = 1/16: nearly uniform over 6 keys.
    CHECK(r.top_scaled[0] == Approx(1.0 / 6).margin(0.02));
    CHECK(r.top_scaled[0] < r.top_unscaled[0]);
    CHECK(r.scaled_std[0] == Approx(r.raw_std[0] / 256).epsilon(1e-12));
}

TEST_CASE("scaling study reports progress up to 1", "[scaling]") {
    ScalingInput in;
    in.pairs = 100;
    in.trials = 10;
    std::vector<double> seen;
    scaling_study(in, [&](double f) { seen.push_back(f); });
    REQUIRE_FALSE(seen.empty());
    CHECK(std::is_sorted(seen.begin(), seen.end()));
    CHECK(seen.back() == 1.0);  // sums of whole draw counts: exact
    SECTION("long tables report inside the loops, not only between widths") {
        in.pairs = 5000;  // about 5 reports per width in table 1
        seen.clear();
        scaling_study(in, [&](double f) { seen.push_back(f); });
        CHECK(seen.size() >= 4 * 5);
        CHECK(seen.back() == 1.0);
    }
}

TEST_CASE("scaling study limits name the field", "[scaling]") {
    ScalingInput in;
    in.widths = {};
    CHECK_THROWS_WITH(scaling_study(in), "widths: give 1..8 widths, not 0");
    in = ScalingInput{};
    in.pairs = 0;
    CHECK_THROWS_WITH(scaling_study(in), "pairs: 0 is outside 1..200000");
    in = ScalingInput{};
    in.widths = {4096};
    in.pairs = 200000;
    CHECK_THROWS_AS(scaling_study(in), UserError);
}
