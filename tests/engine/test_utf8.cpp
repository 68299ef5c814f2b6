// read_utf8 (core/utf8.hpp), the engine's one UTF-8 decoder: code points worked out by hand from
// RFC 3629's table, and each kind of fault at the byte where it starts.
#include <catch2/catch.hpp>

#include "attnbook/core/utf8.hpp"

using namespace attnbook;

TEST_CASE("read_utf8 decodes one to four bytes", "[text]") {
    CHECK(read_utf8("A", 0).code == 0x41);
    const Utf8Char e_acute = read_utf8("\xC3\xA9", 0);  // 110 00011, 10 101001 -> 0xE9
    CHECK((e_acute.code == 0xE9 && e_acute.length == 2 && e_acute.fault == Utf8Fault::none));
    const Utf8Char minus = read_utf8("x\xE2\x88\x92", 1);  // U+2212 MINUS SIGN
    CHECK((minus.code == 0x2212 && minus.length == 3));
    const Utf8Char top = read_utf8("\xF4\x8F\xBF\xBF", 0);  // U+10FFFF, the last code point
    CHECK((top.code == 0x10FFFF && top.length == 4 && top.fault == Utf8Fault::none));
}

TEST_CASE("read_utf8 names what is wrong", "[text]") {
    CHECK(read_utf8("\x80", 0).fault == Utf8Fault::bad_lead);
    CHECK(read_utf8("\xF8\x80\x80\x80", 0).fault == Utf8Fault::bad_lead);
    CHECK(read_utf8("\xE2\x88", 0).fault == Utf8Fault::cut_short);
    CHECK(read_utf8("\xE2(\x92", 0).fault == Utf8Fault::cut_short);
    CHECK(read_utf8("\xC0\xAF", 0).fault == Utf8Fault::overlong);  // '/' in two bytes
    CHECK(read_utf8("\xED\xA0\x80", 0).fault == Utf8Fault::surrogate);  // U+D800
    CHECK(read_utf8("\xF4\x90\x80\x80", 0).fault == Utf8Fault::too_large);  // U+110000
}
