#pragma once
// Quoting what a person wrote inside a message meant for a person (a terminal, a page).
// Author and learner text is untrusted: printed raw it could move the cursor or recolour the
// terminal (ESC [ ...), reorder what is shown (bidi overrides such as U+202E), or start a line
// that looks like another message ("\nother.json: ok"). So every message that quotes input goes
// through one of these two, and a long input is shown as a short excerpt, never in full.
//
// Escaped, as JSON writes them where JSON can (so a quoted excerpt reads back as a JSON string):
//   C0 controls U+0000-U+001F (\n, \r, \t, \b, \f, else \u001B), DEL U+007F, C1 U+0080-U+009F,
//   the bidi controls (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069), the line and
//   paragraph separators U+2028 and U+2029, and any byte that is not UTF-8 (\xFF).
#include <cstddef>
#include <string>

namespace attnbook {

// Is `text` UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF)?
bool valid_utf8(const std::string& text);

// Characters of input shown at most in one excerpt; longer input is cut and its length said.
inline constexpr std::size_t quote_max_chars = 40;

// "text" with the characters above escaped, plus `"` and `\` (as in JSON); input longer than
// `max_chars` code points keeps its first max_chars and says how long it was:
//   "aaaaaaaaaa…" (100000 characters)
std::string quote(const std::string& text, std::size_t max_chars = quote_max_chars);

// The same escapes without the quotes and without escaping `"` and `\`, for text that already
// reads as a name (a file name, an option name) or a whole message: "--colour", "bad.json".
// With max_chars, cut like quote() but marked only by "…" (the rest of the message says why);
// Keep::end keeps the last max_chars instead ("…ast read"), for text that leads up to an error.
enum class Keep { start, end };
std::string printable(const std::string& text, std::size_t max_chars = std::string::npos, Keep keep = Keep::start);

}  // namespace attnbook
