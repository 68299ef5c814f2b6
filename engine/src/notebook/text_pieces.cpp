#include "text_pieces.hpp"

#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "attnbook/core/errors.hpp"
#include "attnbook/core/quote.hpp"

namespace attnbook {

std::string number_text(double value) {
    if (std::isfinite(value) && std::fabs(value) < 1e15 && value == std::floor(value)) {
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%.0f", value);
        return buffer;
    }
    return nlohmann::json(value).dump();
}

void Piece::append_to(std::string& out) const {
    switch (kind_) {
        case Kind::chars: out += static_cast<const char*>(a_); break;
        case Kind::string: out += *static_cast<const std::string*>(a_); break;
        case Kind::signed_whole: out += std::to_string(static_cast<long long>(whole_)); break;
        case Kind::unsigned_whole: out += std::to_string(static_cast<unsigned long long>(whole_)); break;
        case Kind::real: out += number_text(real_); break;
        case Kind::count:
            out += std::to_string(static_cast<unsigned long long>(whole_));
            out += ' ';
            out += whole_ == 1 ? static_cast<const char*>(a_) : b_;
            break;
        case Kind::quoted: out += quote(*static_cast<const std::string*>(a_)); break;
        case Kind::list: {
            const auto& words = *static_cast<const std::vector<std::string>*>(a_);
            for (std::size_t i = 0; i < words.size(); ++i) {
                if (i) out += ", ";
                out += words[i];
            }
            break;
        }
    }
}

void append(std::string& out, std::initializer_list<Piece> pieces) {
    for (const Piece& piece : pieces) piece.append_to(out);
}

std::string concat(std::initializer_list<Piece> pieces) {
    std::string out;
    append(out, pieces);
    return out;
}

void throw_user_error(std::initializer_list<Piece> pieces) { throw UserError(concat(pieces)); }

}  // namespace attnbook
