// notebook_schema(): the notebook format as JSON Schema 2020-12 (schema.hpp), written from the
// field tables (core/field.hpp): the notebook's own (text_cells.hpp), every cell's common fields,
// and each cell type's (notebook_cell_fields(): the validator's table of types, with which fields
// are required). Each field's schema follows from its kind and limits; an object field's from its
// shape's table. What the tables leave to a check is written here: the explorable's goal, and a
// practice answer's choice of table by its kind. tests/wasm/schema.test.mjs checks the result
// against ajv over the golden corpus.
#include "attnbook/notebook/schema.hpp"

#include <stdexcept>
#include <string>

#include "attnbook/lessons/divisor.hpp"
#include "attnbook/lessons/explore_row.hpp"
#include "attnbook/notebook/cell_types.hpp"
#include "attnbook/notebook/command_args.hpp"
#include "attnbook/notebook/json_out.hpp"
#include "attnbook/notebook/notebook.hpp"
#include "attnbook/notebook/text_cells.hpp"

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

json field_schema(const Field& f, json& defs);

// An object of a table's fields, nothing else, those with Field::required required.
json table_object(const std::vector<Field>& table, json& defs) {
    json properties;
    std::vector<std::string> required;
    for (const Field& f : table) {
        properties[f.name] = field_schema(f, defs);
        if (f.presence == Field::required) required.push_back(f.name);
    }
    return closed_object(std::move(properties), required);
}

// A shape's object: written into $defs under its name (once), or in place.
json shape_schema(const FieldShape& shape, json& defs) {
    if (!shape.def) return table_object(shape.fields(true), defs);
    if (shape.fields && !defs.contains(shape.def)) defs[shape.def] = table_object(shape.fields(true), defs);
    return ref(shape.def);  // a shape of its own (a cell, an answer) is written by defs() below
}

// read_id: 1 to `range.max` characters of a-z, 0-9 and '-', not starting with '-'. The pages'
// copy of the rule (web/src/cell-id.js) is tested against $defs/id, which every id field names.
json id_schema(const Field& f) {
    json out;
    JsonOut(out).set("type", "string").set("pattern", "^[a-z0-9][a-z0-9-]{0," + std::to_string(f.range.max - 1) + "}$");
    return out;
}

// A Markdown text: $defs/markdown, which every Markdown field names, so that a reader of the schema
// finds the texts to parse (scripts/prerender.mjs reads the shipped notebooks' Markdown at build
// time by that name). Every Markdown field has the same length limit; a field with another would
// need a definition of its own.
json markdown_schema(const Field& f, json& defs) {
    const json own = text(f.range.min, f.range.max);
    if (!defs.contains("markdown")) defs["markdown"] = own;
    if (defs["markdown"] != own) throw std::logic_error(std::string(f.name) + ": a Markdown field of another length");
    return ref("markdown");
}

// A field of a table (core/field.hpp), by its kind.
json field_kind_schema(const Field& f, json& defs) {
    json out;
    switch (f.kind) {
        case Field::whole: return whole(f.range.min, f.range.max);
        case Field::whole_of: return whole_list(std::vector<std::size_t>(f.choices, f.choices + f.choice_count));
        case Field::wholes: return array_of(whole(f.range.min, f.range.max), f.count.min, f.count.max);
        case Field::positive: return positive(f.limit);
        case Field::number: return number(f.limit);
        case Field::numbers: return vector(f.count.min, f.count.max, f.limit);
        case Field::rows: return array_of(vector(f.range.min, f.range.max, f.limit), f.count.min, f.count.max);
        case Field::strings: return array_of(text(f.range.min, f.range.max), f.count.min, f.count.max);
        case Field::labels: return labels_of(f.range.max, f.count.max);
        case Field::markdowns:
        case Field::options: return array_of(markdown_schema(f, defs), f.count.min, f.count.max);
        case Field::flag_rows: return array_of(flags(f.range.max), f.count.min, f.count.max);
        case Field::flags: return flags(f.count.max);
        case Field::object: return shape_schema(*f.shape, defs);
        case Field::objects: return array_of(shape_schema(*f.shape, defs), f.count.min, f.count.max);
        // One name (the notebook's format): the value itself.
        case Field::choice: return f.names().size() == 1 ? constant(f.names()[0].c_str()) : one_of(f.names());
        case Field::divisor: return divisor();
        case Field::boolean: return boolean();
        case Field::markdown: return markdown_schema(f, defs);
        case Field::text:
        case Field::formula: return text(f.range.min, f.range.max);
        case Field::id: return ref("id");
        case Field::url:
            // read_https_url: https://, a host that does not start with '/', no space, control, '"', '<' or '>'.
            out = text(f.range.min, f.range.max);
            out["pattern"] = "^https://[^\\u0000-\\u0020\\u007f\"<>/][^\\u0000-\\u0020\\u007f\"<>]*$";
            return out;
        case Field::version: {
            // is_semver (validate_context.cpp): MAJOR.MINOR.PATCH without leading zeros, then
            // -prerelease and +build of letters, digits, '-' and '.', neither starting nor ending with '.'.
            out = text(f.range.min, f.range.max);
            const std::string n = "(0|[1-9][0-9]*)", part = "[0-9A-Za-z-]([0-9A-Za-z.-]*[0-9A-Za-z-])?";
            out["pattern"] = "^" + n + "\\." + n + "\\." + n + "(-" + part + ")?(\\+" + part + ")?$";
            return out;
        }
        case Field::depths: return ref("depths");
    }
    return out;
}

