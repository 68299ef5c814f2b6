// JSON text -> nlohmann::json with positions in every error (see json_text.hpp for the contract).
//
// Passes:
//   1. size limit, then a UTF-8 check of the whole text (so bad bytes are reported as such, at
//      their position, and not as a confusing "invalid literal"), and a NUL byte named as such;
//   2. nlohmann's SAX parser (iterative: no recursion however deep the input) feeding a DOM
//      builder that refuses level max_depth + 1 and duplicate keys;
//   3. only when an error needs a position that the SAX events do not carry (too deep, duplicate
//      key), locate_json_paths walks the text to the path.
#include "attnbook/notebook/json_text.hpp"

#include <algorithm>
#include <cstring>
#include <utility>

#include "attnbook/core/decimal_format.hpp"
#include "attnbook/core/flags.hpp"
#include "attnbook/core/quote.hpp"
#include "attnbook/core/text_join.hpp"
#include "attnbook/core/utf8.hpp"

namespace attnbook {
namespace {

using nlohmann::json;

bool has_bom(const std::string& text) {
    return text.size() >= 3 && static_cast<unsigned char>(text[0]) == 0xEF &&
           static_cast<unsigned char>(text[1]) == 0xBB && static_cast<unsigned char>(text[2]) == 0xBF;
}

std::string hex_byte(unsigned char byte) { return hex_text("0x", byte, 2); }

struct Utf8Problem {
    std::size_t offset;
    std::string what;
};

std::optional<Utf8Problem> find_bad_utf8(const std::string& text) {
    for (std::size_t i = 0; i < text.size();) {
        const Utf8Char c = read_utf8(text, i);
        if (c.fault == Utf8Fault::none) {
            i += c.length;
            continue;
        }
        const std::string lead = hex_byte(static_cast<unsigned char>(text[i]));
        switch (c.fault) {
            case Utf8Fault::none: break;
            case Utf8Fault::bad_lead: return Utf8Problem{i, join_text({"byte ", lead, " cannot start a character"})};
            case Utf8Fault::cut_short:
                return Utf8Problem{i, join_text({"the character starting with byte ", lead, " is cut short (it needs ",
                                                 c.length, " bytes)"})};
            case Utf8Fault::overlong: return Utf8Problem{i, join_text({"overlong encoding starting with byte ", lead})};
            case Utf8Fault::surrogate: return Utf8Problem{i, "encoded UTF-16 surrogate"};
            case Utf8Fault::too_large: return Utf8Problem{i, "code point above U+10FFFF"};
        }
    }
    return std::nullopt;
}

// Converts byte offsets to positions in one pass over the text. `offsets` need not be sorted.
std::vector<TextPosition> positions_at_bytes(const std::string& text, const std::vector<std::size_t>& offsets) {
    std::vector<std::size_t> order(offsets.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return offsets[a] < offsets[b]; });
    std::vector<TextPosition> result(offsets.size());
    TextPosition here;
    std::size_t at = has_bom(text) ? 3 : 0;
    for (std::size_t which : order) {
        const std::size_t target = std::min(std::max(offsets[which], at), text.size());
        for (; at < target; ++at) {
            const auto byte = static_cast<unsigned char>(text[at]);
            if (byte == '\n') {
                ++here.line;
                here.column = 1;
            } else if (!is_utf8_continuation(byte)) {
                ++here.column;
            }
        }
        result[which] = here;
    }
    return result;
}

// A string token as JSON writes it, closing quote included (a quote after an odd run of
// backslashes is escaped, so the string goes on).
bool whole_string(const std::string& token) {
    if (token.size() < 2 || token.front() != '"' || token.back() != '"') return false;
    std::size_t backslashes = 0;
    while (backslashes < token.size() - 2 && token[token.size() - 2 - backslashes] == '\\') ++backslashes;
    return backslashes % 2 == 0;
}

// A number token by JSON's grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
bool whole_number(const std::string& token) {
    std::size_t i = 0;
    const auto digits = [&] {
        const std::size_t start = i;
        while (i < token.size() && token[i] >= '0' && token[i] <= '9') ++i;
        return i > start;
    };
    if (i < token.size() && token[i] == '-') ++i;
    if (i < token.size() && token[i] == '0') ++i;
    else if (!digits()) return false;
    if (i < token.size() && token[i] == '.' && (++i, !digits())) return false;
    if (i < token.size() && (token[i] == 'e' || token[i] == 'E')) {
        ++i;
        if (i < token.size() && (token[i] == '+' || token[i] == '-')) ++i;
        if (!digits()) return false;
    }
    return i == token.size();
}

std::string plain_parse_message(const std::string& what) {
    // "[json.exception.parse_error.101] parse error at line 1, column 4: syntax error while
    //  parsing value - invalid literal; last read: 'tru,'" -> "syntax error while parsing
    //  value: invalid literal; last read: 'tru,'" (nlohmann's line/column count bytes; ours don't)
    std::string message = what;
    const std::size_t column = message.find(", column ");
    if (column != std::string::npos) {
        const std::size_t colon = message.find(": ", column);
        if (colon != std::string::npos) message = message.substr(colon + 2);
    } else if (message.rfind("[json.exception.", 0) == 0) {
        const std::size_t close = message.find("] ");
        if (close != std::string::npos) message = message.substr(close + 2);
    }
    const std::size_t dash = message.find(" - ");
    if (dash != std::string::npos) message.replace(dash, 3, ": ");
    // nlohmann's "last read" can span lines ('2,<U+000A>  tru]'); keep the part on the error's line
    const std::string last_read = "last read: '";
    const std::size_t read = message.find(last_read);
    const std::size_t newline = message.rfind("<U+000A>");
    if (read != std::string::npos && newline != std::string::npos && newline > read) {
        std::size_t keep = newline + 8;
        while (keep < message.size() && message[keep] == ' ') ++keep;
        message.erase(read + last_read.size(), keep - read - last_read.size());
    }
    // ... and can be long (an unclosed string runs to the end of the text) or hold characters
    // that act on a terminal: keep an escaped excerpt of its end, where the error is.
    const std::size_t close = message.rfind('\'');
    if (read != std::string::npos && close != std::string::npos && close >= read + last_read.size()) {
        const std::size_t start = read + last_read.size();
        message = message.substr(0, start) + printable(message.substr(start, close - start), quote_max_chars, Keep::end) +
                  message.substr(close);
    }
    return message;
}

// Builds the DOM like nlohmann's json_sax_dom_parser, but refuses nesting deeper than the limit
// and keys that the object already has. Frames hold a pointer to the container being filled;
// the parent never grows while a child is open, so the pointers stay valid.
class BoundedDomBuilder : public json::json_sax_t {
public:
    enum class Failure { none, syntax, overflow, too_deep, duplicate_key };

