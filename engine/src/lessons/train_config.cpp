// The training lab's settings: the task names and the checks of a TrainConfig (train.hpp). In a
// file of their own because modules that link none of the model's code read them: the notebook
// validator (the author module) and `restore` (the learner's module).
#include <type_traits>

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

std::string train_task_name(TrainTask task) { return train_task_names().at(static_cast<std::size_t>(task)); }

std::vector<TrainRuleBroken> broken_train_rules(const TrainConfig& c) {
    std::vector<TrainRuleBroken> broken;
    if (c.width % c.heads != 0)
        broken.push_back({"width", std::nullopt,
                          join_text({c.width, " does not split into ", c.heads,
                                     " heads of equal width (choose a multiple of heads)"})});
    if (c.probe.size() > c.context)
        broken.push_back({"probe", std::nullopt,
                          join_text({"at most ", c.context, " tokens (the context), found ", c.probe.size()})});
    for (std::size_t i = 0; i < c.probe.size(); ++i)
        if (c.probe[i] >= c.vocab)
            broken.push_back({"probe", i, join_text({"tokens are 0 to ", c.vocab - 1, " (the vocabulary), found ", c.probe[i]})});
    return broken;
}

void check_train_config(const TrainConfig& config) {
    TrainConfig c = config;  // fields() binds members it may write; this reads them
    fields(c, [](const Field& f, auto& member) {
        using T = std::decay_t<decltype(member)>;
        if (!f.in_command()) return;
        if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
            if (member < f.range.min || member > f.range.max)
                throw_format("{}: must be between {} and {}, found {}", {f.name, f.range.min, f.range.max, member});
        } else if constexpr (std::is_same_v<T, double>) {
            if (!(member > 0 && member <= f.limit))
                throw_format("{}: must be greater than 0 and at most {}, found {}", {f.name, f.limit, member});
        }
    });
    for (const TrainRuleBroken& b : broken_train_rules(config)) {
        const std::string where = b.index ? join_text({b.field, "[", *b.index, "]"}) : std::string(b.field);
        throw UserError(join_text({where, ": ", b.message}));
    }
}

}  // namespace attnbook
