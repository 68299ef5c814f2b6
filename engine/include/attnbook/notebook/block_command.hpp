#pragma once
// The `block` command: the pre-norm transformer block (lessons/block.hpp) on the given rows with
// the notebook's fixed weights. "weights" holds every parameter as plain numbers; every
// intermediate is a matrix of {exact, shown} pairs.
#include <nlohmann/json.hpp>

#include "attnbook/notebook/commands.hpp"

namespace attnbook {

CommandFunction block_command;

}  // namespace attnbook
