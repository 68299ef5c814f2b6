#include "attnbook/lessons/divisor.hpp"

#include <cmath>

#include "attnbook/core/errors.hpp"

namespace attnbook {

Divisor parse_divisor(const std::string& text) {
    if (text == "sqrt") return Divisor::sqrt_width;
    if (text == "d") return Divisor::width;
    if (text == "1") return Divisor::one;
    throw UserError("divisor: \"" + text + "\" is not one of sqrt, d, 1");
}

std::string divisor_name(Divisor divisor) {
    switch (divisor) {
        case Divisor::sqrt_width: return "sqrt";
        case Divisor::width: return "d";
        case Divisor::one: return "1";
    }
    return "sqrt";
}

double divisor_value(Divisor divisor, std::size_t width) {
    switch (divisor) {
        case Divisor::sqrt_width: return std::sqrt(static_cast<double>(width));
        case Divisor::width: return static_cast<double>(width);
        case Divisor::one: return 1.0;
    }
    return 1.0;
}

}  // namespace attnbook
