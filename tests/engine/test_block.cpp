// The transformer block against (1) an independent float64 computation written here with plain
// loops, std::exp and std::erf, following the formulas (not the engine's code path: no explore
// row, no max subtraction, matrices multiplied whole), and (2) numpy, which computes the block
// from the weights as the command prints them. Both must agree with the engine to 1e-12.
#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "attnbook/core/det_special.hpp"
#include "attnbook/core/errors.hpp"
#include "attnbook/lessons/block.hpp"
#include "attnbook/notebook/commands.hpp"
#include "python_runner.hpp"

using namespace attnbook;

namespace {
using M = std::vector<std::vector<double>>;

M matmul(const M& a, const M& b) {
    M c(a.size(), std::vector<double>(b[0].size(), 0.0));
    for (std::size_t i = 0; i < a.size(); ++i)
        for (std::size_t k = 0; k < b.size(); ++k)
            for (std::size_t j = 0; j < b[0].size(); ++j) c[i][j] += a[i][k] * b[k][j];
    return c;
}
M plus_row(M a, const std::vector<double>& b) {
    for (auto& r : a) for (std::size_t j = 0; j < r.size(); ++j) r[j] += b[j];
    return a;
}
M plus(M a, const M& b) {
    for (std::size_t i = 0; i < a.size(); ++i) for (std::size_t j = 0; j < a[i].size(); ++j) a[i][j] += b[i][j];
    return a;
}
M ln(const M& x, const std::vector<double>& g, const std::vector<double>& b) {
    M y = x;
    for (std::size_t i = 0; i < x.size(); ++i) {
        double mean = 0, var = 0;
        for (double v : x[i]) mean += v / x[i].size();
        for (double v : x[i]) var += (v - mean) * (v - mean) / x[i].size();
        for (std::size_t j = 0; j < x[i].size(); ++j) y[i][j] = (x[i][j] - mean) / std::sqrt(var + 1e-5) * g[j] + b[j];
    }
    return y;
}

struct Ref {
    M ln1, concat, h_prime, ln2, hidden, h_out;
    std::vector<M> shares;
};

Ref reference(const M& h, std::size_t heads, const std::vector<Flags>& mask, int act) {
    const BlockWeights& w = block_weights();
    Ref r;
    r.ln1 = ln(h, w.ln1_gamma, w.ln1_beta);
    const M q = matmul(r.ln1, w.w_q), k = matmul(r.ln1, w.w_k), v = matmul(r.ln1, w.w_v);
    const std::size_t n = h.size(), dh = 4 / heads;
    r.concat.assign(n, std::vector<double>(4, 0.0));
    for (std::size_t hd = 0; hd < heads; ++hd) {
        M sh(n, std::vector<double>(n, 0.0));
        for (std::size_t i = 0; i < n; ++i) {
            double z = 0;
            std::vector<double> e(n, 0.0);
            for (std::size_t j = 0; j < n; ++j) {
                if (!mask.empty() && !mask[i][j]) continue;
                double s = 0;
                for (std::size_t c = 0; c < dh; ++c) s += q[i][hd * dh + c] * k[j][hd * dh + c];
                e[j] = std::exp(s / std::sqrt(static_cast<double>(dh)));
                z += e[j];
            }
            for (std::size_t j = 0; j < n; ++j) sh[i][j] = z > 0 ? e[j] / z : 0.0;
            for (std::size_t c = 0; c < dh; ++c)
                for (std::size_t j = 0; j < n; ++j) r.concat[i][hd * dh + c] += sh[i][j] * v[j][hd * dh + c];
        }
        r.shares.push_back(sh);
    }
    r.h_prime = plus(plus_row(matmul(r.concat, w.w_o), w.b_o), h);
    r.ln2 = ln(r.h_prime, w.ln2_gamma, w.ln2_beta);
    r.hidden = plus_row(matmul(r.ln2, w.w_1), w.b_1);
    for (auto& row : r.hidden)
        for (auto& x : row) {
            if (act == 0) x = 0.5 * x * (1 + std::erf(x / std::sqrt(2.0)));
            else if (act == 1) x = 0.5 * x * (1 + std::tanh(std::sqrt(2 / M_PI) * (x + 0.044715 * x * x * x)));
            else x = x > 0 ? x : 0;
        }
    r.h_out = plus(plus_row(matmul(r.hidden, w.w_2), w.b_2), r.h_prime);
    return r;
}

void close(const M& a, const M& b, double tol, const char* what) {
    INFO(what);
    REQUIRE(a.size() == b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        REQUIRE(a[i].size() == b[i].size());
        for (std::size_t j = 0; j < a[i].size(); ++j) {
            INFO("[" << i << "][" << j << "] engine " << a[i][j] << " reference " << b[i][j]);
            CHECK(std::fabs(a[i][j] - b[i][j]) <= tol * std::max(1.0, std::fabs(b[i][j])));
        }
    }
}
}  // namespace

