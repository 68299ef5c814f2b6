// The training lab's step in the browser bench (scripts/benchmarks/suite-train.mjs): the engine's
// own functions (lessons/train.hpp), one step = draw a batch, forward, backward, Adam, exactly as
// train() runs it. Also hands the peer (tfjs) the same start: the initial parameters and the
// batches this run will draw, so both train the same model on the same data.
//   bench_train_start(config_json) -> 0, or 1 on a bad config (the `train` command's fields)
//   bench_train_param_count()      -> how many numbers bench_train_params writes
//   bench_train_params(out)        -> the initial parameters as float32: embed (V, d), position
//                                     (T, d), per layer wq, wk, wv, wo (d, d), unembed (d, V)
//   bench_train_batches(n, tokens, targets, counted) -> the next n batches (int32, int32,
//                                     float32; each (batch, T)), drawn from a copy of the rng
//   bench_train_steps(n)           -> the loss of the last step's batch (before its update)
#include <emscripten/emscripten.h>

#include <memory>

#include "attnbook/core/numpy_rng.hpp"
#include "attnbook/lessons/train.hpp"
#include "attnbook/notebook/train_command.hpp"

namespace {

using namespace attnbook;

struct BenchTrainer {
    TrainConfig config;
    NumpyRng rng;
    TrainModel model, grads;
    AdamState adam;
    explicit BenchTrainer(const TrainConfig& c) : config(c), rng(c.seed) {
        model = init_train_model(config, rng);
        draw_train_batch(config, rng, train_limits::held_out);  // as train() does, so the batches agree
    }
};

std::unique_ptr<BenchTrainer> trainer;

void copy_out(const std::vector<double>& from, float*& to) {
    for (double x : from) *to++ = static_cast<float>(x);
}

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE int bench_train_start(const char* config_json) {
    try {
        const nlohmann::json raw = nlohmann::json::parse(config_json);
        const TrainConfig c = read_train_config("train", raw);
        trainer = std::make_unique<BenchTrainer>(c);
        return 0;
    } catch (...) {
        return 1;
    }
}

EMSCRIPTEN_KEEPALIVE int bench_train_param_count() {
    const TrainConfig& c = trainer->config;
    return static_cast<int>((c.vocab + c.context) * c.width + c.layers * 4 * c.width * c.width + c.width * c.vocab);
}

EMSCRIPTEN_KEEPALIVE void bench_train_params(float* out) {
    const TrainModel& m = trainer->model;
    copy_out(m.embed, out);
    copy_out(m.position, out);
    for (const TrainLayer& l : m.layers)
        for (const auto* w : {&l.wq, &l.wk, &l.wv, &l.wo}) copy_out(*w, out);
    copy_out(m.unembed, out);
}

EMSCRIPTEN_KEEPALIVE void bench_train_batches(int n, int* tokens, int* targets, float* counted) {
    NumpyRng rng = trainer->rng;  // a copy: the steps draw these same batches again
    for (int i = 0; i < n; ++i) {
        const TrainBatch b = draw_train_batch(trainer->config, rng, trainer->config.batch);
        for (std::size_t j = 0; j < b.tokens.size(); ++j) {
            *tokens++ = static_cast<int>(b.tokens[j]);
            *targets++ = static_cast<int>(b.targets[j]);
            *counted++ = static_cast<float>(b.counted[j]);
        }
    }
}

EMSCRIPTEN_KEEPALIVE double bench_train_steps(int n) {
    BenchTrainer& t = *trainer;
    double loss = 0;
    for (int i = 0; i < n; ++i) {
        const TrainBatch batch = draw_train_batch(t.config, t.rng, t.config.batch);
        loss = train_forward_backward(t.config, t.model, batch, &t.grads).loss;
        adam_step(t.config, t.model, t.grads, t.adam);
    }
    return loss;
}

}  // extern "C"
