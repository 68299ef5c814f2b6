#include "attnbook/lessons/alternatives.hpp"

#include <cmath>

#include "attnbook/core/det_math.hpp"
#include "attnbook/core/errors.hpp"
#include "attnbook/core/text_join.hpp"
#include "attnbook/core/normalize.hpp"
#include "attnbook/core/numpy_rng.hpp"

namespace attnbook {

namespace {

// tanh from det_exp (bit-identical in both builds): tanh(a) = (1 - e) / (1 + e), e = exp(-2a),
// for a = |x| >= 0, and tanh is odd. Near 0 the subtraction costs relative accuracy (about 1e-16 /
// |x|); the lesson shows three decimals of sums of such terms, and the test allows 1e-12.
double det_tanh(double x) {
    const double a = std::fabs(x);
    const double e = det_exp(-2.0 * a);
    const double t = (1.0 - e) / (1.0 + e);
    return x < 0 ? -t : t;
}

double elu_plus_one(double x) { return x > 0 ? x + 1.0 : det_exp(x); }

// An (m, n) matrix of zeros (one function: each construction inline costs a temporary row).
AltMatrix zeros(std::size_t m, std::size_t n) { return AltMatrix(m, std::vector<double>(n, 0.0)); }

AltMatrix mix(const AltMatrix& w, const AltMatrix& v) {
    AltMatrix out = zeros(w.size(), v[0].size());
    for (std::size_t i = 0; i < w.size(); ++i)
        for (std::size_t j = 0; j < v.size(); ++j)
            for (std::size_t c = 0; c < v[0].size(); ++c) out[i][c] += w[i][j] * v[j][c];
    return out;
}

// Appends the method's result (its weights, the output they mix, their row sums) to `methods`.
void finish(std::vector<AlternativeResult>& methods, const char* name, AltMatrix weights, const AltMatrix& values) {
    AlternativeResult& r = methods.emplace_back();
    r.name = name;
    r.weights = std::move(weights);
    r.output = mix(r.weights, values);
    for (const auto& row : r.weights) {
        double s = 0;
        for (double x : row) s += x;
        r.row_sums.push_back(s);
    }
}

AltMatrix normalise_rows(Normalizer kind, const AltMatrix& scores) {
    AltMatrix w;
    for (const auto& row : scores) w.push_back(normalize_f64(kind, row));
    return w;
}

// Rows of positive similarities -> weights. `method` names the method in the refusal when every
// similarity of a row underflowed to 0 (or overflowed): there are no weights to show then.
AltMatrix divide_rows_by_sum(AltMatrix k, const char* method) {
    for (std::size_t i = 0; i < k.size(); ++i) {
        double s = 0;
        for (double x : k[i]) s += x;
        if (!(s > 0) || !std::isfinite(s))
            throw_format("{}: the similarities of query {} underflow or overflow a double for these inputs: use "
                         "smaller numbers", {method, i});
        for (double& x : k[i]) x /= s;
    }
    return k;
}

void check_matrix(const AltMatrix& m, const char* name, std::size_t width) {
    namespace lim = alternatives_limits;
    if (m.empty() || m.size() > lim::max_rows)
        throw_format("{}: give 1..{} rows", {name, lim::max_rows});
    for (std::size_t i = 0; i < m.size(); ++i) {
        if (m[i].size() != width || width == 0 || width > lim::max_width)
            throw_format("{}[{}]: expected {} numbers (1..{}), found {}",
                         {name, i, width, lim::max_width, m[i].size()});
        for (double x : m[i])
            if (!(std::fabs(x) <= lim::max_abs))
                throw_format("{}[{}]: must be between {} and {}, found {}", {name, i, -lim::max_abs, lim::max_abs, x});
    }
}

}  // namespace

AlternativesInput::AlternativesInput()
    : queries(rows_from(alternatives_defaults::queries)),
      keys(rows_from(alternatives_defaults::keys)),
      values(rows_from(alternatives_defaults::values)) {}

Alternatives attention_alternatives(const AlternativesInput& in) {
    namespace lim = alternatives_limits;
    check_matrix(in.queries, "queries", in.queries.empty() ? 0 : in.queries[0].size());
    const std::size_t d = in.queries[0].size();
    check_matrix(in.keys, "keys", d);
    check_matrix(in.values, "values", in.values.empty() ? 0 : in.values[0].size());
    if (in.values.size() != in.keys.size()) throw UserError("values: one row per key");
    if (!(in.cosine_scale > 0 && in.cosine_scale <= lim::max_cosine_scale))
        throw_format("cosine_scale: must be greater than 0 and at most {}, found {}", {lim::max_cosine_scale, in.cosine_scale});
    if (in.features < 1 || in.features > lim::max_features)
        throw_format("features: between 1 and {}", {lim::max_features});
    const std::size_t m = in.queries.size(), n = in.keys.size();
    const double root = std::sqrt(static_cast<double>(d));
    auto dot = [&](const std::vector<double>& a, const std::vector<double>& b) {
        double s = 0;
        for (std::size_t c = 0; c < a.size(); ++c) s += a[c] * b[c];
        return s;
    };
    Alternatives out;

    AltMatrix scaled = zeros(m, n);
    for (std::size_t i = 0; i < m; ++i)
        for (std::size_t j = 0; j < n; ++j) scaled[i][j] = dot(in.queries[i], in.keys[j]) / root;
    const AltMatrix dot_weights = normalise_rows(Normalizer::softmax, scaled);
    finish(out.methods, "dot", dot_weights, in.values);

    AltMatrix additive = zeros(m, n);
    for (std::size_t i = 0; i < m; ++i)
        for (std::size_t j = 0; j < n; ++j) {
            double s = 0;
            for (std::size_t c = 0; c < d; ++c) s += det_tanh(in.queries[i][c] + in.keys[j][c]);
            additive[i][j] = s;
        }
    finish(out.methods, "additive", normalise_rows(Normalizer::softmax, additive), in.values);

    AltMatrix cosine = zeros(m, n);
    constexpr double eps = 1e-12;  // as torch.nn.functional.normalize: a zero vector scores 0
    for (std::size_t i = 0; i < m; ++i)
        for (std::size_t j = 0; j < n; ++j) {
            const double nq = std::max(std::sqrt(dot(in.queries[i], in.queries[i])), eps);
            const double nk = std::max(std::sqrt(dot(in.keys[j], in.keys[j])), eps);
            cosine[i][j] = in.cosine_scale * (dot(in.queries[i], in.keys[j]) / (nq * nk));
        }
    finish(out.methods, "cosine", normalise_rows(Normalizer::softmax, cosine), in.values);

    // linear: phi = elu + 1 (> 0), so every similarity is positive
    AltMatrix fq = in.queries, fk = in.keys;
    for (auto& row : fq)
        for (double& x : row) x = elu_plus_one(x);
    for (auto& row : fk)
        for (double& x : row) x = elu_plus_one(x);
    AltMatrix sim = zeros(m, n);
    for (std::size_t i = 0; i < m; ++i)
        for (std::size_t j = 0; j < n; ++j) sim[i][j] = dot(fq[i], fk[j]);
    out.linear_left = mix(sim, in.values);  // (phi(Q) phi(K)^T) V: m x n first, O(m n d)
    const std::size_t dv = in.values[0].size();
    AltMatrix kv = zeros(d, dv);  // phi(K)^T V: d x dv, independent of m
    for (std::size_t j = 0; j < n; ++j)
        for (std::size_t c = 0; c < d; ++c)
            for (std::size_t e = 0; e < dv; ++e) kv[c][e] += fk[j][c] * in.values[j][e];
    out.linear_right = zeros(m, dv);
    for (std::size_t i = 0; i < m; ++i)
        for (std::size_t c = 0; c < d; ++c)
            for (std::size_t e = 0; e < dv; ++e) out.linear_right[i][e] += fq[i][c] * kv[c][e];
    for (std::size_t i = 0; i < m; ++i)
        for (std::size_t e = 0; e < dv; ++e)
            out.linear_reassociation_difference =
                std::max(out.linear_reassociation_difference, std::fabs(out.linear_left[i][e] - out.linear_right[i][e]));
    finish(out.methods, "linear", divide_rows_by_sum(sim, "linear"), in.values);

    // performer: positive random features, W drawn as numpy's rng.normal(size=(features, d))
    NumpyRng rng(in.seed);
    std::vector<double> w(in.features * d);
    rng.fill_normal(w.data(), w.size());
    const double shrink = std::sqrt(root);  // d^(1/4)
    auto features = [&](const std::vector<double>& x) {
        std::vector<double> xs(d);
        for (std::size_t c = 0; c < d; ++c) xs[c] = x[c] / shrink;
        const double half_norm = dot(xs, xs) / 2.0;
        std::vector<double> f(in.features);
        for (std::size_t r = 0; r < in.features; ++r) {
            double proj = 0;
            for (std::size_t c = 0; c < d; ++c) proj += w[r * d + c] * xs[c];
            f[r] = det_exp(proj - half_norm) / std::sqrt(static_cast<double>(in.features));
        }
        return f;
    };
    std::vector<std::vector<double>> pq, pk;
    for (const auto& q : in.queries) pq.push_back(features(q));
    for (const auto& k : in.keys) pk.push_back(features(k));
    AltMatrix approx = zeros(m, n);
    for (std::size_t i = 0; i < m; ++i)
        for (std::size_t j = 0; j < n; ++j) approx[i][j] = dot(pq[i], pk[j]);
    AltMatrix performer = divide_rows_by_sum(approx, "performer");
    for (std::size_t i = 0; i < m; ++i)
        for (std::size_t j = 0; j < n; ++j)
            out.performer_difference = std::max(out.performer_difference, std::fabs(performer[i][j] - dot_weights[i][j]));
    finish(out.methods, "performer", performer, in.values);

    finish(out.methods, "sparsemax", normalise_rows(Normalizer::sparsemax, scaled), in.values);
    finish(out.methods, "entmax15", normalise_rows(Normalizer::entmax15, scaled), in.values);
    finish(out.methods, "softmax1", normalise_rows(Normalizer::softmax1, scaled), in.values);
    return out;
}

}  // namespace attnbook
