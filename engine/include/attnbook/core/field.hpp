#pragma once
// One field of a cell type or a command, as data: its name, kind, range and a line of help. A
// lesson writes its fields once, as a table beside its input struct (a function that names each
// field and the member it fills, in order, e.g. scaling_fields in lessons/scaling_study.hpp), and
// everything that reads or describes the field interprets that table: the validator and the
// commands (notebook/field_reader.hpp), `limits`, `cell_types`, the JSON Schema, and by the
// field's permalink key the engine's check of a saved page state (`restore`) and the Jupyter
// export's reading of it. The default is the member's value in a default-constructed input
// struct, never a number written here. The notebook's own fields and the text cells' are tables
// of the same kind (notebook/text_cells.hpp).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace attnbook {

struct WholeRange {
    std::uint64_t min, max;
};

struct Field;
// The entries of an object field (a reference, a study step): what one is called, and its table.
struct FieldShape {
    const char* what;    // in messages: "a reference"
    const char* plural;  // in a count's message: "references"
    const char* def;     // its name among the JSON Schema's $defs, or nullptr: written in place
    std::vector<Field> (*fields)(bool cell);  // nullptr: a shape of its own (a practice answer's)
};

struct Field {
    enum Kind : unsigned char {
        whole,     // a whole number (2 or 2.0, not 2.5) in `range`
        whole_of,  // a whole number in `range` that is one of `choices`
        wholes,    // an array of `count` whole numbers, each in `range`
        positive,  // a finite number x with 0 < x <= limit
        numbers,   // an array of `count` numbers with |x| <= limit
        rows,      // an array of `count` rows, each of `range` numbers with |x| <= limit
        strings,   // an array of `count` strings (labels), each of `range` characters
        labels,    // strings, each once; how many is the cell's check (one per row of another field)
        flag_rows, // an array of `count` rows of true/false, each of `range` entries (a mask;
                   // its shape is the cell's check, from other fields)
        flags,     // an array of `count` true/false (one row's mask; its length is the cell's check)
        objects,   // an array of `count` objects of `shape`, each read by the cell's check
        object,    // one object of `shape`, read by the cell's check
        text,      // a string of `range` characters (code points), none of them forbidden
        markdown,  // a text of `range` characters in the safe Markdown subset (validate_markdown.cpp)
        markdowns, // an array of Markdown texts (how many is the cell's check; `count` for the schema)
        options,   // an array of `count` Markdown texts, each once
        id,        // an id: `range` characters of a-z, 0-9 and '-', not starting with '-'
        formula,   // TeX of `range` characters, counted toward the notebook's formulas (validate_formulas.cpp)
        version,   // a semantic version (semver.org) of `range` characters
        url,       // an https:// address of `range` characters that the link rule allows
        number,    // a finite number x with |x| <= limit
        depths,    // a list of reading depths, read by the cell's check
        choice,    // one of `names()` (an enum whose values are the names' places)
        divisor,   // one of divisor_names() (lessons/divisor.hpp)
        boolean,   // true or false
    };
    // Who reads the field: a notebook cell and the command alike, or only one of them.
    enum Use : unsigned char { cell_and_command, command_only, cell_only };
    // Whether the author must give the field, and what a normalised cell holds when it is left
    // out: the default (the member's value), or nothing (a caption, a url: no default).
    enum Presence : unsigned char { defaulted, required, no_default };

    const char* name;
    Kind kind;
    const char* help;
    WholeRange range{0, 0};  // whole, wholes; rows: the numbers in a row; strings: characters
    WholeRange count{0, 0};  // wholes, numbers, rows, strings: how many entries
    double limit = 0;        // positive, numbers, rows
    Use use = cell_and_command;
    const std::size_t* choices = nullptr;  // whole_of
    std::size_t choice_count = 0;
    const std::vector<std::string>& (*names)() = nullptr;  // choice
    // The field's key in the page's permalink (web/src/permalink.js: "tok" for a cost cell's
    // tokens), whose value has the form of the field's kind; nullptr: the permalink keeps none.
    const char* permalink = nullptr;
    Presence presence = defaulted;
    const FieldShape* shape = nullptr;  // object, objects

