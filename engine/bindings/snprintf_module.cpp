// The WebAssembly module's snprintf and siprintf: printf's integer conversions only, linked in
// place of musl's (a definition in the program's own objects wins over libc.a, whose member is
// then never pulled in; core/strtod_wasm.cpp does the same for strtod). musl's are vsnprintf,
// vfprintf and printf_core, which formats every type including long double, emulated in software
// in WebAssembly: about 8 KB of code for what the module asks of them, which is:
//   - nlohmann's JSON serializer: snprintf "\\u%04x" and "\\u%04x\\u%04x" (a control character
//     in a string that is dumped, e.g. U+001B as \u001b);
//   - nlohmann's lexer: snprintf "<U+%.4X>" (a control character in the text of a parse error);
//   - Embind's __getTypeName (system/lib/embind/bind.cpp; without RTTI a type is named by its
//     address): sprintf "%p", which the compiler turned into musl's integer-only siprintf.
// The engine's own numbers are written by core/decimal_format.hpp. Only the module links this
// file (CMake's engine/bindings/*.cpp): the CLI and the tests keep the C library's.
//
// What it does: ordinary characters, %%, %p as musl writes it ("0x" and 2 * sizeof(void*) hex
// digits; the null pointer as zeros without "0x"), and %[0][width][.precision][hh|h]{u,x,X} as C
// specifies them (precision: the minimum number of digits, with which the 0 flag is ignored;
// width: spaces, or zeros with the 0 flag, on the left). Anything else (signed or floating-point
// conversions, strings, other flags or lengths, '*') is a use nobody wrote this for: it traps
// (WebAssembly `unreachable`, a RuntimeError in JavaScript) rather than print something wrong.
// tests/engine/test_snprintf_module.cpp compiles it under other names and compares it with the
// C library's snprintf.
#include <cstdarg>
#include <cstddef>
#include <cstdint>

#ifndef ATTNBOOK_SNPRINTF
#define ATTNBOOK_SNPRINTF snprintf
#define ATTNBOOK_SIPRINTF siprintf
#endif

namespace {

// vsnprintf. The bindings are not among the sources compiled with -Oz: clang's minsize asks the
// same of this function (GCC, which compiles it for the native test, has no such attribute).
#ifdef __clang__
__attribute__((minsize))
#endif
int format_text(char* out, std::size_t size, const char* format, va_list args) {
    std::size_t n = 0;  // the length of the whole text; what fits in size - 1 is written
    auto put = [&](char c) {
        if (n + 1 < size) out[n] = c;
        ++n;
    };
    for (const char* f = format; *f; ++f) {
        if (*f != '%' || *++f == '%') {
            put(*f);
            continue;
        }
        const bool zero = *f == '0';
        if (zero) ++f;
        int width = 0;
        while (*f >= '0' && *f <= '9') width = width * 10 + (*f++ - '0');
        int precision = -1;
        if (*f == '.') {
            precision = 0;
            while (*++f >= '0' && *f <= '9') precision = precision * 10 + (*f - '0');
        }
        int h = 0;  // hh: unsigned char, h: unsigned short (the argument arrives promoted to int)
        while (*f == 'h' && h < 2) ++f, ++h;
        const char c = *f;
        std::uintptr_t value;
        if (c == 'p' && !zero && !width && precision < 0 && !h) {
            value = reinterpret_cast<std::uintptr_t>(va_arg(args, void*));
            precision = 2 * sizeof value;
            if (value) put('0'), put('x');
        } else if ((c == 'u' || c == 'x' || c == 'X') && precision <= 16) {
            value = va_arg(args, unsigned);
            if (h) value &= h == 2 ? 0xFFu : 0xFFFFu;
        } else {
            __builtin_trap();
        }
        const unsigned base = c == 'u' ? 10 : 16;
        const char* digits = c == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
        char text[20];  // the digits, lowest first: at most 20 (2^64 - 1 in decimal), or 16 zeros
        int length = 0;
        for (; value; value /= base) text[length++] = digits[value % base];
        while (length < (precision < 0 ? 1 : precision)) text[length++] = '0';  // none of 0 at .0
        for (int i = length; i < width; ++i) put(zero && precision < 0 ? '0' : ' ');
        while (length) put(text[--length]);
    }
    if (size) out[n < size ? n : size - 1] = '\0';
    return int(n);
}

}  // namespace

extern "C" int ATTNBOOK_SNPRINTF(char* out, std::size_t size, const char* format, ...) {
    va_list args;
    va_start(args, format);
    const int n = format_text(out, size, format, args);
    va_end(args);
    return n;
}

extern "C" int ATTNBOOK_SIPRINTF(char* out, const char* format, ...) {
    va_list args;
    va_start(args, format);
    const int n = format_text(out, SIZE_MAX, format, args);
    va_end(args);
    return n;
}
