// Readers for one JSON value each, shared by the notebook validator (see validate_context.hpp).
// Every reader reports "expected X, found Y" or "must be between A and B, found C" at the path
// and returns nullopt; nothing is clamped or coerced except 2.0 -> 2 for whole numbers.
#include "validate_context.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <iterator>
#include <set>

#include "attnbook/core/decimal_format.hpp"
#include "attnbook/core/quote.hpp"
#include "attnbook/lessons/divisor.hpp"
#include "attnbook/notebook/command_args.hpp"  // json_kind
#include "attnbook/notebook/json_text.hpp"
#include "attnbook/notebook/link_rule.hpp"
#include "attnbook/notebook/notebook.hpp"

namespace attnbook {
const std::vector<std::string>& notebook_depth_names() {
    static constexpr const char* names[] = {"beginner", "developer", "researcher"};
    static const std::vector<std::string> depths(std::begin(names), std::end(names));
    return depths;
}

namespace notebook_validation {

void Context::error(const std::string& path, std::initializer_list<TextPart> message, bool at_key) {
    ++count_;
    if (kept_.size() < notebook_max_errors) kept_.push_back(Issue{path, at_key, join_text(message)});
}

namespace {
std::size_t character_count(const std::string& utf8) {
    std::size_t count = 0;
    for (unsigned char byte : utf8) count += (byte & 0xC0) != 0x80;
    return count;
}
}  // namespace

void expected(Context& cx, const std::string& path, const char* what, const json& value) {
    cx.error(path, {"expected ", what, ", found ", json_kind(value)});
}

json all_true(std::size_t n) {
    json row = json::array();
    for (std::size_t i = 0; i < n; ++i) row.push_back(true);
    return row;
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

bool expect_object(Context& cx, const json& value, const std::string& path) {
    if (value.is_object()) return true;
    expected(cx, path, "an object", value);
    return false;
}

void check_fields(Context& cx, const json& object, const std::string& path, const std::vector<const char*>& allowed,
                  const std::vector<const char*>& required, const char* what) {
    for (const auto& member : object.get_ref<const json::object_t&>()) {
        const std::string& key = member.first;
        bool known = false;
        std::string list;
        for (const char* name : allowed) {
            known = known || key == name;
            append_text(list, {list.empty() ? "" : ", ", name});
        }
        if (!known) cx.error(json_path_member(path, key), {"unknown field ", in_quotes(key), " (fields of ", what, ": ", list, ")"}, true);
    }
    for (const char* name : required) {
        if (object.find(name) == object.end()) cx.error(path, {"missing required field \"", name, "\" of ", what});
    }
}

void check_fields(Context& cx, const json& object, const std::string& path, const std::vector<Field>& table,
                  const char* what) {
    std::vector<const char*> names, required;
    for (const Field& f : table) {
        names.push_back(f.name);
        if (f.presence == Field::required) required.push_back(f.name);
    }
    check_fields(cx, object, path, names, required, what);
}

std::optional<std::string> read_string(Context& cx, const json& value, const std::string& path, std::size_t min_chars,
                                       std::size_t max_chars) {
    if (!value.is_string()) {
        expected(cx, path, "a string", value);
        return std::nullopt;
    }
    const std::string& text = value.get_ref<const std::string&>();
    const std::size_t chars = character_count(text);
    if (chars < min_chars) {
        if (min_chars == 1)
            cx.error(path, {"must not be empty"});
        else
            cx.error(path, {"must have at least ", counted(min_chars, "character", "characters")});
        return std::nullopt;
    }
    if (chars > max_chars) {
        cx.error(path, {"must have at most ", counted(max_chars, "character", "characters"), ", found ", chars});
        return std::nullopt;
    }
    // Reported, and the text still returned: the field's own checks run on (a Markdown text's links
    // are checked too), as they did when only Markdown refused these.
    if (const auto bad = forbidden_character(text)) {
        cx.error(path, {"the text contains ", bad->control ? "the control character " : "the noncharacter ",
                        hex_text("U+", bad->code, 4), " at character ", bad->character, " (counted from 0); remove it"});
    }
    return text;
}

std::optional<double> read_number(Context& cx, const json& value, const std::string& path, double limit) {
    if (!value.is_number()) {
        expected(cx, path, "a number", value);
        return std::nullopt;
    }
    const double x = value.get<double>();
    if (!std::isfinite(x) || std::fabs(x) > limit) {
        cx.error(path, {"must be between ", -limit, " and ", limit, ", found ", x});
        return std::nullopt;
    }
    return x;
}

bool check_count(Context& cx, const std::string& path, std::size_t size, WholeRange count, const char* one,
                 const char* many) {
    if (size >= count.min && size <= count.max) return true;
    cx.error(path, {"must have between ", count.min, " and ", counted(count.max, one, many), ", found ", size});
    return false;
}

bool check_row_widths(Context& cx, const Matrix& rows, const std::string& path, const char* row_name,
                      std::optional<std::size_t> expected, const char* expected_lead) {
    if (rows.empty()) return true;
    const std::size_t first = rows[0].size();
    bool uniform = true;
    for (const auto& row : rows) uniform = uniform && row.size() == first;
    if (!expected) {
        for (std::size_t i = 1; i < rows.size(); ++i) {
            if (rows[i].size() != first) {
                cx.error(json_path_index(path, i), {row_name, " row ", i, " has ", counted(rows[i].size(), "number", "numbers"),
                                                    " but ", row_name, " row 0 has ", first});
            }
        }
        return uniform;
    }
    const std::size_t want = *expected;
    if (uniform && first == want) return true;
    if (uniform && rows.size() > 1) {
        cx.error(path, {row_name, " rows have ", counted(first, "number", "numbers"), " but ", expected_lead, want});
        return false;
    }
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (rows[i].size() != want) {
            cx.error(json_path_index(path, i), {row_name, " row ", i, " has ", counted(rows[i].size(), "number", "numbers"),
                                                " but ", expected_lead, want});
        }
    }
    return false;
}

void check_value_rows(Context& cx, const Matrix* keys, const Matrix& values, const std::string& path) {
    check_row_widths(cx, values, path, "value");
    if (keys && values.size() != keys->size())
        cx.error(path, {"keys has ", counted(keys->size(), "row", "rows"), " but values has ",
                        counted(values.size(), "row", "rows")});
}

std::optional<std::vector<std::string>> read_depths(Context& cx, const json& value, const std::string& path,
                                                    const std::vector<std::string>& allowed, const TextPart& empty_hint,
                                                    bool& ok) {
    ok = false;
    if (!value.is_array()) {
        expected(cx, path, "an array of depths", value);
        return std::nullopt;
    }
    if (value.empty()) {
        cx.error(path, {"must list at least one depth (", empty_hint, ")"});
        return std::nullopt;
    }
    const std::vector<std::string>& all = notebook_depth_names();
    std::vector<std::string> depths;
    ok = true;
    bool ordered = true;  // each depth after the one before it in `allowed`
    std::size_t last_rank = 0;
    for (std::size_t i = 0; i < value.size(); ++i) {
        const std::string at = json_path_index(path, i);
        if (!value[i].is_string()) {
            expected(cx, at, "a string", value[i]);
            ok = false;
            continue;
        }
        const std::string& depth = value[i].get_ref<const std::string&>();
        const std::size_t rank = static_cast<std::size_t>(std::find(allowed.begin(), allowed.end(), depth) - allowed.begin());
        if (rank == allowed.size()) {
            if (std::find(all.begin(), all.end(), depth) != all.end())
                cx.error(at, {"depth ", in_quotes(depth), " is not one of the notebook's depths (", listed(allowed), ")"});
            else
                cx.error(at, {"unknown depth ", in_quotes(depth), " (expected one of: ", listed(allowed), ")"});
            ok = false;
        } else if (std::find(depths.begin(), depths.end(), depth) != depths.end()) {
            cx.error(at, {"depth ", in_quotes(depth), " is listed twice"});
            ok = false;
        } else {
            ordered = ordered && (depths.empty() || rank > last_rank);
            last_rank = rank;
            depths.push_back(depth);
        }
    }
    if (!ordered) {
        cx.error(path, {"depths must be listed in the order ", listed(allowed)});
        ok = false;
    }
    return depths;
}

const json* Fields::find(const char* name) const {
    const auto it = object.find(name);
    return it == object.end() ? nullptr : &*it;
}

std::string Fields::at(const char* name) const { return json_path_member(path, name); }
void Fields::error(const char* name, std::initializer_list<TextPart> message) const { cx.error(at(name), message); }

namespace {

// The readers of one value each, by kind, for CellFieldSource below.
std::optional<bool> read_bool(Context& cx, const json& value, const std::string& path) {
    if (!value.is_boolean()) {
        expected(cx, path, "true or false", value);
        return std::nullopt;
    }
    return value.get<bool>();
}

std::optional<long long> read_integer(Context& cx, const json& value, const std::string& path, long long lo,
                                      long long hi) {
    if (!value.is_number()) {
        expected(cx, path, "a whole number", value);
        return std::nullopt;
    }
    if (value.is_number_unsigned()) {
        const auto x = value.get<unsigned long long>();
        if (x > static_cast<unsigned long long>(hi) || static_cast<long long>(x) < lo) {
            cx.error(path, {"must be between ", lo, " and ", hi, ", found ", x});
            return std::nullopt;
        }
        return static_cast<long long>(x);
    }
    if (value.is_number_integer()) {
        const auto x = value.get<long long>();
        if (x < lo || x > hi) {
            cx.error(path, {"must be between ", lo, " and ", hi, ", found ", x});
            return std::nullopt;
        }
        return x;
    }
    const double x = value.get<double>();
    if (x != std::floor(x)) {
        cx.error(path, {"expected a whole number, found ", x});
        return std::nullopt;
    }
    if (x < static_cast<double>(lo) || x > static_cast<double>(hi)) {
        cx.error(path, {"must be between ", lo, " and ", hi, ", found ", x});
        return std::nullopt;
    }
    return static_cast<long long>(x);
}

// An array of count.min..count.max entries ("must have between 1 and 8 numbers, found 9"), each
// read by `entry(value, path)` with every error reported: the entries, or nullopt after "expected
// WHAT, found ..." or any error. `one`/`many` name an entry in the count's message.
template <class T, class Entry>
std::optional<std::vector<T>> read_list(Context& cx, const json& value, const std::string& path, const char* what,
                                        WholeRange count, const char* one, const char* many, Entry&& entry) {
    if (!value.is_array()) {
        expected(cx, path, what, value);
        return std::nullopt;
    }
    bool ok = check_count(cx, path, value.size(), count, one, many);
    std::vector<T> out;
    for (std::size_t i = 0; i < value.size(); ++i) {
        auto x = entry(value[i], json_path_index(path, i));
        if (x) out.push_back(std::move(*x));
        ok = ok && x;
    }
    if (!ok) return std::nullopt;
    return out;
}
constexpr WholeRange any_count{0, ~std::uint64_t{0}};

std::optional<std::vector<double>> read_vector(Context& cx, const json& value, const std::string& path,
                                               std::size_t min_len, std::size_t max_len, double limit) {
    return read_list<double>(cx, value, path, "an array of numbers", {min_len, max_len}, "number", "numbers",
                             [&](const json& x, const std::string& at) { return read_number(cx, x, at, limit); });
}

std::optional<Matrix> read_matrix(Context& cx, const json& value, const std::string& path, std::size_t min_rows,
                                  std::size_t max_rows, std::size_t min_cols, std::size_t max_cols, double limit) {
    return read_list<std::vector<double>>(
        cx, value, path, "an array of rows (arrays of numbers)", {min_rows, max_rows}, "row", "rows",
        [&](const json& row, const std::string& at) { return read_vector(cx, row, at, min_cols, max_cols, limit); });
}

// One row of a mask: an array of true/false, each entry read (every error reported).
std::optional<Flags> read_flags(Context& cx, const json& given, const std::string& at) {
    return read_list<std::uint8_t>(cx, given, at, "an array of true/false", any_count, "", "",
                                   [&](const json& x, const std::string& entry_at) {
                                       const auto b = read_bool(cx, x, entry_at);
                                       return b ? std::optional<std::uint8_t>(*b) : std::nullopt;
                                   });
}

std::optional<std::string> read_divisor(Context& cx, const json& value, const std::string& path) {
    const auto& names = divisor_names();
    if (!value.is_string()) {
        std::string message = "expected a string (";
        for (std::size_t i = 0; i < names.size(); ++i)
            append_text(message, {i == 0 ? "" : i + 1 == names.size() ? " or " : ", ", in_quotes(names[i])});
        append_text(message, {"), found ", json_kind(value)});
        cx.error(path, {message});
        return std::nullopt;
    }
    const std::string& divisor = value.get_ref<const std::string&>();
    if (std::find(names.begin(), names.end(), divisor) == names.end()) {
        cx.error(path, {"unknown divisor ", in_quotes(divisor), " (expected one of: ", listed(names), ")"});
        return std::nullopt;
    }
    return divisor;
}

std::optional<std::string> read_id(Context& cx, const json& value, const std::string& path, std::size_t most) {
    if (!value.is_string()) {
        expected(cx, path, "a string", value);
        return std::nullopt;
    }
    const std::string& id = value.get_ref<const std::string&>();
    bool ok = !id.empty() && id.size() <= most && id[0] != '-';
    for (char c : id) ok = ok && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-');
    if (!ok) {
        cx.error(path, {"id ", in_quotes(id), " must be 1 to ", most,
                        " characters of a-z, 0-9 and '-', not starting with '-'"});
        return std::nullopt;
    }
    return id;
}

std::optional<std::string> read_https_url(Context& cx, const json& value, const std::string& path, std::size_t most) {
    const auto url = read_string(cx, value, path, 1, most);
    if (!url || forbidden_character(*url)) return std::nullopt;  // read_string said why
    const char* const scheme = "https://";
    const std::size_t n = 8;
    bool ok = url->compare(0, n, scheme) == 0 && url->size() > n && (*url)[n] != '/';
    for (unsigned char c : *url) ok = ok && c > 0x20 && c != 0x7F && c != '"' && c != '<' && c != '>';
    if (!ok) {
        cx.error(path, {"url must start with https:// and have no spaces, found ", in_quotes(*url)});
        return std::nullopt;
    }
    // And the one link rule (link_rule.hpp), which the page applies before it links the title:
    // a url it would not link (a user before the host, a backslash) is refused here, not dropped there.
    const std::string problem = link_target_problem(*url);
    if (!problem.empty()) {
        cx.error(path, {"url ", in_quotes(*url), " is not allowed: ", problem});
        return std::nullopt;
    }
    return url;
}

// MAJOR.MINOR.PATCH with optional -prerelease and +build (semver.org, without the finer rules on
// leading zeros in prerelease identifiers).
bool is_semver(const std::string& text) {
    std::size_t i = 0;
    for (int part = 0; part < 3; ++part) {
        const std::size_t start = i;
        while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
        if (i == start || (text[start] == '0' && i - start > 1)) return false;
        if (part < 2) {
            if (i >= text.size() || text[i] != '.') return false;
            ++i;
        }
    }
    for (char marker : {'-', '+'}) {
        if (i < text.size() && text[i] == marker) {
            const std::size_t start = ++i;
            while (i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '.' ||
                                       text[i] == '-')) {
                ++i;
            }
            if (i == start || text[start] == '.' || text[i - 1] == '.') return false;
        }
    }
    return i == text.size();
}

std::optional<std::string> read_version(Context& cx, const json& value, const std::string& path, std::size_t most) {
    auto version = read_string(cx, value, path, 1, most);
    if (version && !is_semver(*version)) {
        cx.error(path, {"version ", in_quotes(*version), " is not a semantic version like 1.0.0"});
        return std::nullopt;
    }
    return version;
}

// One of `names` (a string), else "expected one of a, b, found ..." (normalizer, backend): its
// place in `names`.
std::optional<std::size_t> read_choice(Context& cx, const json& value, const std::string& path,
                                       const std::vector<std::string>& names) {
    if (value.is_string()) {
        const std::string& text = value.get_ref<const std::string&>();
        for (std::size_t i = 0; i < names.size(); ++i)
            if (text == names[i]) return i;
        cx.error(path, {"expected one of ", listed(names), ", found ", in_quotes(text)});
    } else {
        cx.error(path, {"expected one of ", listed(names), ", found ", json_kind(value)});
    }
    return std::nullopt;
}

// Collect mode of the field reader (notebook/field_reader.hpp): a cell's fields, each read by the
// reader of its kind above, every error reported at its path.
class CellFieldSource final : public FieldSource {
public:
    explicit CellFieldSource(const Fields& fields) : f_(fields), cx_(fields.cx) {}
    bool cell() const override { return true; }
    bool has(const Field& f) const override { return f_.find(f.name) != nullptr; }
    std::optional<std::uint64_t> whole(const Field& f) override {
        const auto x = read_integer(cx_, value(f), at(f), static_cast<long long>(f.range.min), static_cast<long long>(f.range.max));
        if (!x) return std::nullopt;
        if (auto refusal = choice_refusal(f, static_cast<std::uint64_t>(*x))) {
            f_.error(f.name, {*refusal});
            return std::nullopt;
        }
        return static_cast<std::uint64_t>(*x);
    }
    std::optional<std::vector<std::size_t>> wholes(const Field& f) override {
        const auto lo = static_cast<long long>(f.range.min), hi = static_cast<long long>(f.range.max);
        return read_list<std::size_t>(cx_, value(f), at(f), "an array of whole numbers", f.count, f.name, f.name,
                                      [&](const json& x, const std::string& entry_at) {
                                          const auto w = read_integer(cx_, x, entry_at, lo, hi);
                                          return w ? std::optional(static_cast<std::size_t>(*w)) : std::nullopt;
                                      });
    }
    std::optional<double> positive(const Field& f) override {
        const auto x = read_number(cx_, value(f), at(f), f.limit);
        if (x && *x <= 0) {
            f_.error(f.name, {"must be greater than 0, found ", *x});
            return std::nullopt;
        }
        return x;
    }
    std::optional<double> number(const Field& f) override { return read_number(cx_, value(f), at(f), f.limit); }
    std::optional<std::vector<double>> numbers(const Field& f) override {
        return read_vector(cx_, value(f), at(f), f.count.min, f.count.max, f.limit);
    }
    std::optional<Matrix> rows(const Field& f) override {
        return read_matrix(cx_, value(f), at(f), f.count.min, f.count.max, f.range.min, f.range.max, f.limit);
    }
    // strings, labels and markdowns (a count that is the cell's check), options (f.count).
    std::optional<std::vector<std::string>> strings(const Field& f) override {
        const bool markdown = f.kind == Field::markdowns || f.kind == Field::options;
        const char* noun = f.kind == Field::options ? f.name : "";
        std::set<std::string> seen;  // labels, options: each once
        return read_list<std::string>(cx_, value(f), at(f), "an array of strings", *noun ? f.count : any_count, noun,
                                      noun, [&](const json& x, const std::string& entry_at) -> std::optional<std::string> {
                                          auto text = markdown ? read_markdown(cx_, x, entry_at, f.range.max)
                                                               : read_string(cx_, x, entry_at, f.range.min, f.range.max);
                                          if (!text || (f.kind != Field::labels && f.kind != Field::options) ||
                                              seen.insert(*text).second)
                                              return text;
                                          if (f.kind == Field::labels)
                                              cx_.error(entry_at, {"label ", in_quotes(*text), " is used twice"});
                                          else
                                              cx_.error(entry_at, {"option ", in_quotes(*text), " is listed twice"});
                                          return std::nullopt;
                                      });
    }
    std::optional<std::string> text(const Field& f) override {
        if (f.kind == Field::markdown) return read_markdown(cx_, value(f), at(f), f.range.max);
        if (f.kind == Field::id) return read_id(cx_, value(f), at(f), f.range.max);
        if (f.kind == Field::url) return read_https_url(cx_, value(f), at(f), f.range.max);
        if (f.kind == Field::version) return read_version(cx_, value(f), at(f), f.range.max);
        if (f.kind == Field::formula) {
            auto tex = read_string(cx_, value(f), at(f), f.range.min, f.range.max);
            // Counted even when refused (too long): the notebook's totals are of what it holds.
            if (value(f).is_string()) count_formula(cx_, value(f).get<std::string>(), at(f));
            return tex;
        }
        return read_string(cx_, value(f), at(f), f.range.min, f.range.max);
    }
    std::optional<std::vector<Flags>> flag_rows(const Field& f) override {
        return read_list<Flags>(cx_, value(f), at(f), "an array of rows of true/false", any_count, "", "",
                                [&](const json& row, const std::string& row_at) { return read_flags(cx_, row, row_at); });
    }
    std::optional<Flags> flags(const Field& f) override { return read_flags(cx_, value(f), at(f)); }
    std::optional<std::size_t> choice(const Field& f) override { return read_choice(cx_, value(f), at(f), f.names()); }
    std::optional<Divisor> divisor(const Field& f) override {
        const auto x = read_divisor(cx_, value(f), at(f));
        if (!x) return std::nullopt;
        return parse_divisor(*x);
    }
    std::optional<bool> boolean(const Field& f) override { return read_bool(cx_, value(f), at(f)); }

private:
    const json& value(const Field& f) const { return *f_.find(f.name); }
    std::string at(const Field& f) const { return f_.at(f.name); }

