#include "cli_options.hpp"

#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <map>

#include "attnbook/core/errors.hpp"

namespace attnbook::cli {
namespace {

using nlohmann::json;

enum class Kind { numbers, rows, flags, whole, wholes, word, words };

struct OptionSpec {
    const char* field;  // the JSON argument it becomes
    Kind kind;
};

const std::map<std::string, std::map<std::string, OptionSpec>>& option_table() {
    static const std::map<std::string, OptionSpec> explore = {
        {"query", {"query", Kind::numbers}}, {"keys", {"keys", Kind::rows}},   {"values", {"values", Kind::rows}},
        {"mask", {"mask", Kind::flags}},     {"divisor", {"divisor", Kind::word}},
    };
    static std::map<std::string, OptionSpec> python = explore;
    python.emplace("labels", OptionSpec{"labels", Kind::words});
    static const std::map<std::string, std::map<std::string, OptionSpec>> table = {
        {"explore", explore},
        {"python", python},
        {"scaling",
         {{"seed", {"seed", Kind::whole}}, {"widths", {"widths", Kind::wholes}}, {"pairs", {"pairs", Kind::whole}},
          {"trials", {"trials", Kind::whole}}, {"keys", {"keys", Kind::whole}}, {"divisor", {"divisor", Kind::word}}}},
        {"hand-example",
         {{"queries", {"queries", Kind::rows}}, {"keys", {"keys", Kind::rows}}, {"values", {"values", Kind::rows}}}},
        {"validate", {}},
    };
    return table;
}

[[noreturn]] void bad(const std::string& option, const std::string& what) { throw UserError("--" + option + ": " + what); }

std::vector<std::string> split(const std::string& text, char sep) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (std::size_t at; (at = text.find(sep, start)) != std::string::npos; start = at + 1)
        parts.push_back(text.substr(start, at - start));
    parts.push_back(text.substr(start));
    return parts;
}

std::string trim(const std::string& s) {
    const auto a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t");
    return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

// Positions are 0-based and written like the JSON paths of the engine's messages: [1][0].
std::string position(std::size_t row, std::size_t item, bool with_row) {
    return with_row ? " (at [" + std::to_string(row) + "][" + std::to_string(item) + "])"
                    : " (at [" + std::to_string(item) + "])";
}

// Arguments become JSON strings, which must be UTF-8; a stray byte is the user's to fix.
bool valid_utf8(const std::string& text) {
    std::size_t i = 0;
    while (i < text.size()) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        const std::size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
        if (len == 0 || i + len > text.size()) return false;
        std::uint32_t code = len == 1 ? c : c & (0x7F >> len);
        for (std::size_t k = 1; k < len; ++k) {
            const unsigned char cc = static_cast<unsigned char>(text[i + k]);
            if ((cc >> 6) != 0x2) return false;
            code = (code << 6) | (cc & 0x3F);
        }
        // Overlong forms, UTF-16 surrogates and code points past U+10FFFF are not UTF-8.
        static const std::uint32_t kMin[] = {0, 0, 0x80, 0x800, 0x10000};
        if (code < kMin[len] || (code >= 0xD800 && code <= 0xDFFF) || code > 0x10FFFF) return false;
        i += len;
    }
    return true;
}

double parse_number(const std::string& option, const std::string& raw, const std::string& where) {
    const std::string text = trim(raw);
    if (text.empty()) bad(option, "empty item" + where);
    char* end = nullptr;
    errno = 0;
    const double x = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size()) bad(option, "\"" + text + "\" is not a number" + where);
    if (!std::isfinite(x) || errno == ERANGE) bad(option, "\"" + text + "\" is not a finite number" + where);
    return x;
}

json parse_whole(const std::string& option, const std::string& raw, const std::string& where) {
    const std::string text = trim(raw);
    const bool negative = !text.empty() && text[0] == '-';
    const std::string digits = negative ? text.substr(1) : text;
    if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos)
        bad(option, "\"" + text + "\" is not a whole number" + where);
    errno = 0;
    const unsigned long long magnitude = std::strtoull(digits.c_str(), nullptr, 10);
    if (errno == ERANGE) bad(option, "\"" + text + "\" is too large" + where);
    // A negative value goes through as a negative integer so the command's range check names it.
    if (negative) return magnitude == 0 ? json(0) : json(-static_cast<long long>(std::min(magnitude, 1ULL << 62)));
    return json(static_cast<std::uint64_t>(magnitude));
}

