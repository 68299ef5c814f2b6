// The normaliser family (core/normalize.hpp) against float64 references written here:
// sparsemax from its sort-based definition (Martins & Astudillo 2016), 1.5-entmax from the
// closed form of its threshold for each candidate support (a derivation of our own, not the
// engine's running means) and by bisection, softmax and softmax1 from the formula with std::exp,
// plus hand-computed rows and the properties each one promises (sums, exact zeros, masking).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <random>
#include <vector>

#include "attnbook/core/errors.hpp"
#include "attnbook/core/normalize.hpp"
#include "attnbook/core/softmax.hpp"

using namespace attnbook;

namespace {

constexpr double kNegInf = -std::numeric_limits<double>::infinity();

// Sparsemax, sort-based: z sorted descending, k(z) = max{k : 1 + k z_(k) > sum_{i<=k} z_(i)},
// tau = (sum_{i<=k(z)} z_(i) - 1) / k(z), p = max(z - tau, 0). Written with long double sums.
std::vector<double> sparsemax_ref(const std::vector<double>& x) {
    std::vector<long double> z;
    for (double v : x)
        if (v != kNegInf) z.push_back(v);
    std::sort(z.begin(), z.end(), std::greater<long double>());
    long double cum = 0, best_cum = 0;
    std::size_t k = 0;
    for (std::size_t i = 0; i < z.size(); ++i) {
        cum += z[i];
        if (1 + static_cast<long double>(i + 1) * z[i] > cum) {
            k = i + 1;
            best_cum = cum;
        }
    }
    const long double tau = (best_cum - 1) / k;
    std::vector<double> p;
    for (double v : x) p.push_back(v == kNegInf ? 0.0 : static_cast<double>(std::max<long double>(v - tau, 0)));
    return p;
}

// 1.5-entmax: p_i = max(u_i - tau, 0)^2 with u = x / 2 and sum p = 1. For a support of the k
// largest u, sum_{i<=k} (u_i - tau)^2 = 1 is a quadratic in tau, k tau^2 - 2 S tau + (Q - 1) = 0
// (S, Q: sum and sum of squares of the top k); its smaller root is the threshold, valid when it
// lies in [u_(k+1), u_(k)). Sort-based: try k = 1, 2, ... and keep the valid one.
std::vector<double> entmax15_ref(const std::vector<double>& x) {
    std::vector<long double> u;
    for (double v : x)
        if (v != kNegInf) u.push_back(static_cast<long double>(v) / 2);
    std::sort(u.begin(), u.end(), std::greater<long double>());
    long double S = 0, Q = 0, tau = 0;
    for (std::size_t k = 1; k <= u.size(); ++k) {
        S += u[k - 1];
        Q += u[k - 1] * u[k - 1];
        const long double disc = S * S - k * (Q - 1);
        if (disc < 0) continue;
        const long double t = (S - std::sqrt(disc)) / k;
        const bool inside = t < u[k - 1] && (k == u.size() || t >= u[k]);
        if (inside) {
            tau = t;
            break;
        }
    }
    std::vector<double> p;
    for (double v : x) {
        const long double d = v == kNegInf ? 0 : std::max<long double>(static_cast<long double>(v) / 2 - tau, 0);
        p.push_back(static_cast<double>(d * d));
    }
    return p;
}

// 1.5-entmax by bisection on tau in [max u - 1, max u] (sum p is decreasing in tau).
std::vector<double> entmax15_bisect(const std::vector<double>& x) {
    long double top = -INFINITY;
    for (double v : x) top = std::max<long double>(top, static_cast<long double>(v) / 2);
    long double lo = top - 1, hi = top;
    auto mass = [&](long double tau) {
        long double s = 0;
        for (double v : x) {
            const long double d = std::max<long double>(static_cast<long double>(v) / 2 - tau, 0);
            s += d * d;
        }
        return s;
    };
    for (int it = 0; it < 200; ++it) {
        const long double mid = (lo + hi) / 2;
        (mass(mid) > 1 ? lo : hi) = mid;
    }
    std::vector<double> p;
    for (double v : x) {
        const long double d = std::max<long double>(static_cast<long double>(v) / 2 - lo, 0);
        p.push_back(static_cast<double>(d * d));
    }
    return p;
}

std::vector<double> softmax1_ref(const std::vector<double>& x) {
    long double s = 1;
    for (double v : x) s += std::exp(static_cast<long double>(v));
    std::vector<double> p;
    for (double v : x) p.push_back(static_cast<double>(std::exp(static_cast<long double>(v)) / s));
    return p;
}

std::vector<double> run(Normalizer kind, const std::vector<double>& x) { return normalize_f64(kind, x); }

double sum(const std::vector<double>& p) {
    double s = 0;
    for (double v : p) s += v;
    return s;
}

// Rows of the edge sizes (below, at and above a 4-lane batch), spread of about +-3.
std::vector<std::vector<double>> random_rows() {
    std::mt19937_64 gen(7);
    std::normal_distribution<double> normal(0.0, 1.5);
    std::vector<std::vector<double>> rows;
    for (std::size_t n : {1, 2, 3, 4, 5, 8, 16}) {
        for (int rep = 0; rep < 40; ++rep) {
            std::vector<double> row(n);
            for (double& v : row) v = normal(gen);
            rows.push_back(row);
        }
    }
    return rows;
}

}  // namespace

