#include "json_print.hpp"

namespace attnbook::cli {
namespace {

std::string one_line(const nlohmann::json& v) {
    if (v.is_array()) {
        std::string out = "[";
        for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + one_line(v[i]);
        return out + "]";
    }
    if (v.is_object()) {
        std::string out = "{";
        bool first = true;
        for (const auto& item : v.items()) {
            out += (first ? "" : ", ") + nlohmann::json(item.key()).dump() + ": " + one_line(item.value());
            first = false;
        }
        return out + "}";
    }
    return v.dump();
}

void print(const nlohmann::json& v, std::size_t indent, std::size_t width, std::string& out) {
    const std::string flat = one_line(v);
    if (!v.is_structured() || v.empty() || indent + flat.size() <= width) {
        out += flat;
        return;
    }
    const std::string pad(indent + 2, ' ');
    out += v.is_array() ? "[\n" : "{\n";
    bool first = true;
    for (const auto& item : v.items()) {
        out += (first ? "" : ",\n") + pad;
        if (v.is_object()) out += nlohmann::json(item.key()).dump() + ": ";
        print(item.value(), indent + 2, width, out);
        first = false;
    }
    out += "\n" + std::string(indent, ' ') + (v.is_array() ? "]" : "}");
}

}  // namespace

std::string print_json(const nlohmann::json& value, std::size_t width) {
    std::string out;
    print(value, 0, width, out);
    return out;
}

}  // namespace attnbook::cli