json convert(const std::string& option, Kind kind, const std::string& value) {
    switch (kind) {
        case Kind::word: return trim(value);
        case Kind::whole: return parse_whole(option, value, "");
        case Kind::numbers:
        case Kind::wholes:
        case Kind::flags:
        case Kind::words: {
            json list = json::array();
            const auto items = split(value, ',');
            for (std::size_t i = 0; i < items.size(); ++i) {
                const std::string where = position(0, i, false), item = trim(items[i]);
                if (kind == Kind::numbers) list.push_back(parse_number(option, item, where));
                else if (kind == Kind::wholes) list.push_back(parse_whole(option, item, where));
                else if (kind == Kind::words) list.push_back(item);
                else if (item == "1" || item == "true") list.push_back(true);
                else if (item == "0" || item == "false") list.push_back(false);
                else bad(option, "\"" + item + "\" is not 1, 0, true or false" + where);
            }
            return list;
        }
        case Kind::rows: {
            json rows = json::array();
            const auto lines = split(value, ';');
            for (std::size_t r = 0; r < lines.size(); ++r) {
                json row = json::array();
                const auto items = split(lines[r], ',');
                for (std::size_t i = 0; i < items.size(); ++i)
                    row.push_back(parse_number(option, items[i], position(r, i, true)));
                rows.push_back(row);
            }
            return rows;
        }
    }
    return nullptr;
}

}  // namespace

std::string usage() {
    return R"(usage: attnbook COMMAND [options]        (scripts/attnbook --wasm COMMAND ... runs the WebAssembly build)

commands:
  explore       one query against several sources: dots, scores, shares, carries, output
                  --query 2,1  --keys "-1,2;1,0;0,1"  --values "2,0;0,2;-1,-1"
                  --mask 1,1,1  --divisor sqrt|d|1
  python        the same row as a runnable Python 3 program (same options, plus --labels A,B,C)
  scaling       the scaling study drawn from numpy's default_rng(seed)
                  --seed 0  --widths 4,16,64,256  --pairs 20000  --trials 2000  --keys 6
                  --divisor sqrt|d|1
  hand-example  the small attention step that can be checked by hand
                  --queries "1,0;0,1"  --keys "1,0;0,1;1,1"  --values "10,0;0,10;5,5"
  validate      check notebook files: validate FILE...

Results are JSON on stdout; every number is {"exact": <double>, "shown": "<text>"}.
Errors go to stderr with a non-zero exit status. Option values may start with '-';
--name=value works too.
)";
}

ParsedLine parse_command_line(const std::vector<std::string>& argv) {
    ParsedLine line;
    if (argv.empty() || argv[0] == "help" || argv[0] == "--help" || argv[0] == "-h") {
        line.wants_help = true;
        return line;
    }
    for (std::size_t i = 0; i < argv.size(); ++i)
        if (!valid_utf8(argv[i])) throw UserError("argument " + std::to_string(i + 1) + " is not valid UTF-8");
    line.command = argv[0];
    const auto table = option_table().find(line.command);
    if (table == option_table().end()) {
        std::string known;
        for (const auto& entry : option_table()) known += (known.empty() ? "" : ", ") + entry.first;
        throw UserError("unknown command \"" + line.command + "\" (expected one of: " + known + ")");
    }
    for (std::size_t i = 1; i < argv.size(); ++i) {
        const std::string& word = argv[i];
        if (word == "--help" || word == "-h") {
            line.wants_help = true;
            continue;
        }
        if (word.rfind("--", 0) != 0) {
            if (line.command != "validate")
                throw UserError(line.command + ": unexpected argument \"" + word + "\" (options start with --)");
            line.files.push_back(word);
            continue;
        }
        std::string name = word.substr(2), value;
        const auto eq = name.find('=');
        if (eq != std::string::npos) {
            value = name.substr(eq + 1);
            name = name.substr(0, eq);
        } else {
            if (i + 1 >= argv.size()) throw UserError("--" + name + ": missing value");
            value = argv[++i];
        }
        const auto spec = table->second.find(name);
        if (spec == table->second.end()) {
            std::string known;
            for (const auto& entry : table->second) known += (known.empty() ? "--" : ", --") + entry.first;
            throw UserError(line.command + ": unknown option --" + name +
                            (known.empty() ? "" : " (expected one of: " + known + ")"));
        }
        if (line.args.contains(spec->second.field)) throw UserError("--" + name + ": given twice");
        line.args[spec->second.field] = convert(name, spec->second.kind, value);
    }
    if (line.command == "validate" && line.files.empty() && !line.wants_help)
        throw UserError("validate: name at least one notebook file");
    return line;
}

}  // namespace attnbook::cli
