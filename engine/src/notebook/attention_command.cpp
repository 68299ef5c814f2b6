#include "attnbook/notebook/attention_command.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "attnbook/core/attention.hpp"
#include "attnbook/core/attention_plan.hpp"
#include "attnbook/core/errors.hpp"
#include "attnbook/core/numpy_rng.hpp"  // max_rng_seed: a seed travels as a JavaScript number
#include "attnbook/core/text_join.hpp"
#include "attnbook/notebook/command_args.hpp"
#include "attnbook/notebook/json_out.hpp"
#include "attnbook/notebook/json_text.hpp"
#include "attnbook/notebook/number_json.hpp"

namespace attnbook {
namespace {

using nlohmann::json;

constexpr std::size_t kMaxElements = attention_limits::max_elements;
constexpr std::size_t kMaxPrinted = attention_limits::max_printed;
constexpr Shown kTensorShown{4, Rounding::trimmed};
constexpr Shown kErrorShown{2, Rounding::scientific};

Shape read_shape(const json& t, const char* path) {
    if (!json_member(t, "shape") || !json_member(t, "data"))
        throw_format("attention: {}: expected {\"shape\": [...], \"data\": [...]}", {path});
    for (const auto& item : t.get_ref<const json::object_t&>())
        if (item.first != "shape" && item.first != "data")
            throw_format("attention: {}: unknown field (expected shape, data)", {json_path_member(path, item.first)});
    const json& shape = *json_member(t, "shape");
    if (!shape.is_array() || shape.empty() || shape.size() > 4)
        throw_format("attention: {}.shape: expected 1 to 4 sizes", {path});
    Shape out;
    std::size_t numel = 1;
    for (std::size_t i = 0; i < shape.size(); ++i) {
        if (!shape[i].is_number_unsigned()) throw_format("attention: {}.shape[{}]: expected a whole number >= 0",
                                                         {path, i});
        out.push_back(shape[i].get<std::size_t>());
        if (out.back() > kMaxElements) throw_format("attention: {}.shape[{}]: too large", {path, i});
        numel *= out.back();
        if (numel > kMaxElements) throw_format("attention: {}.shape: more than {} elements", {path, kMaxElements});
    }
    const json& data = *json_member(t, "data");
    if (!data.is_array()) throw_format("attention: {}.data: expected an array", {path});
    if (data.size() != numel)
        throw_format("attention: {}.data: has {} numbers but shape {} needs {}", {path, data.size(), out, numel});
    return out;
}

Tensor read_tensor(const json& t, const char* path) {
    Tensor out(read_shape(t, path));
    const json& data = *json_member(t, "data");
    for (std::size_t i = 0; i < data.size(); ++i) {
        if (!data[i].is_number())
            throw_format("attention: {}.data[{}]: expected a number, found {}", {path, i, json_kind(data[i])});
        const double x = data[i].get<double>();
        if (!std::isfinite(x) || std::fabs(x) > std::numeric_limits<float>::max())
            throw_format("attention: {}.data[{}]: not a finite float32 number", {path, i});
        out.data[i] = static_cast<float>(x);
    }
    return out;
}

// A mask of booleans (true = may attend) or of numbers added to the logits, where the string
// "-inf" (JSON has no infinity) masks a position.
struct Mask {
    BoolTensor flags;
    Tensor additive;
    bool is_bool = false;
};

Mask read_mask(const json& t, const char* path) {
    Mask mask;
    const Shape shape = read_shape(t, path);
    const json& data = *json_member(t, "data");
    mask.is_bool = !data.empty() && data[0].is_boolean();
    if (mask.is_bool) mask.flags = BoolTensor(shape);
    else mask.additive = Tensor(shape);
    for (std::size_t i = 0; i < data.size(); ++i) {
        if (mask.is_bool) {
            if (!data[i].is_boolean())
                throw_format("attention: {}.data[{}]: expected true/false like the first entry, found {}",
                             {path, i, json_kind(data[i])});
            mask.flags.data[i] = data[i].get<bool>() ? 1 : 0;
        } else if (data[i].is_string() && data[i].get_ref<const std::string&>() == "-inf") {
            mask.additive.data[i] = -std::numeric_limits<float>::infinity();
        } else if (data[i].is_number() && std::isfinite(data[i].get<double>())) {
            mask.additive.data[i] = static_cast<float>(data[i].get<double>());
        } else {
            throw_format("attention: {}.data[{}]: expected a finite number or \"-inf\", found {}",
                         {path, i, json_found(data[i])});
        }
    }
    return mask;
}

void put_tensor(JsonOut o, const Tensor& t) {
    o.set("shape", t.shape);
    json& data = o.array("data");
    for (float x : t.data) data.push_back(number_pair(static_cast<double>(x), kTensorShown));
}

}  // namespace

json attention_command(const json& raw, const Progress&) {
    CommandArgs args("attention", raw,
                     {"query", "key", "value", "attn_mask", "dropout_p", "dropout_seed", "is_causal", "scale",
                      "enable_gqa", "return_weights"});
    for (const char* name : {"query", "key", "value"})
        if (!args.has(name)) throw_format("attention: $.{}: required", {name});
    const Tensor q = read_tensor(args.raw("query"), "$.query");
    const Tensor k = read_tensor(args.raw("key"), "$.key");
    const Tensor v = read_tensor(args.raw("value"), "$.value");
    AttentionOptions options;
    Mask mask;
    if (args.has("attn_mask")) {
        mask = read_mask(args.raw("attn_mask"), "$.attn_mask");
        if (mask.is_bool) options.bool_mask = &mask.flags;
        else options.float_mask = &mask.additive;
    }
    auto flag = [&](const char* name) {
        if (!args.has(name)) return false;
        if (!args.raw(name).is_boolean()) throw_format("attention: $.{}: expected true or false", {name});
        return args.raw(name).get<bool>();
    };
    options.is_causal = flag("is_causal");
    options.enable_gqa = flag("enable_gqa");
    options.return_weights = flag("return_weights");
    if (args.has("dropout_p")) options.dropout_p = args.number("dropout_p");
    if (args.has("dropout_seed")) options.dropout_seed = args.whole("dropout_seed", 0, max_rng_seed);
    if (args.has("scale")) options.scale = args.number("scale");

    // Sizes first (plan_attention validates shapes and values): no kernel runs for a result
    // too large to print.
    const AttentionPlan plan = plan_attention(q, k, v, options);
    if (shape_numel(plan.output_shape) > kMaxPrinted ||
        (options.return_weights && shape_numel(plan.weights_shape) > kMaxPrinted))
        throw_format("attention: the result has more than {} numbers to print", {kMaxPrinted});
    const AttentionResult fast = scaled_dot_product_attention(q, k, v, options);
    const AttentionResultF64 reference = scaled_dot_product_attention_reference_f64(q, k, v, options);

    double max_error = 0.0;
    for (std::size_t i = 0; i < fast.output.numel(); ++i)
        max_error = std::fmax(max_error, std::fabs(static_cast<double>(fast.output.data[i]) - reference.output.data[i]));
    json out;
    JsonOut o(out);
    put_tensor(o.object("output"), fast.output);
    json& rows = o.array("fully_masked_rows");
    for (const auto& r : fast.fully_masked_rows) rows.push_back(std::vector<std::size_t>{r.batch, r.head, r.row});
    o.set("kernel", fast.kernel).pair("reference_max_abs_error", max_error, kErrorShown);
    if (fast.weights) put_tensor(o.object("weights"), *fast.weights);
    return out;
}

}  // namespace attnbook
