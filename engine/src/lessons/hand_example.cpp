#include "attnbook/lessons/hand_example.hpp"

#include <cmath>
#include <string>

#include "attnbook/core/errors.hpp"
#include "attnbook/core/text_join.hpp"
#include "attnbook/core/softmax.hpp"

namespace attnbook {
namespace {

void check_matrix(const Matrix& m, const char* name, std::size_t width_expected, const char* width_source) {
    if (m.empty()) throw_format("{}: needs at least one row", {name});
    for (std::size_t i = 0; i < m.size(); ++i) {
        if (m[i].empty()) throw_format("{}[{}] is empty", {name, i});
        const std::size_t want = width_expected ? width_expected : m[0].size();
        if (m[i].size() != want)
            throw_format("{}[{}] has {} but {} has {}", {name, i, counted(m[i].size(), "number", "numbers"), width_source, want});
        for (std::size_t j = 0; j < m[i].size(); ++j)
            if (!std::isfinite(m[i][j]))
                throw_format("{}[{}][{}] is not finite", {name, i, j});
        constexpr std::size_t most = hand_example_limits::command_max;
        if (m.size() > most || m[i].size() > most)
            throw_format("{}: at most {} x {} in a hand example", {name, most, most});
    }
}

}  // namespace

HandExample hand_example(const HandExampleInput& in) {
    check_matrix(in.queries, "queries", 0, "queries[0]");
    check_matrix(in.keys, "keys", in.queries[0].size(), "queries[0]");
    check_matrix(in.values, "values", 0, "values[0]");
    if (in.values.size() != in.keys.size())
        throw_format("values: has {} rows but keys has {}", {in.values.size(), in.keys.size()});
    const std::size_t m = in.queries.size(), n = in.keys.size(), dk = in.queries[0].size(), dv = in.values[0].size();
    const double root = std::sqrt(static_cast<double>(dk));

    HandExample out;
    for (std::size_t a = 0; a < m; ++a) {
        std::vector<double> logits(n), weights(n), output(dv, 0.0);
        for (std::size_t b = 0; b < n; ++b) {
            double dot = 0.0;
            for (std::size_t j = 0; j < dk; ++j) dot += in.queries[a][j] * in.keys[b][j];
            if (!std::isfinite(dot))  // finite inputs whose product overflows: no honest softmax
                throw_format("the dot product of queries[{}] with keys[{}] overflows a double (beyond 1.8e308): use "
                             "smaller numbers", {a, b});
            logits[b] = dot / root;
        }
        softmax_f64_scalar(logits.data(), weights.data(), n);  // the core's reference softmax
        double row_sum = 0.0;
        for (std::size_t b = 0; b < n; ++b) row_sum += weights[b];
        for (std::size_t j = 0; j < dv; ++j)
            for (std::size_t b = 0; b < n; ++b) output[j] += weights[b] * in.values[b][j];
        for (std::size_t j = 0; j < dv; ++j)  // a rounded sum of values near 1.8e308 can overflow
            if (!std::isfinite(output[j]))
                throw_format("output[{}][{}] overflows a double (beyond 1.8e308): use smaller values", {a, j});
        out.logits.push_back(std::move(logits));
        out.weights.push_back(std::move(weights));
        out.output.push_back(std::move(output));
        out.row_sums.push_back(row_sum);
    }
    return out;
}

}  // namespace attnbook
