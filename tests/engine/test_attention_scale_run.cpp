// The "attention at scale" cell's WASM path as the binding runs it (notebook/attention_scale_run.hpp):
// its output is attention_forward_f32's bit for bit, causal or not, at edge sizes and a large one;
// the kernel it names is the one that ran; the memory it reports is what the allocator counts while
// the kernel runs, within 10% (natively glibc's mallinfo2, in the WASM build dlmalloc's mallinfo).
#include <catch2/catch.hpp>
#include <malloc.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <nlohmann/json.hpp>
#include <vector>

#include "attnbook/core/attention.hpp"
#include "attnbook/lessons/attention_scale.hpp"
#include "attnbook/notebook/attention_scale_run.hpp"

using namespace attnbook;
using nlohmann::json;

namespace {

json problem(std::size_t heads, std::size_t tokens, std::size_t width, bool causal, std::uint64_t seed) {
    return {{"heads", heads}, {"tokens", tokens}, {"head_width", width}, {"causal", causal}, {"seed", seed}};
}

// Bytes the allocator has handed out and not taken back (arena and mmapped blocks).
double bytes_in_use() {
#if defined(__GLIBC__)
    const struct mallinfo2 m = mallinfo2();
    return static_cast<double>(m.uordblks) + static_cast<double>(m.hblkhd);
#else
    const struct mallinfo m = mallinfo();
    return static_cast<double>(m.uordblks) + static_cast<double>(m.hblkhd);
#endif
}

}  // namespace

TEST_CASE("attention_scale run: the output is attention_forward_f32's, bit for bit", "[attention_scale][run]") {
    struct Size {
        std::size_t heads, tokens, width;
    };
    // Tokens and widths below, at and above the SIMD width and the 4x8 tile (1, 3, 4, 5, 8, 17),
    // a 32-row query block and a half (48), and a large problem (2048 x 64, two heads).
    const Size sizes[] = {{1, 1, 1},  {1, 3, 3},   {2, 4, 4},  {1, 5, 5},  {3, 8, 8},     {2, 17, 17},
                          {1, 17, 64}, {1, 48, 5}, {2, 130, 17}, {1, 64, 128}, {2, 2048, 64}};
    for (const Size& z : sizes) {
        for (const bool causal : {true, false}) {
            ScaleRun run("test", problem(z.heads, z.tokens, z.width, causal, z.tokens));
            const json report = run.run(1);
            const ScaleProblem& p = run.problem();
            std::vector<float> raw(run.numel(), -1.0f);
            const char* kernel = attention_forward_f32(run.q(), run.k(), run.v(), raw.data(),
                                                       {p.heads, p.tokens, p.tokens, p.head_width, p.head_width},
                                                       causal, static_cast<float>(scale_factor(p)));
            INFO("heads " << z.heads << " tokens " << z.tokens << " width " << z.width << " causal " << causal);
            REQUIRE(run.output().size() == raw.size());
            CHECK(std::memcmp(run.output().data(), raw.data(), raw.size() * sizeof(float)) == 0);
            CHECK(report.at("kernel") == std::string(kernel));
            CHECK(report.at("kernel") == "scaled_dot_product_attention_tiled_4x8_xsimd");
            CHECK(report.at("backend") == "wasm");
            // float64 on the sampled row: float32 rounding only (the float32 kernel's own tests
            // bound it; a wrong causal bound errs by ~0.1).
            CHECK(report.at("max_rel_error").at("exact").get<double>() < 1e-5);
        }
    }
}

TEST_CASE("attention_scale run: the kernel named is the one that ran (rowwise near float32's limit)", "[attention_scale][run]") {
    // Values near 3.4e38 send attention_forward_f32 to the rowwise kernel, which checks every logit.
    std::vector<float> q(2 * 8, 1e30f), k(2 * 8, 1e30f), v(2 * 8, 1.0f), out(2 * 8);
    CHECK_THROWS(attention_forward_f32(q.data(), k.data(), v.data(), out.data(), {1, 2, 2, 8, 8}, true, 0.125f));
    std::fill(q.begin(), q.end(), 0.5f);
    std::fill(k.begin(), k.end(), 0.5f);
    std::fill(v.begin(), v.end(), 3e38f);  // an output of 3e38: finite, but near the limit
    CHECK(std::string(attention_forward_f32(q.data(), k.data(), v.data(), out.data(), {1, 2, 2, 8, 8}, true, 0.125f)) ==
          "scaled_dot_product_attention_rowwise_xsimd");
    CHECK(out[0] == 3e38f);
}

TEST_CASE("attention_scale run: the memory reported is what the allocator counts during the run", "[attention_scale][run]") {
    struct Size {
        std::size_t heads, tokens, width;
        bool causal;
    };
    // Sizes of 300 KB and more: the allocator's own slack (glibc counts the small blocks its
    // per-thread cache keeps after free as in use: a few KB, e.g. the report's JSON nodes) stays
    // near 1% of them. (At 1 x 128 x 16, 32 KB of tensors, that slack alone was 22%.)
    const Size sizes[] = {{2, 512, 32, false}, {4, 300, 17, true}, {1, 1024, 64, true}, {2, 2048, 64, false}};
    for (const Size& z : sizes) {
        const json args = problem(z.heads, z.tokens, z.width, z.causal, 7);
        const double before = bytes_in_use();
        double peak = before;
        ScaleRun run("test", args);
        double used = 0, tensors = 0;
        {
            const json report = run.run(4, [&](double) { peak = std::max(peak, bytes_in_use()); });
            used = report.at("memory").at("used_bytes").at("exact").get<double>();
            tensors = report.at("memory").at("tensors_bytes").at("exact").get<double>();
        }
        const double held = bytes_in_use() - before;  // q, k, v and the output, kept by the run
        INFO("heads " << z.heads << " tokens " << z.tokens << " width " << z.width << ": measured peak "
                      << peak - before << " bytes, reported " << used << "; held after " << held << ", tensors "
                      << tensors);
        CHECK(std::fabs((peak - before) - used) <= 0.1 * used);
        CHECK(std::fabs(held - tensors) <= 0.1 * tensors);
    }
}

TEST_CASE("attention_scale run: a GPU output is copied in once and checked", "[attention_scale][run]") {
    ScaleRun run("test", problem(1, 64, 8, false, 2));
    CHECK_THROWS_WITH(run.check(3, 1.0), Catch::Contains("test: no output to check"));
    float* out = run.output_buffer();
    const ScaleProblem& p = run.problem();
    attention_forward_f32(run.q(), run.k(), run.v(), out, {1, 64, 64, 8, 8}, false, static_cast<float>(scale_factor(p)));
    out[63 * 8 + 2] += 0.25f;  // sample_rows 3: rows 0, 31, 63; the last is spoiled
    const json report = run.check(3, 4.0);
    CHECK(report.at("backend") == "webgpu");
    CHECK(report.at("max_abs_error").at("exact").get<double>() == Approx(0.25).epsilon(1e-5));
    CHECK(report.at("memory").at("scratch_bytes").at("exact") == 0);
    CHECK(report.at("gflops").at("exact").get<double>() == 4.0 * 8 * 64 * 64 / (4.0 * 1e6));
    CHECK_THROWS_WITH(run.check(3, -1.0), Catch::Contains("ms must be a finite number >= 0"));
    CHECK_THROWS_WITH(run.check(300, 1.0), Catch::Contains("sample_rows must be 1 to 256, not 300"));
}
