#pragma once
// The one reader of field tables (core/field.hpp). A lesson's table is a function
// `fields(Input&, field)` beside its input struct that calls field(entry, member) for each field
// (the entries are constants beside it, so a table costs no code to build);
// bind_fields turns it into data (each entry with the address and type of its member), and one
// reader walks that list (read_fields) over one source of values, CellValues, in one of two modes,
// set by where its errors go (ErrorSink):
//   throw   a command's arguments (read_command_fields) or a cell's values for a command
//           (read_cell_values): the first bad value throws "WHO: $.name: ..."; a command's unknown
//           arguments are refused against the table's names (CommandArgs).
//   collect a notebook cell (the validator's CellFieldSource, validate_context.hpp): every bad
//           value is reported at its JSON path and reading goes on.
// Each check of one value (a number's limit, a whole number's range, a list's count, a row's
// width, a flag's form, a string's length) is written once, in the readers below, with one
// wording for both modes; the table, not the source, says which fields exist, their kinds,
// ranges and defaults. The same walk writes a struct back as JSON (a normalised cell, an example,
// the defaults in `limits`).
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include <nlohmann/json.hpp>

#include "attnbook/core/field.hpp"
#include "attnbook/core/flags.hpp"
#include "attnbook/lessons/divisor.hpp"
#include "attnbook/notebook/command_args.hpp"
#include "attnbook/notebook/json_out.hpp"
#include "attnbook/notebook/json_text.hpp"
#include "attnbook/core/text_join.hpp"

