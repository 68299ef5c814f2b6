#include "ipynb_state.hpp"

#include <cstdlib>

#include <nlohmann/json.hpp>

#include "attnbook/core/decimal_text.hpp"
#include "attnbook/core/text_split.hpp"

namespace attnbook {

using nlohmann::json;

namespace {

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// decodeURIComponent: nullopt for a broken escape (the pair is then skipped, as on the page).
// Bytes that do not form UTF-8 are not refused here: every value is checked as a number, flag or
// name further on, and ids are compared with the notebook's.
std::optional<std::string> percent_decode(const std::string& text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '%') {
            out += text[i];
            continue;
        }
        if (i + 2 >= text.size()) return std::nullopt;
        const int hi = hex_digit(text[i + 1]), lo = hex_digit(text[i + 2]);
        if (hi < 0 || lo < 0) return std::nullopt;
        out += static_cast<char>(hi * 16 + lo);
        i += 2;
    }
    return out;
}

}  // namespace

PermalinkCells read_permalink(const std::string& hash, const std::string& notebook_id) {
    const std::string text = !hash.empty() && hash[0] == '#' ? hash.substr(1) : hash;
    struct Pair {
        std::string key, value;
    };
    std::vector<Pair> pairs;
    bool short_form = false;
    for (const std::string& raw : split_text(text, '&')) {
        if (raw.empty()) continue;
        const auto eq = raw.find('=');
        std::string value = eq == std::string::npos ? "" : raw.substr(eq + 1);
        for (char& c : value) c = c == '+' ? ' ' : c;  // a bare + in a hash reads as a space
        const auto key = percent_decode(raw.substr(0, eq)), decoded = percent_decode(value);
        if (!key || !decoded) continue;
        if (*key == "nb" && *decoded == notebook_id) short_form = true;
        pairs.push_back(Pair{*key, *decoded});
    }
    PermalinkCells cells;
    const std::string prefix = notebook_id + ".";
    for (const Pair& p : pairs) {
        std::string rest;
        if (p.key.compare(0, prefix.size(), prefix) == 0) rest = p.key.substr(prefix.size());
        else if (short_form && p.key != "nb" && p.key.find(':') == std::string::npos) rest = p.key;
        else continue;
        const auto dot = rest.find('.');
        if (dot == std::string::npos || dot == 0 || dot + 1 == rest.size()) continue;  // depth, or no cell
        cells[rest.substr(dot + 1)][rest.substr(0, dot)] = p.value;
    }
    return cells;
}

std::optional<double> permalink_number(const std::string& text) {
    const Decimal d = read_decimal(trim_blanks(text));
    if (d.status != DecimalStatus::ok) return std::nullopt;
    return d.value;
}

std::optional<std::vector<double>> permalink_numbers(const std::string& text) {
    std::vector<double> out;
    for (const std::string& item : split_text(text, ',')) {
        const auto x = permalink_number(item);
        if (!x) return std::nullopt;
        out.push_back(*x);
    }
    return out;
}

std::optional<std::vector<std::vector<double>>> permalink_rows(const std::string& text) {
    std::vector<std::vector<double>> out;
    for (const std::string& row : split_text(text, ';')) {
        const auto xs = permalink_numbers(row);
        if (!xs) return std::nullopt;
        out.push_back(*xs);
    }
    return out;
}

// "bits": 1 allows a source, anything else masks it (permalink.js).
std::optional<std::vector<bool>> permalink_bits(const std::string& text) {
    std::vector<bool> out;
    for (const std::string& item : split_text(text, ',')) out.push_back(trim_blanks(item) == "1");
    return out;
}

std::optional<std::vector<std::vector<bool>>> permalink_bit_rows(const std::string& text) {
    std::vector<std::vector<bool>> out;
    for (const std::string& row : split_text(text, ';')) {
        std::vector<bool> bits;
        for (const std::string& item : split_text(row, ',')) {
            const std::string t = trim_blanks(item);
            if (t != "0" && t != "1") return std::nullopt;
            bits.push_back(t == "1");
        }
        out.push_back(bits);
    }
    return out;
}

// "whole": an optional minus and 1 to 15 digits.
std::optional<long long> permalink_whole(const std::string& text) {
    const bool negative = !text.empty() && text[0] == '-';
    const std::string digits = negative ? text.substr(1) : text;
    if (digits.empty() || digits.size() > 15 || digits.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
    const long long n = std::strtoll(digits.c_str(), nullptr, 10);
    return negative ? -n : n;
}

std::optional<bool> permalink_flag(const std::string& text) {
    if (text == "1") return true;
    if (text == "0") return false;
    return std::nullopt;
}

namespace {

// Numbers read from the permalink become JSON integers where they are whole, so that commands
// reading counts (widths, seed) take them.
json number_json(double x) {
    if (x == static_cast<double>(static_cast<long long>(x)) && x >= -9.0e15 && x <= 9.0e15)
        return json(static_cast<long long>(x));
    return json(x);
}

json numbers_json(const std::vector<double>& xs) {
    json out = json::array();
    for (double x : xs) out.push_back(number_json(x));
    return out;
}

json row_json(const std::vector<double>& xs) { return numbers_json(xs); }
json row_json(const std::vector<bool>& bits) { return json(bits); }

template <class Row>
json rows_json(const std::optional<std::vector<Row>>& rows) {
    if (!rows) return nullptr;
    json out = json::array();
    for (const Row& r : *rows) out.push_back(row_json(r));
    return out;
}

template <class T>
json or_null(const std::optional<T>& v) {
    return v ? json(*v) : json();
}

}  // namespace

json permalink_json(Field::Kind kind, const std::string& text) {
    switch (kind) {
        case Field::whole:
        case Field::whole_of: return or_null(permalink_whole(text));
        case Field::wholes:
        case Field::numbers: {
            const auto v = permalink_numbers(text);
            return v ? numbers_json(*v) : json();
        }
        case Field::rows: return rows_json(permalink_rows(text));
        case Field::flag_rows: return rows_json(permalink_bit_rows(text));
        case Field::flags: {
            const auto v = permalink_bits(text);
            return v ? json(*v) : json();
        }
        case Field::positive: {
            const auto v = permalink_number(text);
            return v ? number_json(*v) : json();
        }
        case Field::boolean: return or_null(permalink_flag(text));
        case Field::divisor:
        case Field::choice: return text.empty() ? json() : json(text);
        case Field::strings:
        case Field::labels:
        case Field::objects:
        case Field::object:
        case Field::text:
        case Field::markdown:
        case Field::markdowns:
        case Field::options:
        case Field::id:
        case Field::url:
        case Field::formula:
        case Field::version:
        case Field::number:
        case Field::depths: break;  // no permalink keeps a text, a list of labels or an object
    }
    return nullptr;
}

}  // namespace attnbook
