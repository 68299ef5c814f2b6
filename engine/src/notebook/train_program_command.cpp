// train_program {task?, layers?, heads?, width?, context?, vocab?, mlp?, divisor?, learning_rate?,
// batch?, steps?, seed?, eval_every?} -> {"program": text}: the training lab's run as a Python 3 +
// numpy program a learner can read and rerun (programs/train_program.py: the settings, the model
// of lessons/train.hpp in numpy with its backward pass written out, Adam). It prints the held-out
// loss and accuracy as it goes and ends with one line of JSON (train_loss, eval_loss,
// eval_accuracy), which tests/engine/test_train_program.cpp runs and compares with the `train`
// command.
#include <cctype>
#include <string>

#include "attnbook/lessons/train.hpp"
#include "attnbook/notebook/command_args.hpp"
#include "attnbook/notebook/field_reader.hpp"
#include "attnbook/notebook/json_out.hpp"
#include "attnbook/notebook/python_programs.hpp"
#include "attnbook/notebook/train_command.hpp"
#include "ipynb_programs.hpp"
#include "ipynb_python.hpp"

namespace attnbook {

using nlohmann::json;

namespace {
// The fields the program reads: all of the table's but the attention maps' (it draws none).
bool read_by_program(const Field& f) {
    return f.name != train_fields::snapshots.name && f.name != train_fields::probe.name;
}
}  // namespace

std::string train_settings(const TrainConfig& c) {
    json values;
    JsonOut out(values);
    write_fields(c, out, false);
    std::string lines;  // LEARNING_RATE = 0.01: the field's name as a Python constant, its value
    for (const Field& f : field_list<TrainConfig>(false)) {
        if (!read_by_program(f)) continue;
        std::string name = f.name;
        for (char& ch : name) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
        append_line(lines, {name, " = ", py_literal(values.at(f.name))});
    }
    return fill_python(python_programs::train_settings, {{"values", lines}});
}

std::string train_program(const TrainConfig& c) {
    return fill_python(python_programs::train_program, {{"settings", python_lines(train_settings(c))},
                                         {"model", python_lines(fill_python(python_programs::train_model))}});
}

json run_train_program(const json& raw, const Progress&) {
    std::vector<const char*> known;
    for (const Field& f : field_list<TrainConfig>(false))
        if (read_by_program(f)) known.push_back(f.name);
    const CommandArgs refuse_others("train_program", raw, known);
    const TrainConfig c = read_train_config("train_program", raw);
    json out;
    JsonOut(out).set("program", train_program(c));
    return out;
}

}  // namespace attnbook
