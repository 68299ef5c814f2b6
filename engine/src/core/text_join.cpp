#include "attnbook/core/text_join.hpp"

#include "attnbook/core/errors.hpp"
#include "attnbook/core/tensor.hpp"

namespace attnbook {

void TextPart::append_to(std::string& out) const {
    switch (kind_) {
        case Kind::chars: out += static_cast<const char*>(p_); return;
        case Kind::string: out += *static_cast<const std::string*>(p_); return;
        case Kind::shape: out += shape_to_string(*static_cast<const Shape*>(p_)); return;
        case Kind::negative: out += '-'; break;
        case Kind::whole: break;
    }
    char digits[20];
    std::size_t n = 0;
    std::uint64_t v = n_;
    do {
        digits[n++] = static_cast<char>('0' + v % 10);
        v /= 10;
    } while (v);
    while (n) out += digits[--n];
}

std::string join_text(std::initializer_list<TextPart> parts) {
    std::string out;
    append_text(out, parts);
    return out;
}

void append_text(std::string& out, std::initializer_list<TextPart> parts) {
    for (const TextPart& part : parts) part.append_to(out);
}

void throw_joined(std::initializer_list<TextPart> parts) { throw UserError(join_text(parts)); }

}  // namespace attnbook
