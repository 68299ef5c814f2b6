// attnbook_bench: times the engine's attention kernels with no JSON in the way, natively and
// (the same file compiled with em++) in WebAssembly under Node. Driven by
// scripts/bench-attention.mjs, which writes the inputs and prints the table.
//
//   attnbook_bench --dir DIR --sizes 64,256,512 --dim 64 --label NAME
//                  [--write-reference] [--time-reference] [--budget-ms 150]
//                  [--kernels tiled_4x8,tiled_2x16,tiled_6x8,rowwise,cell]   (default: all)
//                  [--min-reps 7]
//
// For each L in --sizes it reads DIR/q_L.f32 (L, E), DIR/k_L.f32 (S=L, E), DIR/v_L.f32 (S, Ev=E),
// raw little-endian float32, and for is_causal false and true:
//   1. the float64 reference: computed and written to DIR/ref_L_c.f64 (L, Ev) with
//      --write-reference (the native run does this once), else read from that file;
//   2. each float32 kernel runs once and is compared with the reference; it is timed only
//      if the max abs error is below 1e-4 (float32 sums over S=512 terms of size ~1 stay ~1e-6);
//   3. timing: warm-up, then reps of `inner` back-to-back calls (inner chosen so a rep lasts
//      >= 2 ms), median over reps of the time per call.
// One JSON object per line on stdout:
//   {"impl":"engine-native","kernel":"tiled_4x8","L":64,"causal":false,"max_abs_error":1e-7,
//    "median_ms":0.05,"reps":9,"inner":40}
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "attnbook/core/attention.hpp"
#include "attnbook/lessons/attention_scale.hpp"

namespace {

using attnbook::AttentionOptions;
using attnbook::Tensor;
using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

template <class T>
std::vector<T> read_raw(const std::string& path, std::size_t count) {
    std::vector<T> out(count);
    std::ifstream in(path, std::ios::binary);
    in.read(reinterpret_cast<char*>(out.data()), static_cast<std::streamsize>(count * sizeof(T)));
    if (!in || in.gcount() != static_cast<std::streamsize>(count * sizeof(T))) {
        std::fprintf(stderr, "attnbook_bench: cannot read %zu values from %s\n", count, path.c_str());
        std::exit(2);
    }
    return out;
}

template <class T>
void write_raw(const std::string& path, const std::vector<T>& data) {
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(data.data()), static_cast<std::streamsize>(data.size() * sizeof(T)));
    if (!out) {
        std::fprintf(stderr, "attnbook_bench: cannot write %s\n", path.c_str());
        std::exit(2);
    }
}

struct Timing {
    double median_ms = 0;
    int reps = 0, inner = 0;
};

// Warm-up, then reps of `inner` calls; the median over reps of (rep time / inner).
int g_min_reps = 7;  // --min-reps

Timing time_calls(const std::function<void()>& call, double budget_ms) {
    const auto w0 = Clock::now();
    int warm = 0;
    do { call(); ++warm; } while (warm < std::min(3, g_min_reps) || (ms_since(w0) < 20.0 && warm < 1000));
    const double one_ms = std::max(ms_since(w0) / warm, 1e-6);
    Timing t;
    t.inner = std::max(1, static_cast<int>(std::ceil(2.0 / one_ms)));
    t.reps = std::clamp(static_cast<int>(budget_ms / (one_ms * t.inner)), g_min_reps, 51);
    std::vector<double> per_call;
    for (int r = 0; r < t.reps; ++r) {
        const auto t0 = Clock::now();
        for (int n = 0; n < t.inner; ++n) call();
        per_call.push_back(ms_since(t0) / t.inner);
    }
    std::sort(per_call.begin(), per_call.end());
    t.median_ms = per_call[per_call.size() / 2];
    return t;
}

void print_row(const std::string& impl, const char* kernel, std::size_t L, bool causal, double err,
               const Timing* t, const char* note = nullptr) {
    std::printf("{\"impl\":\"%s\",\"kernel\":\"%s\",\"L\":%zu,\"causal\":%s,\"max_abs_error\":%.3g",
                impl.c_str(), kernel, L, causal ? "true" : "false", err);
    if (t) std::printf(",\"median_ms\":%.6g,\"reps\":%d,\"inner\":%d", t->median_ms, t->reps, t->inner);
    if (note) std::printf(",\"note\":\"%s\"", note);
    std::printf("}\n");
    std::fflush(stdout);
}

// Keeps the optimiser from dropping a call whose result is unused.
volatile float g_sink = 0.0f;

}  // namespace

