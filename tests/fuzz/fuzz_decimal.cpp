// Fuzz target "decimal": decimal_to_double (engine/src/core/decimal_to_double.cpp) on any bytes,
// against glibc's strtod, which rounds correctly (it computes exactly with GMP's mpn functions).
// Properties:
//   - the prefix read is a number exactly when the text starts, after an optional sign, with a
//     digit or with '.' and a digit;
//   - the prefix read is the one glibc's strtod reads (unless the text is hex, "0x...", which
//     strtod also reads and decimal_to_double does not: then it reads the "0");
//   - the double is glibc's, bit for bit (so -0 is -0, and overflow is the same infinity).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include "attnbook/core/decimal_to_double.hpp"
#include "fuzz_check.hpp"

using attnbook_fuzz::check;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    double got = -1;
    const std::size_t n = attnbook::decimal_to_double(text.data(), text.size(), got);

    const std::size_t s = !text.empty() && (text[0] == '+' || text[0] == '-') ? 1 : 0;
    auto digit = [&](std::size_t i) { return i < text.size() && text[i] >= '0' && text[i] <= '9'; };
    const bool starts_a_number = digit(s) || (s < text.size() && text[s] == '.' && digit(s + 1));
    check(starts_a_number == (n > 0), "read " + std::to_string(n) + " characters of a text that " +
                                          (starts_a_number ? "starts" : "does not start") + " with a number");
    if (n == 0) {
        check(got == 0, "nothing read, yet a value");
        return 0;
    }
    check(n <= text.size(), "read past the end");

    // glibc on the whole text (a C string: it ends at the first NUL, which ends a number anyway).
    const bool hex = text[s] == '0' && s + 1 < text.size() && (text[s + 1] == 'x' || text[s + 1] == 'X');
    char* end = nullptr;
    const double whole = std::strtod(text.c_str(), &end);
    if (!hex) {
        check(static_cast<std::size_t>(end - text.c_str()) == n,
              "read " + std::to_string(n) + " characters, glibc's strtod " + std::to_string(end - text.c_str()));
    }
    // and on exactly the prefix read
    const std::string prefix = text.substr(0, n);
    const double reference = hex ? std::strtod(prefix.c_str(), nullptr) : whole;
    std::uint64_t a, b;
    std::memcpy(&a, &got, sizeof a);
    std::memcpy(&b, &reference, sizeof b);
    check(a == b, "\"" + prefix.substr(0, 200) + "\": " + attnbook_fuzz::num(got) + " (bits " + std::to_string(a) +
                      "), glibc's strtod " + attnbook_fuzz::num(reference) + " (bits " + std::to_string(b) + ")");
    return 0;
}
