#pragma once
// A pre-norm transformer block on a handful of rows, with small fixed weights written once here
// (block.cpp), so every intermediate can be shown and checked by hand:
//   H'    = MHA(LN1(H)) + H
//   H_out = MLP(LN2(H')) + H'
// Row-vector convention: y = x W + b, W stored as [d_in][d_out]. Head h uses columns
// h*d_head ... (h+1)*d_head - 1 of Q = LN1(H) W_q, K = LN1(H) W_k, V = LN1(H) W_v (no biases);
// its scores are divided by sqrt(d_head) and each row is the explorable's row (explore_row.hpp:
// left-to-right sums, det_exp, masked shares exactly 0, a fully masked row's output 0). The heads
// are concatenated in order, then multiplied by W_o and b_o added. The MLP is
// act(x W_1 + b_1) W_2 + b_2. LayerNorm is PyTorch's: biased variance, epsilon inside the root:
//   y = (x - mean) / sqrt(var + eps) * gamma + beta.
#include <cstddef>
#include <string>
#include <vector>

#include "attnbook/core/field.hpp"
#include "attnbook/core/fixed_rows.hpp"
#include "attnbook/core/flags.hpp"
#include "attnbook/lessons/explore_row.hpp"

namespace attnbook {

using BlockMatrix = std::vector<std::vector<double>>;

enum class Activation { gelu, gelu_tanh, relu };
const std::vector<std::string>& activation_names();  // "gelu", "gelu_tanh", "relu"
std::string activation_name(Activation a);

namespace block_limits {
inline constexpr std::size_t d_model = 4;   // width of every row of H
inline constexpr std::size_t d_ff = 8;      // width of the MLP's hidden layer
inline constexpr std::size_t max_rows = 16; // rows of H (positions)
inline constexpr double max_abs = 1e6;      // |x| of every input number
inline constexpr double epsilon = 1e-5;     // LayerNorm's epsilon (PyTorch's default)
inline constexpr std::size_t default_heads = 2;
}  // namespace block_limits

struct BlockWeights {
    std::vector<double> ln1_gamma, ln1_beta;  // (d_model)
    BlockMatrix w_q, w_k, w_v, w_o;           // (d_model, d_model)
    std::vector<double> b_o;                  // (d_model)
    std::vector<double> ln2_gamma, ln2_beta;  // (d_model)
    BlockMatrix w_1;                          // (d_model, d_ff)
    std::vector<double> b_1;                  // (d_ff)
    BlockMatrix w_2;                          // (d_ff, d_model)
    std::vector<double> b_2;                  // (d_model)
};

// The notebook's fixed weights.
const BlockWeights& block_weights();

// The lesson's held sequence H (three positions): the default input.
namespace block_defaults {
inline constexpr double input[3][4] = {{1.0, -0.5, 0.25, 2.0}, {0.5, 1.5, -1.0, 0.0}, {-1.0, 0.5, 2.0, 1.0}};
}  // namespace block_defaults

struct BlockInput {
    BlockMatrix input = rows_from(block_defaults::input);  // H: (n, d_model)
    std::vector<std::string> labels;       // a cell's names of the positions (the block ignores them)
    std::size_t heads = block_limits::default_heads;  // divides d_model
    std::vector<Flags> mask;               // (n, n), true = may attend; empty = all allowed
    Activation activation = Activation::gelu;
};

// The lesson's example: the defaults.
BlockInput block_example();

// The transformer-block cell's and the `block` command's fields (core/field.hpp); fields() binds
// each to its member. Heads dividing the width, a label per row and an n x n mask are the cell's
// checks between fields (and transformer_block()'s).
namespace block_fields {
namespace lim = block_limits;
inline constexpr WholeRange rows{1, lim::max_rows};
inline constexpr Field input =
    Field::rows_in("input", rows, {lim::d_model, lim::d_model}, lim::max_abs, "the rows of H, one per position (n, d_model)");
inline constexpr Field labels = Field::labels_in("labels", {0, lim::max_rows}, {1, explore_limits::cell_label_max_chars},
                                                 "a name per position (A, B, C, ... when left out)");
inline constexpr Field heads =
    Field::whole_in("heads", {1, lim::d_model}, "attention heads (they divide d_model)").linked("heads");
inline constexpr Field mask =
    Field::flag_rows_in("mask", {0, lim::max_rows}, {0, lim::max_rows}, "which positions each position may attend to (n, n)");
inline constexpr Field activation =
    Field::choice_of("activation", activation_names, "the MLP's activation").linked("act");
}  // namespace block_fields

template <class Visit>
void fields(BlockInput& in, Visit&& field) {
    namespace f = block_fields;
    field(f::input, in.input); field(f::labels, in.labels); field(f::heads, in.heads); field(f::mask, in.mask);
    field(f::activation, in.activation);
}

struct BlockHead {
    BlockMatrix q, k, v;      // (n, d_head)
    BlockMatrix scores;       // (n, n), divided by sqrt(d_head)
    BlockMatrix shares;       // (n, n)
    BlockMatrix output;       // (n, d_head)
};

struct BlockResult {
    BlockMatrix ln1;
    std::vector<BlockHead> heads;
    Flags all_masked;  // (n): the row attends to nothing (its head outputs are 0)
    BlockMatrix concat, attention_out, h_prime, ln2, mlp_hidden, mlp_out, h_out;
};

// UserError naming the field for shapes, heads that do not divide d_model, non-finite input.
BlockResult transformer_block(const BlockInput& input);

// The activation alone (for the tests): gelu(x) = x/2 (1 + erf(x / sqrt 2)), gelu_tanh with
// tanh(sqrt(2/pi) (x + 0.044715 x^3)), relu(x) = max(x, 0).
double activate(Activation a, double x);

}  // namespace attnbook
