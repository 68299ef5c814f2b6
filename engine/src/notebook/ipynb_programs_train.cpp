// The `ipynb` export's training lab: the run as the `train_program` numpy program, then a check of
// its first steps against the engine's (programs/train_lab.py); the divisor experiment (mode
// "divisors") runs the same program once per divisor (programs/train_divisors.py).
#include <algorithm>
#include <string>

#include "attnbook/core/text_join.hpp"
#include "attnbook/lessons/divisor.hpp"
#include "attnbook/lessons/train.hpp"
#include "attnbook/notebook/commands.hpp"
#include "attnbook/notebook/python_programs.hpp"
#include "attnbook/notebook/train_command.hpp"
#include "ipynb_programs.hpp"
#include "ipynb_python.hpp"

namespace attnbook {

using nlohmann::json;

namespace {

// How many of the run's steps the export trains to check the program against.
constexpr std::size_t kCheckedSteps = 20;

// The engine's first steps of the run at `args` (exact doubles): train losses and the held-out
// loss at step 0.
json first_steps(json args, std::size_t steps) {
    args["steps"] = steps;
    args["eval_every"] = steps;
    args["snapshots"] = 0;
    const json r = exact_numbers(run_command("train", args));
    return json{{"train_loss", r.at("train_loss")}, {"held_out_loss_at_0", r.at("eval").at("loss").at(0)}};
}

// The settings without their DIVISOR line: the divisor experiment's loop sets it.
std::string without_divisor(std::string settings) {
    const std::size_t line = settings.find("DIVISOR = ");
    return settings.erase(line, settings.find('\n', line) + 1 - line);
}

}  // namespace

LiveCell train_live(const json& cell, const CellState& state) {
    // Settled on train_program: it checks every field and the rules between them without training.
    // The probe (the tokens whose attention the page shows) is the page's: the program draws none.
    const Settled settled = settle_table<TrainConfig>("train_program", cell, state, json::object(), {"probe"});
    const std::string settings = train_settings(read_train_config("train_program", settled.args));
    const std::string model = python_lines(python_programs::train_model), tolerance = python_lines(python_programs::train_tolerance);
    const std::size_t checked = std::min<std::size_t>(kCheckedSteps, settled.args.at("steps").get<std::size_t>());
    const std::string steps = std::to_string(checked);
    const std::string passed = checks_passed(("first " + steps + " steps, to 1e-6").c_str());
    if (cell.value("mode", "train") != "divisors")
        return live(cell, "The training lab", settled,
                    "A tiny transformer trained on the lab's task: the parameters drawn as the page draws them, "
                    "the forward pass, the backward pass written out by hand, and Adam. It prints the held-out "
                    "loss and accuracy as it trains.",
                    fill_python(python_programs::train_lab, {{"settings", python_lines(settings)},
                                              {"model", model},
                                              {"steps", steps},
                                              {"engine", py_literal(first_steps(settled.args, checked))},
                                              {"tolerance", tolerance},
                                              {"passed", passed}}));
    json engine = json::object();
    std::string names;
    for (const std::string& name : divisor_names()) {
        json args = settled.args;
        args["divisor"] = name;
        engine[name] = first_steps(args, checked);
        append_text(names, {names.empty() ? "" : ", ", py_literal(name)});
    }
    return live(cell, "The divisor experiment", settled,
                "The same model and seed trained three times, the scores divided by √d, by d and by 1: "
                "the held-out loss and accuracy of each run as it trains. The whole run takes a while in "
                "numpy; the page draws it as it goes.",
                fill_python(python_programs::train_divisors, {{"settings", python_lines(without_divisor(settings))},
                                               {"divisors", names},
                                               {"model", indented_body(model)},
                                               {"steps", steps},
                                               {"engine", py_literal(engine)},
                                               {"tolerance", tolerance},
                                               {"passed", passed}}));
}

}  // namespace attnbook
