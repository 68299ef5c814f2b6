#pragma once
// `train` (lessons/train.hpp): arguments task, layers, heads, width, context, vocab, mlp, divisor,
// learning_rate, batch, steps, seed, snapshots, eval_every, probe; every one optional.
#include <nlohmann/json.hpp>

#include "attnbook/lessons/train.hpp"
#include "attnbook/notebook/command_args.hpp"
#include "attnbook/notebook/commands.hpp"

namespace attnbook {

// The configuration from a command's arguments (the lesson's defaults for those left out).
TrainConfig train_config_from(const CommandArgs& args);
// The registry's entry (commands.cpp). The training itself is linked only where enable_train() is
// called (the CLI, the tests, the fuzz target): no lesson page shows a training run yet, so the
// page's module carries none of it. Without it the command answers with a UserError saying so.
nlohmann::json train_command(const nlohmann::json& args, const Progress& progress);
// `train_program`: the same run as a Python 3 + numpy program {"program": text}; the same
// arguments as `train` but snapshots and probe. Linked with `train`.
nlohmann::json train_program_command(const nlohmann::json& args, const Progress& progress);
std::string train_program(const TrainConfig& config);
// Makes `train` and `train_program` available in this program (idempotent).
void enable_train();

}  // namespace attnbook
