#include "attnbook/lessons/scaling_study.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "attnbook/core/errors.hpp"
#include "attnbook/core/text_join.hpp"
#include "attnbook/core/numpy_rng.hpp"
#include "attnbook/core/softmax.hpp"

namespace attnbook {
namespace {

void check_range(const char* field, std::uint64_t value, WholeRange range) {
    if (value < range.min || value > range.max)
        throw_format("{}: {} is outside {}..{}", {field, value, range.min, range.max});
}

// max_i softmax(s)_i, from the core's reference softmax (= 1 / sum_i exp(s_i - max)).
double top_softmax_weight(const std::vector<double>& logits) {
    std::vector<double> weights(logits.size());
    softmax_f64_scalar(logits.data(), weights.data(), logits.size());
    return *std::max_element(weights.begin(), weights.end());
}

}  // namespace

void check_scaling_input(const ScalingInput& in) {
    using namespace scaling_limits;
    check_range("seed", in.seed, seed);
    if (in.widths.size() < width_count.min || in.widths.size() > width_count.max)
        throw_format("widths: give {}..{} widths, not {}", {width_count.min, width_count.max, in.widths.size()});
    check_range("pairs", in.pairs, pairs);
    check_range("trials", in.trials, trials);
    check_range("keys", in.keys, keys);
    // Each factor is in range now, so the products below cannot overflow 64 bits.
    for (std::size_t d : in.widths) {
        check_range("widths", d, width);
        if (std::uint64_t{in.pairs} * d > max_block)
            throw_format("pairs x width: {} x {} numbers is more than the {} one table may hold",
                         {in.pairs, d, max_block});
        if (std::uint64_t{in.trials} * in.keys * d > max_block)
            throw_format("trials x keys x width: {} x {} x {} is more than {}", {in.trials, in.keys, d, max_block});
    }
}

double population_std(const std::vector<double>& x) {
    double sum = 0.0;
    for (double v : x) sum += v;
    const double mean = sum / static_cast<double>(x.size());
    double squares = 0.0;
    for (double v : x) squares += (v - mean) * (v - mean);
    return std::sqrt(squares / static_cast<double>(x.size()));
}

ScalingResult scaling_study(const ScalingInput& in, const std::function<void(double)>& progress) {
    check_scaling_input(in);
    NumpyRng rng(in.seed);
    ScalingResult out;

    // Progress counts normal draws, which dominate the work, reported every kRowsPerReport rows
    // (a few hundred reports for the lesson's defaults: smooth, and cheap across the WASM boundary).
    constexpr std::size_t kRowsPerReport = 1024;
    double total_draws = 0.0, done = 0.0;
    for (std::size_t d : in.widths)
        total_draws += 2.0 * in.pairs * d + static_cast<double>(in.trials) * (1 + in.keys) * d;
    auto report = [&](double draws) {
        done += draws;
        if (progress) progress(std::min(1.0, done / total_draws));
    };

    // Table 1. q is (pairs, d), drawn whole first; k is drawn row by row after it, which is
    // the same stream order as numpy's two row-major (pairs, d) arrays.
    std::vector<double> q, k, raw, scaled;
    for (std::size_t d : in.widths) {
        q.resize(in.pairs * d);
        k.resize(d);
        rng.fill_normal(q.data(), q.size());
        report(static_cast<double>(q.size()));
        raw.assign(in.pairs, 0.0);
        for (std::size_t n = 0; n < in.pairs; ++n) {
            rng.fill_normal(k.data(), d);
            double dot = 0.0;
            for (std::size_t j = 0; j < d; ++j) dot += q[n * d + j] * k[j];
            raw[n] = dot;
            if ((n + 1) % kRowsPerReport == 0) report(static_cast<double>(kRowsPerReport * d));
        }
        report(static_cast<double>((in.pairs % kRowsPerReport) * d));
        const double div = divisor_value(in.divisor, d);
        scaled.resize(in.pairs);
        for (std::size_t n = 0; n < in.pairs; ++n) scaled[n] = raw[n] / div;
        out.raw_std.push_back(population_std(raw));
        out.scaled_std.push_back(population_std(scaled));
    }

    // Table 2. q is (trials, 1, d) drawn whole; K is (trials, keys, d), streamed trial by trial.
    std::vector<double> keys_block, logits(in.keys), cooled(in.keys);
    for (std::size_t d : in.widths) {
        q.resize(in.trials * d);
        rng.fill_normal(q.data(), q.size());
        report(static_cast<double>(q.size()));
        keys_block.resize(in.keys * d);
        const double div = divisor_value(in.divisor, d);
        double hot_sum = 0.0, cool_sum = 0.0;
        for (std::size_t t = 0; t < in.trials; ++t) {
            rng.fill_normal(keys_block.data(), keys_block.size());
            for (std::size_t i = 0; i < in.keys; ++i) {
                double dot = 0.0;
                for (std::size_t j = 0; j < d; ++j) dot += q[t * d + j] * keys_block[i * d + j];
                logits[i] = dot;
                cooled[i] = dot / div;
            }
            hot_sum += top_softmax_weight(logits);
            cool_sum += top_softmax_weight(cooled);
            if ((t + 1) % kRowsPerReport == 0) report(static_cast<double>(kRowsPerReport * in.keys * d));
        }
        out.top_unscaled.push_back(hot_sum / static_cast<double>(in.trials));
        out.top_scaled.push_back(cool_sum / static_cast<double>(in.trials));
        report(static_cast<double>((in.trials % kRowsPerReport) * in.keys * d));
    }
    return out;
}

}  // namespace attnbook
