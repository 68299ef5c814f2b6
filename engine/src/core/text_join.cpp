#include "attnbook/core/text_join.hpp"

#include <cmath>


#include "attnbook/core/decimal_format.hpp"
#include "attnbook/core/errors.hpp"
#include "attnbook/core/quote.hpp"
#include "attnbook/core/tensor.hpp"

namespace attnbook {

TextPart::TextPart(const char* text) : kind_(Kind::chars), a_(text) {}
TextPart::TextPart(const std::string& text) : kind_(Kind::string), a_(&text) {}
TextPart::TextPart(const std::vector<std::size_t>& shape) : kind_(Kind::shape), a_(&shape) {}
TextPart::TextPart(long long n) : kind_(n < 0 ? Kind::negative : Kind::whole), n_(static_cast<unsigned long long>(n)) {
    if (n < 0) n_ = 0 - n_;
}
TextPart::TextPart(unsigned long long n) : kind_(Kind::whole), n_(n) {}
TextPart::TextPart(double v) : kind_(Kind::real), real_(v) {}

namespace {
void append_whole(std::string& out, std::uint64_t v) {
    char digits[20];
    std::size_t n = 0;
    do {
        digits[n++] = static_cast<char>('0' + v % 10);
        v /= 10;
    } while (v);
    while (n) out += digits[--n];
}
}  // namespace

void TextPart::append_to(std::string& out) const {
    switch (kind_) {
        case Kind::chars: out += static_cast<const char*>(a_); return;
        case Kind::string: out += *static_cast<const std::string*>(a_); return;
        case Kind::shape: out += shape_to_string(*static_cast<const Shape*>(a_)); return;
        case Kind::negative: out += '-'; append_whole(out, n_); return;
        case Kind::whole: append_whole(out, n_); return;
        case Kind::real: out += shortest_text(real_); return;
        case Kind::count:
            append_whole(out, n_);
            out += ' ';
            out += n_ == 1 ? static_cast<const char*>(a_) : b_;
            return;
        case Kind::quoted: out += quote(*static_cast<const std::string*>(a_)); return;
        case Kind::list: {
            const auto& words = *static_cast<const std::vector<std::string>*>(a_);
            for (std::size_t i = 0; i < words.size(); ++i) {
                if (i) out += ", ";
                out += words[i];
            }
            return;
        }
    }
}

std::string join_text(std::initializer_list<TextPart> parts) {
    std::string out;
    append_text(out, parts);
    return out;
}

void append_text(std::string& out, std::initializer_list<TextPart> parts) {
    for (const TextPart& part : parts) part.append_to(out);
}

void throw_user_error(std::initializer_list<TextPart> parts) { throw UserError(join_text(parts)); }

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
