#include "attnbook/lessons/attention_scale.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>

#include "attnbook/core/attention.hpp"
#include "attnbook/core/errors.hpp"
#include "attnbook/core/text_join.hpp"
#include "attnbook/core/numpy_rng.hpp"
#include "attnbook/core/softmax.hpp"

namespace attnbook {
namespace {

namespace lim = attention_scale_limits;

void check_range(const TextPart& who, const char* field, std::uint64_t value, WholeRange r) {
    if (value < r.min || value > r.max)
        throw_format("{}: {} must be {} to {}, not {}", {who, field, r.min, r.max, value});
}

// One sampled row in float64 from the float32 inputs, as the reference computes it: the weights
// (softmax of scale * q.k over the keys the row sees) into w, the output into o. The reference's
// softmax uses det_exp: the same digits natively and in WASM.
void row_f64(const ScaleProblem& p, const float* q, const float* k, const float* v, std::size_t head,
             std::size_t row, double scale, std::vector<double>& w, std::vector<double>* o) {
    const std::size_t T = p.tokens, D = p.head_width, base = head * T * D;
    const std::size_t keys = p.causal ? row + 1 : T;
    std::vector<double> logits(keys);
    attention_logits_f64(q + base + row * D, k + base, keys, D, scale, logits.data());
    w.assign(keys, 0.0);
    softmax_f64_scalar(logits.data(), w.data(), keys);
    if (!o) return;
    o->assign(D, 0.0);
    attention_blend_f64(w.data(), v + base, keys, D, o->data());
}

// The kernel's view of the problem: self-attention, T queries against the same T keys.
AttentionF32Dims dims_of(const ScaleProblem& p) { return {p.heads, p.tokens, p.tokens, p.head_width, p.head_width}; }

std::size_t bin_of(double top) {
    const auto b = static_cast<std::size_t>(top * lim::histogram_bins);
    return std::min(b, lim::histogram_bins - 1);  // a top weight of exactly 1 is in the last bin
}

}  // namespace

const std::vector<std::string>& scale_backend_names() {
    static constexpr const char* kNames[] = {"auto", "webgpu", "wasm"};  // data, not code
    static const std::vector<std::string> names(std::begin(kNames), std::end(kNames));
    return names;
}

namespace {
void check_problem(const ScaleProblem& p, const TextPart& who) {
    check_range(who, "heads", p.heads, lim::heads);
    check_range(who, "tokens", p.tokens, lim::tokens);
    check_range(who, "head_width", p.head_width, lim::head_width);
    check_range(who, "seed", p.seed, lim::seed);
    if (static_cast<std::uint64_t>(scale_numel(p)) > lim::max_elements)
        throw_format("{}: heads x tokens x head_width = {} numbers per tensor; at most {}",
                     {who, scale_numel(p), lim::max_elements});
}
}  // namespace

void check_scale_problem(const ScaleProblem& p, const std::string& who) { check_problem(p, who); }
void check_scale_problem(const ScaleProblem& p) { check_problem(p, "attention_scale"); }

std::size_t scale_numel(const ScaleProblem& p) { return p.heads * p.tokens * p.head_width; }

double scale_factor(const ScaleProblem& p) { return 1.0 / divisor_value(p.divisor, p.head_width); }

void scale_inputs(const ScaleProblem& p, float* q, float* k, float* v) {
    check_scale_problem(p);
    NumpyRng rng(p.seed);
    const std::size_t n = scale_numel(p);
    for (float* t : {q, k, v})
        for (std::size_t i = 0; i < n; ++i) t[i] = static_cast<float>(rng.normal());
}

const char* scale_forward_f32(const ScaleProblem& p, const float* q, const float* k, const float* v, float* out,
                              const std::function<void(double)>& progress) {
    check_scale_problem(p);
    // The kernel reports after every block of 32 query rows; passed on in steps of at least a
    // hundredth (and the end), so a page is not sent thousands of messages for one run.
    double next = 0.0;
    AttentionProgress throttled;
    if (progress) {
        throttled = [&](double f) {
            if (f < next && f < 1.0) return;
            next = f + 0.01;
            progress(f);
        };
    }
    return attention_forward_f32(q, k, v, out, dims_of(p), p.causal, static_cast<float>(scale_factor(p)), throttled);
}

ScaleCheck scale_check(const ScaleProblem& p, const float* q, const float* k, const float* v, const float* out,
                       std::size_t rows) {
    check_scale_problem(p);
    check_range("attention_scale", "sample_rows", rows, lim::sample_rows);
    const std::size_t T = p.tokens, D = p.head_width;
    const double scale = scale_factor(p);
    ScaleCheck c;
    c.rows = std::min<std::size_t>(rows, p.heads * T);
    c.top_scaled_bins.assign(lim::histogram_bins, 0);
    c.top_unscaled_bins.assign(lim::histogram_bins, 0);
    std::vector<double> w, ref;
    for (std::size_t s = 0; s < c.rows; ++s) {
        // Sample s: head s mod H, rows spread evenly from 0 to T - 1 (both ends included).
        const std::size_t head = s % p.heads;
        const std::size_t row = c.rows == 1 ? 0 : s * (T - 1) / (c.rows - 1);
        row_f64(p, q, k, v, head, row, scale, w, &ref);
        double err = 0.0, size = 0.0;
        for (std::size_t col = 0; col < D; ++col) {
            const double got = static_cast<double>(out[(head * T + row) * D + col]);
            if (!std::isfinite(got))
                throw_format("attention_scale: the output is not finite at head {}, row {}, column {}",
                             {head, row, col});
            err = std::fmax(err, std::fabs(got - ref[col]));
            size = std::fmax(size, std::fabs(ref[col]));
        }
        c.max_abs_error = std::fmax(c.max_abs_error, err);
        if (size > 0) c.max_rel_error = std::fmax(c.max_rel_error, err / size);
        const double top_scaled = *std::max_element(w.begin(), w.end());
        row_f64(p, q, k, v, head, row, 1.0, w, nullptr);
        const double top_unscaled = *std::max_element(w.begin(), w.end());
        c.top_scaled_bins[bin_of(top_scaled)]++;
        c.top_unscaled_bins[bin_of(top_unscaled)]++;
        c.top_scaled_mean += top_scaled / static_cast<double>(c.rows);
        c.top_unscaled_mean += top_unscaled / static_cast<double>(c.rows);
    }
    const std::size_t n = std::min(T, lim::window);
    for (std::size_t i = 0; i < n; ++i) {
        row_f64(p, q, k, v, 0, i, scale, w, nullptr);
        w.resize(T, 0.0);  // causal: the keys past the row have weight 0
        c.window.emplace_back(w.begin(), w.begin() + static_cast<std::ptrdiff_t>(n));
    }
    return c;
}

double scale_flops(const ScaleProblem& p) {
    const double T = static_cast<double>(p.tokens);
    const double pairs = p.causal ? T * (T + 1) / 2 : T * T;
    return 4.0 * static_cast<double>(p.head_width) * static_cast<double>(p.heads) * pairs;
}

double scale_tensor_bytes(const ScaleProblem& p) { return 4.0 * 4.0 * static_cast<double>(scale_numel(p)); }

double scale_wasm_scratch_bytes(const ScaleProblem& p) {
    return static_cast<double>(attention_forward_f32_scratch_bytes(dims_of(p)));
}

double scale_matrix_bytes(const ScaleProblem& p) {
    return 4.0 * static_cast<double>(p.heads) * static_cast<double>(p.tokens) * static_cast<double>(p.tokens);
}

}  // namespace attnbook