TEST_CASE("sparsemax matches its sort-based definition and gives exact zeros", "[normalize]") {
    SECTION("hand-computed rows") {
        // (1, 0.9, 0.2): k = 2 (1 + 2*0.9 > 1.9, 1 + 3*0.2 < 2.1), tau = 0.45.
        const auto p = run(Normalizer::sparsemax, {1.0, 0.9, 0.2});
        CHECK(p[0] == Approx(0.55).margin(1e-15));
        CHECK(p[1] == Approx(0.45).margin(1e-15));
        CHECK(p[2] == 0.0);
        // The lesson's beginner scores: 4.0 is more than 1 above the rest, so it takes everything.
        CHECK(run(Normalizer::sparsemax, {0.1, 4.0, 0.0, 0.2}) == std::vector<double>{0, 1, 0, 0});
        // Ties split evenly.
        CHECK(run(Normalizer::sparsemax, {2.0, 2.0}) == std::vector<double>{0.5, 0.5});
    }
    SECTION("random rows of edge sizes") {
        for (const auto& row : random_rows()) {
            const auto p = run(Normalizer::sparsemax, row), r = sparsemax_ref(row);
            for (std::size_t j = 0; j < row.size(); ++j) {
                // 1e-14: both compute tau from at most 16 terms of size ~5 (a few ulp of 5).
                CHECK(p[j] == Approx(r[j]).margin(1e-14));
                if (r[j] == 0.0) CHECK(p[j] == 0.0);  // zeros are exact, not tiny
            }
            CHECK(sum(p) == Approx(1.0).margin(1e-14));
        }
    }
}

TEST_CASE("1.5-entmax matches its sort-based threshold and bisection", "[normalize]") {
    SECTION("hand-computed rows") {
        // Two equal top scores and one far below: u = (1, 1, -2); support 2, tau = 1 - 1/sqrt(2).
        const auto p = run(Normalizer::entmax15, {2.0, 2.0, -4.0});
        CHECK(p[0] == Approx(0.5).margin(1e-15));
        CHECK(p[1] == Approx(0.5).margin(1e-15));
        CHECK(p[2] == 0.0);
        // A single score has all the mass.
        CHECK(run(Normalizer::entmax15, {3.0}) == std::vector<double>{1.0});
    }
    SECTION("random rows of edge sizes") {
        for (const auto& row : random_rows()) {
            const auto p = run(Normalizer::entmax15, row), r = entmax15_ref(row), b = entmax15_bisect(row);
            for (std::size_t j = 0; j < row.size(); ++j) {
                // 1e-13: tau from a square root of a difference of sums of squares of ~2.5:
                // cancellation costs a few bits more than sparsemax.
                CHECK(p[j] == Approx(r[j]).margin(1e-13));
                CHECK(p[j] == Approx(b[j]).margin(1e-13));
                if (r[j] == 0.0 && b[j] == 0.0) CHECK(p[j] == 0.0);
            }
            CHECK(sum(p) == Approx(1.0).margin(1e-13));
        }
    }
}

