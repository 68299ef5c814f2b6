#include "attnbook/core/number.hpp"

#include <cmath>
#include <stdexcept>

#include "attnbook/core/decimal_format.hpp"

namespace attnbook {

std::string show_number(double exact, Shown style) {
    if (!std::isfinite(exact)) throw std::domain_error("show_number: non-finite value");
    if (style.decimals < 0 || style.decimals > 17) throw std::invalid_argument("show_number: decimals must be 0..17");
    std::string text = style.rounding == Rounding::scientific ? scientific_text(exact, style.decimals)
                                                              : fixed_text(exact, style.decimals);
    if (style.rounding == Rounding::trimmed && text.find('.') != std::string::npos) {
        while (text.back() == '0') text.pop_back();
        if (text.back() == '.') text.pop_back();
    }
    // "-0.000" from a tiny negative is display noise; only a real -0.0 keeps the sign.
    if (style.rounding == Rounding::scientific) return text;
    if (text[0] == '-' && text.find_first_not_of("-0.") == std::string::npos && !(exact == 0.0 && std::signbit(exact)))
        text.erase(0, 1);
    return text;
}

nlohmann::json number_pair(double exact, Shown style) {
    if (!std::isfinite(exact)) throw std::domain_error("a non-finite number reached the output");
    // Member by member: an initializer list would build each {"key", value} as a temporary array.
    nlohmann::json out = nlohmann::json::object();
    out["exact"] = exact;
    out["shown"] = show_number(exact, style);
    return out;
}

nlohmann::json number_pairs(const std::vector<double>& exact, Shown style) {
    nlohmann::json out = nlohmann::json::array();
    for (double x : exact) out.push_back(number_pair(x, style));
    return out;
}

}  // namespace attnbook
