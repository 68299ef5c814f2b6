// The training-lab cell (lessons/train.hpp): the settings of a tiny transformer the page trains in
// its worker. Every default is TrainConfig's and every limit train_limits'; the rule that ties two
// fields together (the width splits into the heads; the probe's tokens are in the vocabulary and
// fit the context) is check_train_config's, asked once the fields themselves are valid and reported
// at the field it names.
#include "attnbook/core/errors.hpp"
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
    // The rules between fields, as the engine applies them when the cell runs.
    TrainConfig c;
    c.width = out["width"].get<std::size_t>(), c.heads = out["heads"].get<std::size_t>();
    c.context = out["context"].get<std::size_t>(), c.vocab = out["vocab"].get<std::size_t>();
    c.layers = out["layers"].get<std::size_t>(), c.batch = out["batch"].get<std::size_t>();
    c.steps = out["steps"].get<std::size_t>();
    if (const json* probe = json_member(out, "probe")) c.probe = probe->get<std::vector<std::size_t>>();
    try {
        check_train_config(c);
    } catch (const UserError& e) {
        // "width: ..." or "probe[3]: ...": the field (and entry) named, at its path.
        const std::string message = e.what();
        const std::size_t colon = message.find(": ");
        const bool probe = message.rfind("probe", 0) == 0;
        const std::string at = probe ? f.at("probe") + message.substr(5, colon - 5) : f.at("width");
        cx.error(at, {message.substr(colon + 2)});
    }
}

}  // namespace notebook_validation
}  // namespace attnbook