    BoundedDomBuilder(const std::string& text, json& root, std::size_t max_depth)
        : text_(text), root_(root), max_depth_(max_depth) {}

    bool null() override { return put(json(nullptr)); }
    bool boolean(bool value) override { return put(json(value)); }
    bool number_integer(number_integer_t value) override { return put(json(value)); }
    bool number_unsigned(number_unsigned_t value) override { return put(json(value)); }
    bool number_float(number_float_t value, const string_t&) override { return put(json(value)); }
    bool string(string_t& value) override { return put(json(std::move(value))); }
    bool binary(binary_t&) override { return fail_syntax(0, "binary values are not JSON"); }
    bool start_object(std::size_t) override { return open(json::object()); }
    bool start_array(std::size_t) override { return open(json::array()); }
    bool end_object() override { return close(); }
    bool end_array() override { return close(); }

    bool key(string_t& name) override {
        Frame& frame = stack_.back();
        pending_path_ = json_path_member(frame.path, name);
        if (frame.value->contains(name)) {
            failure_ = Failure::duplicate_key;
            failure_path_ = pending_path_;
            failure_message_ = join_text({"duplicate key ", in_quotes(name), " (each key may appear once in an object)"});
            return false;
        }
        pending_key_ = name;
        return true;
    }

    bool parse_error(std::size_t position, const std::string& last_token, const json::exception& error) override {
        if (error.id == 406) {  // out_of_range.406: the number does not fit a double
            failure_ = Failure::overflow;
            failure_offset_ = position >= last_token.size() ? position - last_token.size() : 0;
            failure_path_ = next_value_path();
            failure_message_ = join_text({"number ", printable(last_token, quote_max_chars), " is too large: it overflows a double"});
            return false;
        }
        // position counts bytes read, so the offending byte is the one before it. A whole string or
        // number that ends there was read by the lexer and refused by the parser: that is reported
        // at its first character. (At the end of the text last_token is still the token before,
        // and position one past the text, so it does not end there.)
        std::size_t offset = position > 0 ? position - 1 : 0;
        if ((whole_string(last_token) || whole_number(last_token)) && read_just_before(position, last_token))
            offset = position - last_token.size();
        return fail_syntax(offset, plain_parse_message(error.what()));
    }

