#include "ipynb_python.hpp"

#include "attnbook/core/text_join.hpp"
#include "attnbook/notebook/python_programs.hpp"

namespace attnbook {

using nlohmann::json;

std::string py_literal(const json& value) {
    if (value.is_boolean()) return value.get<bool>() ? "True" : "False";
    if (value.is_null()) return "None";
    if (value.is_array()) {
        std::string out = "[";
        for (std::size_t i = 0; i < value.size(); ++i) append_text(out, {i ? ", " : "", py_literal(value[i])});
        return out + "]";
    }
    if (value.is_object()) {
        std::string out = "{";
        for (auto it = value.begin(); it != value.end(); ++it)
            append_text(out, {it == value.begin() ? "" : ", ", json(it.key()).dump(), ": ", py_literal(it.value())});
        return out + "}";
    }
    return value.dump();  // numbers, strings (JSON's escapes are Python's)
}

json exact_numbers(const json& result) {
    if (result.is_object()) {
        if (result.size() == 2 && result.contains("exact") && result.contains("shown")) return result.at("exact");
        json out = json::object();
        for (auto it = result.begin(); it != result.end(); ++it) out[it.key()] = exact_numbers(it.value());
        return out;
    }
    if (result.is_array()) {
        json out = json::array();
        for (const json& item : result) out.push_back(exact_numbers(item));
        return out;
    }
    return result;
}

std::string engine_numbers(const json& result, std::initializer_list<const char*> fields) {
    std::string entries;
    for (const char* field : fields)
        append_line(entries, {"    ", json(field).dump(), ": ", py_literal(exact_numbers(result.at(field))), ","});
    return python_lines(python_programs::engine_numbers, {{"entries", entries}});
}

void append_line(std::string& lines, std::initializer_list<TextPart> parts) {
    if (!lines.empty()) lines += '\n';
    append_text(lines, parts);
}

std::string python_lines(std::string text) {
    const std::size_t first = text.find_first_not_of('\n');
    if (first == std::string::npos) return "";
    return text.substr(first, text.find_last_not_of('\n') + 1 - first);
}

std::string python_lines(const PythonTemplate& piece, PythonFills fills) { return python_lines(fill_python(piece, fills)); }

}  // namespace attnbook
