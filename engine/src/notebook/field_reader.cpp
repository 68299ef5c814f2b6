// The field reader (field_reader.hpp): the readers of one value, each check written once for
// both modes; CellValues, the source over values by field name (a cell's, a command's); the
// walks over a bound table; and the throw mode's entries, read_command and read_cell_values.
#include "attnbook/notebook/field_reader.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <set>

#include "attnbook/core/decimal_format.hpp"
#include "attnbook/core/errors.hpp"
#include "attnbook/core/quote.hpp"
#include "attnbook/core/text_join.hpp"

namespace attnbook {
namespace {

bool applies(const Field& f, bool cell) { return cell ? f.in_cell() : f.in_command(); }

template <class T>
T& member(const BoundField& b) {
    return *static_cast<T*>(b.member);
}

// Stores a value the source read (converted to the member's type: a whole number into a double
// or a size); false where the source refused it.
template <class T, class X>
bool take(std::optional<X> x, T& member) {
    if (!x) return false;
    member = static_cast<T>(std::move(*x));
    return true;
}

// A choice's member (an enum with an int's size, bound_type): its value is the name's place.
std::size_t choice_of(const BoundField& b) {
    int value;
    std::memcpy(&value, b.member, sizeof value);
    return static_cast<std::size_t>(value);
}
void set_choice(const BoundField& b, std::size_t place) {
    const int value = static_cast<int>(place);
    std::memcpy(b.member, &value, sizeof value);
}

// The member's value as JSON at `name` (a whole number held in a double prints as one).
void put(JsonOut& out, const char* name, const BoundField& b) {
    switch (b.type) {
        case BoundField::u64: out.set(name, member<std::uint64_t>(b)); break;
        case BoundField::size: out.set(name, member<std::size_t>(b)); break;
        case BoundField::real:
            if (b.field->kind == Field::positive || b.field->kind == Field::number)
                out.set(name, member<double>(b));
            else
                out.set(name, static_cast<std::uint64_t>(member<double>(b)));
            break;
        case BoundField::sizes: out.set(name, member<std::vector<std::size_t>>(b)); break;
        case BoundField::reals: out.set(name, member<std::vector<double>>(b)); break;
        case BoundField::real_rows: out.set(name, member<std::vector<std::vector<double>>>(b)); break;
        case BoundField::texts: out.set(name, member<std::vector<std::string>>(b)); break;
        case BoundField::text: out.set(name, member<std::string>(b)); break;
        case BoundField::checked: break;  // the cell's check writes it
        case BoundField::flag_rows: {
            nlohmann::json& rows = out.array(name);
            for (const Flags& row : member<std::vector<Flags>>(b)) {
                nlohmann::json& entries = rows.emplace_back(nlohmann::json::array());
                for (const std::uint8_t x : row) entries.push_back(x != 0);
            }
            break;
        }
        case BoundField::flags: out.set(name, member<Flags>(b)); break;
        case BoundField::choice: out.set(name, b.field->names()[choice_of(b)]); break;
        case BoundField::divisor: out.set(name, divisor_name(member<Divisor>(b))); break;
        case BoundField::boolean: out.set(name, member<bool>(b)); break;
    }
}

void write_range(JsonOut& entry, const Field& f) {
    switch (f.kind) {
        case Field::wholes:
            entry.set("min_count", f.count.min).set("max_count", f.count.max);
            [[fallthrough]];
        case Field::whole:
            entry.set("min", f.range.min).set("max", f.range.max);
            break;
        case Field::whole_of:
            entry.set("choices", std::vector<std::size_t>(f.choices, f.choices + f.choice_count));
            break;
        case Field::positive:
            entry.set("max", f.limit);
            break;
        case Field::numbers:
            entry.set("min_count", f.count.min).set("max_count", f.count.max).set("max_abs", f.limit);
            break;
        case Field::strings:
            entry.set("max_count", f.count.max).set("max_chars", f.range.max);
            break;
        case Field::rows:
            entry.set("min_rows", f.count.min).set("max_rows", f.count.max).set("max_width", f.range.max).set("max_abs", f.limit);
            break;
        // The notebook's own fields, whose limits `limits` lists under "notebook" (limits.cpp).
        case Field::text:
        case Field::markdown:
        case Field::id:
        case Field::url:
        case Field::formula:
        case Field::version:
        case Field::number:
        case Field::markdowns:
        case Field::options:
        case Field::objects:
        case Field::labels:
        case Field::flag_rows:
        case Field::flags:
        case Field::object:
        case Field::depths:
        case Field::choice:
        case Field::divisor:
        case Field::boolean:
            break;
    }
}

}  // namespace

void expected(ErrorSink& sink, const std::string& path, const char* what, const nlohmann::json& value) {
    sink.error(path, {"expected ", what, ", found ", json_kind(value)});
}

std::optional<bool> read_bool(ErrorSink& sink, const nlohmann::json& value, const std::string& path) {
    if (!value.is_boolean()) {
        expected(sink, path, "true or false", value);
        return std::nullopt;
    }
    return value.get<bool>();
}

std::optional<std::uint64_t> read_whole(ErrorSink& sink, const nlohmann::json& value, const std::string& path,
                                        WholeRange range) {
    if (!value.is_number()) {
        expected(sink, path, "a whole number", value);
        return std::nullopt;
    }
    // 5, -5 and 5.0 alike, compared as a double: exact for every whole range here (at most 2^53 - 1);
    // a larger number is out of range as its double is too. Printed as written.
    const double d = value.get<double>();
    if (d != std::floor(d)) {
        sink.error(path, {"expected a whole number, found ", d});
        return std::nullopt;
    }
    if (d >= static_cast<double>(range.min) && d <= static_cast<double>(range.max)) return static_cast<std::uint64_t>(d);
    const TextPart found = value.is_number_unsigned() ? TextPart(value.get<std::uint64_t>())
                           : value.is_number_integer() ? TextPart(value.get<long long>())
                                                       : TextPart(d);
    sink.error(path, {"must be between ", range.min, " and ", range.max, ", found ", found});
    return std::nullopt;
}

std::optional<double> read_number(ErrorSink& sink, const nlohmann::json& value, const std::string& path, double limit) {
    if (!value.is_number()) {
        expected(sink, path, "a number", value);
        return std::nullopt;
    }
    const double x = value.get<double>();
    if (!std::isfinite(x) || std::fabs(x) > limit) {
        sink.error(path, {"must be between ", -limit, " and ", limit, ", found ", x});
        return std::nullopt;
    }
    return x;
}

bool check_count(ErrorSink& sink, const std::string& path, std::size_t size, WholeRange count, const char* one,
                 const char* many) {
    if (size >= count.min && size <= count.max) return true;
    sink.error(path, {"must have between ", count.min, " and ", counted(count.max, one, many), ", found ", size});
    return false;
}

std::optional<Forbidden> forbidden_character(const std::string& utf8) {
    std::size_t character = 0;
    for (std::size_t i = 0; i < utf8.size(); ++i) {
        const auto c = static_cast<unsigned char>(utf8[i]);
        if ((c & 0xC0) == 0x80) continue;  // a continuation byte: part of the character before
        unsigned code = c;
        if (c >= 0xE0 && c < 0xF0 && i + 2 < utf8.size())  // three bytes: U+0800..U+FFFF (the text is valid UTF-8)
            code = ((c & 0x0Fu) << 12) | ((static_cast<unsigned char>(utf8[i + 1]) & 0x3Fu) << 6) |
                   (static_cast<unsigned char>(utf8[i + 2]) & 0x3Fu);
        const bool control = (code < 0x20 && code != '\t' && code != '\n' && code != '\r') || code == 0x7f;
        if (control || code == 0xFFFE || code == 0xFFFF || (code >= 0xD800 && code <= 0xDFFF))
            return Forbidden{character, code, control};
        ++character;
    }
    return std::nullopt;
}

std::optional<std::string> read_string(ErrorSink& sink, const nlohmann::json& value, const std::string& path,
                                       std::size_t min_chars, std::size_t max_chars) {
    if (!value.is_string()) {
        expected(sink, path, "a string", value);
        return std::nullopt;
    }
    const std::string& text = value.get_ref<const std::string&>();
    std::size_t chars = 0;
    for (unsigned char byte : text) chars += (byte & 0xC0) != 0x80;
    if (chars < min_chars) {
        if (min_chars == 1)
            sink.error(path, {"must not be empty"});
        else
            sink.error(path, {"must have at least ", counted(min_chars, "character", "characters")});
        return std::nullopt;
    }
    if (chars > max_chars) {
        sink.error(path, {"must have at most ", counted(max_chars, "character", "characters"), ", found ", chars});
        return std::nullopt;
    }
    // Reported, and the text still returned: the field's own checks run on (a Markdown text's links
    // are checked too), as they did when only Markdown refused these.
    if (const auto bad = forbidden_character(text)) {
        sink.error(path, {"the text contains ", bad->control ? "the control character " : "the noncharacter ",
                          hex_text("U+", bad->code, 4), " at character ", bad->character, " (counted from 0); remove it"});
    }
    return text;
}

namespace {
constexpr WholeRange any_count{0, ~std::uint64_t{0}};

std::optional<std::vector<double>> read_vector(ErrorSink& sink, const nlohmann::json& value, const std::string& path,
                                               WholeRange count, double limit) {
    return read_list<double>(sink, value, path, "an array of numbers", count, "number", "numbers",
                             [&](const nlohmann::json& x, const std::string& at) { return read_number(sink, x, at, limit); });
}

// A whole_of field's refusal of `x` ("must be one of 4, 16, 64, found 8"), or nothing when x is
// one of its choices (or the field has none).
std::optional<std::string> choice_refusal(const Field& f, std::uint64_t x) {
    if (f.kind != Field::whole_of || std::find(f.choices, f.choices + f.choice_count, x) != f.choices + f.choice_count)
        return std::nullopt;
    std::string list;
    for (std::size_t i = 0; i < f.choice_count; ++i) append_text(list, {i ? ", " : "", f.choices[i]});
    return join_text({"must be one of ", list, ", found ", x});
}
}  // namespace

bool CellValues::has(const Field& f) const {
    const nlohmann::json* v = json_member(object_, f.name);
    return v && (cell_ || !v->is_null());
}

WholeRange CellValues::count(const Field& f) const { return cell_ ? f.count : any_count; }
WholeRange CellValues::range(const Field& f) const { return cell_ ? f.range : any_count; }
double CellValues::limit(const Field& f) const { return cell_ ? f.limit : std::numeric_limits<double>::max(); }

// One row of a mask: an array of true/false (a command's: or 1/0), each entry read.
std::optional<Flags> CellValues::read_flags(const nlohmann::json& given, const std::string& at) {
    return read_list<std::uint8_t>(sink_, given, at, "an array of true/false", any_count, "", "",
                                   [&](const nlohmann::json& x, const std::string& entry_at) -> std::optional<std::uint8_t> {
                                       const double d = x.is_number() ? x.get<double>() : -1;
                                       if (!cell_ && (d == 0 || d == 1)) return d == 1;
                                       const auto b = read_bool(sink_, x, entry_at);
                                       return b ? std::optional<std::uint8_t>(*b) : std::nullopt;
                                   });
}

std::optional<std::uint64_t> CellValues::whole(const Field& f) {
    const auto x = read_whole(sink_, value(f), at(f), f.range);
    if (!x) return std::nullopt;
    if (auto refusal = cell_ ? choice_refusal(f, *x) : std::nullopt) {
        sink_.error(at(f), {*refusal});
        return std::nullopt;
    }
    return x;
}

std::optional<std::vector<std::size_t>> CellValues::wholes(const Field& f) {
    return read_list<std::size_t>(sink_, value(f), at(f), "an array of whole numbers", count(f), f.name, f.name,
                                  [&](const nlohmann::json& x, const std::string& entry_at) {
                                      const auto w = read_whole(sink_, x, entry_at, f.range);
                                      return w ? std::optional(static_cast<std::size_t>(*w)) : std::nullopt;
                                  });
}

std::optional<double> CellValues::positive(const Field& f) {
    const auto x = read_number(sink_, value(f), at(f), limit(f));
    if (x && cell_ && *x <= 0) {
        sink_.error(at(f), {"must be greater than 0, found ", *x});
        return std::nullopt;
    }
    return x;
}

std::optional<std::vector<double>> CellValues::numbers(const Field& f) {
    return read_vector(sink_, value(f), at(f), count(f), limit(f));
}

std::optional<std::vector<std::vector<double>>> CellValues::rows(const Field& f) {
    return read_list<std::vector<double>>(sink_, value(f), at(f), "an array of rows (arrays of numbers)", count(f), "row",
                                          "rows", [&](const nlohmann::json& row, const std::string& row_at) {
                                              return read_vector(sink_, row, row_at, range(f), limit(f));
                                          });
}

// strings, labels and markdowns (a count that is the cell's check), options (f.count); labels and
// options each once.
std::optional<std::vector<std::string>> CellValues::strings(const Field& f) {
    const char* noun = f.kind == Field::options ? f.name : "";
    std::set<std::string> seen;
    return read_list<std::string>(sink_, value(f), at(f), "an array of strings", *noun ? f.count : any_count, noun, noun,
                                  [&](const nlohmann::json& x, const std::string& entry_at) -> std::optional<std::string> {
                                      auto text = read_text(f, x, entry_at);
                                      if (!text || (f.kind != Field::labels && f.kind != Field::options) ||
                                          seen.insert(*text).second)
                                          return text;
                                      if (f.kind == Field::labels)
                                          sink_.error(entry_at, {"label ", in_quotes(*text), " is used twice"});
                                      else
                                          sink_.error(entry_at, {"option ", in_quotes(*text), " is listed twice"});
                                      return std::nullopt;
                                  });
}

std::optional<std::string> CellValues::read_text(const Field& f, const nlohmann::json& value, const std::string& at) {
    if (cell_) return read_string(sink_, value, at, f.range.min, f.range.max);
    // A command's string may hold any character: a Python program's labels are escaped there.
    if (value.is_string()) return value.get<std::string>();
    expected(sink_, at, "a string", value);
    return std::nullopt;
}

std::optional<std::vector<Flags>> CellValues::flag_rows(const Field& f) {
    return read_list<Flags>(sink_, value(f), at(f), "an array of rows of true/false", any_count, "", "",
                            [&](const nlohmann::json& row, const std::string& row_at) { return read_flags(row, row_at); });
}

std::optional<Flags> CellValues::flags(const Field& f) { return read_flags(value(f), at(f)); }

namespace {
// One of `names` (a string: a normalizer, a divisor), else "expected one of a, b, found ...": its
// place in `names`.
std::optional<std::size_t> read_choice(ErrorSink& sink, const nlohmann::json& value, const std::string& path,
                                       const std::vector<std::string>& names) {
    if (value.is_string()) {
        const std::string& text = value.get_ref<const std::string&>();
        for (std::size_t i = 0; i < names.size(); ++i)
            if (text == names[i]) return i;
        sink.error(path, {"expected one of ", listed(names), ", found ", in_quotes(text)});
    } else {
        sink.error(path, {"expected one of ", listed(names), ", found ", json_kind(value)});
    }
    return std::nullopt;
}
}  // namespace

std::optional<std::size_t> CellValues::choice(const Field& f) { return read_choice(sink_, value(f), at(f), f.names()); }

std::optional<Divisor> CellValues::divisor(const Field& f) {
    const auto place = read_choice(sink_, value(f), at(f), divisor_names());
    if (!place) return std::nullopt;
    return static_cast<Divisor>(*place);  // divisor_names() is in Divisor's order
}

void ThrowSink::error(const std::string& path, std::initializer_list<TextPart> message) {
    throw_user_error({who_, ": ", path, ": ", join_text(message)});
}

void read_cell_values(const char* who, const nlohmann::json& values, const BoundFields& fields) {
    ThrowSink sink(who);
    const std::string root = "$";
    CellValues src(sink, values, root);
    read_fields(fields, src);
}

void bind_field(BoundFields& out, const Field& f, BoundField::Type type, void* member) {
    out.push_back({&f, type, member});
}

void read_fields(const BoundFields& fields, FieldSource& src, std::vector<FieldRead>* states) {
    if (states) states->assign(fields.size(), FieldRead::absent);
    for (std::size_t i = 0; i < fields.size(); ++i) {
        const BoundField& b = fields[i];
        const Field& f = *b.field;
        if (!applies(f, src.cell()) || b.type == BoundField::checked || !src.has(f)) continue;
        bool ok = false;  // false: the source refused the value and said why
        switch (b.type) {
            case BoundField::u64: ok = take(src.whole(f), member<std::uint64_t>(b)); break;
            case BoundField::size: ok = take(src.whole(f), member<std::size_t>(b)); break;
            case BoundField::real:
                ok = f.kind == Field::positive ? take(src.positive(f), member<double>(b))
                     : f.kind == Field::number ? take(src.number(f), member<double>(b))
                                               : take(src.whole(f), member<double>(b));
                break;
            case BoundField::sizes: ok = take(src.wholes(f), member<std::vector<std::size_t>>(b)); break;
            case BoundField::reals: ok = take(src.numbers(f), member<std::vector<double>>(b)); break;
            case BoundField::real_rows: ok = take(src.rows(f), member<std::vector<std::vector<double>>>(b)); break;
            case BoundField::texts: ok = take(src.strings(f), member<std::vector<std::string>>(b)); break;
            case BoundField::text: ok = take(src.text(f), member<std::string>(b)); break;
            case BoundField::flag_rows: ok = take(src.flag_rows(f), member<std::vector<Flags>>(b)); break;
            case BoundField::flags: ok = take(src.flags(f), member<Flags>(b)); break;
            case BoundField::divisor: ok = take(src.divisor(f), member<Divisor>(b)); break;
            case BoundField::choice:
                if (auto x = src.choice(f)) set_choice(b, *x), ok = true;
                break;
            case BoundField::boolean: ok = take(src.boolean(f), member<bool>(b)); break;
            case BoundField::checked: break;  // left out above
        }
        if (states) (*states)[i] = ok ? FieldRead::read : FieldRead::refused;
    }
}

void write_fields(const BoundFields& fields, JsonOut& out, bool cell, const std::vector<FieldRead>* states) {
    for (std::size_t i = 0; i < fields.size(); ++i) {
        const BoundField& b = fields[i];
        const bool left_out = states && (*states)[i] != FieldRead::read && b.field->presence != Field::defaulted;
        if (applies(*b.field, cell) && !left_out) put(out, b.field->name, b);
    }
}

std::vector<Field> field_entries(const BoundFields& fields, bool cell) {
    std::vector<Field> out;
    for (const BoundField& b : fields)
        if (applies(*b.field, cell)) out.push_back(*b.field);
    return out;
}

CommandArgs read_command(const char* command, const nlohmann::json& args, const BoundFields& fields,
                         std::initializer_list<const char*> own) {
    std::vector<const char*> names;  // the names known: the command's fields and `own`
    for (const BoundField& b : fields)
        if (b.field->in_command()) names.push_back(b.field->name);
    names.insert(names.end(), own.begin(), own.end());
    CommandArgs reader(command, args, names);
    ThrowSink sink(command);
    const std::string root = "$";
    CellValues src(sink, args, root, false);
    read_fields(fields, src);
    return reader;
}

void write_field_limits(const BoundFields& fields, JsonOut parent, bool cell) {
    for (const BoundField& b : fields) {
        if (!applies(*b.field, cell) || b.field->kind == Field::boolean) continue;
        JsonOut entry = parent.object(b.field->name);
        put(entry, "default", b);
        write_range(entry, *b.field);
    }
}

}  // namespace attnbook
