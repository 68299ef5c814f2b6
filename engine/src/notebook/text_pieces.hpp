#pragma once
// Messages built from pieces in one call: concat({"keys has ", counted(n, "row", "rows"), " but
// values has ", m}). Why not "..." + std::string + ...? Under WebAssembly exceptions every
// std::string temporary of such a chain gets its own cleanup path at the call site; a Piece is
// a few words on the stack with nothing to clean up, and the text is put together in one
// out-of-line function. The text is the same as the chain's: whole numbers as std::to_string
// writes them, reals as number_text, quoted input through quote() (core/quote.hpp).
// Internal to engine/src/notebook.
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <type_traits>
#include <vector>

namespace attnbook {

class Piece {
public:
    enum class Kind : unsigned char { chars, string, signed_whole, unsigned_whole, real, count, quoted, list };

    Piece(const char* text) : kind_(Kind::chars), a_(text) {}
    Piece(const std::string& text) : kind_(Kind::string), a_(&text) {}
    template <class T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool> && !std::is_same_v<T, char>,
                                        int> = 0>
    Piece(T v) : kind_(std::is_signed_v<T> ? Kind::signed_whole : Kind::unsigned_whole), whole_(static_cast<std::uint64_t>(v)) {}
    Piece(double v) : kind_(Kind::real), real_(v) {}
    Piece(Kind kind, const void* a, const char* b, std::uint64_t n) : kind_(kind), a_(a), b_(b), whole_(n) {}

    void append_to(std::string& out) const;

private:
    Kind kind_;
    const void* a_;
    const char* b_;
    union {
        std::uint64_t whole_;
        double real_;
    };
};

// "1 row", "2 rows"
inline Piece counted(std::size_t n, const char* singular, const char* plural) {
    return Piece(Piece::Kind::count, singular, plural, n);
}
// quote(text): "text" escaped and cut (core/quote.hpp). Not named `quoted`: for a non-const
// std::string argument, argument-dependent lookup would pick std::quoted (<iomanip>) instead.
// A Piece refers to its text: it must not outlive it (use it within the call it is built for).
inline Piece in_quotes(const std::string& text) { return Piece(Piece::Kind::quoted, &text, nullptr, 0); }
// "a, b, c"
inline Piece listed(const std::vector<std::string>& words) { return Piece(Piece::Kind::list, &words, nullptr, 0); }

std::string concat(std::initializer_list<Piece> pieces);
// throw UserError(concat(pieces)), from one place rather than from every call site.
[[noreturn]] void throw_user_error(std::initializer_list<Piece> pieces);
void append(std::string& out, std::initializer_list<Piece> pieces);

// Shortest text of a number as the author would write it: 1000000000, 2.5, 1e+300
std::string number_text(double value);

}  // namespace attnbook
