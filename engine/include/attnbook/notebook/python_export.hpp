#pragma once
// The explorable row as a runnable Python 3 program (standard library only). It repeats the
// engine's arithmetic operation for operation (left-to-right sums from 0.0, max subtracted before
// exp), so its last line, JSON {"shares": [...], "output": [...]}, holds the same doubles as
// `explore`. Learners can edit and rerun it; the tests run it with a real interpreter.
#include <string>
#include <vector>

#include "attnbook/lessons/explore_row.hpp"

namespace attnbook {

// labels: one per source (empty = A, B, C, ...).
std::string explore_python_program(const ExploreInput& input, const std::vector<std::string>& labels = {});

// One step of the program beside its formulas: "match", "share" or "mix"; the step's formulas
// (TeX, each a whole equation, so a narrow page can put them on lines of their own) for this
// input's divisor, width and mask; and the program's own lines for it (the share step's without
// the four spaces of indentation they have inside "if live_scores:").
struct PythonStep {
    std::string step;
    std::vector<std::string> tex;
    std::string python;
};
std::vector<PythonStep> explore_python_steps(const ExploreInput& input);

// The Python source of `engine_exp(x)`, fdlibm's exp, which the program uses instead of math.exp
// so that its doubles equal the engine's bit for bit.
std::string python_engine_exp_source();

// "A", "B", ..., "Z", "S26", ... : the default names of sources.
std::string default_source_label(std::size_t index);

}  // namespace attnbook
