// The held-sequence and transformer-block cells: their fields, shapes and defaults. Registered in
// validate_cells.cpp's table; limits come from the lessons' headers (explore_row.hpp, block.hpp).
#include <optional>
#include <string>

#include "attnbook/lessons/block.hpp"
#include "attnbook/lessons/explore_row.hpp"
#include "attnbook/lessons/sequence.hpp"
#include "attnbook/notebook/json_text.hpp"
#include "attnbook/notebook/notebook.hpp"
#include "validate_context.hpp"

namespace attnbook {
namespace notebook_validation {

// The table reads each field (sequence_fields); here, the shapes between them.
void check_held_sequence(Context& cx, const json& cell, const std::string& path, json& out) {
    namespace sf = sequence_fields;
    SequenceInput in;
    const TableRead read = read_table_cell(cx, cell, path, out, in);
    const Fields f(cx, cell, path);
    const Matrix *queries = read.usable(sf::queries, in.queries), *keys = read.usable(sf::keys, in.keys),
                 *values = read.usable(sf::values, in.values);
    if (queries) check_row_widths(cx, *queries, f.at("queries"), "query");
    if (keys) {
        std::optional<std::size_t> d;
        if (queries && !queries->empty()) d = (*queries)[0].size();
        check_row_widths(cx, *keys, f.at("keys"), "key", d, "the queries have ");
    }
    if (values) check_value_rows(cx, keys, *values, f.at("values"));
    const std::size_t n = keys ? keys->size() : 0, m = queries ? queries->size() : 0;
    // Self-attention: position i's query and its key share a label, so the rows and sources pair up.
    if (queries && keys && m != n)
        f.error("queries", {"queries has ", counted(m, "row", "rows"), " but keys has ", counted(n, "row", "rows"),
                            " (each position has one query and one key)"});
    check_labels(f, sf::labels, out, n);
    check_mask(f, sf::mask, out, m, n);
}

// The table reads each field (block_fields); here, the rules between them.
void check_transformer_block(Context& cx, const json& cell, const std::string& path, json& out) {
    namespace bf = block_fields;
    BlockInput in;
    const TableRead read = read_table_cell(cx, cell, path, out, in);
    const Fields f(cx, cell, path);
    const std::size_t n = read.refused(bf::input) ? 0 : in.input.size();
    check_labels(f, bf::labels, out, n);
    const std::uint64_t width = bf::input.range.max;  // every row's: d_model
    if (read.accepted(bf::heads) && width % in.heads != 0)
        f.error("heads", {"heads must divide the width ", width, ", found ", in.heads});
    check_mask(f, bf::mask, out, n, n);
}

}  // namespace notebook_validation
}  // namespace attnbook
