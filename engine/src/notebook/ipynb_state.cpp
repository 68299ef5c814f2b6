#include "ipynb_state.hpp"

#include <cstdlib>
#include <optional>
#include <vector>

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

namespace {

// The value forms of permalink.js, each decoded to the JSON a command reads, or null where the
// text does not have the form.

// "whole": an optional minus and 1 to 15 digits.
json whole_value(const std::string& text) {
    const bool negative = !text.empty() && text[0] == '-';
    const std::string digits = negative ? text.substr(1) : text;
    if (digits.empty() || digits.size() > 15 || digits.find_first_not_of("0123456789") != std::string::npos)
        return nullptr;
    const long long n = std::strtoll(digits.c_str(), nullptr, 10);
    return negative ? -n : n;
}

// "0.5". Whole numbers become JSON integers, so that commands reading counts (widths, seed) take them.
json number_value(const std::string& text) {
    const Decimal d = read_decimal(trim_blanks(text));
    if (d.status != DecimalStatus::ok) return nullptr;
    const double x = d.value;
    if (x == static_cast<double>(static_cast<long long>(x)) && x >= -9.0e15 && x <= 9.0e15)
        return json(static_cast<long long>(x));
    return json(x);
}

// A list: `text` cut at `separator`, each piece read by `item`; null if a piece does not decode.
json list_value(const std::string& text, char separator, json (*item)(const std::string&)) {
    json out = json::array();
    for (const std::string& piece : split_text(text, separator)) {
        json v = item(piece);
        if (v.is_null()) return nullptr;
        out.push_back(std::move(v));
    }
    return out;
}

// "1.5,-2"
json numbers_value(const std::string& text) { return list_value(text, ',', number_value); }

// A bit of "bits" ("1,0,1"): 1 allows a source, anything else masks it.
json bit_value(const std::string& text) { return trim_blanks(text) == "1"; }

// A row of a mask's rows ("1,0;0,1"): each bit 0 or 1, nothing else.
json mask_row_value(const std::string& text) {
    return list_value(text, ',', [](const std::string& bit) {
        const std::string t = trim_blanks(bit);
        return t == "1" ? json(true) : t == "0" ? json(false) : json();
    });
}

}  // namespace

json permalink_json(Field::Kind kind, const std::string& text) {
    switch (kind) {
        case Field::whole:
        case Field::whole_of: return whole_value(text);
        case Field::wholes:
        case Field::numbers: return numbers_value(text);
        case Field::rows: return list_value(text, ';', numbers_value);
        case Field::flag_rows: return list_value(text, ';', mask_row_value);
        case Field::flags: return list_value(text, ',', bit_value);
        case Field::positive: return number_value(text);
        case Field::boolean: return text == "1" ? json(true) : text == "0" ? json(false) : json();
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
