#include "attnbook/core/text_join.hpp"

#include "attnbook/core/errors.hpp"
#include "attnbook/core/tensor.hpp"

namespace attnbook {

TextPart::TextPart(const char* text) : kind_(Kind::chars), p_(text) {}
TextPart::TextPart(const std::string& text) : kind_(Kind::string), p_(&text) {}
TextPart::TextPart(const std::vector<std::size_t>& shape) : kind_(Kind::shape), p_(&shape) {}
TextPart::TextPart(long long n) : kind_(n < 0 ? Kind::negative : Kind::whole), n_(static_cast<unsigned long long>(n)) {
    if (n < 0) n_ = 0 - n_;
}
TextPart::TextPart(unsigned long long n) : kind_(Kind::whole), n_(n) {}

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
    unsigned long long v = n_;
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

void throw_format(const char* format, std::initializer_list<TextPart> parts) {
    std::string out;
    const TextPart* next = parts.begin();
    for (const char* c = format; *c; ++c) {
        if (c[0] == '{' && c[1] == '}' && next != parts.end()) {
            (next++)->append_to(out);
            ++c;
        } else {
            out += *c;
        }
    }
    throw UserError(out);
}

}  // namespace attnbook
