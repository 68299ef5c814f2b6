#pragma once
// The cell types' names, in the order the docs list them. The validator's table of cell types
// (validate_cells.cpp) has one row per name, in this order: a static_assert there keeps the two
// the same. They are kept apart so that what needs only the names (the `limits` command, in the
// learner's module) links none of the validator (notebook/authoring.hpp).
#include <cstddef>
#include <iterator>

namespace attnbook::cell_type_names {

inline constexpr const char* names[] = {
    "prose", "maths", "explorable", "scaling-study", "hand-example", "held-sequence", "transformer-block",
    "playback", "study", "help-history", "practice", "references", "contents", "attention-scale",
    "precision-lab", "pipeline", "pytorch-rules", "mistakes", "jacobian", "cost", "online-softmax",
    "alternatives", "training-lab",
};
inline constexpr std::size_t count = std::size(names);

// For the static_assert: two names the same, character for character.
constexpr bool same(const char* a, const char* b) {
    while (*a != '\0' && *a == *b) ++a, ++b;
    return *a == *b;
}

}  // namespace attnbook::cell_type_names
