// A training run kept between calls (train_session.hpp): the lab's steps, its held-out checks, its
// probe and its timeline. train() (train_run.cpp) is a loop over one of these.
#include "attnbook/lessons/train_session.hpp"

#include "attnbook/core/errors.hpp"
#include "attnbook/core/text_join.hpp"
#include "train_model_visit.hpp"

namespace attnbook {

namespace {

std::size_t numbers_in(const TrainModel& model) {
    std::size_t n = 0;
    visit_parameters(model, [&](const std::vector<double>& w) { n += w.size(); });
    return n;
}

}  // namespace

TrainSession::TrainSession(const TrainConfig& config, std::size_t checkpoints)
    : config_(config), rng_((check_train_config(config), config.seed)), max_checkpoints_(checkpoints) {
    model_ = init_train_model(config_, rng_);
    held_ = draw_train_batch(config_, rng_, train_limits::held_out);
    if (config_.probe.empty())
        probe_.assign(held_.tokens.begin(), held_.tokens.begin() + static_cast<std::ptrdiff_t>(config_.context));
    else
        probe_ = config_.probe;
    keep_checkpoint();
}

TrainStepRecord TrainSession::advance() {
    const TrainBatch batch = draw_train_batch(config_, rng_, config_.batch);
    const TrainForward f = train_forward_backward(config_, model_, batch, &grads_);
    adam_step(config_, model_, grads_, adam_);
    const TrainStepRecord record{step_, f.loss, f.max_weight, f.query_key_grad_norm};
    ++step_;
    if (step_ % spacing_ == 0) keep_checkpoint();
    return record;
}

void TrainSession::keep_checkpoint() {
    if (max_checkpoints_ == 0) return;
    checkpoints_.emplace_back(step_, model_);
    if (checkpoints_.size() <= max_checkpoints_) return;
    // Full: keep every other one (step 0 stays) and double the spacing, so the kept steps stay
    // evenly spaced and the next one falls on the new spacing.
    std::size_t kept = 0;
    for (std::size_t i = 0; i < checkpoints_.size(); i += 2, ++kept)
        if (i != kept) checkpoints_[kept] = std::move(checkpoints_[i]);  // (a self-move would empty it)
    checkpoints_.resize(kept);
    spacing_ *= 2;
    if (checkpoints_.back().first % spacing_ != 0) checkpoints_.pop_back();
}

TrainEvalRecord TrainSession::evaluate() const {
    const TrainForward e = train_forward_backward(config_, model_, held_, nullptr);
    const double accuracy = e.counted ? static_cast<double>(e.correct) / static_cast<double>(e.counted) : 0.0;
    return {step_, e.loss, accuracy};
}

std::vector<double> TrainSession::attention_of(const TrainModel& model, const std::vector<std::size_t>& tokens) const {
    if (tokens.empty() || tokens.size() > config_.context)
        throw_format("probe: expected 1 to {} tokens (the context), found {}", {config_.context, tokens.size()});
    for (std::size_t i = 0; i < tokens.size(); ++i)
        if (tokens[i] >= config_.vocab)
            throw_format("probe[{}]: tokens are 0 to {} (the vocabulary), found {}", {i, config_.vocab - 1, tokens[i]});
    // The mask is causal, so a probe shorter than the context is run at its own length: its
    // weights are those of any longer sequence that starts with it.
    TrainConfig probe_config = config_;
    probe_config.context = tokens.size();
    TrainBatch probe;
    probe.count = 1;
    probe.tokens = tokens;
    probe.targets.assign(tokens.size(), 0);
    probe.counted.assign(tokens.size(), 0);
    return train_forward_backward(probe_config, model, probe, nullptr, true).attention;
}

std::vector<double> TrainSession::attention(const std::vector<std::size_t>& tokens) const {
    return attention_of(model_, tokens);
}

std::vector<double> TrainSession::attention_at(std::size_t at, const std::vector<std::size_t>& tokens) const {
    if (at == step_) return attention(tokens);
    for (const auto& kept : checkpoints_)
        if (kept.first == at) return attention_of(kept.second, tokens);
    const std::vector<std::size_t> kept = checkpoint_steps();
    throw_format("at: no model is kept at step {} (the timeline keeps the steps {})", {at, kept});
}

std::vector<std::size_t> TrainSession::checkpoint_steps() const {
    std::vector<std::size_t> steps;
    steps.reserve(checkpoints_.size());
    for (const auto& kept : checkpoints_) steps.push_back(kept.first);
    return steps;
}

TrainMemory TrainSession::memory() const {
    TrainMemory m;
    m.parameters = numbers_in(model_);
    const std::size_t model_bytes = m.parameters * sizeof(double);
    m.model = model_bytes;
    m.optimiser = 3 * model_bytes;  // Adam's m and v, and the gradients: each one model's shape
    m.data = (held_.tokens.size() + held_.targets.size() + probe_.size()) * sizeof(std::size_t) + held_.counted.size();
    m.checkpoints = checkpoints_.size() * model_bytes;
    m.most = m.model + m.optimiser + m.data + max_checkpoints_ * model_bytes;
    return m;
}

}  // namespace attnbook
