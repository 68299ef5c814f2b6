// Escaping and excerpts of untrusted text in messages (see quote.hpp for what and why).
#include "attnbook/core/quote.hpp"

#include <cstdint>

#include "attnbook/core/decimal_format.hpp"
#include "attnbook/core/utf8.hpp"

namespace attnbook {
namespace {

// The character at text[i] and its length, or length 0 where its bytes are not UTF-8.
std::size_t decode(const std::string& text, std::size_t i, std::uint32_t& code) {
    const Utf8Char c = read_utf8(text, i);
    code = c.code;
    return c.fault == Utf8Fault::none ? c.length : 0;
}

bool must_escape(std::uint32_t code) {
    return code < 0x20 || (code >= 0x7F && code <= 0x9F) || code == 0x061C || code == 0x200E || code == 0x200F ||
           (code >= 0x202A && code <= 0x202E) || (code >= 0x2066 && code <= 0x2069) || code == 0x2028 ||
           code == 0x2029;
}

std::string escape_code(std::uint32_t code) {
    switch (code) {
        case '\n': return "\\n";
        case '\r': return "\\r";
        case '\t': return "\\t";
        case '\b': return "\\b";
        case '\f': return "\\f";
        default: break;
    }
    return hex_text("\\u", code, 4);
}

struct Escaped {
    std::string text;
    std::size_t chars = 0;  // code points (or stray bytes) in the whole input
    bool cut = false;
};

// Escapes the characters of `text` numbered [first, first + max_chars) and counts them all.
Escaped escape(const std::string& text, std::size_t max_chars, bool json_quotes, std::size_t first = 0) {
    Escaped out;
    std::size_t i = 0;
    while (i < text.size()) {
        std::uint32_t code = 0;
        const std::size_t length = decode(text, i, code);
        const bool keep = out.chars >= first && out.chars - first < max_chars;
        ++out.chars;
        if (!keep) {
            out.cut = true;
            i += length ? length : 1;
            continue;
        }
        if (length == 0) {
            out.text += hex_text("\\x", static_cast<unsigned char>(text[i]), 2);
            ++i;
            continue;
        }
        if (must_escape(code)) {
            out.text += escape_code(code);
        } else if (json_quotes && (code == '"' || code == '\\')) {
            out.text += '\\';
            out.text += static_cast<char>(code);
        } else {
            out.text.append(text, i, length);
        }
        i += length;
    }
    return out;
}

}  // namespace

bool valid_utf8(const std::string& text) {
    std::uint32_t code = 0;
    for (std::size_t i = 0, length = 0; i < text.size(); i += length)
        if ((length = decode(text, i, code)) == 0) return false;
    return true;
}

std::string quote(const std::string& text, std::size_t max_chars) {
    const Escaped e = escape(text, max_chars, true);
    if (!e.cut) return "\"" + e.text + "\"";
    return "\"" + e.text + "\xE2\x80\xA6\" (" + std::to_string(e.chars) + " characters)";
}

std::string printable(const std::string& text, std::size_t max_chars, Keep keep) {
    if (keep == Keep::end) {
        const std::size_t total = escape(text, 0, false).chars;
        if (total > max_chars) return "\xE2\x80\xA6" + escape(text, max_chars, false, total - max_chars).text;
    }
    const Escaped e = escape(text, max_chars, false);
    return e.cut ? e.text + "\xE2\x80\xA6" : e.text;
}

}  // namespace attnbook
