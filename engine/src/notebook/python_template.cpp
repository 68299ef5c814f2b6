#include "attnbook/notebook/python_template.hpp"

#include <algorithm>
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

std::string fill_python(std::string_view name, PythonFills fills) {
    const auto& all = python_templates();
    const auto found = std::find_if(all.begin(), all.end(), [&](const PythonTemplate& t) { return t.name == name; });
    if (found == all.end()) throw std::logic_error("no Python template " + std::string(name));
    const std::string_view text = found->text;
    std::vector<bool> used(fills.size(), false);
    std::string out;
    out.reserve(text.size());
    std::size_t copied = 0;
    for (std::size_t at = text.find('@'); at != std::string_view::npos; at = text.find('@', at + 1)) {
        const std::size_t length = marker_length(text, at);
        if (length == 0) continue;
        const std::string_view key = text.substr(at + 1, length);
        const auto fill = std::find_if(fills.begin(), fills.end(), [&](const auto& f) { return f.first == key; });
        if (fill == fills.end())
            throw std::logic_error("Python template " + std::string(name) + ": no value for @" + std::string(key) + "@");
        used[static_cast<std::size_t>(fill - fills.begin())] = true;
        out.append(text.substr(copied, at - copied)).append(fill->second);
        copied = at + length + 2;
        at = copied - 1;
    }
    out.append(text.substr(copied));
    for (std::size_t i = 0; i < used.size(); ++i)
        if (!used[i])
            throw std::logic_error("Python template " + std::string(name) + ": nothing asks for @" +
                                   std::string(fills.begin()[i].first) + "@");
    return out;
}

}  // namespace attnbook
