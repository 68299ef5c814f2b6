#pragma once
// Shared by the fuzz targets (tests/fuzz/fuzz_*.cpp): a broken property aborts, so libFuzzer
// saves the input as a crash file that scripts/fuzz keeps under tests/fuzz/regressions/.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <nlohmann/json.hpp>

namespace attnbook_fuzz {

[[noreturn]] inline void fail(const std::string& what) {
    std::fprintf(stderr, "\nfuzz property broken: %s\n", what.c_str());
    std::abort();
}

// A number for a message, to 9 significant digits (std::to_string prints 1e-9 as 0.000000).
inline std::string num(double x) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.9g", x);
    return buffer;
}

inline void check(bool ok, const std::string& what) {
    if (!ok) fail(what);
}

// RFC 3629 UTF-8, written here independently of the engine's two checks (json_text.cpp and the
// CLI's), so that a bug shared by them is not shared by the oracle.
inline bool valid_utf8(const std::string& s) {
    std::size_t i = 0;
    while (i < s.size()) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        std::size_t len;
        std::uint32_t cp;
        if (c < 0x80) { ++i; continue; }
        if (c >= 0xC2 && c <= 0xDF) len = 2, cp = c & 0x1F;
        else if (c >= 0xE0 && c <= 0xEF) len = 3, cp = c & 0x0F;
        else if (c >= 0xF0 && c <= 0xF4) len = 4, cp = c & 0x07;
        else return false;
        if (i + len > s.size()) return false;
        for (std::size_t k = 1; k < len; ++k) {
            const unsigned char cc = static_cast<unsigned char>(s[i + k]);
            if ((cc & 0xC0) != 0x80) return false;
            cp = (cp << 6) | (cc & 0x3F);
        }
        if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
            (cp >= 0xD800 && cp <= 0xDFFF))
            return false;
        i += len;
    }
    return true;
}

// What leaves the engine must print: the CLI and the binding call dump(), which throws on a
// string that is not UTF-8, and prints a NaN or an infinity as null (a silent wrong number).
inline void check_printable(const nlohmann::json& j, const std::string& what, const std::string& path = "$") {
    switch (j.type()) {
        case nlohmann::json::value_t::object:
            for (const auto& item : j.items()) {
                check(valid_utf8(item.key()), what + ": key at " + path + " is not UTF-8");
                check_printable(item.value(), what, path + "." + item.key());
            }
            break;
        case nlohmann::json::value_t::array:
            for (std::size_t i = 0; i < j.size(); ++i) check_printable(j[i], what, path + "[" + std::to_string(i) + "]");
            break;
        case nlohmann::json::value_t::string:
            check(valid_utf8(j.get_ref<const std::string&>()), what + ": string at " + path + " is not UTF-8");
            break;
        case nlohmann::json::value_t::number_float:
            check(std::isfinite(j.get<double>()), what + ": non-finite number at " + path);
            break;
        default:
            break;
    }
}

}  // namespace attnbook_fuzz
