// The validator's shared pieces (see validate_context.hpp): its error list, the checks of an
// object's fields, of row widths and depths, the readers of the texts only a notebook holds (id,
// url, version) and the collect mode of the field reader, CellFieldSource. The readers of one
// value that commands share are field_reader.cpp's.
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

json all_true(std::size_t n) {
    json row = json::array();
    for (std::size_t i = 0; i < n; ++i) row.push_back(true);
    return row;
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

// Collect mode of the field reader (notebook/field_reader.hpp): a cell's values read as
// field_reader.cpp reads them, with the texts only a notebook holds read here, every error
// reported at its path.
class CellFieldSource final : public CellValues {
public:
    CellFieldSource(Context& cx, const json& cell, const std::string& path) : CellValues(cx, cell, path), cx_(cx) {}

protected:
    std::optional<std::string> read_text(const Field& f, const json& value, const std::string& at) override {
        switch (f.kind) {
            case Field::markdown:
            case Field::markdowns:
            case Field::options: return read_markdown(cx_, value, at, f.range.max);
            case Field::id: return read_id(cx_, value, at, f.range.max);
            case Field::url: return read_https_url(cx_, value, at, f.range.max);
            case Field::version: return read_version(cx_, value, at, f.range.max);
            case Field::formula: {
                auto tex = read_string(cx_, value, at, f.range.min, f.range.max);
                // Counted even when refused (too long): the notebook's totals are of what it holds.
                if (value.is_string()) count_formula(cx_, value.get<std::string>(), at);
                return tex;
            }
            default: return CellValues::read_text(f, value, at);
        }
    }

private:
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
    CellFieldSource src(cx, cell, path);
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
