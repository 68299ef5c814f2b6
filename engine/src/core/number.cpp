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

}  // namespace attnbook
