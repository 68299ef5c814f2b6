#pragma once
// Where `train_command` and `train_program_command` find the training run, once enable_train() has put it there
// (notebook/train_command.hpp).
#include "linked_command.hpp"

namespace attnbook {

using TrainRunner = CommandRunner;
TrainRunner& train_runner();
// `train_program` (train_program_command.cpp): the same run as a numpy program, set with `train`.
TrainRunner& train_program_runner();
nlohmann::json run_train_program(const nlohmann::json& args, const Progress& progress);

}  // namespace attnbook
