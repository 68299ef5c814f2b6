// `train`: the "attention learns" lesson's run (lessons/train.hpp) as JSON: the loss curves, the
// held-out accuracy, the saturation and gradient measures of the divisor experiment, and the
// probe's attention maps at evenly spaced steps.
#include "attnbook/notebook/train_command.hpp"

#include "train_entry.hpp"

#include "attnbook/core/errors.hpp"
#include "attnbook/lessons/train.hpp"
#include "attnbook/notebook/command_args.hpp"
#include "attnbook/notebook/json_out.hpp"
#include "attnbook/notebook/number_json.hpp"

namespace attnbook {

using nlohmann::json;


const std::initializer_list<const char*>& train_config_fields() {
    static const std::initializer_list<const char*> fields = {
        "task", "layers", "heads", "width", "context", "vocab", "mlp", "divisor", "learning_rate", "batch", "steps",
        "seed", "snapshots", "eval_every", "probe"};
    return fields;
}

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

TrainConfig train_config_from(const CommandArgs& args) {
    namespace lim = train_limits;
    TrainConfig c;
    if (args.has("task")) c.task = parse_train_task(args.text("task"), "task");
    if (args.has("layers")) c.layers = args.whole("layers", 1, lim::max_layers);
    if (args.has("heads")) c.heads = args.whole("heads", 1, lim::max_heads);
    if (args.has("width")) c.width = args.whole("width", lim::min_width, lim::max_width);
    if (args.has("context")) c.context = args.whole("context", lim::min_context, lim::max_context);
    if (args.has("vocab")) c.vocab = args.whole("vocab", lim::min_vocab, lim::max_vocab);
    if (args.has("mlp")) {
        if (!args.raw("mlp").is_boolean()) throw UserError("train: $.mlp: expected true or false");
        c.mlp = args.raw("mlp").get<bool>();
    }
    if (args.has("divisor")) c.divisor = parse_divisor(args.text("divisor"));
    if (args.has("learning_rate")) c.learning_rate = args.number("learning_rate");
    if (args.has("batch")) c.batch = args.whole("batch", 1, lim::max_batch);
    if (args.has("steps")) c.steps = args.whole("steps", 0, lim::max_steps);
    if (args.has("seed")) c.seed = args.whole("seed", 0, lim::max_seed);
    if (args.has("snapshots")) c.snapshots = args.whole("snapshots", 0, lim::max_snapshots);
    if (args.has("eval_every")) c.eval_every = args.whole("eval_every", 1, lim::max_steps);
    if (args.has("probe")) c.probe = args.wholes("probe", 0, lim::max_vocab - 1);
    check_train_config(c);
    return c;
}

namespace {

json run_train(const json& raw, const Progress& progress) {
    const TrainConfig c = train_config_from(CommandArgs("train", raw, train_config_fields()));
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
