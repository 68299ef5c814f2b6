// Online softmax (lessons/online_softmax.hpp) against the unfused computation written here, the
// cost model against hand counts, and the tiling memory table.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "attnbook/core/errors.hpp"
#include "attnbook/lessons/cost_model.hpp"
#include "attnbook/lessons/online_softmax.hpp"
#include "attnbook/notebook/commands.hpp"

using namespace attnbook;

namespace {
// softmax(s) V with std::exp in long double: the unfused reference.
std::vector<double> unfused(const std::vector<double>& s, const std::vector<std::vector<double>>& v) {
    long double m = s[0], z = 0;
    for (double x : s) m = std::max<long double>(m, x);
    for (double x : s) z += std::exp(x - m);
    std::vector<double> out(v[0].size());
    for (std::size_t c = 0; c < out.size(); ++c) {
        long double acc = 0;
        for (std::size_t j = 0; j < s.size(); ++j) acc += std::exp(s[j] - m) / z * v[j][c];
        out[c] = static_cast<double>(acc);
    }
    return out;
}
}  // namespace

TEST_CASE("online softmax equals the unfused result for every tile size", "[online-softmax]") {
    OnlineSoftmaxInput in;
    in.scores = {0.3, 12.0, -5.0, 11.5, 2.0, 40.0, 39.0};  // the max changes twice mid-row
    in.values = {{1, 2}, {3, 4}, {5, 6}, {-1, 0}, {0, -1}, {2, 2}, {10, -10}};
    const auto ref = unfused(in.scores, in.values);
    for (std::size_t tile = 1; tile <= in.scores.size(); ++tile) {
        in.tile = tile;
        const auto r = online_softmax(in);
        CHECK(r.steps.size() == (in.scores.size() + tile - 1) / tile);
        for (std::size_t c = 0; c < 2; ++c) {
            // Values ~10, a handful of rescalings: 1e-13 absolute.
            CHECK(r.output[c] == Approx(ref[c]).margin(1e-13));
            CHECK(r.unfused_output[c] == Approx(ref[c]).margin(1e-13));
        }
        CHECK(r.max_abs_difference < 1e-13);
        // After each tile: the running max is the max so far, and the partial output is the
        // attention output over the keys read so far.
        for (const auto& step : r.steps) {
            std::vector<double> s(in.scores.begin(), in.scores.begin() + step.last + 1);
            std::vector<std::vector<double>> v(in.values.begin(), in.values.begin() + step.last + 1);
            CHECK(step.running_max == *std::max_element(s.begin(), s.end()));
            long double z = 0;
            for (double x : s) z += std::exp(x - step.running_max);
            CHECK(step.running_sum == Approx(static_cast<double>(z)).epsilon(1e-14));
            const auto partial = unfused(s, v);
            for (std::size_t c = 0; c < 2; ++c) CHECK(step.partial_output[c] == Approx(partial[c]).margin(1e-13));
        }
    }
    in.tile = 0;
    CHECK_THROWS_AS(online_softmax(in), UserError);
    in.tile = 2;
    in.values.pop_back();
    CHECK_THROWS_WITH(online_softmax(in), Catch::Contains("one value row per key"));
}

TEST_CASE("the cost model counts as the lesson does", "[cost]") {
    CostInput in;  // T = 100,000, d_k = d_v = 64, one head, one layer, 2 bytes
    const auto r = attention_cost(in);
    CHECK(r.scores == 1e10);
    CHECK(r.score_bytes == 2e10);  // 20 GB
    CHECK(r.qk_flops == 2.0 * 1e10 * 64);
    CHECK(r.av_flops == 2.0 * 1e10 * 64);
    in.heads = 32;
    in.layers = 2;
    in.batch = 3;
    in.value_width = 128;
    const auto m = attention_cost(in);
    CHECK(m.scores == 1e10 * 32 * 2 * 3);
    CHECK(m.av_flops == 2.0 * 1e10 * 128 * 32 * 2 * 3);
}

TEST_CASE("the cost command says 1e10 scores and 20 GB for T = 100,000", "[cost]") {
    const auto r = run_command("cost", {{"tokens", 100000}, {"head_width", 64}});
    CHECK(r["scores"]["exact"].get<double>() == 1e10);
    CHECK(r["scores"]["shown"] == "1e10");
    CHECK(r["score_bytes"]["exact"].get<double>() == 2e10);
    CHECK(r["score_bytes"]["shown"] == "20 GB");
    CHECK(r["qk_flops"]["shown"] == "1.28e12");
    const auto small = run_command("cost", {{"tokens", 64}, {"head_width", 8}, {"bytes", 4}});
    CHECK(small["scores"]["shown"] == "4096");
    CHECK(small["score_bytes"]["shown"] == "16.4 kB");
    CHECK_THROWS_WITH(run_command("cost", {{"tokens", 0}}), Catch::Contains("$.tokens"));
    const auto mem = run_command("tiling_memory", {{"tokens", {100000}}, {"tile", 128}, {"bytes", 2}});
    CHECK(mem["rows"][0]["unfused_bytes"]["shown"] == "20 GB");
    CHECK(mem["rows"][0]["tiled_bytes"]["exact"].get<double>() == (128.0 * 128 + 2 * 100000) * 2);
}

TEST_CASE("the online_softmax command follows the CLI contract", "[online-softmax]") {
    const auto r = run_command("online_softmax", {{"scores", {0.1, 4.0, 0.0, 0.2}},
                                                  {"values", {{1, 0}, {0, 1}, {1, 1}, {2, 0}}},
                                                  {"tile", 2}});
    REQUIRE(r["steps"].size() == 2);
    CHECK(r["steps"][0]["tile"] == nlohmann::json::array({0, 1}));
    CHECK(r["steps"][1]["running_max"]["exact"].get<double>() == 4.0);
    CHECK(r["output"].size() == 2);
    CHECK(r.contains("unfused_output"));
    CHECK(r["max_abs_difference"]["exact"].get<double>() < 1e-15);
}
