// The `ipynb` export's training lab: the run as the `train_program` numpy program (the model,
// the task, the backward pass written out, Adam), then a check of its first steps against the
// engine's. The whole run is the learner's to wait for in Jupyter; the export itself trains only
// those first steps, so writing the notebook stays quick in the page and at build time. The
// divisor experiment (mode "divisors") runs the same program once per divisor.
#include <algorithm>
#include <string>

#include "attnbook/core/text_join.hpp"
#include "attnbook/lessons/divisor.hpp"
#include "attnbook/lessons/train.hpp"
#include "attnbook/notebook/commands.hpp"
#include "ipynb_programs.hpp"
#include "ipynb_python.hpp"

namespace attnbook {

using nlohmann::json;

namespace {

// How many of the run's steps the export trains to check the program against.
constexpr std::size_t kCheckedSteps = 20;

// The program without its last line (the curves as one line of JSON, for the tests' runner:
// in a notebook the table it prints as it trains is the output).
std::string without_json_line(const std::string& program) {
    const std::size_t at = program.rfind("print(json.dumps(");
    return at == std::string::npos ? program : program.substr(0, at);
}

// The settings block's "DIVISOR = ..." line taken out, and the rest after the settings indented
// under `for DIVISOR in (...)`: one program that trains the same model once per divisor.
std::string per_divisor(const std::string& program) {
    const std::size_t line = program.find("DIVISOR = ");
    const std::size_t line_end = program.find('\n', line);
    std::string out = program.substr(0, line) + program.substr(line_end + 1);
    const std::size_t body = out.find("\nimport json\n");
    std::string loop = out.substr(0, body) + "\nrecords = {}\nfor DIVISOR in (";
    const auto& names = divisor_names();
    for (std::size_t i = 0; i < names.size(); ++i) append_text(loop, {i ? ", " : "", "\"", names[i], "\""});
    loop += "):\n    print(f\"\\nscores divided by {DIVISOR}:\")\n";
    std::size_t start = body + 1;
    while (start < out.size()) {
        const std::size_t end = out.find('\n', start);
        const std::string text = out.substr(start, end == std::string::npos ? std::string::npos : end - start);
        loop += text.empty() ? "\n" : "    " + text + "\n";
        if (end == std::string::npos) break;
        start = end + 1;
    }
    return loop + "    records[DIVISOR] = record\n";
}

// The engine's first steps of the run at `args` (exact doubles): train losses and the held-out
// loss at step 0.
json first_steps(json args, std::size_t steps) {
    args["steps"] = steps;
    args["eval_every"] = steps;
    args["snapshots"] = 0;
    const json r = exact_numbers(run_command("train", args));
    return json{{"train_loss", r.at("train_loss")}, {"held_out_loss_at_0", r.at("eval").at("loss").at(0)}};
}

const char* kTolerance =
    "\n# numpy sums, multiplies matrices and exponentiates in its own order, so its curves leave the\n"
    "# engine's in the last bits, and Adam amplifies that (it divides by the square root of small\n"
    "# moments). Over these first steps the two agree to about 1e-8; a wrong gradient, draw or Adam\n"
    "# term moves them by 1e-3 within a few steps. The check allows 1e-6 relative.\n";

}  // namespace

LiveCell train_live(const json& cell, const CellState& state) {
    // Settled on train_program: it checks every field and the rules between them without training.
    // The probe (the tokens whose attention the page shows) is the page's: the program draws none.
    const Settled settled = settle_table<TrainConfig>("train_program", cell, state, json::object(), {"probe"});
    const std::string program = without_json_line(settled.result.at("program").get<std::string>());
    const std::size_t checked = std::min<std::size_t>(kCheckedSteps, settled.args.at("steps").get<std::size_t>());
    const bool divisors = cell.value("mode", "train") == "divisors";
    std::string code = divisors ? per_divisor(program) : program;
    json engine = json::object();
    if (divisors) {
        for (const std::string& name : divisor_names()) {
            json args = settled.args;
            args["divisor"] = name;
            engine[name] = first_steps(args, checked);
        }
    } else {
        engine = first_steps(settled.args, checked);
    }
    append_text(code, {"\n# The engine's first ", checked, " steps of ", divisors ? "each run" : "this run",
                       " (exact doubles), written by the export.\nengine = ", py_literal(engine), "\n", kTolerance});
    const std::string n = std::to_string(checked);
    if (divisors) {
        code += "for name, run in records.items():\n"
                "    np.testing.assert_allclose(run[\"train_loss\"][:" + n + "], engine[name][\"train_loss\"], rtol=1e-6, err_msg=name)\n"
                "    np.testing.assert_allclose(run[\"eval_loss\"][0], engine[name][\"held_out_loss_at_0\"], rtol=1e-6, err_msg=name)\n";
    } else {
        code += "np.testing.assert_allclose(record[\"train_loss\"][:" + n + "], engine[\"train_loss\"], rtol=1e-6)\n"
                "np.testing.assert_allclose(record[\"eval_loss\"][0], engine[\"held_out_loss_at_0\"], rtol=1e-6)\n";
    }
    code += checks_passed(("first " + n + " steps, to 1e-6").c_str());
    return live(cell, divisors ? "The divisor experiment" : "The training lab", settled,
                divisors ? "The same model and seed trained three times, the scores divided by √d, by d and by 1: "
                           "the held-out loss and accuracy of each run as it trains. The whole run takes a while in "
                           "numpy; the page draws it as it goes."
                         : "A tiny transformer trained on the lab's task: the parameters drawn as the page draws them, "
                           "the forward pass, the backward pass written out by hand, and Adam. It prints the held-out "
                           "loss and accuracy as it trains.",
                code);
}

}  // namespace attnbook
