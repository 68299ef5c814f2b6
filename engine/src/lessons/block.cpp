#include "attnbook/lessons/block.hpp"

#include <cmath>
#include <iterator>

#include "attnbook/core/det_special.hpp"
#include "attnbook/core/errors.hpp"
#include "attnbook/core/text_join.hpp"
#include "attnbook/lessons/explore_row.hpp"

#include "attnbook/core/fixed_rows.hpp"

namespace attnbook {
namespace {

namespace bl = block_limits;

// y = x W + b for every row x, sums left to right from 0.0 (then + b).
BlockMatrix affine(const BlockMatrix& x, const BlockMatrix& w, const std::vector<double>* b) {
    BlockMatrix y;
    for (const auto& row : x) {
        std::vector<double> out(w[0].size(), 0.0);
        for (std::size_t c = 0; c < out.size(); ++c) {
            double s = 0.0;
            for (std::size_t k = 0; k < row.size(); ++k) s += row[k] * w[k][c];
            out[c] = b ? s + (*b)[c] : s;
        }
        y.push_back(std::move(out));
    }
    return y;
}

BlockMatrix layer_norm(const BlockMatrix& x, const std::vector<double>& gamma, const std::vector<double>& beta) {
    BlockMatrix y;
    for (const auto& row : x) {
        const double n = static_cast<double>(row.size());
        double sum = 0.0;
        for (double v : row) sum += v;
        const double mean = sum / n;
        double sq = 0.0;
        for (double v : row) sq += (v - mean) * (v - mean);
        const double root = std::sqrt(sq / n + bl::epsilon);  // IEEE sqrt: correctly rounded
        std::vector<double> out(row.size());
        for (std::size_t j = 0; j < row.size(); ++j) out[j] = (row[j] - mean) / root * gamma[j] + beta[j];
        y.push_back(std::move(out));
    }
    return y;
}

BlockMatrix add(const BlockMatrix& a, const BlockMatrix& b) {
    BlockMatrix y = a;
    for (std::size_t r = 0; r < y.size(); ++r)
        for (std::size_t c = 0; c < y[r].size(); ++c) y[r][c] += b[r][c];
    return y;
}

BlockMatrix columns(const BlockMatrix& x, std::size_t from, std::size_t count) {
    BlockMatrix y;
    for (const auto& row : x)
        y.emplace_back(row.begin() + static_cast<std::ptrdiff_t>(from), row.begin() + static_cast<std::ptrdiff_t>(from + count));
    return y;
}

void check_finite(const BlockMatrix& m, const char* what) {
    for (std::size_t r = 0; r < m.size(); ++r)
        for (std::size_t c = 0; c < m[r].size(); ++c)
            if (!std::isfinite(m[r][c]))
                throw_format("{}[{}][{}] overflows a double: use smaller input numbers", {what, r, c});
}

}  // namespace

const std::vector<std::string>& activation_names() {
    static constexpr const char* kNames[] = {"gelu", "gelu_tanh", "relu"};  // data, not code
    static const std::vector<std::string> names(std::begin(kNames), std::end(kNames));
    return names;
}

std::string activation_name(Activation a) { return activation_names()[static_cast<std::size_t>(a)]; }

double activate(Activation a, double x) {
    switch (a) {
        case Activation::relu: return x > 0.0 ? x : 0.0;
        case Activation::gelu_tanh: {
            const double k = 0.7978845608028654;  // sqrt(2 / pi), the nearest double
            return 0.5 * x * (1.0 + det_tanh(k * (x + 0.044715 * x * x * x)));
        }
        case Activation::gelu: break;
    }
    return 0.5 * x * (1.0 + det_erf(x * 0.7071067811865476));  // 1 / sqrt 2, the nearest double
}

const BlockWeights& block_weights() {
    // Small fixed numbers with one decimal, picked once so that every product can be checked by
    // hand; nothing here was trained. LayerNorm starts as PyTorch initialises it (gamma 1, beta 0)
    // but with a visible change so its parameters matter.
    // The numbers as data (constexpr arrays), in the order of BlockWeights' members.
    static constexpr double ln1_gamma[] = {1.0, 1.0, 1.0, 1.0};
    static constexpr double ln1_beta[] = {0.0, 0.0, 0.0, 0.0};
    static constexpr double w_q[][4] = {
        {0.5, 0.5, 0.0, -0.4}, {-0.8, 0.3, 0.0, 0.4}, {-0.2, 0.4, -0.4, 0.5}, {0.4, -0.1, 0.1, 0.3}};
    static constexpr double w_k[][4] = {
        {-0.5, 0.1, 0.5, -0.4}, {0.5, 0.3, 0.6, -0.3}, {-0.7, 0.5, 0.5, -0.1}, {-0.6, -0.5, 0.2, -0.3}};
    static constexpr double w_v[][4] = {
        {0.7, 0.1, -0.5, 0.2}, {-0.2, 0.7, 0.7, 0.0}, {0.2, 0.3, 0.5, 0.8}, {-0.8, -0.2, 0.2, -0.3}};
    static constexpr double w_o[][4] = {
        {0.1, -0.7, 0.6, 0.0}, {-0.6, 0.3, -0.3, -0.5}, {0.0, -0.6, -0.5, 0.6}, {0.3, -0.8, 0.4, -0.8}};
    static constexpr double b_o[] = {-0.1, 0.2, 0.0, -0.1};
    static constexpr double ln2_gamma[] = {1.2, 0.8, 1.0, 0.9};
    static constexpr double ln2_beta[] = {0.1, -0.1, 0.0, 0.2};
    static constexpr double w_1[][8] = {{-0.2, -0.2, -0.6, 0.8, -0.7, -0.1, 0.4, -0.2},
                                        {0.8, -0.4, 0.8, 0.6, 0.3, 0.6, -0.1, 0.5},
                                        {0.5, 0.0, 0.0, 0.3, -0.1, -0.7, 0.4, -0.4},
                                        {0.0, 0.5, -0.5, -0.8, -0.6, 0.1, -0.2, -0.4}};
    static constexpr double b_1[] = {0.0, 0.2, -0.1, 0.0, 0.2, 0.0, -0.1, 0.0};
    static constexpr double w_2[][4] = {{0.0, -0.6, -0.2, -0.3}, {0.5, -0.3, 0.3, 0.8}, {0.7, -0.2, 0.2, -0.3},
                                        {-0.2, 0.0, 0.5, 0.7},   {-0.3, -0.8, -0.1, -0.7}, {-0.8, 0.4, -0.6, 0.3},
                                        {-0.2, 0.7, 0.6, -0.7},  {-0.5, 0.7, 0.2, -0.1}};
    static constexpr double b_2[] = {0.1, 0.1, 0.0, 0.0};
    static const BlockWeights w = {
        row_from(ln1_gamma), row_from(ln1_beta), rows_from(w_q),     rows_from(w_k),    rows_from(w_v),
        rows_from(w_o),      row_from(b_o),      row_from(ln2_gamma), row_from(ln2_beta), rows_from(w_1),
        row_from(b_1),       rows_from(w_2),     row_from(b_2),
    };
    return w;
}

BlockInput block_example() { return BlockInput{}; }

BlockResult transformer_block(const BlockInput& in) {
    const std::size_t n = in.input.size();
    if (n == 0) throw UserError("input: needs at least one row");
    if (n > bl::max_rows) throw_format("input: at most {} rows", {bl::max_rows});
    for (std::size_t r = 0; r < n; ++r) {
        if (in.input[r].size() != bl::d_model)
            throw_format("input[{}] has {} numbers but the block's rows have {}", {r, in.input[r].size(), bl::d_model});
        for (std::size_t c = 0; c < bl::d_model; ++c)
            if (!std::isfinite(in.input[r][c]) || std::fabs(in.input[r][c]) > bl::max_abs)
                throw_format("input[{}][{}] must be a number with |x| <= {}",
                             {r, c, static_cast<long long>(bl::max_abs)});
    }
    if (in.heads == 0 || bl::d_model % in.heads != 0)
        throw_format("heads: {} does not divide the width {} (use 1, 2 or 4)", {in.heads, bl::d_model});
    if (!in.mask.empty()) {
        if (in.mask.size() != n) throw_format("mask: has {} rows but input has {}", {in.mask.size(), n});
        for (std::size_t r = 0; r < n; ++r)
            if (in.mask[r].size() != n)
                throw_format("mask[{}] has {} entries but there are {} positions", {r, in.mask[r].size(), n});
    }
    const BlockWeights& w = block_weights();
    const std::size_t d_head = bl::d_model / in.heads;
    BlockResult out;
    out.ln1 = layer_norm(in.input, w.ln1_gamma, w.ln1_beta);
    const BlockMatrix q = affine(out.ln1, w.w_q, nullptr), k = affine(out.ln1, w.w_k, nullptr),
                      v = affine(out.ln1, w.w_v, nullptr);
    out.concat = BlockMatrix(n);
    out.all_masked.assign(n, false);
    for (std::size_t h = 0; h < in.heads; ++h) {
        BlockHead head;
        head.q = columns(q, h * d_head, d_head);
        head.k = columns(k, h * d_head, d_head);
        head.v = columns(v, h * d_head, d_head);
        for (std::size_t r = 0; r < n; ++r) {
            ExploreInput row_in;
            row_in.query = head.q[r];
            row_in.keys = head.k;
            row_in.values = head.v;
            if (!in.mask.empty()) row_in.mask = Flags(in.mask[r]);  // (see sequence.cpp)
            const ExploreRow row = explore_row(row_in);
            head.scores.push_back(row.scores);
            head.shares.push_back(row.shares);
            head.output.push_back(row.output);
            out.all_masked[r] = row.all_masked;
            out.concat[r].insert(out.concat[r].end(), row.output.begin(), row.output.end());
        }
        out.heads.push_back(std::move(head));
    }
    out.attention_out = affine(out.concat, w.w_o, &w.b_o);
    out.h_prime = add(out.attention_out, in.input);
    out.ln2 = layer_norm(out.h_prime, w.ln2_gamma, w.ln2_beta);
    out.mlp_hidden = affine(out.ln2, w.w_1, &w.b_1);
    for (auto& row : out.mlp_hidden)
        for (auto& x : row) x = activate(in.activation, x);
    out.mlp_out = affine(out.mlp_hidden, w.w_2, &w.b_2);
    out.h_out = add(out.mlp_out, out.h_prime);
    check_finite(out.h_out, "h_out");
    return out;
}

}  // namespace attnbook
