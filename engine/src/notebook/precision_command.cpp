#include "attnbook/notebook/precision_command.hpp"

#include <cmath>

#include "attnbook/core/det_math.hpp"
#include "attnbook/core/errors.hpp"
#include "attnbook/lessons/precision.hpp"
#include "attnbook/notebook/field_reader.hpp"
#include "attnbook/notebook/json_out.hpp"
#include "attnbook/notebook/number_json.hpp"

namespace attnbook {

using nlohmann::json;

namespace {
constexpr Shown kErrorShown{2, Rounding::scientific};
constexpr Shown kTwoDecimals{2, Rounding::fixed};
}  // namespace

json precision_command(const json& raw, const Progress& progress) {
    const PrecisionInput in = read_command_fields<PrecisionInput>("precision", raw);
    const PrecisionResult r = precision_lab(in, progress);
    json out;
    JsonOut o(out);
    o.set("tokens", in.tokens)
        .set("head_width", in.head_width)
        .set("seed", in.seed)
        .set("unscaled", in.unscaled)
        .set("rows_checked", r.rows_checked)
        .pair("max_logit", r.max_logit, kTwoDecimals);
    JsonOut formats = o.object("formats");
    for (const FormatResult& f : r.formats) {
        const FormatSpec& spec = format_spec(f.format);
        JsonOut fo = formats.object(spec.name);
        fo.pair("max_abs_error", f.max_abs_error, kErrorShown)
            .pair("max_rel_error", f.max_rel_error, kErrorShown)
            .set("naive_overflow", f.naive_overflow)
            .set("naive_underflow", f.naive_underflow);
        if (f.naive_overflow || f.naive_underflow) fo.set("naive_max_abs_error", json());
        else fo.pair("naive_max_abs_error", f.naive_max_abs_error, kErrorShown);
        fo.pair("largest", spec.largest, kErrorShown)
            // exp(x) rounds to +inf in this format once x passes ln(largest) (a little more, by
            // the half unit rounding adds; the lab's table shows the round figure).
            .pair("exp_overflows_above", det_log1p(spec.largest - 1.0), kTwoDecimals);
    }
    return out;
}

}  // namespace attnbook
