#include "attnbook/lessons/mistakes.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "attnbook/core/errors.hpp"
#include "attnbook/core/numpy_rng.hpp"
#include "attnbook/core/softmax.hpp"
#include "attnbook/core/text_join.hpp"

namespace attnbook {

namespace {

const Grid kScores = {{2.0, 0.5, -1.0, 0.3}, {0.1, 1.5, 0.7, -0.4}, {1.2, -0.3, 0.9, 2.2}, {0.0, 0.8, -1.1, 1.0}};

double top_weight(const std::vector<double>& logits) {
    std::vector<double> w(logits.size());
    softmax_f64_scalar(logits.data(), w.data(), w.size());
    double top = 0;
    for (double x : w) top = x > top ? x : top;
    return top;
}

// Mean top weight over `trials` random rows of width d for each divisor in `divisors`
// (draws: q (trials, d) then K (trials, keys, d)).
std::vector<double> mean_top(NumpyRng& rng, std::size_t d, const std::vector<double>& divisors) {
    const std::size_t trials = mistakes_limits::trials, keys = mistakes_limits::keys;
    std::vector<double> q(trials * d), k(trials * keys * d);
    rng.fill_normal(q.data(), q.size());
    rng.fill_normal(k.data(), k.size());
    std::vector<double> sums(divisors.size(), 0.0), logits(keys);
    for (std::size_t t = 0; t < trials; ++t) {
        std::vector<double> dots(keys);
        for (std::size_t j = 0; j < keys; ++j) {
            double dot = 0;
            for (std::size_t c = 0; c < d; ++c) dot += q[t * d + c] * k[(t * keys + j) * d + c];
            dots[j] = dot;
        }
        for (std::size_t v = 0; v < divisors.size(); ++v) {
            for (std::size_t j = 0; j < keys; ++j) logits[j] = dots[j] / divisors[v];
            sums[v] += top_weight(logits);
        }
    }
    for (double& s : sums) s /= static_cast<double>(trials);
    return sums;
}

std::vector<double> row_sums(const Grid& g) {
    std::vector<double> out;
    for (const auto& r : g) {
        double s = 0;
        for (double x : r) s += x;
        out.push_back(s);
    }
    return out;
}

}  // namespace

Mistakes common_mistakes(const MistakesInput& in) {
    namespace lim = mistakes_limits;
    if (in.heads < 1 || in.heads > lim::max_heads) throw UserError("heads: between 1 and " + std::to_string(lim::max_heads));
    if (in.head_width < 1 || in.head_width > lim::max_head_width)
        throw UserError("head_width: between 1 and " + std::to_string(lim::max_head_width));
    bool known = false;
    for (std::size_t w : lim::tuned_widths) known = known || w == in.tuned_width;
    if (!known) {
        std::string widths;
        for (std::size_t w : lim::tuned_widths) append_text(widths, {widths.empty() ? "" : ", ", w});
        throw_format("tuned_width: must be one of {}, found {}", {widths, in.tuned_width});
    }
    Mistakes m;
    NumpyRng rng(in.seed);

    // 1. wrong width
    m.right_divisor = std::sqrt(static_cast<double>(in.head_width));
    m.wrong_divisor = std::sqrt(static_cast<double>(in.heads * in.head_width));
    const auto tops = mean_top(rng, in.head_width, {1.0, m.right_divisor, m.wrong_divisor});
    m.top_unscaled = tops[0];
    m.top_right = tops[1];
    m.top_wrong = tops[2];
    m.uniform = 1.0 / static_cast<double>(lim::keys);

    // 2. the axis
    const std::size_t n = kScores.size();
    m.scores = kScores;
    m.weights_key_axis = Grid(n, std::vector<double>(n));
    for (std::size_t i = 0; i < n; ++i) softmax_f64_scalar(kScores[i].data(), m.weights_key_axis[i].data(), n);
    m.weights_query_axis = Grid(n, std::vector<double>(n));
    for (std::size_t j = 0; j < n; ++j) {
        std::vector<double> column(n), w(n);
        for (std::size_t i = 0; i < n; ++i) column[i] = kScores[i][j];
        softmax_f64_scalar(column.data(), w.data(), n);
        for (std::size_t i = 0; i < n; ++i) m.weights_query_axis[i][j] = w[i];
    }
    m.row_sums_key_axis = row_sums(m.weights_key_axis);
    m.row_sums_query_axis = row_sums(m.weights_query_axis);
    m.column_sums_query_axis.assign(n, 0.0);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) m.column_sums_query_axis[j] += m.weights_query_axis[i][j];
    // The check the lesson recommends: assert weights.sum(-1) is all ones (to 1e-9).
    m.query_axis_rows_sum_to_one = true;
    for (double s : m.row_sums_query_axis) m.query_axis_rows_sum_to_one = m.query_axis_rows_sum_to_one && std::fabs(s - 1.0) < 1e-9;

    // 3. mask after versus before (causal: key j > query i is masked)
    m.weights_mask_after = m.weights_key_axis;
    m.weights_mask_before = Grid(n, std::vector<double>(n));
    for (std::size_t i = 0; i < n; ++i) {
        std::vector<double> logits = kScores[i];
        for (std::size_t j = i + 1; j < n; ++j) {
            m.weights_mask_after[i][j] = 0.0;
            logits[j] = -std::numeric_limits<double>::infinity();
        }
        softmax_f64_scalar(logits.data(), m.weights_mask_before[i].data(), n);
    }
    m.row_sums_mask_after = row_sums(m.weights_mask_after);
    m.row_sums_mask_before = row_sums(m.weights_mask_before);

    // 4. a tuned constant: c = 1/sqrt(tuned_width), used at every width
    m.tuned_scale = 1.0 / std::sqrt(static_cast<double>(in.tuned_width));
    for (std::size_t d : lim::tuned_widths) {
        m.widths.push_back(d);
        const auto t = mean_top(rng, d, {1.0 / m.tuned_scale, std::sqrt(static_cast<double>(d))});
        m.top_tuned.push_back(t[0]);
        m.top_sqrt.push_back(t[1]);
    }
    return m;
}

}  // namespace attnbook
