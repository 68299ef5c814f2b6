#pragma once
// The one reader of field tables (core/field.hpp). A lesson's table is a function
// `fields(Input&, field)` beside its input struct that calls field(entry, member) for each field;
// the reader walks it in one of two modes, set by where the values come from (FieldSource):
//   throw   a command's arguments (ArgsFieldSource, over CommandArgs): the first bad value throws
//           "COMMAND: $.name: ..."; unknown arguments are refused against the table's names.
//   collect a notebook cell (the validator's CellFieldSource, validate_context.hpp): every bad
//           value is reported at its JSON path and reading goes on.
// Each source reads one value of one kind with the messages that mode has always printed; the
// table, not the source, says which fields exist, their kinds, ranges and defaults. The same walk
// writes a struct back as JSON (a normalised cell, an example, the defaults in `limits`).
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include <nlohmann/json.hpp>

#include "attnbook/core/field.hpp"
#include "attnbook/lessons/divisor.hpp"
#include "attnbook/notebook/command_args.hpp"
#include "attnbook/notebook/json_out.hpp"

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
    virtual std::optional<std::vector<std::vector<double>>> rows(const Field& f) = 0;
    virtual std::optional<Divisor> divisor(const Field& f) = 0;
    virtual std::optional<bool> boolean(const Field& f) = 0;
};

// Throw mode: a command's arguments (CommandArgs's messages).
class ArgsFieldSource final : public FieldSource {
public:
    explicit ArgsFieldSource(const CommandArgs& args) : args_(args) {}
    bool cell() const override { return false; }
    bool has(const Field& f) const override { return args_.has(f.name); }
    std::optional<std::uint64_t> whole(const Field& f) override;
    std::optional<std::vector<std::size_t>> wholes(const Field& f) override;
    std::optional<double> positive(const Field& f) override;
    std::optional<std::vector<std::vector<double>>> rows(const Field& f) override;
    std::optional<Divisor> divisor(const Field& f) override;
    std::optional<bool> boolean(const Field& f) override { return args_.boolean(f.name); }

private:
    const CommandArgs& args_;
};

namespace field_walk {

template <class T>
void take(FieldSource& src, const Field& f, T& member) {
    if constexpr (std::is_same_v<T, Divisor>) {
        if (auto x = src.divisor(f)) member = *x;
    } else if constexpr (std::is_same_v<T, bool>) {
        if (auto x = src.boolean(f)) member = *x;
    } else if constexpr (std::is_same_v<T, std::vector<std::size_t>>) {
        if (auto x = src.wholes(f)) member = std::move(*x);
    } else if constexpr (std::is_same_v<T, std::vector<std::vector<double>>>) {
        if (auto x = src.rows(f)) member = std::move(*x);
    } else if constexpr (std::is_floating_point_v<T>) {
        if (f.kind == Field::positive) {
            if (auto x = src.positive(f)) member = *x;
        } else if (auto x = src.whole(f)) {
            member = static_cast<T>(*x);
        }
    } else {
        static_assert(std::is_unsigned_v<T>, "a whole-number field's member is unsigned (or a double)");
        if (auto x = src.whole(f)) member = static_cast<T>(*x);
    }
}

template <class T>
void put(JsonOut& out, const Field& f, const T& member) {
    if constexpr (std::is_same_v<T, Divisor>)
        out.set(f.name, divisor_name(member));
    else if constexpr (std::is_same_v<T, bool>)
        out.set(f.name, member);
    else if constexpr (std::is_floating_point_v<T>)
        f.kind == Field::positive ? out.set(f.name, static_cast<double>(member))
                                  : out.set(f.name, static_cast<std::uint64_t>(member));
    else
        out.set(f.name, member);
}

}  // namespace field_walk

// Fills `in` from `src`: each field of the table that the source has and reads; the others keep
// their value (the defaults, for a default-constructed struct).
template <class Input>
void read_fields(Input& in, FieldSource& src) {
    fields(in, [&](const Field& f, auto& member) {
        if ((src.cell() ? f.in_cell() : f.in_command()) && src.has(f)) field_walk::take(src, f, member);
    });
}

// Every field of the cell (or the command) with its value in `in`.
template <class Input>
void write_fields(Input in, JsonOut& out, bool cell) {
    fields(in, [&](const Field& f, const auto& member) {
        if (cell ? f.in_cell() : f.in_command()) field_walk::put(out, f, member);
    });
}

// The table's entries for the cell (or the command), in order.
template <class Input>
std::vector<Field> field_list(bool cell) {
    std::vector<Field> out;
    Input in{};
    fields(in, [&](const Field& f, const auto&) {
        if (cell ? f.in_cell() : f.in_command()) out.push_back(f);
    });
    return out;
}

// A command's arguments read by the table (throw mode): unknown arguments are refused, naming the
// table's fields; what is left out keeps `in`'s value.
template <class Input>
Input read_command_fields(const char* command, const nlohmann::json& args, Input in = Input{}) {
    std::vector<const char*> names;
    for (const Field& f : field_list<Input>(false)) names.push_back(f.name);
    const CommandArgs reader(command, args, names);
    ArgsFieldSource src(reader);
    read_fields(in, src);
    return in;
}

// `limits` for one table: {"name": {"min", "max", "default"}} per whole field ("min_count" and
// "max_count" too for a list), {"max", "default"} per positive one, {"default"} per divisor; a
// switch (true or false) has no limits and is left out.
void write_field_range(JsonOut& entry, const Field& f);
template <class Input>
void write_field_limits(JsonOut parent, bool cell) {
    Input defaults{};
    fields(defaults, [&](const Field& f, const auto& member) {
        if (!(cell ? f.in_cell() : f.in_command()) || f.kind == Field::boolean) return;
        JsonOut entry = parent.object(f.name);
        Field as_default = f;
        as_default.name = "default";
        field_walk::put(entry, as_default, member);
        write_field_range(entry, f);
    });
}

}  // namespace attnbook
