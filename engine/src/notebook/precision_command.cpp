#include "attnbook/notebook/precision_command.hpp"

#include <cmath>

#include "attnbook/core/det_math.hpp"
#include "attnbook/core/errors.hpp"
#include "attnbook/core/number.hpp"
#include "attnbook/lessons/precision.hpp"
#include "attnbook/notebook/command_args.hpp"

namespace attnbook {

using nlohmann::json;

namespace {
constexpr Shown kErrorShown{2, Rounding::scientific};
constexpr Shown kTwoDecimals{2, Rounding::fixed};
}  // namespace

json precision_command(const json& raw, const Progress& progress) {
    CommandArgs args("precision", raw, {"tokens", "head_width", "seed", "unscaled"});
    namespace lim = precision_limits;
    PrecisionInput in;
    if (args.has("tokens")) in.tokens = args.whole("tokens", lim::min_tokens, lim::max_tokens);
    if (args.has("head_width")) in.head_width = args.whole("head_width", lim::min_head_width, lim::max_head_width);
    if (args.has("seed")) in.seed = args.whole("seed", 0, lim::max_seed);
    if (args.has("unscaled")) {
        if (!args.raw("unscaled").is_boolean()) throw UserError("precision: $.unscaled: expected true or false");
        in.unscaled = args.raw("unscaled").get<bool>();
    }
    const PrecisionResult r = precision_lab(in, progress);
    json formats = json::object();
    for (const FormatResult& f : r.formats) {
        const FormatSpec& spec = format_spec(f.format);
        const bool failed = f.naive_overflow || f.naive_underflow;
        formats[spec.name] = json{
            {"max_abs_error", number_pair(f.max_abs_error, kErrorShown)},
            {"max_rel_error", number_pair(f.max_rel_error, kErrorShown)},
            {"naive_overflow", f.naive_overflow},
            {"naive_underflow", f.naive_underflow},
            {"naive_max_abs_error", failed ? json(nullptr) : number_pair(f.naive_max_abs_error, kErrorShown)},
            {"largest", number_pair(spec.largest, kErrorShown)},
            // exp(x) rounds to +inf in this format once x passes ln(largest) (a little more, by
            // the half unit rounding adds; the lab's table shows the round figure).
            {"exp_overflows_above", number_pair(det_log1p(spec.largest - 1.0), kTwoDecimals)},
        };
    }
    return json{{"tokens", in.tokens},
                {"head_width", in.head_width},
                {"seed", in.seed},
                {"unscaled", in.unscaled},
                {"rows_checked", r.rows_checked},
                {"max_logit", number_pair(r.max_logit, kTwoDecimals)},
                {"formats", formats}};
}

}  // namespace attnbook
