// normalize {scores, kind?, temperature?} -> {weights, sum}: one row of scores divided by the
// temperature (default 1), then the chosen normaliser of core/normalize.hpp; jacobian {scores}
// and jacobian_norms (lessons/jacobian.hpp: their fields).
#include <cmath>

#include "attnbook/core/errors.hpp"
#include "attnbook/core/normalize.hpp"
#include "attnbook/core/text_join.hpp"
#include "attnbook/lessons/jacobian.hpp"
#include "attnbook/notebook/field_reader.hpp"
#include "attnbook/notebook/json_out.hpp"
#include "attnbook/notebook/lesson_commands.hpp"
#include "attnbook/notebook/number_json.hpp"

namespace attnbook {

using nlohmann::json;

namespace {
constexpr Shown kWeights{3, Rounding::fixed};
constexpr Shown kFour{4, Rounding::fixed};
// The colour scale of the Jacobian heatmap: no entry of diag(p) - p pᵀ exceeds 1/4 in size
// (p(1 - p) <= 1/4 and p_i p_j <= 1/4 for p_i + p_j <= 1), so ±1/4 is a fixed, symmetric scale
// that every input shares: a faint cell is a small entry, whatever the scores.
constexpr double kJacobianColourRange = 0.25;

}  // namespace

json normalize_command(const json& raw, const Progress&) {
    NormalizeInput in = read_command_fields<NormalizeInput>("normalize", raw);
    run_lesson("normalize: $.{}", check_scores, in.scores);
    const double t = in.temperature;
    if (!(t > 0.0 && t <= jacobian_limits::max_temperature))
        throw_format("normalize: $.temperature: must be greater than 0 and at most {}, found {}",
                     {json(jacobian_limits::max_temperature).dump(), json(t).dump()});
    for (double& s : in.scores) {
        s /= t;
        if (!std::isfinite(s)) throw UserError("normalize: $.temperature: so small that a score overflows");
    }
    const std::vector<double> w = normalize_f64(in.kind, in.scores);
    double sum = 0.0;
    for (double x : w) sum += x;
    json out;
    JsonOut(out).pairs("weights", w, kWeights).pair("sum", sum, kWeights);
    return out;
}

json jacobian_command(const json& raw, const Progress&) {
    const ScoreRowInput in = read_command_fields<ScoreRowInput>("jacobian", raw);
    const SoftmaxJacobian r = run_lesson("jacobian: $.{}", softmax_jacobian, in.scores);
    json out;
    JsonOut(out)
        // The entries vanish as softmax saturates (about 1e-28 at scores 64, 128, 192): fixed
        // decimals would print them all as 0.0000 beside a heatmap that must agree with the text.
        .set("weights", small_aware_pairs(r.weights, 3))
        .set("jacobian", small_aware_rows(r.jacobian, 4))
        .set("frobenius", small_aware_pair(r.frobenius, 4))
        .pair("colour_range", kJacobianColourRange, Shown{4, Rounding::trimmed});
    return out;
}

json jacobian_norms_command(const json& raw, const Progress&) {
    const JacobianNormsInput in = read_command_fields<JacobianNormsInput>("jacobian_norms", raw);
    const JacobianNorms r = run_lesson("jacobian_norms: {}", jacobian_norms, in);
    json out;
    JsonOut(out).set("widths", in.widths).pairs("unscaled", r.unscaled, kFour).pairs("scaled", r.scaled, kFour);
    return out;
}

}  // namespace attnbook
