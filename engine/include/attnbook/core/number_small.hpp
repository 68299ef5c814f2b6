#pragma once
// Shown text for numbers that may be vanishingly small: fixed decimals, unless fixed would hide
// the number. A nonzero value whose fixed text has no nonzero digit is written in scientific
// notation (kSmallMantissa decimals: 3.21e-27), and an exact zero (either sign) as "0". So "0"
// means exactly zero and a tiny gradient or share never reads as 0.0000 (the softmax Jacobian at
// saturation, entmax's small shares beside its exact zeros). Pairs in notebook/number_json.hpp.
#include <string>

namespace attnbook {

// Mantissa decimals of a number too small for its fixed decimals.
inline constexpr int kSmallMantissa = 2;

std::string show_small_aware(double exact, int decimals);

}  // namespace attnbook
