#include "attnbook/lessons/explore_row.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "attnbook/core/errors.hpp"
#include "attnbook/core/softmax.hpp"
#include "attnbook/core/text_join.hpp"

#include "attnbook/core/fixed_rows.hpp"

namespace attnbook {
namespace {

// "<what>[j] is not a finite number", or "<what>[i][j] ..." when row is given.
void check_finite(const std::vector<double>& v, const char* what, const std::size_t* row = nullptr) {
    for (std::size_t j = 0; j < v.size(); ++j)
        if (!std::isfinite(v[j])) {
            if (row) throw_format("{}[{}][{}] is not a finite number", {what, *row, j});
            throw_format("{}[{}] is not a finite number", {what, j});
        }
}

void check_shapes(const ExploreInput& in) {
    const std::size_t n = in.keys.size();
    if (in.query.empty()) throw UserError("query: needs at least one number");
    if (n == 0) throw UserError("keys: needs at least one source");
    if (in.values.size() != n) throw_format("values: has {} rows but keys has {}", {in.values.size(), n});
    if (!in.mask.empty() && in.mask.size() != n)
        throw_format("mask: has {} entries but there are {} sources", {in.mask.size(), n});
    check_finite(in.query, "query");
    for (std::size_t i = 0; i < n; ++i) {
        if (in.keys[i].size() != in.query.size())
            throw_format("keys[{}] has {} but the query has {}",
                         {i, counted(in.keys[i].size(), "number", "numbers"), in.query.size()});
        if (in.values[i].size() != in.values[0].size())
            throw_format("values[{}] has {} but values[0] has {}",
                         {i, counted(in.values[i].size(), "number", "numbers"), in.values[0].size()});
        check_finite(in.keys[i], "keys", &i);
        check_finite(in.values[i], "values", &i);
    }
    if (in.values[0].empty()) throw UserError("values: rows need at least one number");
}

}  // namespace

ExploreInput explore_example() { return ExploreInput{}; }

ExploreRow explore_row(const ExploreInput& in) {
    check_shapes(in);
    const std::size_t n = in.keys.size(), dv = in.values[0].size();
    const double divisor = divisor_value(in.divisor, in.query.size());
    auto allowed = [&](std::size_t i) { return in.mask.empty() || in.mask[i]; };

    ExploreRow row;
    // Pass 1: match. Dot products and scaled scores, for masked sources too (the page shows them).
    for (std::size_t i = 0; i < n; ++i) {
        double dot = 0.0;
        for (std::size_t j = 0; j < in.query.size(); ++j) dot += in.query[j] * in.keys[i][j];
        // Finite inputs can still overflow: |q.k| > 1.8e308 has no double, and inf - inf in the
        // softmax would then be NaN. Say so instead of showing a meaningless share.
        if (!std::isfinite(dot))
            throw_format("the dot product of the query with keys[{}] overflows a double (beyond 1.8e308): use "
                         "smaller numbers", {i});
        row.dots.push_back(dot);
        row.scores.push_back(dot / divisor);
    }
    // Pass 2: share. Subtracting the maximum keeps every exp argument <= 0, so nothing overflows
    // and the largest term is exactly 1, which keeps Z >= 1 (no division by an underflowed sum).
    // The core's reference softmax, with a masked source as -inf (its weight is exactly 0).
    std::vector<double> logits(n);
    for (std::size_t i = 0; i < n; ++i) logits[i] = allowed(i) ? row.scores[i] : -std::numeric_limits<double>::infinity();
    row.shares.assign(n, 0.0);
    if (in.normalizer == Normalizer::softmax) {
        SoftmaxStats stats;
        row.all_masked = !softmax_f64_scalar(logits.data(), row.shares.data(), n, stats);
        row.max = stats.max;
        row.denominator = stats.sum;
    } else {
        row.all_masked = !normalize_f64_scalar(in.normalizer, logits.data(), row.shares.data(), n);
        bool any = false;
        for (std::size_t i = 0; i < n; ++i)
            if (allowed(i) && (!any || row.scores[i] > row.max)) row.max = row.scores[i], any = true;
        if (row.all_masked) row.max = 0.0;
    }
    for (std::size_t i = 0; i < n; ++i) row.total += row.shares[i];
    // Pass 3: mix. A masked source carries an exact +0 (0 * a negative value would print as -0).
    row.output.assign(dv, 0.0);
    for (std::size_t i = 0; i < n; ++i) {
        std::vector<double> carry(dv, 0.0);
        if (allowed(i))
            for (std::size_t j = 0; j < dv; ++j) carry[j] = row.shares[i] * in.values[i][j];
        for (std::size_t j = 0; j < dv; ++j) row.output[j] += carry[j];
        row.carries.push_back(std::move(carry));
    }
    // The output is a convex combination of the values, but the rounded running sum of values
    // near 1.8e308 can still step past the largest double.
    for (std::size_t j = 0; j < dv; ++j)
        if (!std::isfinite(row.output[j]))
            throw_format("output[{}] overflows a double (beyond 1.8e308): use smaller values", {j});
    return row;
}

std::string reference_query_mismatch(const ExplorableCell& cell) {
    const std::size_t given = cell.reference_query.size(), width = cell.row.query.size();
    if (given == 0 || given == width) return "";
    return join_text({"reference_query has ", counted(given, "number", "numbers"), " but the query has ", width});
}

}  // namespace attnbook