TEST_CASE("sparsemax and 1.5-entmax give the same bits however their sort orders ties", "[normalize]") {
    // The engine's float64 steps written again here with std::sort (the engine sorts with a heap
    // sort of its own): long rows with many repeats, +0.0 and -0.0 and masked entries must give
    // bit-identical results, so the sort's order among equal entries cannot show.
    auto sorted_shifted = [](const std::vector<double>& x, double& top) {
        top = kNegInf;
        for (double v : x) top = v > top ? v : top;
        std::vector<double> z;
        for (double v : x)
            if (v != kNegInf) z.push_back(v - top);
        std::sort(z.begin(), z.end(), std::greater<double>());
        return z;
    };
    auto sparsemax_steps = [&](const std::vector<double>& x) {
        double top;
        const std::vector<double> z = sorted_shifted(x, top);
        double cumulative = 0.0, support_sum = 0.0;
        std::size_t support = 0;
        for (std::size_t k = 1; k <= z.size(); ++k) {
            cumulative += z[k - 1];
            if (1.0 + static_cast<double>(k) * z[k - 1] > cumulative) support = k, support_sum = cumulative;
        }
        const double tau = (support_sum - 1.0) / static_cast<double>(support);
        std::vector<double> y;
        for (double v : x) {
            const double d = v == kNegInf ? 0.0 : (v - top) - tau;
            y.push_back(d > 0.0 ? d : 0.0);
        }
        return y;
    };
    auto entmax15_steps = [&](const std::vector<double>& x) {
        double top;
        const std::vector<double> z = sorted_shifted(x, top);
        std::vector<double> taus(z.size());
        double total = 0.0, total_sq = 0.0;
        std::size_t support = 0;
        for (std::size_t k = 1; k <= z.size(); ++k) {
            const double u = z[k - 1] / 2.0, kk = static_cast<double>(k);
            total += u;
            total_sq += u * u;
            const double mean = total / kk, mean_sq = total_sq / kk;
            const double delta = (1.0 - kk * (mean_sq - mean * mean)) / kk;
            taus[k - 1] = mean - std::sqrt(delta > 0.0 ? delta : 0.0);
            if (taus[k - 1] <= u) ++support;
        }
        std::vector<double> y;
        for (double v : x) {
            const double d = v == kNegInf ? 0.0 : (v - top) / 2.0 - taus[support - 1];
            y.push_back(d > 0.0 ? d * d : 0.0);
        }
        return y;
    };
    auto same_bits = [](const std::vector<double>& a, const std::vector<double>& b) {
        if (a.size() != b.size()) return false;
        for (std::size_t j = 0; j < a.size(); ++j)
            if (!(a[j] == b[j] && std::signbit(a[j]) == std::signbit(b[j]))) return false;
        return true;
    };
    std::mt19937_64 gen(5);
    std::uniform_int_distribution<int> level(-6, 2);
    std::uniform_int_distribution<int> pick(0, 9);
    for (std::size_t n : {1, 2, 7, 16, 17, 64, 255, 256, 300}) {
        for (int rep = 0; rep < 20; ++rep) {
            std::vector<double> row(n);
            for (double& v : row) {
                const int p = pick(gen);  // quarter steps repeat often; some zeros of each sign, some masked
                v = p == 0 ? 0.0 : p == 1 ? -0.0 : p == 2 && n > 1 ? kNegInf : level(gen) / 4.0;
            }
            INFO("n " << n << ", rep " << rep);
            const auto sparse = run(Normalizer::sparsemax, row), ent = run(Normalizer::entmax15, row);
            bool any = false;
            for (double v : row) any = any || v != kNegInf;
            if (!any) continue;
            CHECK(same_bits(sparse, sparsemax_steps(row)));
            CHECK(same_bits(ent, entmax15_steps(row)));
            const auto r = sparsemax_ref(row);  // and the independent long double definition
            for (std::size_t j = 0; j < n; ++j) CHECK(sparse[j] == Approx(r[j]).margin(1e-13));
        }
    }
}

