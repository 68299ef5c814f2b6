// The training run of the "attention learns" lesson: tasks, initialisation, Adam and the loop
// that records what the page draws (train.hpp).
#include <algorithm>
#include <cmath>

#include "attnbook/core/errors.hpp"
#include "attnbook/core/numpy_rng.hpp"
#include "attnbook/core/text_join.hpp"
#include "attnbook/lessons/train.hpp"
#include "attnbook/lessons/train_session.hpp"
#include "train_model_visit.hpp"

namespace attnbook {

void task_sequence(const TrainConfig& c, const double* uniforms, std::size_t* tokens, std::size_t* targets,
                   unsigned char* counted) {
    const std::size_t T = c.context;
    // numpy: np.floor(u * V).astype(int); u < 1, so the token is below V.
    auto token = [&](std::size_t t) { return static_cast<std::size_t>(std::floor(uniforms[t] * static_cast<double>(c.vocab))); };
    for (std::size_t t = 0; t < T; ++t) targets[t] = 0, counted[t] = 0;
    switch (c.task) {
        case TrainTask::previous:
            for (std::size_t t = 0; t < T; ++t) tokens[t] = token(t);
            for (std::size_t t = 1; t < T; ++t) targets[t] = tokens[t - 1], counted[t] = 1;
            break;
        case TrainTask::largest:
            for (std::size_t t = 0; t < T; ++t) {
                tokens[t] = token(t);
                targets[t] = t == 0 ? tokens[0] : std::max(targets[t - 1], tokens[t]);
                counted[t] = 1;
            }
            break;
        case TrainTask::induction: {
            // The period varies from sequence to sequence, so "copy the token h places back" with
            // a fixed h cannot solve it: the model has to find the earlier occurrence of the
            // current token and copy what followed it (an induction head).
            const std::size_t lo = T / 4, hi = T / 2;
            const std::size_t period = lo + static_cast<std::size_t>(std::floor(uniforms[0] * static_cast<double>(hi - lo + 1)));
            for (std::size_t t = 0; t < T; ++t) tokens[t] = token(1 + t % period);
            for (std::size_t t = period; t + 1 < T; ++t) targets[t] = tokens[t + 1], counted[t] = 1;
            break;
        }
    }
}

TrainBatch draw_train_batch(const TrainConfig& c, NumpyRng& rng, std::size_t count) {
    const std::size_t T = c.context;
    TrainBatch b;
    b.count = count;
    b.tokens.resize(count * T), b.targets.resize(count * T), b.counted.resize(count * T);
    std::vector<double> u(T);
    for (std::size_t i = 0; i < count; ++i) {
        for (double& x : u) x = rng.random();
        task_sequence(c, u.data(), &b.tokens[i * T], &b.targets[i * T], &b.counted[i * T]);
    }
    return b;
}

TrainModel init_train_model(const TrainConfig& c, NumpyRng& rng) {
    const std::size_t d = c.width, f = 4 * d;
    auto draw = [&](std::size_t n, double std_dev) {
        std::vector<double> w(n);
        for (double& x : w) x = rng.normal(0.0, std_dev);
        return w;
    };
    const double unit_half = std::sqrt(0.5), per_width = 1.0 / std::sqrt(static_cast<double>(d));
    TrainModel m;
    m.embed = draw(c.vocab * d, unit_half);
    m.position = draw(c.context * d, unit_half);
    for (std::size_t l = 0; l < c.layers; ++l) {
        TrainLayer L;
        L.wq = draw(d * d, per_width), L.wk = draw(d * d, per_width), L.wv = draw(d * d, per_width);
        L.wo = draw(d * d, per_width);
        if (c.mlp) {
            L.w1 = draw(d * f, per_width), L.b1.assign(f, 0.0);
            L.w2 = draw(f * d, 1.0 / std::sqrt(static_cast<double>(f))), L.b2.assign(d, 0.0);
        }
        m.layers.push_back(std::move(L));
    }
    m.unembed = draw(d * c.vocab, per_width);
    return m;
}

void adam_step(const TrainConfig& c, TrainModel& model, const TrainModel& grads, AdamState& state) {
    constexpr double beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
    if (state.m.layers.empty() && state.m.embed.empty()) {
        state.m = state.v = grads;
        visit_parameters(state.m, [](std::vector<double>& w) { std::fill(w.begin(), w.end(), 0.0); });
        visit_parameters(state.v, [](std::vector<double>& w) { std::fill(w.begin(), w.end(), 0.0); });
    }
    state.beta1_power *= beta1;
    state.beta2_power *= beta2;
    const double c1 = 1.0 - state.beta1_power, c2 = 1.0 - state.beta2_power;
    std::vector<std::vector<double>*> p, m, v;
    std::vector<const std::vector<double>*> g;
    visit_parameters(model, [&](std::vector<double>& w) { p.push_back(&w); });
    visit_parameters(state.m, [&](std::vector<double>& w) { m.push_back(&w); });
    visit_parameters(state.v, [&](std::vector<double>& w) { v.push_back(&w); });
    visit_parameters(grads, [&](const std::vector<double>& w) { g.push_back(&w); });
    for (std::size_t a = 0; a < p.size(); ++a)
        for (std::size_t i = 0; i < p[a]->size(); ++i) {
            const double gi = (*g[a])[i];
            double& mi = (*m[a])[i];
            double& vi = (*v[a])[i];
            mi = beta1 * mi + (1.0 - beta1) * gi;
            vi = beta2 * vi + (1.0 - beta2) * gi * gi;
            (*p[a])[i] -= c.learning_rate * (mi / c1) / (std::sqrt(vi / c2) + eps);
        }
}

namespace {

// `count` steps from 0 to `steps`, evenly spaced and rounded down, without repeats.
std::vector<std::size_t> snapshot_steps(std::size_t count, std::size_t steps) {
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < count; ++i) {
        const std::size_t s = count == 1 ? steps : i * steps / (count - 1);
        if (out.empty() || out.back() != s) out.push_back(s);
    }
    return out;
}

}  // namespace

TrainResult train(const TrainConfig& config, const std::function<void(double)>& progress) {
    // The run is a session's steps (no timeline kept: the snapshots below are the record).
    TrainSession session(config, 0);
    TrainResult r;
    r.probe = session.probe();

    const std::vector<std::size_t> snaps = snapshot_steps(config.snapshots, config.steps);
    std::size_t next_snap = 0;
    auto observe = [&](std::size_t step) {
        if (next_snap < snaps.size() && snaps[next_snap] == step) {
            r.snapshots.push_back({step, session.attention(r.probe)});
            ++next_snap;
        }
        if (step % config.eval_every == 0 || step == config.steps) {
            const TrainEvalRecord e = session.evaluate();
            r.eval_steps.push_back(step);
            r.eval_loss.push_back(e.loss);
            r.eval_accuracy.push_back(e.accuracy);
        }
    };

    while (!session.done()) {
        observe(session.step());
        const TrainStepRecord f = session.advance();
        r.train_loss.push_back(f.train_loss);
        r.max_weight.push_back(f.max_weight);
        r.query_key_grad.push_back(f.query_key_grad);
        if (progress) progress(static_cast<double>(session.step()) / static_cast<double>(config.steps));
    }
    observe(config.steps);
    return r;
}

}  // namespace attnbook
