#pragma once
// The guided cells' fields (playback; the study cell's are in text_cells.hpp); the validator, `limits` and the schema read these.
#include <cstddef>

#include "attnbook/core/field.hpp"

namespace attnbook {
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
