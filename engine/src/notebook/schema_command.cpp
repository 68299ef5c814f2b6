// notebook_schema(): the notebook format as JSON Schema 2020-12 (schema.hpp). The cell types, each
// type's fields and which are required come from the validator's table (notebook_cell_fields());
// each field's kind and limits from the same header constants the validator passes to its
// readers (validate_*.cpp). A field in the table without a schema here, or one here that the
// table does not have, stops the command with an internal error (tests/wasm/schema.test.mjs runs
// it, and checks the result against ajv over the golden corpus), so the two cannot drift apart.
#include "attnbook/notebook/schema.hpp"

#include <map>
#include <stdexcept>

#include "attnbook/core/normalize.hpp"
#include "attnbook/lessons/alternatives.hpp"
#include "attnbook/lessons/attention_scale.hpp"
#include "attnbook/lessons/cost_model.hpp"
#include "attnbook/lessons/divisor.hpp"
#include "attnbook/lessons/explore_row.hpp"
#include "attnbook/lessons/jacobian.hpp"
#include "attnbook/lessons/mistakes.hpp"
#include "attnbook/lessons/precision.hpp"
#include "attnbook/lessons/train.hpp"
#include "attnbook/notebook/cell_types.hpp"
#include "attnbook/notebook/command_args.hpp"
#include "attnbook/notebook/json_out.hpp"
#include "attnbook/notebook/lesson_cells.hpp"
#include "attnbook/notebook/notebook.hpp"
#include "attnbook/notebook/practice.hpp"

