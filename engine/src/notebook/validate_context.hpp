#pragma once
// Shared pieces of the notebook validator (validate*.cpp): the error list (the field reader's
// collect mode) and the checks only a notebook needs (an object's fields, row widths, depths,
// labels and masks, objects of a shape). Internal to engine/src/notebook.
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "attnbook/notebook/field_reader.hpp"
#include "attnbook/notebook/json_text.hpp"
#include "attnbook/notebook/json_out.hpp"
#include "attnbook/core/text_join.hpp"

namespace attnbook {
namespace notebook_validation {

using nlohmann::json;
using Matrix = std::vector<std::vector<double>>;
using Names = std::initializer_list<const char*>;

struct Issue {
    std::string path;     // JSON path of the value (or member) at fault
    bool at_key = false;  // point at the member's key rather than its value (unknown fields)
    std::string message;
};

// The validator's error list: collect mode's sink (field_reader.hpp), every error kept.
class Context final : public ErrorSink {
public:
    // The message is put together from its pieces (core/text_join.hpp): cx.error(at, {"has ", n}).
    void error(const std::string& path, std::initializer_list<TextPart> message, bool at_key);
    void error(const std::string& path, std::initializer_list<TextPart> message) override { error(path, message, false); }
    std::size_t count() const { return count_; }
    const std::vector<Issue>& kept() const { return kept_; }

    std::vector<std::string> notebook_depths;  // the notebook's depths once they are known valid
    bool notebook_depths_valid = false;
    // id -> path of the cell that has it. A map, not a list searched in order: a hostile notebook
    // may hold tens of thousands of cells (4 MB of text), and a list made that quadratic (27 s).
    std::map<std::string, std::string> cell_ids;

    // The notebook's formulas so far (validate_formulas.cpp), and the JSON path of the text where
    // each total first went over its limit (empty while it has not).
    std::size_t formulas = 0;
    std::size_t tex_chars = 0;
    std::string formulas_over_at, tex_chars_over_at;

private:
    std::size_t count_ = 0;
    std::vector<Issue> kept_;
};

// counted(), listed(), in_quotes(): core/text_join.hpp. The readers of one value
// (read_number, read_string, check_count, expected, forbidden_character, ...): field_reader.hpp.
// [true, true, ...]: n entries (a mask that allows everything).
json all_true(std::size_t n);

bool expect_object(Context& cx, const json& value, const std::string& path);
// Unknown fields (at their key) and missing required ones (at the object). `what` names the
// object in the message: "a prose cell", "the notebook".
void check_fields(Context& cx, const json& object, const std::string& path, const std::vector<const char*>& allowed,
                  const std::vector<const char*>& required, const char* what);
// The same for the fields of a table (required: those with Field::required).
void check_fields(Context& cx, const json& object, const std::string& path, const std::vector<Field>& table,
                  const char* what);

// Every row as wide as `expected` ("the query has 2 numbers") or, without it, as row 0.
// `row_name` is "key", "value", "query". Returns true when they all agree.
// The phrase for `expected` is `expected_lead` + the number: "the query has " + "2".
bool check_row_widths(Context& cx, const Matrix& rows, const std::string& path, const char* row_name,
                      std::optional<std::size_t> expected = std::nullopt, const char* expected_lead = "");

// The value rows (at `path`): as wide as each other, and one per key ("keys has 3 rows but values
// has 2 rows").
void check_value_rows(Context& cx, const Matrix* keys, const Matrix& values, const std::string& path);

// A list of depths (the notebook's or a cell's): strings of `allowed`, each once, in its order.
// Returns the depths accepted, or nullopt when `value` is no list or an empty one ("must list at
// least one depth (" + empty_hint + ")"); `ok` says whether nothing was reported.
std::optional<std::vector<std::string>> read_depths(Context& cx, const json& value, const std::string& path,
                                                    const std::vector<std::string>& allowed, const TextPart& empty_hint,
                                                    bool& ok);

// A string of 1..max_chars characters in the safe Markdown subset (validate_markdown.cpp).
std::optional<std::string> read_markdown(Context& cx, const json& value, const std::string& path, std::size_t max_chars);

// Formulas (validate_formulas.cpp): the ones in one Markdown text, or a maths cell's TeX, checked
// (length, no macro definitions) and added to the notebook's totals; and the totals' check, once
// every cell has been read.
void count_markdown_formulas(Context& cx, const std::string& text, const std::string& path);
void count_formula(Context& cx, const std::string& tex, const std::string& path);
void check_formula_totals(Context& cx);

// One object being checked, its members found by name (for a cell's checks between fields).
class Fields {
public:
    Fields(Context& cx, const json& object, const std::string& path) : cx(cx), object(object), path(path) {}
    const json* find(const char* name) const;  // nullptr when absent
    std::string at(const char* name) const;    // path.name
    // cx.error at path.name (one call: no path string at the call site).
    void error(const char* name, std::initializer_list<TextPart> message) const;

    Context& cx;
    const json& object;
    const std::string& path;
};

// A cell read by its lesson's table: what became of each field, for the checks between fields.
struct TableRead {
    BoundFields bound;
    std::vector<FieldRead> state;
    std::string path;  // the cell's
    bool ok = true;    // nothing reported

