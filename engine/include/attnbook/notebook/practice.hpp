#pragma once
// Grading of a practice cell's answer (docs/notebook-format.md, "practice").
#include <cstddef>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace attnbook {

// The validator and `limits` read these.
namespace practice_limits {
inline constexpr std::size_t min_options = 2;     // a choice needs something to choose between
inline constexpr std::size_t max_options = 8;
inline constexpr double max_abs_answer = 1e15;    // |value| and tolerance of a number answer
inline constexpr long long max_decimals = 12;     // "decimals": the answer rounded to this many places
}  // namespace practice_limits

// "number", "choice": the kinds of answer, in the order the docs list them.
const std::vector<std::string>& answer_kinds();

// `cell`: a practice cell (as written or as normalised by validate_notebook_text).
// `response`: what the learner gave:
//   number answers: a number, or a string holding one ("0.58", " -1e-3 ", "1/3");
//   choice answers: the index of the option (0-based), or the option's text.
// Returns {"correct": bool, "feedback": "..."}. A response that cannot be read (empty, "abc",
// an object) is not an exception: it is incorrect, and the feedback says what was expected.
// Throws UserError "check_practice: $.cell.answer.decimals: ..." (the path in the command's
// arguments, {cell, response}) when the cell itself is not a valid practice cell: the answer's
// fields are read by their tables (text_cells.hpp) with the validator's checks and words.
nlohmann::json check_practice(const nlohmann::json& cell, const nlohmann::json& response);

}  // namespace attnbook
