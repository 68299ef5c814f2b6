#include "attnbook/core/text_split.hpp"

namespace attnbook {

std::vector<std::string> split_text(const std::string& text, char separator) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (std::size_t at; (at = text.find(separator, start)) != std::string::npos; start = at + 1)
        parts.push_back(text.substr(start, at - start));
    parts.push_back(text.substr(start));
    return parts;
}

namespace {
constexpr const char* blanks = " \t\r\n";
}

std::string_view trim_blanks_view(std::string_view text) {
    const auto a = text.find_first_not_of(blanks), b = text.find_last_not_of(blanks);
    return a == std::string_view::npos ? std::string_view() : text.substr(a, b - a + 1);
}

std::string trim_blanks(std::string_view text) { return std::string(trim_blanks_view(text)); }

std::string trim_blanks_end(std::string_view text) {
    const auto b = text.find_last_not_of(blanks);
    return b == std::string_view::npos ? std::string() : std::string(text.substr(0, b + 1));
}

}  // namespace attnbook