TEST_CASE("softmax and softmax1 match the formula", "[normalize]") {
    for (const auto& row : random_rows()) {
        const auto p = run(Normalizer::softmax, row);
        const auto q = run(Normalizer::softmax1, row), r = softmax1_ref(row);
        long double z = 0;
        for (double v : row) z += std::exp(static_cast<long double>(v));
        for (std::size_t j = 0; j < row.size(); ++j) {
            // det_exp is within 1 ulp of exp; a row of 16 adds 16 roundings: 1e-14 relative.
            CHECK(p[j] == Approx(static_cast<double>(std::exp(static_cast<long double>(row[j])) / z)).epsilon(1e-14));
            CHECK(q[j] == Approx(r[j]).epsilon(1e-14));
        }
        CHECK(sum(q) < 1.0);  // the extra "1" keeps some mass back
    }
    // The lesson's row: softmax of (0.1, 4.0, 0.0, 0.2) / sqrt(8) = 0.14, 0.57, 0.14, 0.15.
    std::vector<double> row = {0.1, 4.0, 0.0, 0.2};
    for (double& v : row) v /= std::sqrt(8.0);
    const auto p = run(Normalizer::softmax, row);
    CHECK(p[0] == Approx(0.1434).margin(5e-4));
    CHECK(p[1] == Approx(0.5695).margin(5e-4));
    CHECK(p[2] == Approx(0.1385).margin(5e-4));
    CHECK(p[3] == Approx(0.1486).margin(5e-4));
    // Large logits neither overflow nor lose the sum below one.
    const auto big = run(Normalizer::softmax1, {1000.0, 999.0});
    CHECK(big[0] == Approx(1.0 / (1.0 + std::exp(-1.0))).epsilon(1e-14));
    CHECK(sum(run(Normalizer::softmax1, {-1000.0, -1000.0})) < 1e-300);
}

TEST_CASE("every normaliser ignores -inf and reports a fully masked row", "[normalize]") {
    for (std::size_t i = 0; i < normalizer_names().size(); ++i) {
        const auto kind = static_cast<Normalizer>(i);
        CHECK(normalizer_name(kind) == normalizer_names()[i]);
        const auto masked = run(kind, {1.0, kNegInf, 0.5});
        const auto plain = run(kind, {1.0, 0.5});
        CHECK(masked[1] == 0.0);
        CHECK(masked[0] == plain[0]);
        CHECK(masked[2] == plain[1]);
        std::vector<double> y(2, 9.0);
        const double none[2] = {kNegInf, kNegInf};
        CHECK_FALSE(normalize_f64_scalar(kind, none, y.data(), 2));
        CHECK(y == std::vector<double>{0.0, 0.0});
    }
}

TEST_CASE("softmax_f64_scalar's stats are the max and the denominator", "[normalize]") {
    const double x[3] = {1.0, 3.0, 2.0};
    double y[3];
    SoftmaxStats stats;
    REQUIRE(softmax_f64_scalar(x, y, 3, stats));
    CHECK(stats.max == 3.0);
    CHECK(stats.sum == Approx(1.0 + std::exp(-1.0) + std::exp(-2.0)).epsilon(1e-15));
    double y2[3];
    softmax_f64_scalar(x, y2, 3);
    CHECK(std::equal(y, y + 3, y2));
}

