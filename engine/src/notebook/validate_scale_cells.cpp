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
namespace {

// A whole-number field in [lo, hi] with its default (written as given: unsigned); returns the value.
std::uint64_t whole_field(const Fields& f, JsonOut& o, const char* name, std::uint64_t lo, std::uint64_t hi,
                          std::uint64_t fallback) {
    o.set(name, fallback);
    if (auto x = f.integer(name, static_cast<long long>(lo), static_cast<long long>(hi))) {
        o.set(name, *x);
        return static_cast<std::uint64_t>(*x);
    }
    return fallback;
}

}  // namespace

void check_attention_scale_cell(Context& cx, const json& cell, const std::string& path, json& out) {
    namespace lim = attention_scale_limits;
    const Fields f(cx, cell, path);
    JsonOut o = JsonOut::into(out);
    const ScaleProblem defaults;
    o.set("causal", defaults.causal).set("divisor", divisor_name(defaults.divisor));
    o.set("backend", scale_backend_names()[0]);
    const std::uint64_t tokens = whole_field(f, o, "tokens", lim::cell_tokens.min, lim::cell_tokens.max, defaults.tokens);
    const std::uint64_t width =
        whole_field(f, o, "head_width", lim::cell_head_width.min, lim::cell_head_width.max, defaults.head_width);
    const std::uint64_t heads = whole_field(f, o, "heads", lim::cell_heads.min, lim::cell_heads.max, defaults.heads);
    whole_field(f, o, "seed", lim::seed.min, lim::seed.max, defaults.seed);
    f.boolean_to(o, "causal");
    f.divisor_to(o, "divisor");
    f.choice_to(o, "backend", scale_backend_names());
    const std::uint64_t numel = tokens * width * heads;
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