    Fields f_;
    Context& cx_;
};

}  // namespace

FieldRead TableRead::of(const Field& f) const {
    for (std::size_t i = 0; i < bound.size(); ++i)
        if (bound[i].field == &f) return state[i];
    return FieldRead::absent;
}

TableRead read_table(Context& cx, const json& cell, const std::string& path, json& out, BoundFields bound) {
    const std::size_t before = cx.count();
    CellFieldSource src(Fields(cx, cell, path));
    TableRead read{std::move(bound), {}, path};
    read_fields(read.bound, src, &read.state);
    JsonOut o = JsonOut::into(out);
    write_fields(read.bound, o, true, &read.state);
    read.ok = cx.count() == before;
    return read;
}

void check_labels(const Fields& f, const Field& labels, json& out, std::size_t n, const char* count_lead) {
    const json* given = f.find(labels.name);
    if (given && given->is_array()) {
        if (count_lead && given->size() != n)
            f.error(labels.name, {"labels has ", counted(given->size(), "entry", "entries"), count_lead,
                                  counted(n, "row", "rows")});
        return;
    }
    json& names = JsonOut::into(out).array(labels.name);
    for (std::size_t i = 0; i < n; ++i) names.push_back(std::string(1, static_cast<char>('A' + i)));
}

void check_mask(const Fields& f, const Field& mask, json& out, std::size_t rows,
                std::size_t cols) {
    const json* given = f.find(mask.name);
    if (!given) {
        json& all = JsonOut::into(out).array(mask.name);
        for (std::size_t r = 0; r < rows; ++r) all.push_back(all_true(cols));
        return;
    }
    if (!given->is_array()) return;  // the table's reader said so
    const std::string at = f.at(mask.name);
    if (given->size() != rows)
        f.cx.error(at, {"mask has ", counted(given->size(), "row", "rows"), " but there are ",
                        counted(rows, "query row", "query rows")});
    for (std::size_t r = 0; r < given->size(); ++r) {
        const json& row = (*given)[r];
        if (row.is_array() && row.size() != cols)
            f.cx.error(json_path_index(at, r), {"mask row has ", counted(row.size(), "entry", "entries"), " but there are ",
                                                counted(cols, "source", "sources")});
    }
}

}  // namespace notebook_validation
}  // namespace attnbook
