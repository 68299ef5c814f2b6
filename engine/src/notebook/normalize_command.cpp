// normalize {scores, kind?, temperature?} -> {weights, sum}: one row of scores divided by the
// temperature (default 1), then the chosen normaliser of core/normalize.hpp.
#include <cmath>

#include "attnbook/core/errors.hpp"
#include "attnbook/core/normalize.hpp"
#include "attnbook/core/text_join.hpp"
#include "attnbook/lessons/jacobian.hpp"
#include "attnbook/notebook/command_args.hpp"
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

std::vector<double> read_scores(const CommandArgs& args, const char* command) {
    const std::vector<double> scores = args.numbers("scores");
    if (scores.empty() || scores.size() > jacobian_limits::max_scores)
        throw_format("{}: $.scores: give 1 to {} scores, found {}",
                     {command, jacobian_limits::max_scores, scores.size()});
    for (std::size_t i = 0; i < scores.size(); ++i)
        if (std::fabs(scores[i]) > jacobian_limits::max_abs)
            throw_format("{}: $.scores[{}]: |score| must be at most 1e6", {command, i});
    return scores;
}
}  // namespace

json normalize_command(const json& raw, const Progress&) {
    CommandArgs args("normalize", raw, {"scores", "kind", "temperature"});
    std::vector<double> scores = read_scores(args, "normalize");
    const Normalizer kind = args.has("kind") ? parse_normalizer(args.text("kind"), "normalize: $.kind") : Normalizer::softmax;
    if (args.has("temperature")) {
        const double t = args.number("temperature");
        if (!(t > 0.0)) throw_format("normalize: $.temperature: must be greater than 0, found {}", {json(t).dump()});
        for (double& s : scores) {
            s /= t;
            if (!std::isfinite(s)) throw UserError("normalize: $.temperature: so small that a score overflows");
        }
    }
    const std::vector<double> w = normalize_f64(kind, scores);
    double sum = 0.0;
    for (double x : w) sum += x;
    json out;
    JsonOut(out).pairs("weights", w, kWeights).pair("sum", sum, kWeights);
    return out;
}

json jacobian_command(const json& raw, const Progress&) {
    CommandArgs args("jacobian", raw, {"scores"});
    const SoftmaxJacobian r = softmax_jacobian(read_scores(args, "jacobian"));
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