int main(int argc, char** argv) {
    std::string dir, label = "engine-native", sizes_text = "64,256,512", kernel_list;
    std::size_t E = 64;
    bool write_reference = false, time_reference = false;
    double budget_ms = 150.0;
    for (int a = 1; a < argc; ++a) {
        const std::string arg = argv[a];
        auto value = [&]() -> std::string {
            if (a + 1 >= argc) { std::fprintf(stderr, "attnbook_bench: %s needs a value\n", arg.c_str()); std::exit(2); }
            return argv[++a];
        };
        if (arg == "--dir") dir = value();
        else if (arg == "--sizes") sizes_text = value();
        else if (arg == "--dim") E = std::stoul(value());
        else if (arg == "--label") label = value();
        else if (arg == "--budget-ms") budget_ms = std::stod(value());
        else if (arg == "--write-reference") write_reference = true;
        else if (arg == "--time-reference") time_reference = true;
        else if (arg == "--kernels") kernel_list = value();
        else if (arg == "--min-reps") g_min_reps = std::max(1, std::stoi(value()));
        else { std::fprintf(stderr, "attnbook_bench: unknown option %s\n", arg.c_str()); return 2; }
    }
    if (dir.empty()) { std::fprintf(stderr, "attnbook_bench: --dir is required\n"); return 2; }
    std::vector<std::size_t> sizes;
    std::stringstream ss(sizes_text);
    for (std::string item; std::getline(ss, item, ',');) sizes.push_back(std::stoul(item));

    constexpr double kTolerance = 1e-4;  // see the header comment
    int failures = 0;
    for (const std::size_t L : sizes) {
        const std::string tag = std::to_string(L);
        const Tensor q({L, E}, read_raw<float>(dir + "/q_" + tag + ".f32", L * E));  // (L, E)
        const Tensor k({L, E}, read_raw<float>(dir + "/k_" + tag + ".f32", L * E));  // (S, E)
        const Tensor v({L, E}, read_raw<float>(dir + "/v_" + tag + ".f32", L * E));  // (S, Ev)
        for (const bool causal : {false, true}) {
            AttentionOptions options;
            options.is_causal = causal;
            const std::string ref_path = dir + "/ref_" + tag + "_" + (causal ? "1" : "0") + ".f64";
            std::vector<double> ref;  // (L, Ev)
            if (write_reference) {
                ref = attnbook::scaled_dot_product_attention_reference_f64(q, k, v, options).output.data;
                write_raw(ref_path, ref);
            } else {
                ref = read_raw<double>(ref_path, L * E);
            }
            if (time_reference) {
                const Timing t = time_calls([&] {
                    g_sink = static_cast<float>(
                        attnbook::scaled_dot_product_attention_reference_f64(q, k, v, options).output.data[0]);
                }, budget_ms);
                print_row(label, "reference_f64", L, causal, 0.0, &t);
            }
            // Each kernel: checked against the reference, then timed. The tiled ones through the
            // raw float32 entry (what a typed-array caller runs), the rowwise one through Tensors,
            // "cell" through the attention-at-scale cell's path (scale_forward_f32, progress on).
            std::vector<float> out(L * E);
            const float scale = static_cast<float>(1.0 / std::sqrt(static_cast<double>(E)));
            struct Kernel { const char* name; std::function<void()> call; };
            auto tiled = [&](attnbook::AttentionTile tile) {
                return [&, tile] {
                    attnbook::attention_forward_f32(q.data.data(), k.data.data(), v.data.data(), out.data(),
                                                    {1, L, L, E, E}, causal, scale, tile);
                };
            };
            const Kernel kernels[] = {
                {"tiled_4x8", tiled(attnbook::AttentionTile::t4x8)},
                {"tiled_2x16", tiled(attnbook::AttentionTile::t2x16)},
                {"tiled_6x8", tiled(attnbook::AttentionTile::t6x8)},
                {"rowwise", [&] { out = attnbook::scaled_dot_product_attention_rowwise_xsimd(q, k, v, options).output.data; }},
                {"cell", [&] {
                    const attnbook::ScaleProblem p{1, L, E, causal, attnbook::Divisor::sqrt_width, 0};
                    attnbook::scale_forward_f32(p, q.data.data(), k.data.data(), v.data.data(), out.data(),
                                                [](double f) { g_sink = static_cast<float>(f); });
                }},
            };
            for (const Kernel& kernel : kernels) {
                if (!kernel_list.empty() && ("," + kernel_list + ",").find("," + std::string(kernel.name) + ",") == std::string::npos)
                    continue;
                std::fill(out.begin(), out.end(), 0.0f);
                kernel.call();
                double err = 0.0;
                for (std::size_t n = 0; n < out.size(); ++n)
                    err = std::max(err, std::fabs(static_cast<double>(out[n]) - ref[n]));
                if (!(err < kTolerance)) {
                    print_row(label, kernel.name, L, causal, err, nullptr, "error above 1e-4: not timed");
                    ++failures;
                    continue;
                }
                const Timing t = time_calls([&] { kernel.call(); g_sink = out[0]; }, budget_ms);
                print_row(label, kernel.name, L, causal, err, &t);
            }
        }
    }
    return failures == 0 ? 0 : 1;
}
