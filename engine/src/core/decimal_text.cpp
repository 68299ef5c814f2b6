// Decimal text -> double under one grammar for every build (see decimal_text.hpp).
#include "attnbook/core/decimal_text.hpp"

#include "attnbook/core/decimal_to_double.hpp"

#include <cctype>
#include <cmath>

namespace attnbook {
namespace {

std::string lower(std::string text) {
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

}  // namespace

Decimal read_decimal(const std::string& text) {
    // [+-]? (digits (. digits?)? | . digits) ([eE] [+-]? digits)?, the whole text, nothing else
    double x;
    const std::size_t read = decimal_to_double(text.data(), text.size(), x);
    if (read == 0 || read != text.size()) {
        const bool sign = !text.empty() && (text[0] == '+' || text[0] == '-');
        const std::string word = lower(sign ? text.substr(1) : text);
        const bool named = word == "inf" || word == "infinity" || word == "nan";
        return {named ? DecimalStatus::not_finite : DecimalStatus::not_a_number, 0.0};
    }
    if (!std::isfinite(x)) return {DecimalStatus::too_large, 0.0};
    return {DecimalStatus::ok, x};
}

}  // namespace attnbook
