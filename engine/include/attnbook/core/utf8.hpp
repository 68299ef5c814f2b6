#pragma once
// One UTF-8 character read from text, by RFC 3629's rules: no overlong forms, no surrogates, nothing
// above U+10FFFF. The one decoder of the engine: the JSON reader names what is wrong with a text's
// bytes (notebook/json_text.cpp), the excerpts in messages escape what cannot be shown (quote.cpp).
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace attnbook {

enum class Utf8Fault : unsigned char {
    none,
    bad_lead,   // the byte cannot start a character (a continuation byte, or 0xF8..0xFF)
    cut_short,  // the text ends, or a byte that is not a continuation comes, before the character does
    overlong,   // the code point has a shorter encoding
    surrogate,  // U+D800..U+DFFF, which UTF-8 must not encode
    too_large,  // above U+10FFFF
};

struct Utf8Char {
    std::uint32_t code = 0;
    std::size_t length = 0;  // the bytes the character takes (the lead byte's count where faulty)
    Utf8Fault fault = Utf8Fault::none;
};

// The character starting at text[i] (i < text.size()).
Utf8Char read_utf8(std::string_view text, std::size_t i);

constexpr bool is_utf8_continuation(unsigned char byte) { return (byte & 0xC0) == 0x80; }

}  // namespace attnbook
