// The "attention-scale" and "precision-lab" cells: every field optional, every default and limit
// read from lessons/attention_scale.hpp and lessons/precision.hpp.
#include <algorithm>

#include "attnbook/core/quote.hpp"
#include "attnbook/lessons/attention_scale.hpp"
#include "attnbook/lessons/precision.hpp"
#include "attnbook/notebook/json_text.hpp"
#include "validate_context.hpp"

namespace attnbook {
namespace notebook_validation {
// The problem's fields and the backend by their table (attention_scale_fields, a cell's ranges);
// here, the problem's size.
void check_attention_scale_cell(Context& cx, const json& cell, const std::string& path, json& out) {
    namespace lim = attention_scale_limits;
    ScaleCell c;
    read_table_cell(cx, cell, path, out, c);
    const ScaleProblem& p = c.problem;
    const std::uint64_t numel = std::uint64_t{p.tokens} * p.head_width * p.heads;
    if (numel > lim::max_elements)
        cx.error(path, {"heads x tokens x head_width = ", numel, " numbers per tensor; at most ", lim::max_elements});
}

// The table reads each field (precision_fields); here, the lengths' order.
void check_precision_lab_cell(Context& cx, const json& cell, const std::string& path, json& out) {
    PrecisionCell in;
    const TableRead read = read_table_cell(cx, cell, path, out, in);
    const auto* tokens = read.usable(precision_fields::cell_tokens, in.tokens);
    for (std::size_t i = 1; tokens && i < tokens->size(); ++i)
        if ((*tokens)[i] <= (*tokens)[i - 1])
            cx.error(json_path_index(read.at(precision_fields::cell_tokens), i),
                     {"lengths must increase: ", (*tokens)[i], " follows ", (*tokens)[i - 1]});
}

}  // namespace notebook_validation
}  // namespace attnbook