    Failure failure() const { return failure_; }
    std::size_t failure_offset() const { return failure_offset_; }
    const std::string& failure_path() const { return failure_path_; }
    const std::string& failure_message() const { return failure_message_; }

private:
    struct Frame {
        json* value;
        std::string path;
        std::size_t next_index;
    };

    // The path the next value will get (the value being read when an error stops the parse).
    std::string next_value_path() const {
        if (stack_.empty()) return "$";
        const Frame& frame = stack_.back();
        return frame.value->is_array() ? json_path_index(frame.path, frame.next_index) : pending_path_;
    }

    // The opening quote of the string whose closing quote is at `close` (or `close` itself when
    // that is not a quote): a quote preceded by an odd number of backslashes is escaped.
    bool read_just_before(std::size_t position, const std::string& token) const {
        return position <= text_.size() && token.size() <= position &&
               text_.compare(position - token.size(), token.size(), token) == 0;
    }

    bool fail_syntax(std::size_t offset, std::string message) {
        failure_ = Failure::syntax;
        failure_offset_ = offset;
        failure_message_ = std::move(message);
        return false;
    }

    // Inserts `value` where the parser is, returns it and (when `path` is given) the path it got.
    json* insert(json value, std::string* path) {
        if (stack_.empty()) {
            root_ = std::move(value);
            if (path) *path = "$";
            return &root_;
        }
        Frame& frame = stack_.back();
        if (frame.value->is_array()) {
            if (path) *path = json_path_index(frame.path, frame.next_index);
            ++frame.next_index;
            frame.value->push_back(std::move(value));
            return &frame.value->back();
        }
        if (path) *path = pending_path_;
        json& slot = (*frame.value)[pending_key_];
        slot = std::move(value);
        return &slot;
    }

    bool put(json value) {
        insert(std::move(value), nullptr);
        return true;
    }

    bool open(json container) {
        if (stack_.size() + 1 > max_depth_) {
            failure_ = Failure::too_deep;
            failure_path_ = next_value_path();
            failure_message_ = join_text({"arrays and objects are nested more than ", max_depth_, " levels deep"});
            return false;
        }
        std::string path;
        json* value = insert(std::move(container), &path);
        stack_.push_back(Frame{value, std::move(path), 0});
        return true;
    }

    bool close() {
        stack_.pop_back();
        return true;
    }

    const std::string& text_;
    json& root_;
    std::size_t max_depth_;
    std::vector<Frame> stack_;
    std::string pending_key_;
    std::string pending_path_;
    Failure failure_ = Failure::none;
    std::size_t failure_offset_ = 0;
    std::string failure_path_;
    std::string failure_message_;
};

std::string position_prefix(const std::optional<TextPosition>& position) {
    if (!position) return "";
    return join_text({position->line, ":", position->column, ": "});
}

}  // namespace

JsonTextError::JsonTextError(std::string message_, std::optional<TextPosition> position_, std::string path_)
    : UserError(position_prefix(position_) + message_),
      message(std::move(message_)),
      position(position_),
      path(std::move(path_)) {}

