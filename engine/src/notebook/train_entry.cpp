// The `train` and `train_program` entries of the command registry: pointers, set by enable_train() (train_command.cpp)
// in the programs that carry the training, so that a module that never calls it links none of
// the model's code (about 9 KB gzipped).
#include "train_entry.hpp"

#include "attnbook/notebook/train_command.hpp"

namespace attnbook {

TrainRunner& train_runner() {
    static TrainRunner runner = nullptr;
    return runner;
}

TrainRunner& train_program_runner() {
    static TrainRunner runner = nullptr;
    return runner;
}

nlohmann::json train_command(const nlohmann::json& args, const Progress& progress) {
    return run_linked(train_runner(), "train: this engine module has no training (the CLI has it)", args, progress);
}

nlohmann::json train_program_command(const nlohmann::json& args, const Progress& progress) {
    return run_linked(train_program_runner(), "train_program: this engine module has no training (the CLI has it)", args,
                      progress);
}

}  // namespace attnbook
