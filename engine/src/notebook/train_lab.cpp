// The training lab's session as JSON (notebook/train_lab.hpp).
#include "attnbook/notebook/train_lab.hpp"

#include "attnbook/core/errors.hpp"
#include "attnbook/core/text_join.hpp"
#include "attnbook/notebook/command_args.hpp"
#include "attnbook/notebook/json_out.hpp"
#include "attnbook/notebook/train_command.hpp"

namespace attnbook {

using nlohmann::json;

TrainLab::TrainLab(const std::string& who, const json& args) : who_(who) {
    session_ = std::make_unique<TrainSession>(read_train_config(who.c_str(), args));
}

json TrainLab::step(std::size_t n) {
    if (n < 1 || n > train_limits::max_steps)
        throw_format("{}.step: expected a whole number of steps from 1 to {}, found {}", {who_, train_limits::max_steps, n});
    TrainSession& s = *session_;
    const TrainConfig& c = s.config();
    std::vector<std::size_t> steps, eval_steps;
    std::vector<double> loss, weight, grad, eval_loss, eval_accuracy;
    // The held-out check where train() makes it: before the step's update at each multiple of
    // eval_every, and once more at the end of the run.
    auto check = [&] {
        const TrainEvalRecord e = s.evaluate();
        eval_steps.push_back(e.step), eval_loss.push_back(e.loss), eval_accuracy.push_back(e.accuracy);
    };
    for (std::size_t i = 0; i < n && !s.done(); ++i) {
        if (s.step() % c.eval_every == 0) check();
        const TrainStepRecord r = s.advance();
        steps.push_back(r.step), loss.push_back(r.train_loss), weight.push_back(r.max_weight),
            grad.push_back(r.query_key_grad);
        if (s.done()) check();
    }
    json out;
    JsonOut o(out);
    o.set("step", s.step()).set("done", s.done());
    o.object("rows")
        .set("steps", steps)
        .pairs("train_loss", loss, train_shown::loss)
        .pairs("max_weight", weight, train_shown::share)
        .pairs("query_key_grad", grad, train_shown::gradient);
    o.object("eval")
        .set("steps", eval_steps)
        .pairs("loss", eval_loss, train_shown::loss)
        .pairs("accuracy", eval_accuracy, train_shown::share);
    o.set("checkpoints", s.checkpoint_steps());
    o.set("memory", train_memory_json(s.memory()));
    return out;
}

json TrainLab::attention(const json& args) const {
    const std::string who = join_text({who_, ".attention"});
    const CommandArgs a(who, args, {"probe", "at"});
    const TrainSession& s = *session_;
    const std::vector<std::size_t> probe =
        a.has("probe") ? a.wholes("probe", 0, train_limits::max_vocab - 1) : s.probe();
    const std::size_t at = a.has("at") ? a.whole("at", 0, train_limits::max_steps) : s.step();
    json out;
    JsonOut o(out);
    o.set("step", at).set("probe", probe);
    o.set("attention", train_attention_json(s.config(), s.attention_at(at, probe), probe.size()));
    return out;
}

json TrainLab::state() const {
    const TrainSession& s = *session_;
    json out;
    JsonOut o(out);
    o.set("config", train_config_json(s.config()));
    o.set("step", s.step()).set("done", s.done()).set("probe", s.probe());
    o.set("checkpoints", s.checkpoint_steps());
    o.set("memory", train_memory_json(s.memory()));
    return out;
}

json train_memory_json(const TrainMemory& m) {
    json out;
    JsonOut o(out);
    o.set("parameters", m.parameters);
    auto part = [&](const char* name, std::size_t bytes) {
        o.object(name)
            .set("bytes", bytes)
            .pair("kib", static_cast<double>(bytes) / 1024.0, {1, Rounding::fixed});
    };
    part("model", m.model);
    part("optimiser", m.optimiser);
    part("data", m.data);
    part("checkpoints", m.checkpoints);
    part("total", m.total());
    part("most", m.most);
    return out;
}

}  // namespace attnbook
