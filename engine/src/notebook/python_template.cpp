#include "attnbook/notebook/python_template.hpp"

#include <algorithm>
#include <cstdint>
#include <stdexcept>

namespace attnbook {
namespace {

bool is_marker_char(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; }

// The marker starting at text[at] ('@'): its name's length, or 0 when `@` starts no marker.
std::size_t marker_length(std::string_view text, std::size_t at) {
    std::size_t end = at + 1;
    while (end < text.size() && is_marker_char(text[end])) ++end;
    return end > at + 1 && end < text.size() && text[end] == '@' ? end - at - 1 : 0;
}

[[noreturn]] void template_bug(std::string_view program, const char* what, std::string_view key) {
    std::string message = "Python template ";
    message.append(program).append(what).append(key).append("@");
    throw std::logic_error(message);
}

}  // namespace

std::vector<std::string> python_template_markers(std::string_view text) {
    std::vector<std::string> names;
    for (std::size_t at = text.find('@'); at != std::string_view::npos; at = text.find('@', at + 1)) {
        const std::size_t length = marker_length(text, at);
        if (length == 0) continue;
        std::string name(text.substr(at + 1, length));
        if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(std::move(name));
        at += length + 1;
    }
    return names;
}

std::string indented_body(std::string_view python) {
    std::string out;
    for (const char c : python) {
        if (!out.empty() && out.back() == '\n' && c != '\n') out += "    ";
        out += c;
    }
    return out;
}

std::string fill_python(const PythonTemplate& program, PythonFills fills) {
    const std::string_view text = program.text;
    std::uint64_t used = 0;  // bit i: fills[i] was asked for (a program fills far fewer than 64)
    if (fills.size() > 64) template_bug(program.name, ": more than 64 values", "@");
    std::string out;
    std::size_t copied = 0;
    for (std::size_t at = text.find('@'); at != std::string_view::npos; at = text.find('@', at + 1)) {
        const std::size_t length = marker_length(text, at);
        if (length == 0) continue;
        const std::string_view key = text.substr(at + 1, length);
        const auto fill = std::find_if(fills.begin(), fills.end(), [&](const auto& f) { return f.first == key; });
        if (fill == fills.end()) template_bug(program.name, ": no value for @", key);
        used |= std::uint64_t{1} << (fill - fills.begin());
        out.append(text.substr(copied, at - copied)).append(fill->second);
        copied = at + length + 2;
        at = copied - 1;
    }
    out.append(text.substr(copied));
    for (std::size_t i = 0; i < fills.size(); ++i)
        if (!(used >> i & 1)) template_bug(program.name, ": nothing asks for @", fills.begin()[i].first);
    return out;
}

}  // namespace attnbook
