// The training lab's settings: the task names and the check of a TrainConfig (train.hpp). In a file
// of their own because the notebook validator reads them (a training-lab cell's fields) in the
// learner's module, which links none of the model's code.
#include "attnbook/core/errors.hpp"
#include "attnbook/core/text_join.hpp"
#include "attnbook/lessons/train.hpp"

namespace attnbook {

const std::vector<std::string>& train_task_names() {
    static const std::vector<std::string> names = {"previous", "largest", "induction"};
    return names;
}

const std::vector<std::string>& training_lab_mode_names() {
    static const std::vector<std::string> names = {"train", "divisors"};
    return names;
}

TrainTask parse_train_task(const std::string& text, const std::string& field) {
    const auto& names = train_task_names();
    for (std::size_t i = 0; i < names.size(); ++i)
        if (text == names[i]) return static_cast<TrainTask>(i);
    throw_format("{}: {} is not one of {}", {field, in_quotes(text), listed(names)});
}

std::string train_task_name(TrainTask task) { return train_task_names().at(static_cast<std::size_t>(task)); }

void check_train_config(const TrainConfig& c) {
    namespace lim = train_limits;
    auto range = [](const char* field, std::uint64_t v, std::uint64_t lo, std::uint64_t hi) {
        if (v < lo || v > hi) throw_format("{}: expected a whole number from {} to {}, found {}", {field, lo, hi, v});
    };
    range("layers", c.layers, 1, lim::max_layers);
    range("heads", c.heads, 1, lim::max_heads);
    range("width", c.width, lim::min_width, lim::max_width);
    range("context", c.context, lim::min_context, lim::max_context);
    range("vocab", c.vocab, lim::min_vocab, lim::max_vocab);
    range("batch", c.batch, 1, lim::max_batch);
    range("steps", c.steps, 0, lim::max_steps);
    range("seed", c.seed, 0, lim::max_seed);
    range("snapshots", c.snapshots, 0, lim::max_snapshots);
    range("eval_every", c.eval_every, 1, lim::max_steps);
    if (c.width % c.heads != 0)
        throw_format("width: {} does not split into {} heads of equal width (choose a multiple of heads)", {c.width, c.heads});
    if (!(c.learning_rate > 0 && c.learning_rate <= lim::max_learning_rate))
        throw_format("learning_rate: expected a number above 0 and at most {}, found {}",
                     {lim::max_learning_rate, c.learning_rate});
    if (c.probe.size() > c.context) throw_format("probe: at most {} tokens (the context), found {}", {c.context, c.probe.size()});
    for (std::size_t i = 0; i < c.probe.size(); ++i)
        if (c.probe[i] >= c.vocab)
            throw_format("probe[{}]: tokens are 0 to {} (the vocabulary), found {}", {i, c.vocab - 1, c.probe[i]});
}

}  // namespace attnbook
