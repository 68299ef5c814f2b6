#include "attnbook/core/utf8.hpp"

namespace attnbook {

Utf8Char read_utf8(std::string_view text, std::size_t i) {
    const auto lead = static_cast<unsigned char>(text[i]);
    Utf8Char c;
    // The lead byte says how many bytes follow and carries the code point's top bits.
    if (lead < 0x80) return {lead, 1, Utf8Fault::none};
    if ((lead & 0xE0) == 0xC0) c = {lead & 0x1Fu, 2};
    else if ((lead & 0xF0) == 0xE0) c = {lead & 0x0Fu, 3};
    else if ((lead & 0xF8) == 0xF0) c = {lead & 0x07u, 4};
    else return {lead, 1, Utf8Fault::bad_lead};
    for (std::size_t k = 1; k < c.length; ++k) {
        if (i + k >= text.size() || !is_utf8_continuation(static_cast<unsigned char>(text[i + k]))) {
            c.fault = Utf8Fault::cut_short;
            return c;
        }
        c.code = (c.code << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3Fu);
    }
    static constexpr std::uint32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000};
    if (c.code < smallest[c.length]) c.fault = Utf8Fault::overlong;
    else if (c.code >= 0xD800 && c.code <= 0xDFFF) c.fault = Utf8Fault::surrogate;
    else if (c.code > 0x10FFFF) c.fault = Utf8Fault::too_large;
    return c;
}

}  // namespace attnbook
