#pragma once
// Limits of the guided cells (playback, study); the validator and `limits` read these.
#include <cstddef>

namespace attnbook {
namespace lesson_cell_limits {
inline constexpr long long playback_min_seconds = 10;
inline constexpr long long playback_max_seconds = 120;
inline constexpr long long playback_default_seconds = 30;
inline constexpr std::size_t study_max_steps = 12;
}  // namespace lesson_cell_limits
}  // namespace attnbook
