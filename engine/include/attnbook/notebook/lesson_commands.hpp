#pragma once
// The commands of the three-depth lesson's live cells (scaled-dot-product-attention), one file
// each in engine/src/notebook/<name>_command.cpp, registered in commands.cpp.
#include <nlohmann/json.hpp>
#include <string>

#include "attnbook/core/errors.hpp"
#include "attnbook/core/text_join.hpp"
#include "attnbook/notebook/commands.hpp"

namespace attnbook {

CommandFunction normalize_command;
CommandFunction jacobian_command;
CommandFunction jacobian_norms_command;
CommandFunction online_softmax_command;
CommandFunction tiling_memory_command;
CommandFunction cost_command;
// The program text itself (for tests and tools).
std::string scaling_program(const struct ScalingInput& input);
CommandFunction scaling_program_command;
CommandFunction pipeline_command;
CommandFunction pytorch_rules_command;
CommandFunction mistakes_command;
CommandFunction alternatives_command;
// A cell's permalink state checked by its table before the cell's first draw (restore_command.cpp).
CommandFunction restore_command;

// lesson(in), a refusal restated as the command's: `format` is "online_softmax: {}", or
// "mistakes: $.{}" for a lesson whose messages start with the field's name.
template <class Lesson, class Input>
auto run_lesson(const char* format, Lesson&& lesson, const Input& in) -> decltype(lesson(in)) {
    try {
        return lesson(in);
    } catch (const UserError& e) {
        throw_format(format, {e.what()});
    }
}

// A count or a size as the lesson shows it, three significant digits: "1e10", "1.28e12", "4096";
// "20 GB", "1.5 MB" (decimal units, as memory is sold).
std::string count_text(double x);
std::string bytes_text(double bytes);
// {"exact": x, "shown": text}; throws std::domain_error for a non-finite x (as number_pair).
nlohmann::json text_pair(double x, const std::string& shown);

}  // namespace attnbook