// ... with the table's line of help as its description, which an editor shows beside the field.
// (An id is the rule's $defs/id alone.)
json field_schema(const Field& f, json& defs) {
    json out = field_kind_schema(f, defs);
    if (f.kind != Field::id) out["description"] = f.help;
    return out;
}

// The explorable's goal (validate_cells.cpp's check_goal): a label to pass a share.
json goal_schema() {
    json goal;
    const Field& label = explore_fields::labels;
    JsonOut(goal).set("source", text(label.range.min, label.range.max)).set("share_above", positive(1.0));
    goal["share_above"].erase("maximum");
    goal["share_above"]["exclusiveMaximum"] = 1;
    return closed_object(std::move(goal), {"source", "share_above"});
}

// One case of an object whose `key` picks its schema: if key is `value`, then `then`.
json when(const char* key, const std::string& value, json then) {
    json out;
    JsonOut(out).object("if").set("required", std::vector<std::string>{key}).object("properties").object(key).set("const", value);
    out["then"] = std::move(then);
    return out;
}

// A practice answer: {"kind": "number", value, tolerance | decimals} or {"kind": "choice", options,
// correct, reasons}, each kind's fields by its table (check_answer, validate_text_cells.cpp).
json answer_schema(json& defs) {
    json number_answer = table_object(field_list<NumberAnswer>(true), defs);
    json tolerance, decimals;
    JsonOut(tolerance).set("required", std::vector<std::string>{answer_fields::tolerance.name});
    JsonOut(decimals).set("required", std::vector<std::string>{answer_fields::decimals.name});
    number_answer["oneOf"] = json::array({tolerance, decimals});
    json choice_answer = table_object(field_list<ChoiceAnswer>(true), defs);
    json out;
    JsonOut o(out);
    o.set("type", "object").set("required", std::vector<std::string>{"kind"});
    o.object("properties").set("kind", one_of(answer_kinds()));
    json& cases = o.array("allOf");
    const std::vector<std::string>& kinds = answer_kinds();  // number, choice: the branches' order
    json* branches[] = {&number_answer, &choice_answer};
    for (std::size_t i = 0; i < kinds.size(); ++i) {
        (*branches[i])["properties"]["kind"] = constant(kinds[i].c_str());
        cases.push_back(when("kind", kinds[i], std::move(*branches[i])));
    }
    return out;
}

json defs() {
    json out;
    static_assert(cell_fields::id.range.max == notebook_fields::id.range.max, "one id rule, $defs/id");
    out["id"] = id_schema(notebook_fields::id);
    json depths = array_of(one_of(notebook_depth_names()), 1, notebook_depth_names().size());
    depths["uniqueItems"] = true;
    out["depths"] = std::move(depths);
    out["answer"] = answer_schema(out);
    // A cell: its "type" picks the schema of that type (if/then, so an editor reports the fields
    // of the type written rather than every type's).
    const auto& types = notebook_cell_fields();
    std::vector<std::string> names;
    for (const auto& t : types) names.push_back(t.type);
    json cell;
    JsonOut c(cell);
    c.set("type", "object").set("required", std::vector<std::string>{"type"});
    c.object("properties").set("type", one_of(names));
    json& cases = c.array("allOf");
    for (const auto& t : types) {
        json properties;
        for (const Field& f : field_list<CommonCellFields>(true)) properties[f.name] = field_schema(f, out);
        properties["type"] = constant(t.type.c_str());
        for (const Field& f : t.table) properties[f.name] = field_schema(f, out);
        if (t.type == "explorable") properties["goal"] = goal_schema();
        std::vector<std::string> required{"type"};
        required.insert(required.end(), t.required.begin(), t.required.end());
        cases.push_back(when("type", t.type, closed_object(std::move(properties), required)));
    }
    out["cell"] = std::move(cell);
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
    json definitions = defs();
    json notebook = table_object(field_list<NotebookFields>(true), definitions);
    o.set("properties", std::move(notebook["properties"]))
        .set("required", std::move(notebook["required"]))
        .set("additionalProperties", false)
        .set("$defs", std::move(definitions));
    return out;
}

json schema_command(const json& raw, const Progress&) {
    CommandArgs args("schema", raw, {});
    return notebook_schema();
}

}  // namespace attnbook