    static constexpr Field whole_in(const char* name, WholeRange range, const char* help, Use use = cell_and_command) {
        return {name, whole, help, range, {0, 0}, 0, use};
    }
    // Read as a whole number up to the largest choice, then checked against the choices.
    template <std::size_t N>
    static constexpr Field whole_of_list(const char* name, const std::size_t (&choices)[N], const char* help) {
        return {name, whole_of, help, {1, choices[N - 1]}, {0, 0}, 0, cell_and_command, choices, N};
    }
    static constexpr Field wholes_in(const char* name, WholeRange count, WholeRange each, const char* help,
                                     Use use = cell_and_command) {
        return {name, wholes, help, each, count, 0, use};
    }
    static constexpr Field positive_to(const char* name, double limit, const char* help) {
        return {name, positive, help, {0, 0}, {0, 0}, limit, cell_and_command};
    }
    static constexpr Field numbers_in(const char* name, WholeRange count, double max_abs, const char* help,
                                      Use use = cell_and_command) {
        return {name, numbers, help, {0, 0}, count, max_abs, use};
    }
    static constexpr Field rows_in(const char* name, WholeRange rows, WholeRange width, double max_abs, const char* help,
                                   Use use = cell_and_command) {
        return {name, Field::rows, help, width, rows, max_abs, use};
    }
    static constexpr Field strings_in(const char* name, WholeRange count, WholeRange chars, const char* help,
                                      Use use = cell_and_command) {
        return {name, strings, help, chars, count, 0, use};
    }
    static constexpr Field labels_in(const char* name, WholeRange count, WholeRange chars, const char* help) {
        return {name, labels, help, chars, count, 0, cell_only};
    }
    static constexpr Field flag_rows_in(const char* name, WholeRange rows, WholeRange per_row, const char* help) {
        return {name, flag_rows, help, per_row, rows, 0, cell_and_command};
    }
    static constexpr Field flags_in(const char* name, WholeRange count, const char* help) {
        return {name, flags, help, {0, 0}, count, 0, cell_and_command};
    }
    static constexpr Field objects_in(const char* name, WholeRange count, const FieldShape& shape, const char* help) {
        Field f{name, objects, help, {0, 0}, count, 0, cell_only};
        f.shape = &shape;
        return f;
    }
    static constexpr Field object_of(const char* name, const FieldShape& shape, const char* help) {
        Field f{name, object, help, {0, 0}, {0, 0}, 0, cell_only};
        f.shape = &shape;
        return f;
    }
    // A string field of one of the kinds text, markdown, id, url, of `chars` characters.
    static constexpr Field text_in(const char* name, Kind kind, WholeRange chars, const char* help) {
        return {name, kind, help, chars, {0, 0}, 0, cell_only};
    }
    // markdowns, options: `count` texts of `chars` characters each.
    static constexpr Field texts_in(const char* name, Kind kind, WholeRange count, WholeRange chars, const char* help) {
        return {name, kind, help, chars, count, 0, cell_only};
    }
    static constexpr Field number_to(const char* name, double max_abs, const char* help) {
        return {name, number, help, {0, 0}, {0, 0}, max_abs, cell_only};
    }
    static constexpr Field depths_of(const char* help) {
        return {"depths", depths, help, {0, 0}, {0, 0}, 0, cell_only};
    }
    static constexpr Field choice_of(const char* name, const std::vector<std::string>& (*names)(), const char* help) {
        return {name, choice, help, {0, 0}, {0, 0}, 0, cell_and_command, nullptr, 0, names};
    }
    static constexpr Field switch_named(const char* name, const char* help, Use use = cell_and_command) {
        return {name, boolean, help, {0, 0}, {0, 0}, 0, use};
    }
    static constexpr Field divisor_of(const char* help) {
        return {"divisor", divisor, help, {0, 0}, {0, 0}, 0, cell_and_command};
    }
    // The entry with its permalink key: Field::whole_in("tokens", ...).linked("tok").
    constexpr Field linked(const char* key) const {
        Field f = *this;
        f.permalink = key;
        return f;
    }
    constexpr Field needed() const {
        Field f = *this;
        f.presence = required;
        return f;
    }
    constexpr Field optional() const {
        Field f = *this;
        f.presence = no_default;
        return f;
    }
    constexpr bool in_cell() const { return use != command_only; }
    constexpr bool in_command() const { return use != cell_only; }
};

}  // namespace attnbook
