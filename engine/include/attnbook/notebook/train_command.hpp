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
nlohmann::json train_command(const nlohmann::json& args, const Progress& progress);

}  // namespace attnbook
