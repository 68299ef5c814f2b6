// train_program {task?, layers?, heads?, width?, context?, vocab?, mlp?, divisor?, learning_rate?,
// batch?, steps?, seed?, eval_every?} -> {"program": text}: the training lab's run as a Python 3 +
// numpy program a learner can read and rerun (programs/train_program.py: the settings, the model
// of lessons/train.hpp in numpy with its backward pass written out, Adam). It prints the held-out
// loss and accuracy as it goes and ends with one line of JSON (train_loss, eval_loss,
// eval_accuracy), which tests/engine/test_train_program.cpp runs and compares with the `train`
// command.
#include <string>

#include "attnbook/lessons/train.hpp"
#include "attnbook/notebook/command_args.hpp"
#include "attnbook/notebook/field_reader.hpp"
#include "attnbook/notebook/json_out.hpp"
#include "attnbook/notebook/python_programs.hpp"
#include "attnbook/notebook/train_command.hpp"
#include "ipynb_programs.hpp"

namespace attnbook {

using nlohmann::json;

std::string train_settings(const TrainConfig& c) {
    return fill_python(python_programs::train_settings, {{"task", train_task_name(c.task)},
                                          {"layers", std::to_string(c.layers)},
                                          {"heads", std::to_string(c.heads)},
                                          {"width", std::to_string(c.width)},
                                          {"context", std::to_string(c.context)},
                                          {"vocab", std::to_string(c.vocab)},
                                          {"mlp", c.mlp ? "True" : "False"},
                                          {"divisor", divisor_name(c.divisor)},
                                          {"learning_rate", json(c.learning_rate).dump()},
                                          {"batch", std::to_string(c.batch)},
                                          {"steps", std::to_string(c.steps)},
                                          {"seed", std::to_string(c.seed)},
                                          {"eval_every", std::to_string(c.eval_every)}});
}

std::string train_program(const TrainConfig& c) {
    return fill_python(python_programs::train_program, {{"settings", python_lines(train_settings(c))},
                                         {"model", python_lines(fill_python(python_programs::train_model))}});
}

json run_train_program(const json& raw, const Progress&) {
    // train's fields but the two that only attention maps read (the program prints none).
    std::vector<const char*> known;
    for (const Field& f : field_list<TrainConfig>(false))
        if (f.name != train_fields::snapshots.name && f.name != train_fields::probe.name) known.push_back(f.name);
    const CommandArgs refuse_others("train_program", raw, known);
    const TrainConfig c = read_train_config("train_program", raw);
    json out;
    JsonOut(out).set("program", train_program(c));
    return out;
}

}  // namespace attnbook