    FieldRead of(const Field& f) const;  // f: the table's entry (lessons' *_fields constants)
    bool given(const Field& f) const { return of(f) != FieldRead::absent; }
    bool refused(const Field& f) const { return of(f) == FieldRead::refused; }
    bool accepted(const Field& f) const { return of(f) == FieldRead::read; }  // given and valid
    // The member for the checks between fields: nullptr when the cell's value was refused (left
    // out, the member holds the default, which the checks use).
    template <class T>
    const T* usable(const Field& f, const T& member) const {
        return refused(f) ? nullptr : &member;
    }
    std::string at(const Field& f) const { return json_path_member(path, f.name); }
};
// Collect mode of the field reader (notebook/field_reader.hpp): a cell's fields, each read by the
// validator's reader of its kind, every error reported at its path.
TableRead read_table(Context& cx, const json& cell, const std::string& path, json& out, BoundFields bound);

// A cell's fields by its lesson's table: `in` (the defaults) takes every valid value, and `out`
// every field of the cell, defaults included.
template <class Input>
TableRead read_table_cell(Context& cx, const json& cell, const std::string& path, json& out, Input& in) {
    return read_table(cx, cell, path, out, bind_fields(in));
}
// The same; returns whether nothing was reported.
template <class Input>
bool check_table_fields(Context& cx, const json& cell, const std::string& path, json& out, Input& in) {
    return read_table_cell(cx, cell, path, out, in).ok;
}

// A cell whose fields are all its lesson's table's (check_table_fields), with nothing to check
// between them.
template <class Input>
void check_table_cell(Context& cx, const json& cell, const std::string& path, json& out) {
    Input in;
    check_table_fields(cx, cell, path, out, in);
}

// A labels field a table has read (Field::labels): one per row, "A", "B", ... when left out (or
// not a list). With `count_lead`, a list of another length is an error: "labels has 3 entries"
// + count_lead + "2 rows".
void check_labels(const Fields& f, const Field& labels, json& out, std::size_t n,
                  const char* count_lead = " but there are ");
// A mask a table has read (Field::flag_rows): rows x cols ("mask has 2 rows but there are 3
// query rows"), every entry true when left out.
void check_mask(const Fields& f, const Field& mask, json& out, std::size_t rows,
                std::size_t cols);

// One object of a shape (core/field.hpp) at `at`: its fields checked and read by the shape's
// table (Item's) into `out`, then `then(value, at, out)` reads the fields its table leaves to a
// check (ReadByCheck).
template <class Item, class Then>
void read_entry(Context& cx, const json& value, const std::string& at, const FieldShape& shape, json& out, Then&& then) {
    check_fields(cx, value, at, shape.fields(true), shape.what);
    Item item;
    read_table(cx, value, at, out, bind_fields(item));
    then(value, at, out);
}
// An object field (Field::object) of `parent`, into out[f.name].
template <class Item, class Then>
void read_object(Context& cx, const json& parent, const std::string& path, const Field& f, json& out, Then&& then) {
    const json* value = json_member(parent, f.name);
    if (!value) return;  // check_fields said so when it is required
    const std::string at = json_path_member(path, f.name);
    if (expect_object(cx, *value, at)) read_entry<Item>(cx, *value, at, *f.shape, out[f.name], then);
}
// A list of objects (Field::objects): its length in f.count, and each entry read as above, into
// the list out[f.name].
template <class Item, class Then>
void read_objects(Context& cx, const json& parent, const std::string& path, const Field& f, json& out, Then&& then) {
    const json* items = json_member(parent, f.name);
    if (!items) return;
    const std::string at = json_path_member(path, f.name);
    if (!items->is_array()) {
        cx.error(at, {"expected an array of ", f.shape->plural, ", found ", json_kind(*items)});
        return;
    }
    check_count(cx, at, items->size(), f.count, f.shape->plural, f.shape->plural);
    json& list = JsonOut::into(out).array(f.name);
    for (std::size_t i = 0; i < items->size(); ++i) {
        const std::string item_at = json_path_index(at, i);
        if (expect_object(cx, (*items)[i], item_at)) read_entry<Item>(cx, (*items)[i], item_at, *f.shape, list.emplace_back(), then);
    }
}

// A cell type's check: reads the fields of `cell` at `path`, reports what is wrong to cx and fills
// `out` with the fields and every default (validate_cells.cpp's table of cell types holds one each).
using CellCheck = void(Context& cx, const json& cell, const std::string& path, json& out);
// The held-sequence and transformer-block cells (validate_sequence_cells.cpp).
CellCheck check_held_sequence, check_transformer_block;
// The practice, references and study cells (validate_text_cells.cpp).
CellCheck check_practice, check_references, check_study;
// A practice answer ({"kind": ...}) of `parent` (a practice cell, a study check), written into
// out["answer"] (validate_text_cells.cpp).
void check_practice_answer(Context& cx, const json& parent, const std::string& path, json& out);
// The cells of "attention at scale" and the precision lab (validate_scale_cells.cpp).
CellCheck check_attention_scale_cell, check_precision_lab_cell;
// The lesson's live cells (validate_lesson_cells.cpp).
CellCheck check_pipeline_cell, check_jacobian_cell, check_online_softmax_cell;
// The training lab (validate_train_cells.cpp).
CellCheck check_training_lab_cell;

// Validates one cell and returns it normalised (validate_cells.cpp).
// `index` is the cell's position (from 0): an explicit id may take only its own automatic form.
json validate_cell(Context& cx, const json& cell, std::size_t index, const std::string& path);

}  // namespace notebook_validation
}  // namespace attnbook