TEST_CASE("det_erf and det_tanh agree with the C library", "[block]") {
    for (double x = -7; x <= 7; x += 0.03125) {
        INFO("x = " << x);
        CHECK(std::fabs(det_erf(x) - std::erf(x)) <= 5e-16);
        CHECK(std::fabs(det_tanh(x) - std::tanh(x)) <= 3e-16);
    }
    for (double x : {1e-300, 1e-8, 0.3, 0.99, 1.0, 2.5, 5.99, 6.0, 30.0}) {
        INFO("x = " << x);
        CHECK(std::fabs(det_erf(x) - std::erf(x)) <= 1e-15 * std::fabs(std::erf(x)));
        CHECK(std::fabs(det_tanh(x) - std::tanh(x)) <= 4e-16 * std::fabs(std::tanh(x)));
    }
    CHECK(std::signbit(det_erf(-0.0)));
    CHECK(std::isnan(det_erf(NAN)));
}

TEST_CASE("block: the held sequence against an independent float64 computation", "[block]") {
    const std::vector<std::vector<Flags>> masks = {
        {}, {{true, false, false}, {true, true, false}, {true, true, true}}};
    for (std::size_t heads : {1, 2, 4}) {
        for (const auto& mask : masks) {
            for (int act = 0; act < 3; ++act) {
                INFO("heads " << heads << ", mask " << (mask.empty() ? "none" : "causal") << ", activation " << act);
                BlockInput in = block_example();
                in.heads = heads;
                in.mask = mask;
                in.activation = static_cast<Activation>(act);
                const BlockResult r = transformer_block(in);
                const Ref ref = reference(in.input, heads, mask, act);
                close(r.ln1, ref.ln1, 1e-14, "ln1");
                for (std::size_t h = 0; h < heads; ++h) close(r.heads[h].shares, ref.shares[h], 1e-14, "shares");
                close(r.concat, ref.concat, 1e-14, "concat");
                close(r.h_prime, ref.h_prime, 1e-13, "h_prime");
                close(r.ln2, ref.ln2, 1e-13, "ln2");
                close(r.mlp_hidden, ref.hidden, 1e-13, "mlp_hidden");
                close(r.h_out, ref.h_out, 1e-13, "h_out");
            }
        }
    }
}

TEST_CASE("block: LayerNorm by hand on one row", "[block]") {
    // Row [1, -0.5, 0.25, 2]: mean 0.6875, biased variance
    // ((0.3125)^2 + (1.1875)^2 + (0.4375)^2 + (1.3125)^2) / 4 = 3.421875 / 4 = 0.85546875.
    BlockInput in = block_example();
    const BlockResult r = transformer_block(in);
    const double root = std::sqrt(0.85546875 + 1e-5);
    CHECK(r.ln1[0][0] == Approx(0.3125 / root).epsilon(1e-15));
    CHECK(r.ln1[0][1] == Approx(-1.1875 / root).epsilon(1e-15));
    CHECK(r.ln1[0][3] == Approx(1.3125 / root).epsilon(1e-15));
}

TEST_CASE("block: a fully masked row has zero attention, then the residual carries it", "[block]") {
    BlockInput in = block_example();
    in.mask = {{false, false, false}, {true, true, false}, {true, true, true}};
    const BlockResult r = transformer_block(in);
    CHECK(r.all_masked == Flags{1, 0, 0});
    CHECK(r.concat[0] == std::vector<double>{0, 0, 0, 0});
    // attention_out = 0 W_o + b_o, so H'_0 = b_o + H_0.
    const BlockWeights& w = block_weights();
    for (std::size_t c = 0; c < 4; ++c) CHECK(r.h_prime[0][c] == w.b_o[c] + in.input[0][c]);
}

