#pragma once
// Text put together from parts in one call: join_text({"key rank ", k.rank(), " does not match ",
// q.shape}), or an error message from a format: throw_format("key rank {} ...", {k.rank()}).
// Why not "..." + std::string + std::to_string(...)? Under WebAssembly exceptions every
// std::string temporary of such a chain gets its own cleanup path at the call site; a TextPart is
// a few words on the stack with nothing to clean up, and the text is put together in one
// out-of-line function. The text is the chain's: whole numbers as std::to_string writes them,
// shapes as shape_to_string (core/tensor.hpp).
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <type_traits>
#include <vector>

namespace attnbook {

class TextPart {
public:
    // Out of line on purpose: a part costs its call site one call, whatever the file's inlining.
    TextPart(const char* text);
    TextPart(const std::string& text);
    TextPart(const std::vector<std::size_t>& shape);
    TextPart(long long n);
    TextPart(unsigned long long n);
    template <class T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool> && !std::is_same_v<T, char>,
                                        int> = 0>
    TextPart(T n) : TextPart(static_cast<std::conditional_t<std::is_signed_v<T>, long long, unsigned long long>>(n)) {}

    void append_to(std::string& out) const;

private:
    enum class Kind : unsigned char { chars, string, shape, whole, negative };
    Kind kind_;
    union {
        const void* p_;
        unsigned long long n_;
    };
};

std::string join_text(std::initializer_list<TextPart> parts);
void append_text(std::string& out, std::initializer_list<TextPart> parts);
// throw UserError (core/errors.hpp) with `format`, each "{}" in it replaced by the next part:
// throw_format("key rank {} does not match query rank {}", {k.rank(), q.rank()}). The literal
// text stays one string, so a message costs its call site a call per value only.
[[noreturn]] void throw_format(const char* format, std::initializer_list<TextPart> parts = {});

}  // namespace attnbook
