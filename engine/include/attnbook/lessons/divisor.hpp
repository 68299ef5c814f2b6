#pragma once
// What the raw dot products are divided by before the softmax. The lesson's point is that only
// sqrt(d) keeps the score spread independent of the width d; `d` over-divides, `1` does nothing.
#include <cstddef>
#include <string>
#include <vector>

namespace attnbook {

enum class Divisor { sqrt_width, width, one };

// The lesson's default: the standard 1/sqrt(d_k) of "Attention Is All You Need", eq. 1.
inline constexpr Divisor default_divisor = Divisor::sqrt_width;

// Every divisor's name, in the lesson's order: "sqrt", "d", "1". The validator, the commands,
// the CLI's usage text and the `limits` command all read this one list.
const std::vector<std::string>& divisor_names();

std::string divisor_name(Divisor divisor);
double divisor_value(Divisor divisor, std::size_t width);  // sqrt is IEEE correctly rounded

}  // namespace attnbook
