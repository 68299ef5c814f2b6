#pragma once
// JSON text -> nlohmann::json, with errors an author can act on. On top of nlohmann's parser:
//   - every error carries line:column (1-based; the column counts characters, not bytes),
//   - bad UTF-8 is reported at its position (before nlohmann sees the text),
//   - nesting deeper than `max_depth` stops the parse (the SAX handler refuses the next level,
//     and nlohmann's SAX parser is iterative, so 100000 '[' cost no stack),
//   - duplicate object keys are errors (nlohmann's DOM parser silently keeps the last one),
//   - numbers that overflow a double (1e999) are errors at the number,
//   - the input has a size limit.
// Positions of values are not stored while parsing (that would cost a map entry per number);
// locate_json_paths finds the few that an error message needs, in one pass over the text.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "attnbook/core/errors.hpp"

namespace attnbook {

// 1-based line and column; the column counts Unicode characters (code points) from the start of
// the line, so it matches what an editor shows. A leading UTF-8 byte order mark is not counted.
struct TextPosition {
    std::size_t line = 1;
    std::size_t column = 1;
};

// The limits of a notebook document. A notebook is read whole into memory (the CLI stops
// reading a file one byte past max_bytes), and its deepest lesson value is 4 levels down, so 64
// leaves authors room while bounding the parser's work.
inline constexpr std::size_t json_text_max_bytes = std::size_t{4} * 1024 * 1024;  // 4 MiB
inline constexpr std::size_t json_text_max_depth = 64;  // arrays and objects nested inside each other

struct JsonTextLimits {
    std::size_t max_bytes = json_text_max_bytes;
    std::size_t max_depth = json_text_max_depth;
};

// "4.0 MiB": sizes in messages (one decimal, so 4 MiB + 1 byte still reads 4.0 MiB).
std::string mebibytes(std::size_t bytes);

// Thrown by parse_json_text. what() is "line:column: message" (or just the message when there
// is no position, as for the size limit).
struct JsonTextError : UserError {
    JsonTextError(std::string message, std::optional<TextPosition> position, std::string path);
    std::string message;                  // without the position
    std::optional<TextPosition> position;  // where the problem is, when known
    std::string path;                      // JSON path of the value at fault ("" when unknown)
};

// Parses `text` (UTF-8, optionally with a byte order mark). Throws JsonTextError. Every error
// that quotes the text quotes a short escaped excerpt (core/quote.hpp), never the raw text.
nlohmann::json parse_json_text(const std::string& text, const JsonTextLimits& limits = {});

// Line and column of the byte at `offset` (clamped to the end of the text).
TextPosition position_at_byte(const std::string& text, std::size_t offset);

// JSON paths as the validator writes them: $.cells[2].keys[1]; keys that are not plain
// identifiers are quoted (core/quote.hpp: escaped, and cut after 40 characters, so a path is
// safe to print and short): $.cells[0]["my key"].
std::string json_path_member(const std::string& parent, const std::string& key);
std::string json_path_index(const std::string& parent, std::size_t index);

// Where is the value at `path` (or, with key = true, the key of the member at `path`)?
// `occurrence` picks the n-th member with that path (2 = the first duplicate).
struct PathQuery {
    std::string path;
    bool key = false;
    std::size_t occurrence = 1;
};

// One pass over `text`; an entry is empty when the path is not in the text. Tolerates malformed
// text (stops where it stops making sense) and does not recurse, so any nesting is fine.
std::vector<std::optional<TextPosition>> locate_json_paths(const std::string& text,
                                                           const std::vector<PathQuery>& queries);

}  // namespace attnbook
