// The field reader's walks over a bound table (field_reader.hpp) and its throw-mode source:
// CommandArgs reads each value with the messages the commands have always printed. For a command,
// a positive number's range and the shape of rows are the lesson's own checks (they name the
// lesson's rule), as before; the validator reports them at the field. For a cell's values read in
// throw mode (read_cell_values: a permalink's, merged into its cell) the source checks every bound
// of the entry itself, as the validator does, since no lesson check stands behind a cell's ranges.
#include "attnbook/notebook/field_reader.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "attnbook/core/errors.hpp"
#include "attnbook/core/text_join.hpp"

namespace attnbook {
namespace {

class ArgsFieldSource final : public FieldSource {
public:
    ArgsFieldSource(const CommandArgs& args, bool cell) : args_(args), cell_(cell) {}
    bool cell() const override { return cell_; }
    bool has(const Field& f) const override { return args_.has(f.name); }
    std::optional<std::uint64_t> whole(const Field& f) override {
        const std::uint64_t x = args_.whole(f.name, f.range.min, f.range.max);
        if (cell_)
            if (auto refusal = choice_refusal(f, x)) fail(f, {*refusal});
        return x;
    }
    std::optional<std::vector<std::size_t>> wholes(const Field& f) override {
        auto xs = args_.wholes(f.name, f.range.min, f.range.max);
        count(f, xs.size(), f.count);
        return xs;
    }
    std::optional<double> positive(const Field& f) override {
        const double x = args_.number(f.name);
        if (cell_ && !(x > 0 && x <= f.limit)) fail(f, {"must be greater than 0 and at most ", f.limit, ", found ", x});
        return x;
    }
    std::optional<std::vector<double>> numbers(const Field& f) override {
        auto xs = args_.numbers(f.name);
        count(f, xs.size(), f.count);
        sizes(f, xs);
        return xs;
    }
    std::optional<std::vector<std::vector<double>>> rows(const Field& f) override {
        auto rows = args_.rows(f.name);
        count(f, rows.size(), f.count);
        for (const auto& row : rows) count(f, row.size(), f.range, "each row");
        for (const auto& row : rows) sizes(f, row);
        return rows;
    }
    std::optional<std::vector<std::string>> strings(const Field& f) override {
        auto xs = args_.strings(f.name);
        count(f, xs.size(), f.count);
        return xs;
    }
    std::optional<std::vector<Flags>> flag_rows(const Field& f) override {
        auto rows = args_.flag_rows(f.name);
        count(f, rows.size(), f.count);
        for (const auto& row : rows) count(f, row.size(), f.range, "each row");
        return rows;
    }
    std::optional<Flags> flags(const Field& f) override {
        auto xs = args_.flags(f.name);
        count(f, xs.size(), f.count);
        return xs;
    }
    std::optional<std::size_t> choice(const Field& f) override {
        const std::string text = args_.text(f.name);
        const auto& names = f.names();
        for (std::size_t i = 0; i < names.size(); ++i)
            if (text == names[i]) return i;
        throw_format("{}: $.{}: \"{}\" is not one of {}", {args_.command(), f.name, text.substr(0, 32), listed(names)});
    }
    // Named as every other argument's message names its field: "COMMAND: $.divisor: ...".
    std::optional<Divisor> divisor(const Field& f) override {
        return parse_divisor(args_.text(f.name), join_text({args_.command(), ": $.", f.name}));
    }
    std::optional<bool> boolean(const Field& f) override { return args_.boolean(f.name); }
    // No command reads these kinds yet; a cell's value of them is a string or a number.
    std::optional<std::string> text(const Field& f) override { return args_.text(f.name); }
    std::optional<double> number(const Field& f) override { return args_.number(f.name); }

private:
    [[noreturn]] void fail(const Field& f, std::initializer_list<TextPart> what) const {
        throw UserError(join_text({args_.command(), ": $.", f.name, ": ", join_text(what)}));
    }
    // A cell's list holds `bounds` entries (a command's lists are its lesson's to check).
    void count(const Field& f, std::size_t n, WholeRange bounds, const char* what = "") const {
        if (cell_ && (n < bounds.min || n > bounds.max))
            fail(f, {what, *what ? " " : "", "must have between ", bounds.min, " and ", bounds.max, " entries, found ", n});
    }
    // Each of a cell's numbers is at most f.limit in size.
    void sizes(const Field& f, const std::vector<double>& xs) const {
        for (double x : xs)
            if (cell_ && std::abs(x) > f.limit) fail(f, {"numbers must be at most ", f.limit, " in size, found ", x});
    }

    const CommandArgs& args_;
    bool cell_;
};

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

std::optional<std::string> choice_refusal(const Field& f, std::uint64_t x) {
    if (f.kind != Field::whole_of || std::find(f.choices, f.choices + f.choice_count, x) != f.choices + f.choice_count)
        return std::nullopt;
    std::string list;
    for (std::size_t i = 0; i < f.choice_count; ++i) append_text(list, {i ? ", " : "", f.choices[i]});
    return join_text({"must be one of ", list, ", found ", x});
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

namespace {
// Throw mode over `args`: the fields of the command (or the cell) and `own` are the names known.
CommandArgs read_args(const char* who, const nlohmann::json& args, const BoundFields& fields, bool cell,
                      std::initializer_list<const char*> own) {
    std::vector<const char*> names;
    for (const BoundField& b : fields)
        if (applies(*b.field, cell)) names.push_back(b.field->name);
    names.insert(names.end(), own.begin(), own.end());
    CommandArgs reader(who, args, names);
    ArgsFieldSource src(reader, cell);
    read_fields(fields, src);
    return reader;
}
}  // namespace

CommandArgs read_command(const char* command, const nlohmann::json& args, const BoundFields& fields,
                         std::initializer_list<const char*> own) {
    return read_args(command, args, fields, false, own);
}

void read_cell_values(const char* who, const nlohmann::json& values, const BoundFields& fields) {
    read_args(who, values, fields, true, {});
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
