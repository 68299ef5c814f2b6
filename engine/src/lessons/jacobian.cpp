#include "attnbook/lessons/jacobian.hpp"

#include <cmath>
#include <string>

#include "attnbook/core/errors.hpp"
#include "attnbook/core/text_join.hpp"
#include "attnbook/core/numpy_rng.hpp"
#include "attnbook/core/softmax.hpp"
#include "attnbook/lessons/scaling_study.hpp"

namespace attnbook {

namespace {
double frobenius_of_softmax_jacobian(const std::vector<double>& p) {
    double sum = 0.0;
    for (std::size_t i = 0; i < p.size(); ++i)
        for (std::size_t j = 0; j < p.size(); ++j) {
            const double v = (i == j ? p[i] : 0.0) - p[i] * p[j];
            sum += v * v;
        }
    return std::sqrt(sum);
}
}  // namespace

void check_scores(const std::vector<double>& scores) {
    const std::size_t n = scores.size();
    if (n == 0 || n > jacobian_limits::max_scores)
        throw_format("scores: give 1..{} scores, not {}", {jacobian_limits::max_scores, n});
    const double most = jacobian_limits::max_abs;
    for (std::size_t i = 0; i < n; ++i)
        if (!(std::fabs(scores[i]) <= most))
            throw_format("scores[{}]: must be between {} and {}, found {}", {i, -most, most, scores[i]});
}

SoftmaxJacobian softmax_jacobian(const std::vector<double>& scores) {
    check_scores(scores);
    const std::size_t n = scores.size();
    SoftmaxJacobian r;
    r.weights.assign(n, 0.0);
    softmax_f64_scalar(scores.data(), r.weights.data(), n);
    const auto& p = r.weights;
    r.jacobian = std::vector<std::vector<double>>(n, std::vector<double>(n));
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) r.jacobian[i][j] = (i == j ? p[i] : 0.0) - p[i] * p[j];
    r.frobenius = frobenius_of_softmax_jacobian(p);
    return r;
}

void check_jacobian_input(const JacobianNormsInput& in) {
    namespace lim = jacobian_limits;
    if (in.widths.empty() || in.widths.size() > lim::max_widths)
        throw_format("widths: give 1..{} widths", {lim::max_widths});
    for (std::size_t d : in.widths)
        if (d < 1 || d > lim::max_width) throw_format("widths: each between 1 and {}", {lim::max_width});
    if (in.keys < 2 || in.keys > lim::max_keys) throw_format("keys: between 2 and {}", {lim::max_keys});
    if (in.trials < 1 || in.trials > lim::max_trials)
        throw_format("trials: between 1 and {}", {lim::max_trials});
    // One (trials, keys, d) block of keys is held at a time; the scaling study's bound keeps it at
    // 64 MiB and a browser tab responsive.
    for (std::size_t d : in.widths)
        if (std::uint64_t{in.trials} * in.keys * d > scaling_limits::max_block)
            throw_format("trials x keys x width: {} x {} x {} numbers is more than the {} one block may hold",
                         {in.trials, in.keys, d, scaling_limits::max_block});
}

JacobianNorms jacobian_norms(const JacobianNormsInput& in) {
    check_jacobian_input(in);
    NumpyRng rng(in.seed);
    JacobianNorms out;
    for (std::size_t d : in.widths) {
        // numpy order: q = rng.normal(size=(trials, d)); K = rng.normal(size=(trials, keys, d))
        std::vector<double> q(in.trials * d), k(in.trials * in.keys * d);
        rng.fill_normal(q.data(), q.size());
        rng.fill_normal(k.data(), k.size());
        const double root = std::sqrt(static_cast<double>(d));
        double hot = 0.0, cool = 0.0;
        std::vector<double> logits(in.keys), scaled(in.keys), p(in.keys);
        for (std::size_t t = 0; t < in.trials; ++t) {
            for (std::size_t j = 0; j < in.keys; ++j) {
                double dot = 0.0;
                for (std::size_t c = 0; c < d; ++c) dot += q[t * d + c] * k[(t * in.keys + j) * d + c];
                logits[j] = dot;
                scaled[j] = dot / root;
            }
            softmax_f64_scalar(logits.data(), p.data(), in.keys);
            hot += frobenius_of_softmax_jacobian(p);
            softmax_f64_scalar(scaled.data(), p.data(), in.keys);
            cool += frobenius_of_softmax_jacobian(p);
        }
        out.unscaled.push_back(hot / static_cast<double>(in.trials));
        out.scaled.push_back(cool / static_cast<double>(in.trials));
    }
    return out;
}

}  // namespace attnbook