namespace attnbook {
namespace {

using nlohmann::json;
namespace nb = notebook_limits;

json ref(const char* name) {
    json out;
    JsonOut(out).set("$ref", std::string("#/$defs/") + name);
    return out;
}

// A string of min..max code points (JSON Schema counts code points, as the validator does).
json text(std::size_t min_chars, std::size_t max_chars) {
    json out;
    JsonOut o(out);
    o.set("type", "string");
    if (min_chars > 0) o.set("minLength", min_chars);
    o.set("maxLength", max_chars);
    return out;
}

json boolean() {
    json out;
    JsonOut(out).set("type", "boolean");
    return out;
}

// A finite number with |x| <= limit (read_number).
json number(double limit) {
    json out;
    JsonOut(out).set("type", "number").set("minimum", -limit).set("maximum", limit);
    return out;
}

// A number with 0 < x <= limit (the validator's "must be greater than 0").
json positive(double limit) {
    json out;
    JsonOut(out).set("type", "number").set("exclusiveMinimum", 0).set("maximum", limit);
    return out;
}

// A whole number in [lo, hi] (read_integer: 2 and 2.0 are both whole).
json whole(std::uint64_t lo, std::uint64_t hi) {
    json out;
    JsonOut(out).set("type", "integer").set("minimum", lo).set("maximum", hi);
    return out;
}

json constant(const char* value) {
    json out;
    JsonOut(out).set("const", value);
    return out;
}

json one_of(const std::vector<std::string>& names) {
    json out;
    JsonOut(out).set("enum", names);
    return out;
}

json array_of(json items, std::size_t min_items, std::size_t max_items) {
    json out;
    JsonOut o(out);
    o.set("type", "array");
    if (min_items > 0) o.set("minItems", min_items);
    o.set("maxItems", max_items).set("items", std::move(items));
    return out;
}

// read_vector: a row of numbers (shapes across fields are the validator's).
json vector(std::size_t min_len, std::size_t max_len, double limit) { return array_of(number(limit), min_len, max_len); }

// Strings, each once (labels: their count per key is the validator's).
json labels_of(std::size_t max_chars, std::size_t max_items) {
    json out = array_of(text(1, max_chars), 0, max_items);
    out["uniqueItems"] = true;
    return out;
}

json flags(std::size_t max_items) { return array_of(boolean(), 0, max_items); }

// An object with exactly these properties, `required` among them.
json closed_object(json properties, const std::vector<std::string>& required) {
    json out;
    JsonOut o(out);
    o.set("type", "object").set("properties", std::move(properties)).set("additionalProperties", false);
    if (!required.empty()) o.set("required", required);
    return out;
}

json divisor() { return one_of(divisor_names()); }

json whole_list(std::vector<std::size_t> values) {
    json out;
    JsonOut(out).set("enum", values);
    return out;
}

// A field of a lesson's table (core/field.hpp), by its kind.
json field_kind_schema(const Field& f) {
    switch (f.kind) {
        case Field::whole: return whole(f.range.min, f.range.max);
        case Field::whole_of: return whole_list(std::vector<std::size_t>(f.choices, f.choices + f.choice_count));
        case Field::wholes: return array_of(whole(f.range.min, f.range.max), f.count.min, f.count.max);
        case Field::positive: return positive(f.limit);
        case Field::numbers: return vector(f.count.min, f.count.max, f.limit);
        case Field::rows: return array_of(vector(f.range.min, f.range.max, f.limit), f.count.min, f.count.max);
        case Field::strings: return array_of(text(f.range.min, f.range.max), f.count.min, f.count.max);
        case Field::labels: return labels_of(f.range.max, f.count.max);
        case Field::flag_rows: return array_of(flags(f.range.max), f.count.min, f.count.max);
        case Field::flags: return flags(f.count.max);
        case Field::objects: return array_of(json::object(), f.count.min, f.count.max);  // own_fields: their shape
        case Field::choice: return one_of(f.names());
        case Field::divisor: return divisor();
        case Field::boolean: return boolean();
    }
    return json();
}

// ... with the table's line of help as its description, which an editor shows beside the field.
json field_schema(const Field& f) {
    json out = field_kind_schema(f);
    out["description"] = f.help;
    return out;
}

// Each cell type's own fields (besides type, id, depths and title): the readers' arguments in
// validate_cells.cpp, validate_sequence_cells.cpp, validate_scale_cells.cpp, validate_lesson_cells.cpp.
std::map<std::string, json> own_fields(const std::string& type) {
    std::map<std::string, json> f;
    const json markdown = ref("markdown");
    if (type == "prose") {
        f["text"] = markdown;
    } else if (type == "maths") {
        f["tex"] = text(1, nb::tex_max_chars);
        f["display"] = boolean();
        f["caption"] = markdown;
    } else if (type == "explorable") {
        json goal;
        const Field& label = explore_fields::labels;
        JsonOut(goal).set("source", text(label.range.min, label.range.max)).set("share_above", positive(1.0));
        goal["share_above"].erase("maximum");
        goal["share_above"]["exclusiveMaximum"] = 1;
        f["goal"] = closed_object(std::move(goal), {"source", "share_above"});
    } else if (type == "study") {
        const Field& steps = study_fields::steps;
        f["steps"] = array_of(ref("study-step"), steps.count.min, steps.count.max);
        f["steps"]["description"] = steps.help;
    } else if (type == "practice") {
        for (const char* name : {"prompt", "hint", "worked", "explanation"}) f[name] = markdown;
        f["answer"] = ref("answer");
    } else if (type == "references") {
        f["items"] = array_of(ref("reference"), nb::min_references, nb::max_references);
    }
    return f;
}

// A practice answer: {"kind": "number", value, tolerance | decimals} or {"kind": "choice", options,
// correct, reasons} (check_answer in validate_cells.cpp).
json answer_schema() {
    namespace pr = practice_limits;
    json number_answer;
    {
        json p;
        JsonOut(p)
            .set("kind", constant("number"))
            .set("value", number(pr::max_abs_answer))
            .set("tolerance", positive(pr::max_abs_answer))
            .set("decimals", whole(0, pr::max_decimals));
        number_answer = closed_object(std::move(p), {"kind", "value"});
        json tolerance, decimals;
        JsonOut(tolerance).set("required", std::vector<std::string>{"tolerance"});
        JsonOut(decimals).set("required", std::vector<std::string>{"decimals"});
        number_answer["oneOf"] = json::array({tolerance, decimals});
    }
    json choice_answer;
    {
        json p;
        JsonOut(p)
            .set("kind", constant("choice"))
            .set("options", array_of(ref("markdown"), pr::min_options, pr::max_options))
            .set("correct", whole(0, pr::max_options - 1))
            .set("reasons", array_of(ref("markdown"), 0, pr::max_options));
        choice_answer = closed_object(std::move(p), {"kind", "options", "correct"});
    }
    json out;
    JsonOut o(out);
    o.set("type", "object").set("required", std::vector<std::string>{"kind"});
    o.object("properties").set("kind", one_of(answer_kinds()));
    json& cases = o.array("allOf");
    for (const auto& [kind, schema] : {std::pair<const char*, json>{"number", number_answer}, {"choice", choice_answer}}) {
        json when;
        JsonOut(when).object("if").set("required", std::vector<std::string>{"kind"}).object("properties").object("kind").set("const", kind);
        when["then"] = schema;
        cases.push_back(std::move(when));
    }
    return out;
}

json defs() {
    json out;
    JsonOut d(out);
    // read_id: 1 to id_max_chars characters of a-z, 0-9 and '-', not starting with '-'.
    d.object("id")
        .set("type", "string")
        .set("pattern", "^[a-z0-9][a-z0-9-]{0," + std::to_string(nb::id_max_chars - 1) + "}$");
    json depths = array_of(one_of(notebook_depth_names()), 1, notebook_depth_names().size());
    depths["uniqueItems"] = true;
    d.set("depths", std::move(depths));
    d.set("markdown", text(1, nb::markdown_max_chars));
    d.set("answer", answer_schema());
    {
        json check;
        JsonOut(check).set("prompt", ref("markdown")).set("answer", ref("answer")).set("hint", ref("markdown"));
        json step;
        JsonOut(step)
            .set("title", text(1, nb::title_max_chars))
            .set("text", ref("markdown"))
            .set("check", closed_object(std::move(check), {"prompt", "answer"}));
        d.set("study-step", closed_object(std::move(step), {"title", "text", "check"}));
    }
    {
        json p;
        JsonOut r(p);
        for (const char* name : {"authors", "title", "venue"}) r.set(name, text(1, nb::reference_text_max_chars));
        r.set("year", whole(nb::min_year, nb::max_year));
        // read_https_url: https://, a host that does not start with '/', no space, control, '"', '<' or '>'.
        json url = text(1, nb::url_max_chars);
        url["pattern"] = "^https://[^\\u0000-\\u0020\\u007f\"<>/][^\\u0000-\\u0020\\u007f\"<>]*$";
        r.set("url", std::move(url));
        d.set("reference", closed_object(std::move(p), {"authors", "title", "year", "venue"}));
    }
    // A cell: its "type" picks the schema of that type (if/then, so an editor reports the fields
    // of the type written rather than every type's).
    const auto& types = notebook_cell_fields();
    std::vector<std::string> names;
    for (const auto& t : types) names.push_back(t.type);
    JsonOut cell = d.object("cell");
    cell.set("type", "object").set("required", std::vector<std::string>{"type"});
    cell.object("properties").set("type", one_of(names));
    json& cases = cell.array("allOf");
    for (const auto& t : types) {
        std::map<std::string, json> fields = own_fields(t.type);
        for (const Field& f : t.table) fields[f.name] = field_schema(f);
        json properties;
        JsonOut p(properties);
        for (const std::string& name : t.fields) {
            if (name == "type") {
                p.object("type").set("const", t.type);
            } else if (name == "id") {
                p.set("id", ref("id"));
            } else if (name == "depths") {
                p.set("depths", ref("depths"));
            } else if (name == "title") {
                p.set("title", text(1, nb::title_max_chars));
            } else {
                const auto found = fields.find(name);
                if (found == fields.end())
                    throw std::logic_error("schema: the " + t.type + " cell's field \"" + name + "\" has no schema");
                p.set(name.c_str(), std::move(found->second));
                fields.erase(found);
            }
        }
        if (!fields.empty())
            throw std::logic_error("schema: the " + t.type + " cell has no field \"" + fields.begin()->first + "\"");
        std::vector<std::string> required{"type"};
        required.insert(required.end(), t.required.begin(), t.required.end());
        json when;
        JsonOut(when).object("if").set("required", std::vector<std::string>{"type"}).object("properties").object("type").set("const", t.type);
        when["then"] = closed_object(std::move(properties), required);
        cases.push_back(std::move(when));
    }
    return out;
}

}  // namespace

json notebook_schema() {
    json out;
    JsonOut o(out);
    o.set("$schema", "https://json-schema.org/draft/2020-12/schema")
        .set("title", std::string("attnbook notebook (") + notebook_format + ")")
        .set("description",
             "Generated by the attnbook engine (scripts/attnbook schema) from the validator's tables. The "
             "validator checks more than a schema can say (docs/authoring.md lists what): run "
             "`scripts/attnbook validate FILE` before publishing.")
        .set("type", "object");
    json properties;
    JsonOut p(properties);
    p.set("$schema", text(1, nb::url_max_chars));
    p.object("format").set("const", notebook_format);
    p.set("id", ref("id"));
    p.set("title", text(1, nb::title_max_chars));
    // is_semver (validate.cpp): MAJOR.MINOR.PATCH without leading zeros, then -prerelease and
    // +build of letters, digits, '-' and '.', neither starting nor ending with '.'.
    json version = text(1, nb::version_max_chars);
    const std::string number = "(0|[1-9][0-9]*)", part = "[0-9A-Za-z-]([0-9A-Za-z.-]*[0-9A-Za-z-])?";
    version["pattern"] = "^" + number + "\\." + number + "\\." + number + "(-" + part + ")?(\\+" + part + ")?$";
    p.set("version", std::move(version));
    p.set("description", text(0, nb::description_max_chars));
    p.set("depths", ref("depths"));
    p.set("cells", array_of(ref("cell"), nb::min_cells, nb::max_cells));
    o.set("properties", std::move(properties))
        .set("required", std::vector<std::string>{"format", "id", "title", "version", "depths", "cells"})
        .set("additionalProperties", false)
        .set("$defs", defs());
    return out;
}

json schema_command(const json& raw, const Progress&) {
    CommandArgs args("schema", raw, {});
    return notebook_schema();
}

}  // namespace attnbook
