// Readers for one JSON value each, shared by the notebook validator (see validate_context.hpp).
// Every reader reports "expected X, found Y" or "must be between A and B, found C" at the path
// and returns nullopt; nothing is clamped or coerced except 2.0 -> 2 for whole numbers.
#include "validate_context.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "attnbook/core/quote.hpp"
#include "attnbook/lessons/divisor.hpp"
#include "attnbook/notebook/json_text.hpp"
#include "attnbook/notebook/notebook.hpp"

namespace attnbook {
namespace notebook_validation {

}  // namespace notebook_validation

const std::vector<std::string>& notebook_depth_names() {
    static const std::vector<std::string> depths = {"beginner", "developer", "researcher"};
    return depths;
}

namespace notebook_validation {

void Context::error(const std::string& path, std::string message, bool at_key) {
    ++count_;
    if (kept_.size() < notebook_max_errors) kept_.push_back(Issue{path, at_key, std::move(message)});
}

std::string counted(std::size_t n, const std::string& singular, const std::string& plural) {
    return std::to_string(n) + " " + (n == 1 ? singular : plural);
}

std::string kind_of(const json& value) {
    switch (value.type()) {
        case json::value_t::null: return "null";
        case json::value_t::boolean: return "a boolean";
        case json::value_t::number_integer:
        case json::value_t::number_unsigned:
        case json::value_t::number_float: return "a number";
        case json::value_t::string: return "a string";
        case json::value_t::array: return "an array";
        case json::value_t::object: return "an object";
        default: return "something else";
    }
}

std::string number_text(double value) {
    if (std::isfinite(value) && std::fabs(value) < 1e15 && value == std::floor(value)) {
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%.0f", value);
        return buffer;
    }
    return json(value).dump();
}

std::size_t character_count(const std::string& utf8) {
    std::size_t count = 0;
    for (unsigned char byte : utf8) count += (byte & 0xC0) != 0x80;
    return count;
}

std::string join(const std::vector<std::string>& words, const std::string& separator) {
    std::string out;
    for (std::size_t i = 0; i < words.size(); ++i) out += (i ? separator : "") + words[i];
    return out;
}

bool expect_object(Context& cx, const json& value, const std::string& path) {
    if (value.is_object()) return true;
    cx.error(path, "expected an object, found " + kind_of(value));
    return false;
}

void check_fields(Context& cx, const json& object, const std::string& path, const std::vector<std::string>& allowed,
                  const std::vector<std::string>& required, const std::string& what) {
    for (const auto& member : object.items()) {
        if (std::find(allowed.begin(), allowed.end(), member.key()) == allowed.end()) {
            cx.error(json_path_member(path, member.key()),
                     "unknown field " + quote(member.key()) + " (fields of " + what + ": " + join(allowed) + ")", true);
        }
    }
    for (const auto& name : required) {
        if (!object.contains(name)) cx.error(path, "missing required field " + quote(name) + " of " + what);
    }
}

std::optional<std::string> read_string(Context& cx, const json& value, const std::string& path, std::size_t min_chars,
                                       std::size_t max_chars) {
    if (!value.is_string()) {
        cx.error(path, "expected a string, found " + kind_of(value));
        return std::nullopt;
    }
    const std::string text = value.get<std::string>();
    const std::size_t chars = character_count(text);
    if (chars < min_chars) {
        cx.error(path, min_chars == 1 ? "must not be empty"
                                      : "must have at least " + counted(min_chars, "character", "characters"));
        return std::nullopt;
    }
    if (chars > max_chars) {
        cx.error(path, "must have at most " + counted(max_chars, "character", "characters") + ", found " +
                           std::to_string(chars));
        return std::nullopt;
    }
    return text;
}

std::optional<bool> read_bool(Context& cx, const json& value, const std::string& path) {
    if (!value.is_boolean()) {
        cx.error(path, "expected true or false, found " + kind_of(value));
        return std::nullopt;
    }
    return value.get<bool>();
}

std::optional<double> read_number(Context& cx, const json& value, const std::string& path, double limit) {
    if (!value.is_number()) {
        cx.error(path, "expected a number, found " + kind_of(value));
        return std::nullopt;
    }
    const double x = value.get<double>();
    if (!std::isfinite(x) || std::fabs(x) > limit) {
        cx.error(path, "must be between " + number_text(-limit) + " and " + number_text(limit) + ", found " +
                           number_text(x));
        return std::nullopt;
    }
    return x;
}

std::optional<long long> read_integer(Context& cx, const json& value, const std::string& path, long long lo,
                                      long long hi) {
    if (!value.is_number()) {
        cx.error(path, "expected a whole number, found " + kind_of(value));
        return std::nullopt;
    }
    const std::string range = "must be between " + std::to_string(lo) + " and " + std::to_string(hi);
    if (value.is_number_unsigned()) {
        const auto x = value.get<unsigned long long>();
        if (x > static_cast<unsigned long long>(hi) || static_cast<long long>(x) < lo) {
            cx.error(path, range + ", found " + std::to_string(x));
            return std::nullopt;
        }
        return static_cast<long long>(x);
    }
    if (value.is_number_integer()) {
        const auto x = value.get<long long>();
        if (x < lo || x > hi) {
            cx.error(path, range + ", found " + std::to_string(x));
            return std::nullopt;
        }
        return x;
    }
    const double x = value.get<double>();
    if (x != std::floor(x)) {
        cx.error(path, "expected a whole number, found " + number_text(x));
        return std::nullopt;
    }
    if (x < static_cast<double>(lo) || x > static_cast<double>(hi)) {
        cx.error(path, range + ", found " + number_text(x));
        return std::nullopt;
    }
    return static_cast<long long>(x);
}

std::optional<std::vector<double>> read_vector(Context& cx, const json& value, const std::string& path,
                                               std::size_t min_len, std::size_t max_len, double limit) {
    if (!value.is_array()) {
        cx.error(path, "expected an array of numbers, found " + kind_of(value));
        return std::nullopt;
    }
    bool ok = true;
    if (value.size() < min_len || value.size() > max_len) {
        cx.error(path, "must have between " + std::to_string(min_len) + " and " +
                           counted(max_len, "number", "numbers") + ", found " + std::to_string(value.size()));
        ok = false;
    }
    std::vector<double> out;
    for (std::size_t i = 0; i < value.size(); ++i) {
        const auto x = read_number(cx, value[i], json_path_index(path, i), limit);
        if (!x) {
            ok = false;
            continue;
        }
        out.push_back(*x);
    }
    if (!ok) return std::nullopt;
    return out;
}

std::optional<Matrix> read_matrix(Context& cx, const json& value, const std::string& path, std::size_t min_rows,
                                  std::size_t max_rows, std::size_t min_cols, std::size_t max_cols, double limit) {
    if (!value.is_array()) {
        cx.error(path, "expected an array of rows (arrays of numbers), found " + kind_of(value));
        return std::nullopt;
    }
    bool ok = true;
    if (value.size() < min_rows || value.size() > max_rows) {
        cx.error(path, "must have between " + std::to_string(min_rows) + " and " +
                           counted(max_rows, "row", "rows") + ", found " + std::to_string(value.size()));
        ok = false;
    }
    Matrix out;
    for (std::size_t i = 0; i < value.size(); ++i) {
        auto row = read_vector(cx, value[i], json_path_index(path, i), min_cols, max_cols, limit);
        if (!row) {
            ok = false;
            continue;
        }
        out.push_back(std::move(*row));
    }
    if (!ok) return std::nullopt;
    return out;
}

bool check_row_widths(Context& cx, const Matrix& rows, const std::string& path, const std::string& row_name,
                      std::optional<std::size_t> expected, const std::string& expected_phrase) {
    if (rows.empty()) return true;
    const std::size_t first = rows[0].size();
    const bool uniform = std::all_of(rows.begin(), rows.end(), [&](const auto& row) { return row.size() == first; });
    if (!expected) {
        for (std::size_t i = 1; i < rows.size(); ++i) {
            if (rows[i].size() != first) {
                cx.error(json_path_index(path, i), row_name + " row " + std::to_string(i) + " has " +
                                                       counted(rows[i].size(), "number", "numbers") + " but " +
                                                       row_name + " row 0 has " + std::to_string(first));
            }
        }
        return uniform;
    }
    if (uniform && first == *expected) return true;
    if (uniform && rows.size() > 1) {
        cx.error(path, row_name + " rows have " + counted(first, "number", "numbers") + " but " + expected_phrase);
        return false;
    }
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (rows[i].size() != *expected) {
            cx.error(json_path_index(path, i), row_name + " row " + std::to_string(i) + " has " +
                                                   counted(rows[i].size(), "number", "numbers") + " but " +
                                                   expected_phrase);
        }
    }
    return false;
}

std::optional<std::string> read_divisor(Context& cx, const json& value, const std::string& path) {
    const auto& names = divisor_names();
    if (!value.is_string()) {
        std::string choices;
        for (std::size_t i = 0; i < names.size(); ++i)
            choices += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + quote(names[i]);
        cx.error(path, "expected a string (" + choices + "), found " + kind_of(value));
        return std::nullopt;
    }
    const std::string divisor = value.get<std::string>();
    if (std::find(names.begin(), names.end(), divisor) == names.end()) {
        cx.error(path, "unknown divisor " + quote(divisor) + " (expected one of: " + join(names) + ")");
        return std::nullopt;
    }
    return divisor;
}

std::optional<std::string> read_id(Context& cx, const json& value, const std::string& path) {
    if (!value.is_string()) {
        cx.error(path, "expected a string, found " + kind_of(value));
        return std::nullopt;
    }
    const std::string id = value.get<std::string>();
    constexpr std::size_t most = notebook_limits::id_max_chars;
    bool ok = !id.empty() && id.size() <= most && id[0] != '-';
    for (char c : id) ok = ok && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-');
    if (!ok) {
        cx.error(path, "id " + quote(id) + " must be 1 to " + std::to_string(most) +
                           " characters of a-z, 0-9 and '-', not starting with '-'");
        return std::nullopt;
    }
    return id;
}

std::optional<std::string> read_https_url(Context& cx, const json& value, const std::string& path) {
    const auto url = read_string(cx, value, path, 1, notebook_limits::url_max_chars);
    if (!url) return std::nullopt;
    const std::string scheme = "https://";
    bool ok = url->compare(0, scheme.size(), scheme) == 0 && url->size() > scheme.size() &&
              (*url)[scheme.size()] != '/';
    for (unsigned char c : *url) ok = ok && c > 0x20 && c != 0x7F && c != '"' && c != '<' && c != '>';
    if (!ok) {
        cx.error(path, "url must start with https:// and have no spaces, found " + quote(*url));
        return std::nullopt;
    }
    return url;
}

}  // namespace notebook_validation
}  // namespace attnbook
