// `train`: the "attention learns" lesson's run (lessons/train.hpp) as JSON: the loss curves, the
// held-out accuracy, the saturation and gradient measures of the divisor experiment, and the
// probe's attention maps at evenly spaced steps.
#include "attnbook/notebook/train_command.hpp"

#include "train_entry.hpp"

#include "attnbook/core/errors.hpp"
#include "attnbook/lessons/train.hpp"
#include "attnbook/notebook/command_args.hpp"
#include "attnbook/notebook/field_reader.hpp"
#include "attnbook/notebook/json_out.hpp"
#include "attnbook/notebook/number_json.hpp"

namespace attnbook {

using nlohmann::json;


json train_config_json(const TrainConfig& c) {
    json out;
    JsonOut(out)
        .set("task", train_task_name(c.task))
        .set("layers", c.layers)
        .set("heads", c.heads)
        .set("width", c.width)
        .set("context", c.context)
        .set("vocab", c.vocab)
        .set("mlp", c.mlp)
        .set("divisor", divisor_name(c.divisor))
        .set("learning_rate", c.learning_rate)
        .set("batch", c.batch)
        .set("steps", c.steps)
        .set("seed", c.seed);
    return out;
}

json train_attention_json(const TrainConfig& c, const std::vector<double>& attention, std::size_t T) {
    json maps = json::array();
    for (std::size_t l = 0; l < c.layers; ++l) {
        json layer = json::array();
        for (std::size_t h = 0; h < c.heads; ++h) {
            std::vector<std::vector<double>> rows(T);
            for (std::size_t t = 0; t < T; ++t) {
                const double* a = &attention[((l * c.heads + h) * T + t) * T];
                rows[t].assign(a, a + T);
            }
            json head;
            JsonOut(head).pair_rows("weights", rows, train_shown::weight);
            layer.push_back(std::move(head["weights"]));
        }
        maps.push_back(std::move(layer));
    }
    return maps;
}

TrainConfig read_train_config(const char* command, const json& args) {
    const TrainConfig c = read_command_fields<TrainConfig>(command, args);
    check_train_config(c);
    return c;
}

namespace {

json run_train(const json& raw, const Progress& progress) {
    const TrainConfig c = read_train_config("train", raw);
    const TrainResult r = train(c, progress);
    json out;
    JsonOut o(out);
    o.set("config", train_config_json(c));
    o.pairs("train_loss", r.train_loss, train_shown::loss)
        .pairs("max_weight", r.max_weight, train_shown::share)
        .pairs("query_key_grad", r.query_key_grad, train_shown::gradient);
    o.object("eval")
        .set("steps", r.eval_steps)
        .pairs("loss", r.eval_loss, train_shown::loss)
        .pairs("accuracy", r.eval_accuracy, train_shown::share);
    o.set("probe", r.probe);
    // Each snapshot's maps: (layers, heads, T, T) as nested rows, T the probe's length.
    json& snaps = o.array("snapshots");
    for (const TrainSnapshot& s : r.snapshots) {
        JsonOut snap = JsonOut::push(snaps);
        snap.set("step", s.step);
        snap.set("attention", train_attention_json(c, s.attention, r.probe.size()));
    }
    return out;
}

}  // namespace

void enable_train() {
    train_runner() = run_train;
    train_program_runner() = run_train_program;
}

}  // namespace attnbook
