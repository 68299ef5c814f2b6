#include "attnbook/lessons/divisor.hpp"

#include <cmath>

namespace attnbook {
namespace {

// In the order of divisor_names().
const Divisor kDivisors[] = {Divisor::sqrt_width, Divisor::width, Divisor::one};

}  // namespace

const std::vector<std::string>& divisor_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (Divisor d : kDivisors) out.push_back(divisor_name(d));
        return out;
    }();
    return names;
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
