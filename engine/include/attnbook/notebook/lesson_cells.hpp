#pragma once
// The guided cells' fields (playback, study); the validator, `limits` and the schema read these.
#include <cstddef>

#include "attnbook/core/field.hpp"

namespace attnbook {
// The study cell: steps, each a title, a text and a check (objects of the cell's own shape, read
// by its check; the table entry holds their count).
namespace study_fields {
inline constexpr Field steps =
    Field::objects_in("steps", {1, 12}, "the steps: each a title, a Markdown text and a check");
}  // namespace study_fields

// The playback cell: an animation of one query's match, share and mix.
struct PlaybackInput {
    std::size_t duration = 30;  // seconds
};
namespace playback_fields {
inline constexpr Field duration =
    Field::whole_in("duration", {10, 120}, "seconds the animation takes", Field::cell_only);
}  // namespace playback_fields

template <class Visit>
void fields(PlaybackInput& in, Visit&& field) {
    field(playback_fields::duration, in.duration);
}

}  // namespace attnbook
