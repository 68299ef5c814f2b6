#pragma once
// A tiny decoder-only transformer trained by the engine: the "attention learns" lesson.
//
//   x0[t]   = E[token_t] + P[t]                                  (T, d)   token + position
//   layer l = x + concat_h(softmax_causal(q_h k_h^T / divisor) v_h) Wo     q, k, v = x Wq, x Wk, x Wv
//             then, with the MLP:  x + relu(x W1 + b1) W2 + b2             W1 (d, 4d), W2 (4d, d)
//   logits  = x_L U                                               (T, V)
//   loss    = mean over counted positions of -log softmax(logits)[target]
//
// No layer norm: the lesson's argument is about the scale of q.k at the start, and a norm in
// front of the attention would hide the very effect the divisor experiment measures. Training
// is float64 in a fixed summation order (no contraction, det_exp/det_log1p), so the same seed
// gives bit-identical numbers natively and in WebAssembly. The pass runs on xsimd kernels
// (train_xsimd.cpp) that keep the float64 scalar reference's order (train_f64.cpp) and so its
// bits; tests/engine/test_train_*.cpp hold the two together, and the reference against finite
// differences and against an independent numpy program.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "attnbook/core/field.hpp"
#include "attnbook/core/numpy_rng.hpp"
#include "attnbook/lessons/divisor.hpp"

