#include "attnbook/lessons/pipeline.hpp"

#include <cmath>
#include <iterator>

#include "attnbook/core/errors.hpp"
#include "attnbook/core/text_join.hpp"
#include "attnbook/core/softmax.hpp"

namespace attnbook {

std::vector<double> knob_stops(std::size_t width, std::size_t& sqrt_index) {
    namespace lim = pipeline_limits;
    const double root = std::sqrt(static_cast<double>(width));
    const double decades = std::log10(lim::knob_max / lim::knob_min);
    const std::size_t steps = static_cast<std::size_t>(decades * lim::knob_steps_per_decade + 0.5);
    std::vector<double> stops;
    bool placed = false;
    for (std::size_t i = 0; i <= steps; ++i) {
        // knob_min * 10^(i/8), rounded to 3 significant digits so that the stops read as typed
        // numbers (0.133, 0.178, ...) and are the same bits in every build (pow's last bit may
        // differ): one mantissa per step of a decade.
        static constexpr double mantissas[] = {1.0, 1.33, 1.78, 2.37, 3.16, 4.22, 5.62, 7.5};
        static_assert(std::size(mantissas) == lim::knob_steps_per_decade, "one mantissa per step of a decade");
        double v = mantissas[i % lim::knob_steps_per_decade];
        for (std::size_t k = 0; k < i / lim::knob_steps_per_decade; ++k) v *= 10.0;
        v *= lim::knob_min;
        if (!placed && root <= v) {
            placed = true;
            sqrt_index = stops.size();
            stops.push_back(root);
            if (root == v) continue;
        }
        stops.push_back(v);
    }
    if (!placed) {
        sqrt_index = stops.size();
        stops.push_back(root);
    }
    return stops;
}

void check_pipeline_input(const PipelineInput& in) {
    namespace lim = pipeline_limits;
    const std::size_t n = in.scores.size();
    if (n < 1 || n > lim::max_words) throw_format("scores: give 1..{} scores", {lim::max_words});
    if (in.width < 1 || in.width > lim::max_width) throw_format("width: between 1 and {}", {lim::max_width});
    if (in.values.size() != n)
        throw_format("values: {} rows but {} scores", {in.values.size(), n});
    if (!in.labels.empty() && in.labels.size() != n)
        throw_format("labels: {} labels but {} scores", {in.labels.size(), n});
    const std::size_t dv = in.values[0].size();
    if (dv < 1 || dv > lim::max_value_width)
        throw_format("values: rows of 1..{} numbers", {lim::max_value_width});
    for (std::size_t i = 0; i < n; ++i) {
        if (!(std::fabs(in.scores[i]) <= lim::max_abs))
            throw_format("scores[{}]: must be between {} and {}, found {}", {i, -lim::max_abs, lim::max_abs, in.scores[i]});
        if (in.values[i].size() != dv) throw_format("values[{}]: every row as long as values[0]", {i});
        for (double v : in.values[i])
            if (!(std::fabs(v) <= lim::max_abs))
                throw_format("values[{}]: must be between {} and {}, found {}", {i, -lim::max_abs, lim::max_abs, v});
    }
}

Pipeline pipeline(const PipelineInput& in, double divisor) {
    check_pipeline_input(in);
    if (!(divisor > 0.0) || !std::isfinite(divisor)) throw UserError("divisor: must be a positive number");
    const std::size_t n = in.scores.size(), dv = in.values[0].size();
    Pipeline r;
    r.divisor = divisor;
    for (double s : in.scores) r.divided.push_back(s / divisor);
    r.shares.assign(n, 0.0);
    softmax_f64_scalar(r.divided.data(), r.shares.data(), n);
    for (double s : r.shares) r.share_sum += s;
    r.blend.assign(dv, 0.0);
    for (std::size_t j = 0; j < n; ++j)
        for (std::size_t c = 0; c < dv; ++c) r.blend[c] += r.shares[j] * in.values[j][c];
    return r;
}

}  // namespace attnbook
