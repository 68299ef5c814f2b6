#include "attnbook/lessons/online_softmax.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "attnbook/core/det_math.hpp"
#include "attnbook/core/errors.hpp"
#include "attnbook/core/text_join.hpp"
#include "attnbook/core/softmax.hpp"

namespace attnbook {

namespace {
void check(const OnlineSoftmaxInput& in) {
    namespace lim = online_softmax_limits;
    const std::size_t n = in.scores.size();
    if (n == 0 || n > lim::max_keys)
        throw_format("scores: give 1..{} scores, not {}", {lim::max_keys, n});
    if (in.values.size() != n)
        throw_format("values: {} rows but there are {} scores (one value row per key)", {in.values.size(), n});
    const std::size_t dv = in.values[0].size();
    if (dv == 0 || dv > lim::max_width)
        throw_format("values: rows of 1..{} numbers, not {}", {lim::max_width, dv});
    for (std::size_t i = 0; i < n; ++i) {
        if (!(std::fabs(in.scores[i]) <= lim::max_abs))
            throw_format("scores[{}]: |score| must be at most 1e6", {i});
        if (in.values[i].size() != dv)
            throw_format("values[{}]: {} numbers but values[0] has {}", {i, in.values[i].size(), dv});
        for (std::size_t j = 0; j < dv; ++j)
            if (!(std::fabs(in.values[i][j]) <= lim::max_abs))
                throw_format("values[{}][{}]: |value| must be at most 1e6", {i, j});
    }
    if (in.tile == 0 || in.tile > n)
        throw_format("tile: must be between 1 and the number of scores ({}), found {}", {n, in.tile});
}
}  // namespace

OnlineSoftmaxResult online_softmax(const OnlineSoftmaxInput& in) {
    check(in);
    const std::size_t n = in.scores.size(), dv = in.values[0].size();
    OnlineSoftmaxResult out;
    double m = -std::numeric_limits<double>::infinity(), l = 0.0;
    std::vector<double> o(dv, 0.0);  // normalised output over the keys read so far
    for (std::size_t first = 0; first < n; first += in.tile) {
        const std::size_t last = std::min(first + in.tile, n) - 1;
        // pass 1: the new running max
        double m_new = m;
        for (std::size_t j = first; j <= last; ++j) m_new = in.scores[j] > m_new ? in.scores[j] : m_new;
        // pass 2: rescale what was kept (exp(-inf) = 0 before the first tile), add this tile
        const double rescale = det_exp(m - m_new);
        double l_new = l * rescale;
        std::vector<double> acc(dv);
        for (std::size_t c = 0; c < dv; ++c) acc[c] = o[c] * l * rescale;
        for (std::size_t j = first; j <= last; ++j) {
            const double e = det_exp(in.scores[j] - m_new);
            l_new += e;
            for (std::size_t c = 0; c < dv; ++c) acc[c] += e * in.values[j][c];
        }
        // pass 3: normalise by the running sum (>= 1: the max term is exp(0))
        for (std::size_t c = 0; c < dv; ++c) o[c] = acc[c] / l_new;
        m = m_new;
        l = l_new;
        out.steps.push_back(OnlineSoftmaxStep{first, last, m, l, o});
    }
    out.output = o;
    // The unfused computation: all n weights at once, then the weighted sum.
    std::vector<double> w(n);
    softmax_f64_scalar(in.scores.data(), w.data(), n);
    out.unfused_output.assign(dv, 0.0);
    for (std::size_t j = 0; j < n; ++j)
        for (std::size_t c = 0; c < dv; ++c) out.unfused_output[c] += w[j] * in.values[j][c];
    for (std::size_t c = 0; c < dv; ++c) {
        const double d = std::fabs(out.output[c] - out.unfused_output[c]);
        out.max_abs_difference = d > out.max_abs_difference ? d : out.max_abs_difference;
    }
    return out;
}

std::vector<TilingMemory> tiling_memory(const std::vector<double>& tokens, double tile) {
    std::vector<TilingMemory> out;
    for (double t : tokens) out.push_back(TilingMemory{t, t * t, tile * tile + 2.0 * t});
    return out;
}

}  // namespace attnbook
