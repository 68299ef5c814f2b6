// The link rule (link_rule.hpp); web/src/link-rule.js is the same rule in JavaScript.
#include "attnbook/notebook/link_rule.hpp"

#include <vector>

namespace attnbook {
namespace {

using Codes = std::vector<unsigned char>;

bool is_ascii_alnum(unsigned char c) {
    return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}
bool is_hex(unsigned char c) { return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F') || (c >= 'a' && c <= 'f'); }
int hex_value(unsigned char c) { return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10; }

// "&" + optional "#" + letters/digits + ";": what Markdown would decode as a character reference
// (and a little more).
bool has_character_reference(const std::string& text) {
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '&') continue;
        std::size_t k = i + 1;
        if (k < text.size() && text[k] == '#') ++k;
        const std::size_t first = k;
        while (k < text.size() && is_ascii_alnum(static_cast<unsigned char>(text[k]))) ++k;
        if (k > first && k < text.size() && text[k] == ';') return true;
        i = k - 1;  // the letters after one "&" are never read again
    }
    return false;
}

// "%XX" (two hex digits) -> that byte; anything else as it is. One pass, like a browser's one decode.
Codes percent_decoded(const std::string& text) {
    Codes out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == '%' && i + 2 < text.size() && is_hex(static_cast<unsigned char>(text[i + 1])) &&
            is_hex(static_cast<unsigned char>(text[i + 2]))) {
            out.push_back(static_cast<unsigned char>(hex_value(static_cast<unsigned char>(text[i + 1])) * 16 +
                                                     hex_value(static_cast<unsigned char>(text[i + 2]))));
            i += 2;
        } else {
            out.push_back(c);
        }
    }
    return out;
}

bool starts_with_lower(const Codes& c, const char* prefix) {
    std::size_t i = 0;
    for (; prefix[i] != '\0'; ++i) {
        if (i >= c.size()) return false;
        const unsigned char code = (c[i] >= 'A' && c[i] <= 'Z') ? static_cast<unsigned char>(c[i] + 0x20) : c[i];
        if (code != static_cast<unsigned char>(prefix[i])) return false;
    }
    return true;
}

// The checks on one form of the target. Codes up to `last_control` are refused: 0x20 (space) as
// written, 0x1f once decoded, since "%20" is how a URL writes a space and a browser keeps it.
const char* shape_problem(const Codes& c, unsigned char last_control) {
    for (const unsigned char code : c) {
        if (code <= last_control || code == 0x7f) return "it contains a space or a control character";
        if (code == '\\') return "it contains a backslash";
    }
    if (starts_with_lower(c, "https://")) {
        const bool host_start = c.size() > 8 && (is_ascii_alnum(c[8]) || c[8] > 0x7f || c[8] == '[');
        if (!host_start) return "https:// is not followed by a host name";
        // The authority (up to the first "/", "?" or "#") names a host only: "user:pass@" before
        // it shows the reader one site and sends them to another ("https://example.org@evil.example").
        for (std::size_t i = 8; i < c.size() && c[i] != '/' && c[i] != '?' && c[i] != '#'; ++i)
            if (c[i] == '@') return "it names a user before the host (user@host): write the host alone";
        return "";
    }
    if (c.size() >= 2 && c[0] == '/' && c[1] == '/') return "it starts with // (a link to another host)";
    for (const unsigned char code : c) {
        if (code == '/' || code == '?' || code == '#') break;  // a colon after these is no scheme
        if (code == ':') return "it has a scheme other than https://";
    }
    return "";
}

}  // namespace

std::string link_target_problem(const std::string& target) {
    const char* problem;
    if (target.empty()) {
        problem = "the target is empty";
    } else if (has_character_reference(target)) {
        problem = "it contains an HTML character reference (write the character itself)";
    } else {
        problem = shape_problem(Codes(target.begin(), target.end()), 0x20);
        if (*problem == '\0') problem = shape_problem(percent_decoded(target), 0x1f);
    }
    return problem;
}

}  // namespace attnbook
