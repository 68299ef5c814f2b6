// Decimal text -> double under one grammar for every build (see decimal_text.hpp).
#include "attnbook/core/decimal_text.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>

namespace attnbook {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::string lower(std::string text) {
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

// [+-]? (digits (. digits?)? | . digits) ([eE] [+-]? digits)?
bool is_decimal(const std::string& t) {
    std::size_t i = 0;
    if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
    std::size_t digits = 0;
    while (i < t.size() && is_digit(t[i])) ++i, ++digits;
    if (i < t.size() && t[i] == '.') {
        ++i;
        while (i < t.size() && is_digit(t[i])) ++i, ++digits;
    }
    if (digits == 0) return false;
    if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
        ++i;
        if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
        std::size_t exponent_digits = 0;
        while (i < t.size() && is_digit(t[i])) ++i, ++exponent_digits;
        if (exponent_digits == 0) return false;
    }
    return i == t.size();
}

}  // namespace

Decimal read_decimal(const std::string& text) {
    if (!is_decimal(text)) {
        const bool sign = !text.empty() && (text[0] == '+' || text[0] == '-');
        const std::string word = lower(sign ? text.substr(1) : text);
        const bool named = word == "inf" || word == "infinity" || word == "nan";
        return {named ? DecimalStatus::not_finite : DecimalStatus::not_a_number, 0.0};
    }
    // errno is deliberately not consulted: see the header.
    const double x = std::strtod(text.c_str(), nullptr);
    if (!std::isfinite(x)) return {DecimalStatus::too_large, 0.0};
    return {DecimalStatus::ok, x};
}

}  // namespace attnbook
