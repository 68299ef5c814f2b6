#pragma once
// Where `train_command` finds the training run, once enable_train() has put it there
// (notebook/train_command.hpp).
#include <nlohmann/json.hpp>

#include "attnbook/notebook/commands.hpp"

namespace attnbook {

using TrainRunner = nlohmann::json (*)(const nlohmann::json&, const Progress&);
TrainRunner& train_runner();

}  // namespace attnbook
