#pragma once
// Training the page can drive: the state of one run of train() (lessons/train.hpp) kept between
// calls, so the lab advances a few steps at a time, pauses, draws the probe's attention whenever it
// likes and scrubs back to earlier steps. train() itself runs on a TrainSession, so N steps here are
// N steps of train() bit for bit (tests/engine/test_train_session.cpp holds the two together).
#include <cstddef>
#include <vector>

#include "attnbook/core/numpy_rng.hpp"
#include "attnbook/lessons/train.hpp"

namespace attnbook {

namespace train_limits {
// Earlier models kept for the timeline (attention on any probe at an earlier step). When one more
// would be kept, every other one is dropped and the spacing doubles: the timeline covers the whole
// run with at most this many models whatever its length.
inline constexpr std::size_t max_checkpoints = 16;
}  // namespace train_limits

struct TrainStepRecord {
    std::size_t step;  // the step's number: its batch saw the model after `step` updates
    double train_loss, max_weight, query_key_grad;
};
struct TrainEvalRecord {
    std::size_t step;
    double loss, accuracy;
};

// What a session holds, in bytes (every parameter and optimiser array is float64).
struct TrainMemory {
    std::size_t parameters = 0;  // one model: the count of its numbers
    std::size_t model = 0;       // the model
    std::size_t optimiser = 0;   // Adam's m and v, and the gradients
    std::size_t data = 0;        // the held-out set and the probe
    std::size_t checkpoints = 0; // the timeline's earlier models (at most max_checkpoints)
    std::size_t most = 0;        // total with the timeline full: the bound the page states
    std::size_t total() const { return model + optimiser + data + checkpoints; }
};

class TrainSession {
public:
    // Checks the config (UserError naming the field), draws the model and the held-out set from the
    // seed as train() does. `checkpoints` models at most are kept for the timeline (0: none).
    explicit TrainSession(const TrainConfig& config, std::size_t checkpoints = train_limits::max_checkpoints);

    const TrainConfig& config() const { return config_; }
    std::size_t step() const { return step_; }
    bool done() const { return step_ >= config_.steps; }
    // One step: a batch, forward, backward, Adam. Precondition: !done().
    TrainStepRecord advance();
    // Loss and accuracy on the held-out set, now.
    TrainEvalRecord evaluate() const;
    // The probe the lab starts with: config.probe, or the first held-out sequence.
    const std::vector<std::size_t>& probe() const { return probe_; }
    // Attention weights (layers, heads, T, T) of `tokens` (T = its length, 1 to context, each token
    // below the vocabulary: UserError otherwise) under the model now, or under the model kept at
    // checkpoint step `at` (UserError when none is kept there).
    std::vector<double> attention(const std::vector<std::size_t>& tokens) const;
    std::vector<double> attention_at(std::size_t at, const std::vector<std::size_t>& tokens) const;
    // The steps whose models are kept, ascending (step 0 first).
    std::vector<std::size_t> checkpoint_steps() const;
    TrainMemory memory() const;

private:
    void keep_checkpoint();
    std::vector<double> attention_of(const TrainModel& model, const std::vector<std::size_t>& tokens) const;

    TrainConfig config_;
    NumpyRng rng_;
    TrainModel model_, grads_;
    AdamState adam_;
    TrainBatch held_;
    std::vector<std::size_t> probe_;
    std::size_t step_ = 0;
    std::size_t max_checkpoints_;
    std::size_t spacing_ = 1;
    std::vector<std::pair<std::size_t, TrainModel>> checkpoints_;
};

}  // namespace attnbook
