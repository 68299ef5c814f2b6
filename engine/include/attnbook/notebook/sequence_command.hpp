#pragma once
// The `sequence` command: the held sequence (lessons/sequence.hpp) as JSON,
//   {"scores": [[pair]], "shares": [[pair]], "outputs": [[pair]], "all_masked": [bool]}.
#include <nlohmann/json.hpp>

#include "attnbook/notebook/commands.hpp"

namespace attnbook {

nlohmann::json sequence_command(const nlohmann::json& args, const Progress& progress);

}  // namespace attnbook
