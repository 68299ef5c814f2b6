#pragma once
// The `sequence` command: the held sequence (lessons/sequence.hpp) as JSON,
//   {"scores": [[pair]], "shares": [[pair]], "outputs": [[pair]], "all_masked": [bool]}.
#include <vector>

#include <nlohmann/json.hpp>

#include "attnbook/notebook/commands.hpp"

namespace attnbook {

CommandFunction sequence_command;

// The explorable's command limits (explore_limits::command_*) on the sources, for `explore`,
// `python` and `sequence`: at most command_max_sources keys, value rows of at most
// command_max_width numbers ("keys: at most 256 sources").
void check_command_sources(const std::vector<std::vector<double>>& keys, const std::vector<std::vector<double>>& values);

}  // namespace attnbook
