#include "attnbook/notebook/attention_scale_json.hpp"

#include <cmath>
#include <vector>

#include "attnbook/core/errors.hpp"
#include "attnbook/core/text_join.hpp"
#include "attnbook/notebook/command_args.hpp"
#include "attnbook/notebook/field_reader.hpp"
#include "attnbook/notebook/json_out.hpp"
#include "attnbook/notebook/number_json.hpp"

namespace attnbook {

using nlohmann::json;

namespace {
namespace lim = attention_scale_limits;
constexpr Shown kErrorShown{2, Rounding::scientific};
constexpr Shown kThree{3, Rounding::fixed};
constexpr Shown kTwo{2, Rounding::fixed};
constexpr Shown kWhole{0, Rounding::fixed};

}  // namespace

ScaleProblem read_scale_problem(const std::string& who, const json& raw, std::initializer_list<const char*> extra) {
    ScaleProblem p;
    read_command(who.c_str(), raw, bind_fields(p), extra);
    check_scale_problem(p, who);
    return p;
}

std::size_t read_sample_rows(const std::string& who, const json& args) {
    const json* sample_rows = json_member(args, "sample_rows");
    if (!sample_rows) return lim::default_sample_rows;
    const json& r = *sample_rows;
    const bool whole = r.is_number_unsigned() || (r.is_number_integer() && r.get<std::int64_t>() >= 0);
    if (!whole || r.get<std::uint64_t>() < lim::sample_rows.min || r.get<std::uint64_t>() > lim::sample_rows.max)
        throw_format("{}: $.sample_rows: expected a whole number {} to {}", {who, lim::sample_rows.min, lim::sample_rows.max});
    return r.get<std::size_t>();
}

json scale_report(const ScaleProblem& p, const ScaleReportOptions& options, const float* q, const float* k,
                  const float* v, const float* out) {
    const double ms = options.ms;
    const double scratch = options.wasm ? scale_wasm_scratch_bytes(p) : 0.0;

    const ScaleCheck c = scale_check(p, q, k, v, out, options.sample_rows);
    const double flops = scale_flops(p);
    const double tensors = scale_tensor_bytes(p), matrix = scale_matrix_bytes(p), used = tensors + scratch;
    const double mib = 1024.0 * 1024.0;
    json result;
    JsonOut o(result);
    o.set("rows_checked", c.rows)
        .pair("max_abs_error", c.max_abs_error, kErrorShown)
        .pair("max_rel_error", c.max_rel_error, kErrorShown);
    JsonOut top = o.object("top_weight");
    top.object("scaled").set("bins", c.top_scaled_bins).pair("mean", c.top_scaled_mean, kThree);
    top.object("unscaled").set("bins", c.top_unscaled_bins).pair("mean", c.top_unscaled_mean, kThree);
    top.pair("bin_width", 1.0 / static_cast<double>(lim::histogram_bins), {1, Rounding::fixed});
    o.object("window").set("size", c.window.size()).pair_rows("weights", c.window, kThree);
    o.pair("gflop", flops / 1e9, kThree);
    if (ms < 0) o.set("ms", json());
    else o.pair("ms", ms, {1, Rounding::fixed});
    // 3 decimals: a CPU driver (SwiftShader) runs at a few MFLOP/s, a GPU at hundreds of GFLOP/s.
    if (ms <= 0) o.set("gflops", json());
    else o.pair("gflops", flops / (ms * 1e6), kThree);
    o.object("memory")
        .pair("tensors_bytes", tensors, kWhole)
        .pair("scratch_bytes", scratch, kWhole)
        .pair("used_bytes", used, kWhole)
        .pair("matrix_bytes", matrix, kWhole)
        .pair("used_mib", used / mib, kTwo)
        .pair("matrix_mib", matrix / mib, kTwo);
    return result;
}

}  // namespace attnbook
