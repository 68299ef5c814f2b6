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

std::optional<long long> read_whole(Context& cx, const json& cell, const std::string& path, const char* name,
                                    std::uint64_t lo, std::uint64_t hi) {
    if (!cell.contains(name)) return std::nullopt;
    return read_integer(cx, cell[name], json_path_member(path, name), static_cast<long long>(lo), static_cast<long long>(hi));
}

}  // namespace

void check_attention_scale_cell(Context& cx, const json& cell, const std::string& path, json& out) {
    namespace lim = attention_scale_limits;
    const ScaleProblem defaults;
    out["tokens"] = defaults.tokens;
    out["head_width"] = defaults.head_width;
    out["heads"] = defaults.heads;
    out["causal"] = defaults.causal;
    out["divisor"] = divisor_name(defaults.divisor);
    out["seed"] = defaults.seed;
    out["backend"] = scale_backend_names()[0];
    if (auto x = read_whole(cx, cell, path, "tokens", lim::cell_tokens.min, lim::cell_tokens.max)) out["tokens"] = *x;
    if (auto x = read_whole(cx, cell, path, "head_width", lim::cell_head_width.min, lim::cell_head_width.max))
        out["head_width"] = *x;
    if (auto x = read_whole(cx, cell, path, "heads", lim::cell_heads.min, lim::cell_heads.max)) out["heads"] = *x;
    if (auto x = read_whole(cx, cell, path, "seed", lim::seed.min, lim::seed.max)) out["seed"] = *x;
    if (cell.contains("causal"))
        if (auto b = read_bool(cx, cell["causal"], json_path_member(path, "causal"))) out["causal"] = *b;
    if (cell.contains("divisor"))
        if (auto d = read_divisor(cx, cell["divisor"], json_path_member(path, "divisor"))) out["divisor"] = *d;
    if (cell.contains("backend")) {
        const std::string at = json_path_member(path, "backend");
        const auto& names = scale_backend_names();
        if (!cell["backend"].is_string() || std::find(names.begin(), names.end(), cell["backend"].get<std::string>()) == names.end())
            cx.error(at, "expected one of " + join(names) + ", found " +
                             (cell["backend"].is_string() ? quote(cell["backend"].get<std::string>()) : kind_of(cell["backend"])));
        else
            out["backend"] = cell["backend"];
    }
    const std::uint64_t numel = out["tokens"].get<std::uint64_t>() * out["head_width"].get<std::uint64_t>() *
                                out["heads"].get<std::uint64_t>();
    if (numel > lim::max_elements)
        cx.error(path, "heads x tokens x head_width = " + std::to_string(numel) + " numbers per tensor; at most " +
                           std::to_string(lim::max_elements));
}

void check_precision_lab_cell(Context& cx, const json& cell, const std::string& path, json& out) {
    namespace lim = precision_limits;
    const PrecisionInput defaults;
    out["tokens"] = lim::cell_default_tokens;
    out["head_width"] = defaults.head_width;
    out["seed"] = defaults.seed;
    if (auto x = read_whole(cx, cell, path, "head_width", lim::min_head_width, lim::max_head_width)) out["head_width"] = *x;
    if (auto x = read_whole(cx, cell, path, "seed", 0, lim::max_seed)) out["seed"] = *x;
    if (!cell.contains("tokens")) return;
    const json& given = cell["tokens"];
    const std::string at = json_path_member(path, "tokens");
    if (!given.is_array()) {
        cx.error(at, "expected an array of whole numbers, found " + kind_of(given));
        return;
    }
    if (given.empty() || given.size() > lim::cell_max_lengths) {
        cx.error(at, "must have between 1 and " + std::to_string(lim::cell_max_lengths) + " lengths, found " +
                         std::to_string(given.size()));
        return;
    }
    json list = json::array();
    long long last = 0;
    for (std::size_t i = 0; i < given.size(); ++i) {
        const std::string item = json_path_index(at, i);
        const auto t = read_integer(cx, given[i], item, static_cast<long long>(lim::min_tokens),
                                    static_cast<long long>(lim::max_tokens));
        if (!t) continue;
        if (*t <= last) cx.error(item, "lengths must increase: " + std::to_string(*t) + " follows " + std::to_string(last));
        last = *t;
        list.push_back(*t);
    }
    out["tokens"] = list;
}

}  // namespace notebook_validation
}  // namespace attnbook