namespace attnbook {

class FieldSource {
public:
    virtual ~FieldSource() = default;
    virtual bool cell() const = 0;  // a notebook cell (reads the cell's fields), else a command
    virtual bool has(const Field& f) const = 0;
    // The value, or nullopt after reporting why (collect mode; throw mode throws instead).
    virtual std::optional<std::uint64_t> whole(const Field& f) = 0;
    virtual std::optional<std::vector<std::size_t>> wholes(const Field& f) = 0;
    virtual std::optional<double> positive(const Field& f) = 0;
    virtual std::optional<std::vector<double>> numbers(const Field& f) = 0;
    virtual std::optional<std::vector<std::vector<double>>> rows(const Field& f) = 0;
    virtual std::optional<std::vector<std::string>> strings(const Field& f) = 0;  // strings, labels, markdowns, options
    virtual std::optional<std::string> text(const Field& f) = 0;                   // text, markdown, id, url
    virtual std::optional<double> number(const Field& f) = 0;
    virtual std::optional<std::vector<Flags>> flag_rows(const Field& f) = 0;
    virtual std::optional<Flags> flags(const Field& f) = 0;
    virtual std::optional<std::size_t> choice(const Field& f) = 0;  // the name's place in f.names()
    virtual std::optional<Divisor> divisor(const Field& f) = 0;
    virtual std::optional<bool> boolean(const Field& f) = 0;
};

// Where the readers of one value below report a bad value, which makes the reader's mode:
// collect keeps the error and reading goes on (the validator's Context, validate_context.hpp),
// throw mode throws it (read_cell_values). The readers return nullopt after reporting.
class ErrorSink {
public:
    virtual void error(const std::string& path, std::initializer_list<TextPart> message) = 0;

protected:
    ~ErrorSink() = default;
};

// The readers of one JSON value, each check and its wording written once for both modes.
// "expected WHAT, found " + json_kind(value), at path.
void expected(ErrorSink& sink, const std::string& path, const char* what, const nlohmann::json& value);
std::optional<bool> read_bool(ErrorSink& sink, const nlohmann::json& value, const std::string& path);
// A whole number (2 or 2.0, not 2.5) in `range`.
std::optional<std::uint64_t> read_whole(ErrorSink& sink, const nlohmann::json& value, const std::string& path,
                                        WholeRange range);
// A finite number with |x| <= limit.
std::optional<double> read_number(ErrorSink& sink, const nlohmann::json& value, const std::string& path, double limit);
// A list's length in `count`, else "must have between 1 and 8 numbers, found 9" (`one`/`many`
// name an entry: "number", "numbers").
bool check_count(ErrorSink& sink, const std::string& path, std::size_t size, WholeRange count, const char* one,
                 const char* many);
// A string of min_chars..max_chars characters (code points), none of them forbidden_character.
std::optional<std::string> read_string(ErrorSink& sink, const nlohmann::json& value, const std::string& path,
                                       std::size_t min_chars, std::size_t max_chars);
// The first character no notebook text may hold, in any field: the C0 controls but tab, LF and
// CR, DEL, the noncharacters U+FFFE and U+FFFF, and surrogates. None is meant in a lesson; XML 1.0
// cannot carry most of them even as &#N; (the SCORM manifest would be ill-formed); terminals act
// on them; markdown-it reads NUL as U+FFFD. read_string applies it, so every string field does.
struct Forbidden {
    std::size_t character;  // its place, in characters, counted from 0
    unsigned code;          // its code point
    bool control;           // a control character (else a noncharacter or a surrogate)
};
std::optional<Forbidden> forbidden_character(const std::string& utf8);

// An array of count.min..count.max entries (check_count), each read by `entry(value, path)` with
// every error reported: the entries, or nullopt after "expected WHAT, found ..." or any error.
template <class T, class Entry>
std::optional<std::vector<T>> read_list(ErrorSink& sink, const nlohmann::json& value, const std::string& path,
                                        const char* what, WholeRange count, const char* one, const char* many,
                                        Entry&& entry) {
    if (!value.is_array()) {
        expected(sink, path, what, value);
        return std::nullopt;
    }
    bool ok = check_count(sink, path, value.size(), count, one, many);
    std::vector<T> out;
    for (std::size_t i = 0; i < value.size(); ++i) {
        auto x = entry(value[i], json_path_index(path, i));
        if (x) out.push_back(std::move(*x));
        ok = ok && x;
    }
    if (!ok) return std::nullopt;
    return out;
}

// Values by field name (a JSON object at `path`) read field by field, each bad value reported to
// `sink`: a cell's (`cell`: the validator's source, collect, whose CellFieldSource reads the
// Markdown, id, url, version and formula texts, read_text; and read_cell_values', throw) or a
// command's arguments (read_command, throw). A cell's entries are checked against every bound of
// the entry (ranges, counts, sizes, choices); a command's whole numbers against their range only,
// its counts, sizes and shapes being the lesson's own checks (they name the lesson's rule), and a
// command takes 1/0 for true/false and null for a value left out (what JavaScript sends).
class CellValues : public FieldSource {
public:
    CellValues(ErrorSink& sink, const nlohmann::json& object, const std::string& path, bool cell = true)
        : sink_(sink), object_(object), path_(path), cell_(cell) {}
    bool cell() const override { return cell_; }
    bool has(const Field& f) const override;
    std::optional<std::uint64_t> whole(const Field& f) override;
    std::optional<std::vector<std::size_t>> wholes(const Field& f) override;
    std::optional<double> positive(const Field& f) override;
    std::optional<std::vector<double>> numbers(const Field& f) override;
    std::optional<std::vector<std::vector<double>>> rows(const Field& f) override;
    std::optional<std::vector<std::string>> strings(const Field& f) override;
    std::optional<std::string> text(const Field& f) override { return read_text(f, value(f), at(f)); }
    std::optional<double> number(const Field& f) override { return read_number(sink_, value(f), at(f), limit(f)); }
    std::optional<std::vector<Flags>> flag_rows(const Field& f) override;
    std::optional<Flags> flags(const Field& f) override;
    std::optional<std::size_t> choice(const Field& f) override;
    std::optional<Divisor> divisor(const Field& f) override;
    std::optional<bool> boolean(const Field& f) override { return read_bool(sink_, value(f), at(f)); }

protected:
    // One text of f's kind at `at` (an entry of a list of texts too): here a plain string.
    virtual std::optional<std::string> read_text(const Field& f, const nlohmann::json& value, const std::string& at);
    const nlohmann::json& value(const Field& f) const { return *json_member(object_, f.name); }
    std::string at(const Field& f) const { return json_path_member(path_, f.name); }
    ErrorSink& sink_;

private:
    // The bounds a cell's values are held to; a command's lists and numbers are its lesson's to check.
    WholeRange count(const Field& f) const;
    WholeRange range(const Field& f) const;
    double limit(const Field& f) const;
    std::optional<Flags> read_flags(const nlohmann::json& value, const std::string& at);
    const nlohmann::json& object_;
    const std::string& path_;
    bool cell_;
};

// Throw mode's sink: the first error, thrown as UserError("WHO: PATH: message").
class ThrowSink final : public ErrorSink {
public:
    explicit ThrowSink(const char* who) : who_(who) {}
    void error(const std::string& path, std::initializer_list<TextPart> message) override;

private:
    const char* who_;
};

// The member of a field that the cell's own check reads (an object, a list of objects, the
// notebook's cells): the table names and describes the field, the reader leaves it alone.
struct ReadByCheck {};

// One entry of a table with the member it fills: the table as data, walked by plain functions
// (one copy of the reader, not one per input struct).
struct BoundField {
    enum Type : unsigned char {
        u64, size, real, sizes, reals, real_rows, texts, text, flag_rows, flags, divisor, choice, boolean, checked
    };
    const Field* field;  // the table's entry (static data)
    Type type;
    void* member;
};
using BoundFields = std::vector<BoundField>;

template <class T>
constexpr BoundField::Type bound_type() {
    if constexpr (std::is_same_v<T, Divisor>) return BoundField::divisor;
    else if constexpr (std::is_same_v<T, bool>) return BoundField::boolean;
    else if constexpr (std::is_same_v<T, std::vector<std::size_t>>) return BoundField::sizes;
    else if constexpr (std::is_same_v<T, std::vector<double>>) return BoundField::reals;
    else if constexpr (std::is_same_v<T, std::vector<std::vector<double>>>) return BoundField::real_rows;
    else if constexpr (std::is_same_v<T, std::vector<std::string>>) return BoundField::texts;
    else if constexpr (std::is_same_v<T, std::string>) return BoundField::text;
    else if constexpr (std::is_same_v<T, ReadByCheck>) return BoundField::checked;
    else if constexpr (std::is_same_v<T, std::vector<Flags>>) return BoundField::flag_rows;
    else if constexpr (std::is_same_v<T, Flags>) return BoundField::flags;
    else if constexpr (std::is_enum_v<T>) {
        // A choice: the enum's value is the name's place (read and written as an int's bytes).
        static_assert(sizeof(T) == sizeof(int), "a choice's enum has an int's size");
        return BoundField::choice;
    }
    else if constexpr (std::is_same_v<T, double>) return BoundField::real;
    else if constexpr (std::is_same_v<T, std::uint64_t>) return BoundField::u64;
    else {
        static_assert(std::is_same_v<T, std::size_t>, "a field's member is a whole number, a double, a list, a Divisor or a bool");
        return BoundField::size;
    }
}

// Appends one entry (out of line: a table's binding is then one call per field).
void bind_field(BoundFields& out, const Field& f, BoundField::Type type, void* member);

// `in`'s table, each entry bound to its member of `in`.
template <class Input>
BoundFields bind_fields(Input& in) {
    BoundFields out;
    fields(in, [&](const Field& f, auto& member) { bind_field(out, f, bound_type<std::decay_t<decltype(member)>>(), &member); });
    return out;
}

// What became of each field in one read: left out, read into its member, or refused (reported).
enum class FieldRead : unsigned char { absent, read, refused };
// Fills the members from `src`: each field of the cell (or the command) that the source has and
// reads; the others keep their value (the defaults, for a default-constructed struct). `states`,
// when given, receives what became of each field, in the list's order (for a cell's checks
// between fields).
void read_fields(const BoundFields& fields, FieldSource& src, std::vector<FieldRead>* states = nullptr);
// Every field of the cell (or the command) with its member's value. With `states` (read_fields'),
// a field without a default (Field::optional, Field::required) only when it was read.
void write_fields(const BoundFields& fields, JsonOut& out, bool cell, const std::vector<FieldRead>* states = nullptr);
// The entries of the cell (or the command), in order.
std::vector<Field> field_entries(const BoundFields& fields, bool cell);
// Throw mode: `args` read into the members; unknown arguments refused, naming the table's fields
// and then `own`, the arguments the command reads itself from the result.
CommandArgs read_command(const char* command, const nlohmann::json& args, const BoundFields& fields,
                         std::initializer_list<const char*> own = {});
// Throw mode over a cell's values (`values`: JSON by field name; the `restore` command merges a
// permalink's values into a cell so): each read into its member as the cell's field by the
// validator's readers (every bound of the entry: ranges, counts, sizes, choices, with the
// validator's wording), the first bad one thrown as "WHO: $.name: ...".
void read_cell_values(const char* who, const nlohmann::json& values, const BoundFields& fields);
// `limits` for one table: {"name": {"min", "max", "default"}} per whole field ("min_count" and
// "max_count" too for a list, "choices" for one of a list), {"max", "default"} per positive one,
// {"default"} per divisor; a switch (true or false) has no limits and is left out.
void write_field_limits(const BoundFields& fields, JsonOut parent, bool cell);

template <class Input>
void write_fields(Input in, JsonOut& out, bool cell) {
    write_fields(bind_fields(in), out, cell);
}
template <class Input>
std::vector<Field> field_list(bool cell) {
    Input in{};
    return field_entries(bind_fields(in), cell);
}
// A command's arguments read by the table (throw mode); what is left out keeps `in`'s value.
template <class Input>
Input read_command_fields(const char* command, const nlohmann::json& args, Input in = Input{}) {
    read_command(command, args, bind_fields(in));
    return in;
}
// The same for a command with arguments of its own (`own`, read from the result), into `in`.
template <class Input>
CommandArgs read_command_fields(const char* command, const nlohmann::json& args, Input& in,
                                std::initializer_list<const char*> own) {
    return read_command(command, args, bind_fields(in), own);
}
template <class Input>
void write_field_limits(JsonOut parent, bool cell) {
    Input defaults{};
    write_field_limits(bind_fields(defaults), parent, cell);
}

}  // namespace attnbook