TEST_CASE("block: bad input is named", "[block]") {
    BlockInput in = block_example();
    in.heads = 3;
    CHECK_THROWS_WITH(transformer_block(in), Catch::Contains("heads: 3 does not divide the width 4"));
    in = block_example();
    in.input[1] = {1, 2};
    CHECK_THROWS_WITH(transformer_block(in), Catch::Contains("input[1] has 2 numbers"));
    in = block_example();
    in.mask = {{true}};
    CHECK_THROWS_WITH(transformer_block(in), Catch::Contains("mask: has 1 rows but input has 3"));
    CHECK_THROWS_WITH(run_command("block", nlohmann::json{{"activation", "swish"}}, {}),
                      Catch::Contains("$.activation: expected one of gelu, gelu_tanh, relu, found \"swish\""));
    CHECK_THROWS_WITH(run_command("block", nlohmann::json{{"heads", 0}}, {}), Catch::Contains("$.heads"));
}

#ifdef ATTNBOOK_PYTHON
TEST_CASE("block: numpy computes the same block from the printed weights", "[block][python]") {
    for (const char* act : {"gelu", "gelu_tanh", "relu"}) {
        INFO(act);
        const nlohmann::json args = {{"heads", 2}, {"activation", act}, {"mask", {{1, 0, 0}, {1, 1, 0}, {1, 1, 1}}}};
        const nlohmann::json out = run_command("block", args, {});
        const std::string dir = "/tmp/attnbook-test-block.json";
        nlohmann::json given = {{"weights", out["weights"]}, {"input", block_example().input}, {"heads", 2},
                                {"activation", act}, {"epsilon", out["epsilon"]}};
        std::FILE* f = std::fopen(dir.c_str(), "w");
        const std::string text = given.dump();
        std::fwrite(text.data(), 1, text.size(), f);
        std::fclose(f);
        const std::string program = R"PY(
import json, math, sys
import numpy as np
g = json.load(open(sys.argv[1]))
W = {k: np.array(v, dtype=np.float64) for k, v in g["weights"].items()}
H = np.array(g["input"], dtype=np.float64)
eps = g["epsilon"]
def ln(x, gamma, beta):
    mu = x.mean(axis=-1, keepdims=True)
    var = ((x - mu) ** 2).mean(axis=-1, keepdims=True)   # biased, as torch.nn.LayerNorm
    return (x - mu) / np.sqrt(var + eps) * gamma + beta
n, heads = H.shape[0], g["heads"]
dh = H.shape[1] // heads
mask = np.tril(np.ones((n, n), dtype=bool))
x = ln(H, W["ln1_gamma"], W["ln1_beta"])
Q, K, V = x @ W["w_q"], x @ W["w_k"], x @ W["w_v"]
outs = []
for h in range(heads):
    s = Q[:, h*dh:(h+1)*dh] @ K[:, h*dh:(h+1)*dh].T / np.sqrt(dh)
    s = np.where(mask, s, -np.inf)
    e = np.exp(s - s.max(axis=-1, keepdims=True))
    outs.append((e / e.sum(axis=-1, keepdims=True)) @ V[:, h*dh:(h+1)*dh])
Hp = np.concatenate(outs, axis=-1) @ W["w_o"] + W["b_o"] + H
a = ln(Hp, W["ln2_gamma"], W["ln2_beta"]) @ W["w_1"] + W["b_1"]
act = g["activation"]
if act == "gelu":
    a = 0.5 * a * (1 + np.vectorize(math.erf)(a / math.sqrt(2)))
elif act == "gelu_tanh":
    a = 0.5 * a * (1 + np.tanh(math.sqrt(2 / math.pi) * (a + 0.044715 * a ** 3)))
else:
    a = np.maximum(a, 0)
out = a @ W["w_2"] + W["b_2"] + Hp
print(json.dumps({"h_prime": Hp.tolist(), "h_out": out.tolist()}))
)PY";
        const nlohmann::json numpy = nlohmann::json::parse(attnbook_test::last_line(attnbook_test::run_python(program, "block-numpy", {dir})));
        for (const char* key : {"h_prime", "h_out"}) {
            INFO(key);
            for (std::size_t i = 0; i < 3; ++i)
                for (std::size_t j = 0; j < 4; ++j)
                    CHECK(std::fabs(out[key][i][j]["exact"].get<double>() - numpy[key][i][j].get<double>()) <= 1e-12);
        }
    }
}
#endif
