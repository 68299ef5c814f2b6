#pragma once
// What the raw dot products are divided by before the softmax. The lesson's point is that only
// sqrt(d) keeps the score spread independent of the width d; `d` over-divides, `1` does nothing.
#include <cstddef>
#include <string>

namespace attnbook {

enum class Divisor { sqrt_width, width, one };

Divisor parse_divisor(const std::string& text);  // "sqrt" | "d" | "1"; UserError otherwise
std::string divisor_name(Divisor divisor);
double divisor_value(Divisor divisor, std::size_t width);  // sqrt is IEEE correctly rounded

}  // namespace attnbook