std::string mebibytes(std::size_t bytes) {
    std::string text = fixed_text(static_cast<double>(bytes) / (1024.0 * 1024.0), 1);
    text += " MiB";
    return text;
}

TextPosition position_at_byte(const std::string& text, std::size_t offset) {
    return positions_at_bytes(text, {offset}).front();
}

std::string json_path_member(const std::string& parent, const std::string& key) {
    bool identifier = !key.empty() && !(key[0] >= '0' && key[0] <= '9');
    for (char c : key) {
        const bool word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
        identifier = identifier && word;
    }
    if (identifier) return join_text({parent, ".", key});
    return join_text({parent, "[", in_quotes(key), "]"});
}

std::string json_path_index(const std::string& parent, std::size_t index) {
    return join_text({parent, "[", index, "]"});
}

json parse_json_text(const std::string& text, const JsonTextLimits& limits) {
    // Every failure ends in the one throw at the end.
    std::string message, path;
    std::optional<TextPosition> position;
    if (text.size() > limits.max_bytes) {
        message = join_text({"the text is ", mebibytes(text.size()), " (", text.size(), " bytes); the limit is ",
                          mebibytes(limits.max_bytes)});
    } else if (const auto bad = find_bad_utf8(text)) {
        message = join_text({"invalid UTF-8: ", bad->what, " (save the file as UTF-8)"});
        position = position_at_byte(text, bad->offset);
    } else if (const std::size_t nul = text.find('\0'); nul != std::string::npos) {
        // nlohmann's lexer takes a NUL byte for the end of the input ("unexpected end of input"):
        // name it, where it is. JSON allows it nowhere (inside a string it would be \u0000).
        message = "the text contains a NUL byte (U+0000), which JSON text cannot contain; remove it";
        position = position_at_byte(text, nul);
    } else {
        json root;
        BoundedDomBuilder builder(text, root, limits.max_depth);
        if (json::sax_parse(text.begin(), text.end(), &builder, json::input_format_t::json, true, false)) return root;
        using Failure = BoundedDomBuilder::Failure;
        const Failure failure = builder.failure();
        message = builder.failure_message();
        path = builder.failure_path();
        if (failure == Failure::too_deep || failure == Failure::duplicate_key) {
            const bool duplicate = failure == Failure::duplicate_key;
            std::vector<PathQuery> query(1);
            query[0].path = path;
            query[0].key = duplicate;
            query[0].occurrence = duplicate ? 2 : 1;
            position = locate_json_paths(text, query).front();
        } else if (failure == Failure::syntax || failure == Failure::overflow) {
            position = position_at_byte(text, builder.failure_offset());
        } else {
            message = "the JSON parser stopped without saying why";
            path.clear();
        }
    }
    throw JsonTextError(std::move(message), position, std::move(path));
}