namespace attnbook {

enum class TrainTask { previous, largest, induction };

// "previous" (copy the previous token), "largest" (the largest token so far), "induction" (a
// random half repeated: predict the second half from the first).
std::string train_task_name(TrainTask task);
const std::vector<std::string>& train_task_names();
// The training-lab cell's modes: "train" (one run) and "divisors" (the same model and seed trained
// with sqrt(d), d and 1 side by side: the divisor experiment).
const std::vector<std::string>& training_lab_mode_names();

struct TrainConfig {
    TrainTask task = TrainTask::previous;
    std::size_t layers = 1;
    std::size_t heads = 1;
    std::size_t width = 32;    // d, the residual stream; each head has d / heads
    std::size_t context = 16;  // T, the sequence length
    std::size_t vocab = 16;    // V
    bool mlp = false;          // attention-only by default, as in the induction-head papers
    Divisor divisor = default_divisor;
    double learning_rate = 0.01;
    std::size_t batch = 8;
    std::size_t steps = 300;
    std::uint64_t seed = 0;
    std::size_t snapshots = 4;    // attention maps of the probe, evenly spaced, first and last included
    std::size_t eval_every = 25;  // held-out loss every so many steps (and at the last)
    std::vector<std::size_t> probe;  // tokens; empty = the first held-out sequence
};

// Limits keep one run of the lab inside a browser worker's time and memory; the validator, the
// `train` command and `limits` read them here.
namespace train_limits {
inline constexpr std::size_t max_layers = 2;
inline constexpr std::size_t max_heads = 4;
inline constexpr std::size_t min_width = 4, max_width = 64;
inline constexpr std::size_t min_context = 4, max_context = 32;
inline constexpr std::size_t min_vocab = 2, max_vocab = 32;
inline constexpr std::size_t max_batch = 32;
inline constexpr std::size_t max_steps = 5000;
inline constexpr std::size_t max_snapshots = 20;
inline constexpr std::size_t held_out = 32;  // sequences in the held-out set
inline constexpr double max_learning_rate = 1.0;
inline constexpr std::uint64_t max_seed = max_rng_seed;
}  // namespace train_limits

// The training lab's and the `train` command's fields (core/field.hpp); fields() binds each to
// its member. A cell trains at least one step; the command may run 0 (the untrained model): two
// entries for one member. The width splitting into the heads and the probe fitting the context
// and the vocabulary are check_train_config's (and the cell's checks between fields).
namespace train_fields {
namespace lim = train_limits;
inline constexpr Field task =
    Field::choice_of("task", train_task_names, "what the model learns to predict").linked("task");
inline constexpr Field layers = Field::whole_in("layers", {1, lim::max_layers}, "transformer layers").linked("layers");
inline constexpr Field heads =
    Field::whole_in("heads", {1, lim::max_heads}, "attention heads per layer").linked("heads");
inline constexpr Field width =
    Field::whole_in("width", {lim::min_width, lim::max_width}, "d, the residual stream (each head has d / heads)")
        .linked("width");
inline constexpr Field context = Field::whole_in("context", {lim::min_context, lim::max_context}, "T, the sequence length");
inline constexpr Field vocab = Field::whole_in("vocab", {lim::min_vocab, lim::max_vocab}, "V, the number of tokens");
inline constexpr Field mlp = Field::switch_named("mlp", "an MLP after attention in each layer").linked("mlp");
inline constexpr Field divisor = Field::divisor_of("what the scores are divided by").linked("div");
inline constexpr Field learning_rate =
    Field::positive_to("learning_rate", lim::max_learning_rate, "Adam's learning rate").linked("lr");
inline constexpr Field batch = Field::whole_in("batch", {1, lim::max_batch}, "sequences per step");
inline constexpr Field cell_steps = Field::whole_in("steps", {1, lim::max_steps}, "training steps", Field::cell_only);
inline constexpr Field steps =
    Field::whole_in("steps", {0, lim::max_steps}, "training steps (0: the untrained model)", Field::command_only);
inline constexpr Field seed =
    Field::whole_in("seed", {0, lim::max_seed}, "the seed of the weights and the data").linked("seed");
inline constexpr Field snapshots = Field::whole_in("snapshots", {0, lim::max_snapshots},
                                                   "attention maps of the probe, evenly spaced", Field::command_only);
inline constexpr Field eval_every =
    Field::whole_in("eval_every", {1, lim::max_steps}, "held-out loss every so many steps", Field::command_only);
inline constexpr Field probe = Field::wholes_in("probe", {1, lim::max_context}, {0, lim::max_vocab - 1},
                                                "the tokens whose attention is shown (left out: a held-out sequence)")
        .linked("probe");
}  // namespace train_fields

template <class Visit>
void fields(TrainConfig& c, Visit&& field) {
    namespace f = train_fields;
    field(f::task, c.task); field(f::layers, c.layers); field(f::heads, c.heads); field(f::width, c.width);
    field(f::context, c.context); field(f::vocab, c.vocab); field(f::mlp, c.mlp); field(f::divisor, c.divisor);
    field(f::learning_rate, c.learning_rate); field(f::batch, c.batch); field(f::cell_steps, c.steps);
    field(f::steps, c.steps); field(f::seed, c.seed); field(f::snapshots, c.snapshots);
    field(f::eval_every, c.eval_every); field(f::probe, c.probe);
}

// The training-lab cell: its mode (training_lab_mode_names(), in order) and the settings.
enum class TrainingLabMode { train, divisors };
struct TrainingLabCell {
    TrainingLabMode mode = TrainingLabMode::train;
    TrainConfig config;
};
namespace train_fields {
inline constexpr Field mode = Field::choice_of(
    "mode", training_lab_mode_names, "one run (train), or sqrt(d), d and 1 trained side by side (divisors)");
}  // namespace train_fields
template <class Visit>
void fields(TrainingLabCell& c, Visit&& field) {
    field(train_fields::mode, c.mode);
    fields(c.config, field);
}

// A rule between fields of a TrainConfig whose fields are each in their range, broken: the field
// to blame (`index`: which of the probe's tokens) and what is wrong. Every broken rule, in the
// fields' order: the width splits into the heads, the probe fits the context, each of its tokens
// is in the vocabulary. check_train_config throws the first; the notebook validator reports each.
struct TrainRuleBroken {
    const char* field;
    std::optional<std::size_t> index;
    std::string message;
};
std::vector<TrainRuleBroken> broken_train_rules(const TrainConfig& config);

// Every field in its range (the table's, train_fields: the command's ranges, where steps may be 0)
// and every rule between fields; UserError names the field.
void check_train_config(const TrainConfig& config);

// The parameters, each row-major. Per layer: wq, wk, wv, wo (d, d), heads are column blocks of
// wq/wk/wv and row blocks of wo; w1 (d, 4d), b1 (4d), w2 (4d, d), b2 (d) when the MLP is on.
struct TrainLayer {
    std::vector<double> wq, wk, wv, wo, w1, b1, w2, b2;
};
struct TrainModel {
    std::vector<double> embed;     // (V, d)
    std::vector<double> position;  // (T, d)
    std::vector<TrainLayer> layers;
    std::vector<double> unembed;   // (d, V)
};

// Draws from numpy.random.default_rng(seed) in this order (each rng.normal(0, std, size) in
// row-major order): embed, position with std sqrt(1/2) (so x0 has unit variance per component);
// per layer wq, wk, wv, wo with std 1/sqrt(d) (q and k then have unit variance per component,
// the lesson's assumption), then w1 std 1/sqrt(d), w2 std 1/sqrt(4d); unembed std 1/sqrt(d).
// Biases start at 0.
struct TrainBatch {
    std::size_t count = 0;             // sequences
    std::vector<std::size_t> tokens;   // (count, T)
    std::vector<std::size_t> targets;  // (count, T)
    std::vector<unsigned char> counted;  // (count, T): 1 where the loss counts
};

// One sequence of the task from `uniforms` (T numbers in [0, 1), token = floor(u * V)).
// previous: target[t] = token[t-1], counted from t = 1; largest: target[t] = max(token[0..t]);
// induction: a period h = T/4 + floor(u[0] (T/2 - T/4 + 1)), a[i] = floor(u[1 + i] V),
// token[t] = a[t mod h], target[t] = token[t+1], counted from t = h (the repeats: predictable
// only by looking back to the earlier occurrence, wherever it is).
void task_sequence(const TrainConfig& config, const double* uniforms, std::size_t* tokens, std::size_t* targets,
                   unsigned char* counted);

// The forward pass of one batch and, with `grads`, its backward pass (grads are set, not added).
struct TrainForward {
    double loss = 0;      // mean cross-entropy over counted positions
    std::size_t correct = 0, counted = 0;  // argmax == target
    // Attention weights of the first sequence, (layers, heads, T, T), when asked.
    std::vector<double> attention;
    // The largest weight of each attention row, averaged over rows, heads, layers and sequences:
    // near 1 when the softmax saturates on one source.
    double max_weight = 0;
    // Frobenius norm of the gradients reaching wq and wk of all layers (the divisor experiment).
    double query_key_grad_norm = 0;
};
// The xsimd kernels' pass (what train() and the lab run) and the float64 scalar reference's: the
// same numbers, bit for bit.
TrainForward train_forward_backward(const TrainConfig& config, const TrainModel& model, const TrainBatch& batch,
                                    TrainModel* grads, bool keep_attention = false);
TrainForward train_forward_backward_f64(const TrainConfig& config, const TrainModel& model, const TrainBatch& batch,
                                        TrainModel* grads, bool keep_attention = false);

TrainModel init_train_model(const TrainConfig& config, class NumpyRng& rng);
// A batch of `count` sequences drawn from rng: rng.random((count, T)) in row-major order.
TrainBatch draw_train_batch(const TrainConfig& config, class NumpyRng& rng, std::size_t count);

// Adam (Kingma and Ba, 2015) with beta1 0.9, beta2 0.999, eps 1e-8, the bias corrections
// kept as running products (no pow: the same bits in every build).
struct AdamState {
    TrainModel m, v;
    double beta1_power = 1, beta2_power = 1;
};
void adam_step(const TrainConfig& config, TrainModel& model, const TrainModel& grads, AdamState& state);

struct TrainSnapshot {
    std::size_t step;
    std::vector<double> attention;  // (layers, heads, T, T) on the probe
};
struct TrainResult {
    std::vector<double> train_loss;  // one per step, before that step's update
    std::vector<std::size_t> eval_steps;
    std::vector<double> eval_loss, eval_accuracy;
    std::vector<double> max_weight;      // per step: mean over rows of the largest attention weight
    std::vector<double> query_key_grad;  // per step: the gradient norm reaching wq and wk
    std::vector<std::size_t> probe;
    std::vector<TrainSnapshot> snapshots;
};

// The whole run: init, held-out set (train_limits::held_out sequences), then per step a batch,
// forward, backward, Adam. progress(fraction) between steps.
TrainResult train(const TrainConfig& config, const std::function<void(double)>& progress = {});

}  // namespace attnbook
