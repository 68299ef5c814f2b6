// quote() and printable(): untrusted text in messages is escaped and cut to an excerpt, so no
// input can act on a terminal, reorder what a page shows, or forge a line of output. Expected
// strings are written out by hand from the rules in quote.hpp.
#include <catch2/catch.hpp>

#include <string>

#include "attnbook/core/quote.hpp"
#include "attnbook/notebook/python_export.hpp"

using namespace attnbook;

namespace {

// UTF-8 of one code point, written independently of the code under test.
std::string utf8(char32_t c) {
    std::string out;
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (c >> 18));
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
    return out;
}

// Does `text` hold a byte or character that acts on a terminal or on the order of text?
bool has_active_character(const std::string& text) {
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto b = static_cast<unsigned char>(text[i]);
        if (b < 0x20 || b == 0x7F) return true;
        if (b == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) <= 0x9F) return true;  // C1
    }
    for (char32_t c : {0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
                       0x2028, 0x2029}) {
        if (text.find(utf8(c)) != std::string::npos) return true;
    }
    return false;
}

}  // namespace

TEST_CASE("quote escapes controls, DEL, C1, bidi controls, separators and stray bytes", "[quote]") {
    CHECK(quote("plain") == "\"plain\"");
    CHECK(quote("") == "\"\"");
    CHECK(quote("\x1b[31mred") == "\"\\u001B[31mred\"");
    CHECK(quote("a\nb\rc\td") == "\"a\\nb\\rc\\td\"");
    CHECK(quote(std::string("nul\0x", 5)) == "\"nul\\u0000x\"");
    CHECK(quote("del\x7f") == "\"del\\u007F\"");
    CHECK(quote("c1" + utf8(0x85) + utf8(0x9B)) == "\"c1\\u0085\\u009B\"");
    CHECK(quote("abc" + utf8(0x202E) + "fed") == "\"abc\\u202Efed\"");
    CHECK(quote(utf8(0x2066) + utf8(0x2069) + utf8(0x061C) + utf8(0x200F)) == "\"\\u2066\\u2069\\u061C\\u200F\"");
    CHECK(quote("line" + utf8(0x2028) + "sep") == "\"line\\u2028sep\"");
    CHECK(quote("bad\xff byte") == "\"bad\\xFF byte\"");
    CHECK(quote("say \"hi\" \\ bye") == "\"say \\\"hi\\\" \\\\ bye\"");
    // Letters of any script, and emoji, are shown as they are.
    CHECK(quote("caf\xC3\xA9 \xE2\x88\x9A \xF0\x9F\x98\x80") == "\"caf\xC3\xA9 \xE2\x88\x9A \xF0\x9F\x98\x80\"");
}

TEST_CASE("a forged line cannot survive quoting", "[quote]") {
    const std::string forged = "x\nother.json: ok";
    CHECK(quote(forged).find('\n') == std::string::npos);
    CHECK(printable(forged) == "x\\nother.json: ok");
}

TEST_CASE("no character comes out of quote() or printable() able to act on a terminal", "[quote]") {
    // Every character of the Basic Multilingual Plane (all the controls and bidi characters are
    // there), and every 16th above it: the test runs in the WebAssembly suite too.
    std::size_t checked = 0;
    for (char32_t c = 0; c <= 0x10FFFF; c += c < 0x10000 ? 1 : 16) {
        if (c >= 0xD800 && c <= 0xDFFF) continue;  // not characters
        const std::string text = "<" + utf8(c) + ">";
        const std::string q = quote(text), p = printable(text);
        if (has_active_character(q) || has_active_character(p)) FAIL("U+" << std::hex << static_cast<unsigned>(c));
        ++checked;
    }
    CHECK(checked == 0x10000 - 0x800 + (0x110000 - 0x10000) / 16);
}

TEST_CASE("long input is cut to an excerpt that says how long it was", "[quote]") {
    const std::string forty(40, 'a');
    CHECK(quote(forty) == "\"" + forty + "\"");
    CHECK(quote(std::string(100000, 'a')) == "\"" + forty + "\xE2\x80\xA6\" (100000 characters)");
    // Characters are counted as code points: 41 two-byte letters are cut after 40 letters.
    std::string letters, forty_letters;
    for (int i = 0; i < 41; ++i) letters += "\xC3\xA9";
    for (int i = 0; i < 40; ++i) forty_letters += "\xC3\xA9";
    CHECK(quote(letters) == "\"" + forty_letters + "\xE2\x80\xA6\" (41 characters)");
    // An escape counts as the one character it stands for.
    CHECK(quote(std::string(41, '\n'), 2) == "\"\\n\\n\xE2\x80\xA6\" (41 characters)");
    CHECK(printable("abcdef", 3) == "abc\xE2\x80\xA6");
    CHECK(printable("abcdef", 3, Keep::end) == "\xE2\x80\xA6" "def");
    CHECK(printable("abc", 3, Keep::end) == "abc");
}

TEST_CASE("valid_utf8 follows RFC 3629", "[quote]") {
    CHECK(valid_utf8(""));
    CHECK(valid_utf8("abc\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80"));
    CHECK_FALSE(valid_utf8("\xff"));
    CHECK_FALSE(valid_utf8("\xC3"));                  // cut short
    CHECK_FALSE(valid_utf8("\xC0\xAF"));              // overlong '/'
    CHECK_FALSE(valid_utf8("\xED\xA0\x80"));          // surrogate U+D800
    CHECK_FALSE(valid_utf8("\xF4\x90\x80\x80"));      // U+110000
    CHECK(valid_utf8("\xF4\x8F\xBF\xBF"));            // U+10FFFF
}

TEST_CASE("the exported Python program writes labels with ASCII escapes only", "[quote]") {
    ExploreInput in = explore_example();
    const std::string label = "x" + utf8(0x202E) + "\x1b[2J";
    const std::string program = explore_python_program(in, {label, "B", "C"});
    const std::size_t names = program.find("names = ");
    REQUIRE(names != std::string::npos);
    const std::string line = program.substr(names, program.find('\n', names) - names);
    CHECK(line == "names = [\"x\\u202e\\u001b[2J\",\"B\",\"C\"]");
}
