// mistakes {heads?, head_width?, tuned_width?, seed?} -> the four common mistakes with their
// symptoms (lessons/mistakes.hpp).
#include "attnbook/core/errors.hpp"
#include "attnbook/core/number.hpp"
#include "attnbook/lessons/mistakes.hpp"
#include "attnbook/notebook/command_args.hpp"
#include "attnbook/notebook/lesson_commands.hpp"

namespace attnbook {

using nlohmann::json;

namespace {
constexpr Shown kThree{3, Rounding::fixed};
json grid(const Grid& g) {
    json out = json::array();
    for (const auto& r : g) out.push_back(number_pairs(r, kThree));
    return out;
}
}  // namespace

json mistakes_command(const json& raw, const Progress&) {
    CommandArgs args("mistakes", raw, {"heads", "head_width", "tuned_width", "seed"});
    namespace lim = mistakes_limits;
    MistakesInput in;
    if (args.has("heads")) in.heads = args.whole("heads", 1, lim::max_heads);
    if (args.has("head_width")) in.head_width = args.whole("head_width", 1, lim::max_head_width);
    if (args.has("tuned_width")) in.tuned_width = args.whole("tuned_width", 1, 1024);
    if (args.has("seed")) in.seed = args.whole("seed", 0, (std::uint64_t{1} << 53) - 1);
    Mistakes m;
    try {
        m = common_mistakes(in);
    } catch (const UserError& e) {
        throw UserError(std::string("mistakes: $.") + e.what());
    }
    return json{
        {"wrong_width",
         {{"model_width", in.heads * in.head_width},
          {"right_divisor", number_pair(m.right_divisor, kThree)},
          {"wrong_divisor", number_pair(m.wrong_divisor, kThree)},
          {"top_unscaled", number_pair(m.top_unscaled, kThree)},
          {"top_right", number_pair(m.top_right, kThree)},
          {"top_wrong", number_pair(m.top_wrong, kThree)},
          {"uniform", number_pair(m.uniform, kThree)},
          {"keys", lim::keys},
          {"trials", lim::trials}}},
        {"wrong_axis",
         {{"scores", grid(m.scores)},
          {"weights_key_axis", grid(m.weights_key_axis)},
          {"weights_query_axis", grid(m.weights_query_axis)},
          {"row_sums_key_axis", number_pairs(m.row_sums_key_axis, kThree)},
          {"row_sums_query_axis", number_pairs(m.row_sums_query_axis, kThree)},
          {"column_sums_query_axis", number_pairs(m.column_sums_query_axis, kThree)},
          {"rows_sum_to_one", m.query_axis_rows_sum_to_one}}},
        {"mask_after",
         {{"weights_after", grid(m.weights_mask_after)},
          {"weights_before", grid(m.weights_mask_before)},
          {"row_sums_after", number_pairs(m.row_sums_mask_after, kThree)},
          {"row_sums_before", number_pairs(m.row_sums_mask_before, kThree)}}},
        {"tuned_scale",
         {{"tuned_width", in.tuned_width},
          {"scale", number_pair(m.tuned_scale, kThree)},
          {"widths", m.widths},
          {"top_tuned", number_pairs(m.top_tuned, kThree)},
          {"top_sqrt", number_pairs(m.top_sqrt, kThree)}}}};
}

}  // namespace attnbook
