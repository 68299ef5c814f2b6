// The training-lab cell (lessons/train.hpp): the settings of a tiny transformer the page trains in
// its worker. Every default is TrainConfig's and every limit train_limits'; the rules that tie two
// fields together (the width splits into the heads; the probe's tokens are in the vocabulary and
// fit the context) are check_train_config's, checked once the fields themselves are valid.
#include "attnbook/lessons/train.hpp"
#include "attnbook/notebook/command_args.hpp"
#include "attnbook/notebook/json_text.hpp"
#include "validate_context.hpp"

namespace attnbook {
namespace notebook_validation {

void check_training_lab_cell(Context& cx, const json& cell, const std::string& path, json& out) {
    namespace lim = train_limits;
    const Fields f(cx, cell, path);
    JsonOut o = JsonOut::into(out);
    const TrainConfig d;
    const std::size_t errors_before = cx.count();
    o.set("mode", "train");
    f.choice_to(o, "mode", training_lab_mode_names());
    o.set("task", train_task_name(d.task));
    f.choice_to(o, "task", train_task_names());
    struct Whole {
        const char* name;
        std::size_t lo, hi, fallback;
    };
    const Whole wholes[] = {{"layers", 1, lim::max_layers, d.layers},
                            {"heads", 1, lim::max_heads, d.heads},
                            {"width", lim::min_width, lim::max_width, d.width},
                            {"context", lim::min_context, lim::max_context, d.context},
                            {"vocab", lim::min_vocab, lim::max_vocab, d.vocab},
                            {"batch", 1, lim::max_batch, d.batch},
                            {"steps", 1, lim::max_steps, d.steps}};
    for (const Whole& w : wholes) {
        o.set(w.name, w.fallback);
        f.integer_to(o, w.name, static_cast<long long>(w.lo), static_cast<long long>(w.hi));
    }
    o.set("seed", d.seed);
    f.integer_to(o, "seed", 0, static_cast<long long>(lim::max_seed));
    o.set("mlp", d.mlp);
    f.boolean_to(o, "mlp");
    o.set("divisor", divisor_name(d.divisor));
    f.divisor_to(o, "divisor");
    o.set("learning_rate", d.learning_rate);
    if (auto rate = f.number("learning_rate", lim::max_learning_rate)) {
        if (*rate <= 0)
            f.error("learning_rate", {"must be greater than 0, found ", *rate});
        else
            o.set("learning_rate", *rate);
    }
    if (const json* given = f.find("probe")) {
        const std::string at = f.at("probe");
        if (!given->is_array() || given->empty() || given->size() > lim::max_context) {
            cx.error(at, {"expected an array of 1 to ", lim::max_context, " whole numbers (tokens)"});
        } else {
            json& probe = o.array("probe");
            for (std::size_t i = 0; i < given->size(); ++i)
                if (auto t = read_integer(cx, (*given)[i], json_path_index(at, i), 0, static_cast<long long>(lim::max_vocab - 1)))
                    probe.push_back(*t);
        }
    }
    if (cx.count() != errors_before) return;
    // The rules between fields, as check_train_config applies them when the cell runs (written
    // here rather than calling it: the learner's module then links none of the training's code).
    const std::size_t width = out["width"].get<std::size_t>(), heads = out["heads"].get<std::size_t>();
    if (width % heads != 0)
        f.error("width", {width, " does not split into ", heads, " heads of equal width (choose a multiple of heads)"});
    if (const json* probe = json_member(out, "probe")) {
        const std::size_t context = out["context"].get<std::size_t>(), vocab = out["vocab"].get<std::size_t>();
        if (probe->size() > context) f.error("probe", {"at most ", context, " tokens (the context), found ", probe->size()});
        for (std::size_t i = 0; i < probe->size(); ++i)
            if ((*probe)[i].get<std::size_t>() >= vocab)
                cx.error(json_path_index(f.at("probe"), i), {"tokens are 0 to ", vocab - 1, " (the vocabulary), found ", (*probe)[i].get<std::size_t>()});
    }
}

}  // namespace notebook_validation
}  // namespace attnbook
