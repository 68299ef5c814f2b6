#pragma once
// Shared by the `ipynb` export's program writers: ipynb_programs.cpp (the explorable, the scaling
// study, the small examples), ipynb_programs_lab.cpp (the transformer block, PyTorch's rules, the
// mistakes), ipynb_programs_numerics.cpp (the alternatives to softmax, the precision lab) and
// ipynb_programs_scale.cpp (attention at scale) and ipynb_programs_train.cpp (the training lab).
// Every live cell is written the same way: its settings settled (the cell's own, overridden by
// the permalink's where the engine accepts them), the engine run at them, then a Markdown cell
// saying what the program computes and the program, which prints its numbers as the page rounds
// them and checks them against the engine's exact numbers.
#include <functional>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "attnbook/notebook/field_reader.hpp"
#include "ipynb_python.hpp"

namespace attnbook {

// The cell's permalink value of `kind` (q, knob, mult, ...) read in permalink.js's form of a field
// of kind `form`, as the JSON a command reads; null where the permalink has none or it does not
// decode. Beside the lessons' tables (settle_table), it reads what they do not hold: the pipeline's
// knob, the Jacobian's multiplier, the block's causal switch.
nlohmann::json state_value(const CellState& state, const char* kind, Field::Kind form);

// A live cell's settings and the engine's result at them.
struct Settled {
    nlohmann::json args;    // the settings used
    nlohmann::json result;  // the engine's answer for them
    std::string note;       // "The permalink's settings ... were refused ..." when they were
};

// Runs `run` (an engine command, or what gives a cell's numbers where no command gives them whole)
// on the cell's `fields` with `overrides` laid over them; when the engine refuses the overrides
// (out of range, wrong shape: the page keeps its defaults then too), runs the cell's own settings
// and says so in the note.
using Run = std::function<nlohmann::json(const nlohmann::json&)>;
Run command_run(const char* command);  // the engine's command as a Run
Settled settle(const Run& run, const nlohmann::json& cell, const std::vector<const char*>& fields,
               const nlohmann::json& overrides);

// A cell whose settings are its lesson's table (core/field.hpp), settled: the fields are the
// cell's that the command reads too (by name: attention at scale's cell ranges name the command's
// fields), but `except`; the overrides are the permalink's value of each of them that has a
// permalink key (Field::permalink), read in the form of the field's kind, with `more` (what the
// page keeps beside the table: the pipeline's knob) laid over them.
Settled settle_table(const Run& run, const nlohmann::json& cell, const CellState& state, const BoundFields& table,
                     const nlohmann::json& more, std::initializer_list<const char*> except);
template <class Input>
Settled settle_table(const Run& run, const nlohmann::json& cell, const CellState& state,
                     const nlohmann::json& more = nlohmann::json::object(), std::initializer_list<const char*> except = {}) {
    Input in{};
    return settle_table(run, cell, state, bind_fields(in), more, except);
}
template <class Input>
Settled settle_table(const char* command, const nlohmann::json& cell, const CellState& state,
                     const nlohmann::json& more = nlohmann::json::object(), std::initializer_list<const char*> except = {}) {
    return settle_table<Input>(command_run(command), cell, state, more, except);
}

// The exported cell: "## <title or fallback>", the note, `about` (what the program computes),
// then the program.
LiveCell live(const nlohmann::json& cell, const char* fallback, const Settled& settled, const char* about,
              std::string code);

// The program's check against the engine, as the lines of its @check@ marker (programs/check.py):
// `def check(ours, want, name)`, np.testing.assert_allclose at the relative `tolerance` (the
// program's comment above the marker says why numpy comes that close).
std::string check_lines(const char* tolerance);

// The last line of a program whose checks passed, `print("the engine's numbers, <how>")`, as the
// lines of its @passed@ marker.
std::string checks_passed(const char* how);

// The programs of the cell types in other files (live_cell's table in ipynb_programs.cpp names them
// all): the transformer block, PyTorch's rules and the mistakes (ipynb_programs_lab.cpp), the
// alternatives and the precision lab (ipynb_programs_numerics.cpp), attention at scale
// (ipynb_programs_scale.cpp), the training lab (ipynb_programs_train.cpp).
LiveCell block_live(const nlohmann::json& cell, const CellState& state);
LiveCell pytorch_rules_live(const nlohmann::json& cell, const CellState& state);
LiveCell mistakes_live(const nlohmann::json& cell, const CellState& state);
LiveCell alternatives_live(const nlohmann::json& cell, const CellState& state);
LiveCell precision_live(const nlohmann::json& cell, const CellState& state);
LiveCell scale_live(const nlohmann::json& cell, const CellState& state);
LiveCell train_live(const nlohmann::json& cell, const CellState& state);

// The training program's settings block for `config` (programs/train_settings.py, filled in
// train_program_command.cpp): the `train_program` command's program and the training lab's cells
// put it before the model, each in its own way.
std::string train_settings(const struct TrainConfig& config);

}  // namespace attnbook