std::vector<std::optional<TextPosition>> locate_json_paths(const std::string& text,
                                                           const std::vector<PathQuery>& queries) {
    std::vector<std::optional<TextPosition>> found(queries.size());
    if (queries.empty()) return found;
    const std::size_t q = queries.size();
    // The queries by path (an insertion sort, stable: the validator asks about at most
    // notebook_max_errors paths), looked up by binary search; equal paths are neighbours, and
    // member_counts[k] counts the keys seen with the path of by_path[k], the first of its run.
    std::vector<std::size_t> by_path(q);
    for (std::size_t i = 0; i < q; ++i) {
        std::size_t j = i;
        for (; j > 0 && queries[i].path < queries[by_path[j - 1]].path; --j) by_path[j] = by_path[j - 1];
        by_path[j] = i;
    }
    std::vector<std::size_t> member_counts(q, 0);
    std::vector<std::size_t> offsets(q, 0);
    Flags seen(q, 0);
    std::size_t remaining = q;

    auto record = [&](const std::string& path, std::size_t at, bool is_key) {
        std::size_t first = 0, last = q;
        while (first < last) {
            const std::size_t middle = (first + last) / 2;
            if (queries[by_path[middle]].path < path)
                first = middle + 1;
            else
                last = middle;
        }
        if (first == q || queries[by_path[first]].path != path) return;
        const std::size_t count = is_key ? ++member_counts[first] : 1;
        for (std::size_t k = first; k < q && queries[by_path[k]].path == path; ++k) {
            const std::size_t which = by_path[k];
            const PathQuery& query = queries[which];
            if (seen[which] || query.key != is_key || (is_key && query.occurrence != count)) continue;
            seen[which] = true;
            offsets[which] = at;
            --remaining;
        }
    };

    const std::size_t n = text.size();
    std::size_t pos = has_bom(text) ? 3 : 0;
    auto skip_space = [&] {
        while (pos < n && (text[pos] == ' ' || text[pos] == '\t' || text[pos] == '\n' || text[pos] == '\r')) ++pos;
    };
    auto string_end = [&](std::size_t from) -> std::size_t {  // from is at '"'; returns one past the closing '"'
        for (std::size_t i = from + 1; i < n; ++i) {
            if (text[i] == '\\') {
                ++i;
            } else if (text[i] == '"') {
                return i + 1;
            }
        }
        return std::string::npos;
    };

    // The open containers: an object or an array, the length of the container's own path
    // (path.substr(0, base_length)), the index of the current element.
    struct Frame {
        bool is_object;
        std::size_t base_length, index;
    };
    std::vector<Frame> stack;
    std::string path = "$";
    enum class Expect { value, after_value, key } expect = Expect::value;

    while (remaining > 0) {
        skip_space();
        if (pos >= n) break;
        const char c = text[pos];
        if (expect == Expect::value) {
            record(path, pos, false);
            if (c == '{' || c == '[') {
                stack.push_back({c == '{', path.size(), 0});
                ++pos;
                skip_space();
                if (pos < n && text[pos] == (c == '{' ? '}' : ']')) {
                    ++pos;
                    stack.pop_back();
                    expect = Expect::after_value;
                } else if (c == '{') {
                    expect = Expect::key;
                } else {
                    path += "[0]";
                }
                continue;
            }
            if (c == '"') {
                pos = string_end(pos);
                if (pos == std::string::npos) break;
            } else {
                const std::size_t start = pos;
                while (pos < n && std::strchr(",]}: \t\r\n", text[pos]) == nullptr) ++pos;
                if (pos == start) break;
            }
            expect = Expect::after_value;
        } else if (expect == Expect::after_value) {
            if (stack.empty()) break;
            Frame& frame = stack.back();
            path.resize(frame.base_length);
            if (c == ',') {
                ++pos;
                if (frame.is_object) {
                    expect = Expect::key;
                } else {
                    path = json_path_index(path, ++frame.index);
                    expect = Expect::value;
                }
            } else if (c == (frame.is_object ? '}' : ']')) {
                ++pos;
                stack.pop_back();
            } else {
                break;
            }
        } else {  // key
            if (c != '"') break;
            const std::size_t start = pos;
            const std::size_t end = string_end(pos);
            if (end == std::string::npos) break;
            std::string key = text.substr(start + 1, end - start - 2);
            if (key.find('\\') != std::string::npos) {
                // Escapes decoded as the text's own strings are (\u surrogate pairs included).
                const std::string quoted_key = text.substr(start, end - start);
                try {
                    key = parse_json_text(quoted_key, JsonTextLimits{quoted_key.size(), 1}).get<std::string>();
                } catch (const std::exception&) {
                    break;
                }
            }
            path.resize(stack.back().base_length);
            path = json_path_member(path, key);
            record(path, start, true);
            pos = end;
            skip_space();
            if (pos >= n || text[pos] != ':') break;
            ++pos;
            expect = Expect::value;
        }
    }

    std::vector<std::size_t> wanted;
    for (std::size_t i = 0; i < queries.size(); ++i) {
        if (seen[i]) wanted.push_back(offsets[i]);
    }
    const std::vector<TextPosition> positions = positions_at_bytes(text, wanted);
    for (std::size_t i = 0, k = 0; i < queries.size(); ++i) {
        if (seen[i]) found[i] = positions[k++];
    }
    return found;
}

}  // namespace attnbook
