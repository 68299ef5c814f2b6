// The `train` entry of the command registry: a pointer, set by enable_train() (train_command.cpp)
// in the programs that carry the training, so that a module that never calls it links none of
// the model's code (about 9 KB gzipped).
#include "train_entry.hpp"

#include "attnbook/core/errors.hpp"
#include "attnbook/notebook/train_command.hpp"

namespace attnbook {

TrainRunner& train_runner() {
    static TrainRunner runner = nullptr;
    return runner;
}

nlohmann::json train_command(const nlohmann::json& args, const Progress& progress) {
    if (train_runner() == nullptr)
        throw UserError("train: this engine module has no training (the CLI has it)");
    return train_runner()(args, progress);
}

}  // namespace attnbook
