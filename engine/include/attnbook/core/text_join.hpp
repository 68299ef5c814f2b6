#pragma once
// Text put together from parts in one call: join_text({"keys has ", counted(n, "row", "rows"),
// " but values has ", m}), or an error message from a format: throw_format("key rank {} ...",
// {k.rank()}).
// Why not "..." + std::string + std::to_string(...)? Under WebAssembly exceptions every
// std::string temporary of such a chain gets its own cleanup path at the call site; a TextPart is
// a few words on the stack with nothing to clean up, and the text is put together in one
// out-of-line function. The text is the chain's: whole numbers as std::to_string writes them,
// reals as shortest_text (core/decimal_format.hpp), shapes as shape_to_string (core/tensor.hpp),
// quoted input through quote() (core/quote.hpp).
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <type_traits>
#include <vector>

namespace attnbook {

class TextPart {
public:
    enum class Kind : unsigned char { chars, string, shape, whole, negative, real, count, quoted, list };

    // Out of line on purpose: a part costs its call site one call, whatever the file's inlining.
    TextPart(const char* text);
    TextPart(const std::string& text);
    TextPart(const std::vector<std::size_t>& shape);
    TextPart(long long n);
    TextPart(unsigned long long n);
    TextPart(double v);
    template <class T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool> && !std::is_same_v<T, char>,
                                        int> = 0>
    TextPart(T n) : TextPart(static_cast<std::conditional_t<std::is_signed_v<T>, long long, unsigned long long>>(n)) {}
    TextPart(Kind kind, const void* a, const char* b, std::uint64_t n) : kind_(kind), a_(a), b_(b), n_(n) {}

    void append_to(std::string& out) const;

private:
    Kind kind_;
    const void* a_ = nullptr;
    const char* b_ = nullptr;
    union {
        std::uint64_t n_;
        double real_;
    };
};

// "1 row", "2 rows"
inline TextPart counted(std::size_t n, const char* singular, const char* plural) {
    return TextPart(TextPart::Kind::count, singular, plural, n);
}
// quote(text): "text" escaped and cut (core/quote.hpp). (Not `quoted`: with a non-const string
// that name finds std::quoted.)
inline TextPart in_quotes(const std::string& text) { return TextPart(TextPart::Kind::quoted, &text, nullptr, 0); }
// "a, b, c"
inline TextPart listed(const std::vector<std::string>& words) { return TextPart(TextPart::Kind::list, &words, nullptr, 0); }

std::string join_text(std::initializer_list<TextPart> parts);
void append_text(std::string& out, std::initializer_list<TextPart> parts);
// throw UserError (core/errors.hpp) with the parts joined.
[[noreturn]] void throw_user_error(std::initializer_list<TextPart> parts);
// throw UserError with `format`, each "{}" in it replaced by the next part:
// throw_format("key rank {} does not match query rank {}", {k.rank(), q.rank()}). The literal
// text stays one string, so a message costs its call site a call per value only.
[[noreturn]] void throw_format(const char* format, std::initializer_list<TextPart> parts = {});

}  // namespace attnbook
