#pragma once
// `train` (lessons/train.hpp): the arguments are train_fields' (every one optional).
#include <nlohmann/json.hpp>

#include "attnbook/lessons/train.hpp"
#include "attnbook/notebook/commands.hpp"
#include "attnbook/notebook/number_json.hpp"

namespace attnbook {

// How the training's numbers are shown: the same in the `train` command and the lab's session.
namespace train_shown {
inline constexpr Shown loss{4, Rounding::fixed};
inline constexpr Shown share{3, Rounding::fixed};
inline constexpr Shown weight{2, Rounding::fixed};
inline constexpr Shown gradient{2, Rounding::scientific};
}  // namespace train_shown

// The configuration as the `train` command echoes it.
nlohmann::json train_config_json(const TrainConfig& config);
// Attention weights (layers, heads, T, T) as nested rows of pairs: [layer][head][t][u].
nlohmann::json train_attention_json(const TrainConfig& config, const std::vector<double>& attention, std::size_t T);
// The configuration from a command's arguments by train_fields (the lesson's defaults for those
// left out), checked (check_train_config). UserError names `command` and the field.
TrainConfig read_train_config(const char* command, const nlohmann::json& args);
// The registry's entry (commands.cpp). The training itself is linked only where enable_train() is
// called (the CLI, the tests, the fuzz target): no lesson page shows a training run yet, so the
// page's module carries none of it. Without it the command answers with a UserError saying so.
CommandFunction train_command;
// `train_program`: the same run as a Python 3 + numpy program {"program": text}; the same
// arguments as `train` but snapshots and probe. Linked with `train`.
CommandFunction train_program_command;
std::string train_program(const TrainConfig& config);
// Makes `train` and `train_program` available in this program (idempotent).
void enable_train();

}  // namespace attnbook
