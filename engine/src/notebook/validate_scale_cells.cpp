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
// The problem's fields by its table (attention_scale_fields, a cell's ranges); the backend and
// the problem's size here.
void check_attention_scale_cell(Context& cx, const json& cell, const std::string& path, json& out) {
    namespace lim = attention_scale_limits;
    ScaleProblem p;
    read_table_cell(cx, cell, path, out, p);
    JsonOut o = JsonOut::into(out);
    o.set("backend", scale_backend_names()[0]);
    Fields(cx, cell, path).choice_to(o, "backend", scale_backend_names());
    const std::uint64_t numel = std::uint64_t{p.tokens} * p.head_width * p.heads;
    if (numel > lim::max_elements)
        cx.error(path, {"heads x tokens x head_width = ", numel, " numbers per tensor; at most ", lim::max_elements});
}

void check_precision_lab_cell(Context& cx, const json& cell, const std::string& path, json& out) {
    namespace lim = precision_limits;
    PrecisionInput in;
    check_table_fields(cx, cell, path, out, in);  // head_width, seed
    const Fields f(cx, cell, path);
    JsonOut o = JsonOut::into(out);
    o.set("tokens", lim::cell_default_tokens);
    const json* given = f.find("tokens");
    if (!given) return;
    const std::string at = f.at("tokens");
    if (!given->is_array()) {
        expected(cx, at, "an array of whole numbers", *given);
        return;
    }
    if (given->empty() || given->size() > lim::cell_max_lengths) {
        cx.error(at, {"must have between 1 and ", lim::cell_max_lengths, " lengths, found ", given->size()});
        return;
    }
    json& list = o.array("tokens");
    long long last = 0;
    for (std::size_t i = 0; i < given->size(); ++i) {
        const std::string item = json_path_index(at, i);
        const auto t = read_integer(cx, (*given)[i], item, static_cast<long long>(lim::min_tokens),
                                    static_cast<long long>(lim::max_tokens));
        if (!t) continue;
        if (*t <= last) cx.error(item, {"lengths must increase: ", *t, " follows ", last});
        last = *t;
        list.push_back(*t);
    }
}

}  // namespace notebook_validation
}  // namespace attnbook
