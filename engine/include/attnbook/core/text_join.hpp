#pragma once
// Text put together from parts in one call: join_text({"key rank ", k.rank(), " does not match ",
// q.shape}). Why not "..." + std::string + std::to_string(...)? Under WebAssembly exceptions every
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
    TextPart(const char* text) : kind_(Kind::chars), p_(text) {}
    TextPart(const std::string& text) : kind_(Kind::string), p_(&text) {}
    TextPart(const std::vector<std::size_t>& shape) : kind_(Kind::shape), p_(&shape) {}
    template <class T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool> && !std::is_same_v<T, char>,
                                        int> = 0>
    TextPart(T n) : kind_(Kind::whole), n_(static_cast<std::uint64_t>(n)) {
        if constexpr (std::is_signed_v<T>)
            if (n < 0) {
                kind_ = Kind::negative;
                n_ = 0 - n_;
            }
    }

    void append_to(std::string& out) const;

private:
    enum class Kind : unsigned char { chars, string, shape, whole, negative };
    Kind kind_;
    const void* p_ = nullptr;
    std::uint64_t n_ = 0;
};

std::string join_text(std::initializer_list<TextPart> parts);
void append_text(std::string& out, std::initializer_list<TextPart> parts);
// throw UserError(join_text(parts)) (core/errors.hpp)
[[noreturn]] void throw_joined(std::initializer_list<TextPart> parts);

}  // namespace attnbook
