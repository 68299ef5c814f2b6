// The throw-mode source of the field reader (field_reader.hpp): CommandArgs reads each value with
// the messages the commands have always printed. A positive number's range and the shape of rows
// are the lesson's own checks (they name the lesson's rule), as before; the validator reports
// them at the field.
#include "attnbook/notebook/field_reader.hpp"

namespace attnbook {

std::optional<std::uint64_t> ArgsFieldSource::whole(const Field& f) {
    return args_.whole(f.name, f.range.min, f.range.max);
}

std::optional<std::vector<std::size_t>> ArgsFieldSource::wholes(const Field& f) {
    return args_.wholes(f.name, f.range.min, f.range.max);
}

std::optional<double> ArgsFieldSource::positive(const Field& f) { return args_.number(f.name); }

std::optional<std::vector<std::vector<double>>> ArgsFieldSource::rows(const Field& f) { return args_.rows(f.name); }

std::optional<Divisor> ArgsFieldSource::divisor(const Field& f) { return parse_divisor(args_.text(f.name), f.name); }

void write_field_range(JsonOut& entry, const Field& f) {
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
        case Field::rows:
            entry.set("min_rows", f.count.min).set("max_rows", f.count.max).set("max_width", f.range.max).set("max_abs", f.limit);
            break;
        case Field::divisor:
        case Field::boolean:
            break;
    }
}

}  // namespace attnbook
