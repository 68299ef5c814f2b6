// The WebAssembly module's snprintf and siprintf (engine/bindings/snprintf_module.cpp), compiled
// here under other names, against the C library's snprintf (glibc natively, musl in the
// WebAssembly test build): the formats nlohmann's serializer and lexer use, on every value they
// can pass, and the rest of what it claims to do (widths, precisions, hh/h, %%, truncation).
// %p, which glibc writes differently from musl, against musl's form written here.
#include <catch2/catch.hpp>

#include <climits>
#include <cstdio>
#include <string>

#define ATTNBOOK_SNPRINTF attnbook_module_snprintf
#define ATTNBOOK_SIPRINTF attnbook_module_siprintf
#include "../../engine/bindings/snprintf_module.cpp"

namespace {

// The format is a variable on purpose: every case runs through both functions.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-security"
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
template <typename... A>
void same(const char* format, A... a) {
    char expected[64], got[64];
    const int n_expected = std::snprintf(expected, sizeof expected, format, a...);
    const int n_got = attnbook_module_snprintf(got, sizeof got, format, a...);
    INFO(format << ": " << got << " (" << n_got << "), C " << expected << " (" << n_expected << ")");
    CHECK(std::string(got) == expected);
    CHECK(n_got == n_expected);
}
#pragma GCC diagnostic pop

}  // namespace

TEST_CASE("snprintf_module: nlohmann's formats on every value they take", "[snprintf_module]") {
    for (unsigned c = 0; c <= 0xFFFF; ++c) same("\\u%04x", c);
    for (unsigned c = 0; c <= 0xFFFF; c += 97) same("\\u%04x\\u%04x", c, 0xFFFFu - c);
    for (unsigned c = 0; c <= 0xFF; ++c) same("<U+%.4X>", static_cast<unsigned char>(c));
    for (unsigned c = 0; c <= 0xFF; ++c) same("%.2hhX", static_cast<unsigned char>(c));
}

TEST_CASE("snprintf_module: widths, precisions, lengths, truncation", "[snprintf_module]") {
    for (unsigned v : {0u, 1u, 7u, 42u, 255u, 256u, 4095u, 65535u, 65536u, 123456789u, 0x7FFFFFFFu, 0xFFFFFFFFu}) {
        same("%u|%x|%X", v, v, v);
        same("%5u|%05u|%.3u|%8.3u|%08.3u|%.0u|%0u", v, v, v, v, v, v, v);
        same("%hhu|%hhx|%hhX|%hu|%hx|%hX", v, v, v, v, v, v);
        same("%3x|%03X|%.0x|%.6x|%12u|%012u|%.16x", v, v, v, v, v, v, v);
    }
    same("no conversion, %% and 100%%");
    // Cut to the buffer, the whole length returned; size 0 writes nothing.
    char small[5] = "zzzz";
    CHECK(attnbook_module_snprintf(small, sizeof small, "\\u%04x", 0x1Bu) == 6);
    CHECK(std::string(small) == "\\u00");
    CHECK(attnbook_module_snprintf(small, 0, "%u", 12345u) == 5);
    CHECK(std::string(small) == "\\u00");
}

TEST_CASE("snprintf_module: siprintf's %p, as musl writes it (Embind's type names)", "[snprintf_module]") {
    char text[64];
    const std::string zeros(2 * sizeof(void*) - 4, '0');
    CHECK(attnbook_module_siprintf(text, "%p", reinterpret_cast<void*>(std::uintptr_t(0x12ab))) == int(2 + zeros.size() + 4));
    CHECK(std::string(text) == "0x" + zeros + "12ab");
    CHECK(attnbook_module_siprintf(text, "[%p]", static_cast<void*>(nullptr)) == int(2 + 2 * sizeof(void*)));
    CHECK(std::string(text) == "[" + std::string(2 * sizeof(void*), '0') + "]");
}
