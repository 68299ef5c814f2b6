#pragma once
// The engine's numbers as JSON: {"exact": <double>, "shown": "<text>"}, the text rounded the way
// the lesson rounds (core/number.hpp, core/number_small.hpp). A non-finite number throws
// std::domain_error: it must never reach a learner silently.
#include <nlohmann/json.hpp>
#include <vector>

#include "attnbook/core/number.hpp"
#include "attnbook/core/number_small.hpp"

namespace attnbook {

nlohmann::json number_pair(double exact, Shown style = {});
nlohmann::json number_pairs(const std::vector<double>& exact, Shown style = {});

// Shown by show_small_aware: a vanishingly small number in scientific notation, never 0.000.
nlohmann::json small_aware_pair(double exact, int decimals);
nlohmann::json small_aware_pairs(const std::vector<double>& exact, int decimals);
nlohmann::json small_aware_rows(const std::vector<std::vector<double>>& exact, int decimals);

}  // namespace attnbook
