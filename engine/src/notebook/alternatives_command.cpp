// alternatives {queries?, keys?, values?, cosine_scale?, features?, seed?} -> every method of
// lessons/alternatives.hpp on the same inputs: {methods: [{name, weights, output, row_sums}],
// linear: {left, right, reassociation_difference}, performer: {difference_from_dot}}.
#include "attnbook/core/errors.hpp"
#include "attnbook/core/number.hpp"
#include "attnbook/lessons/alternatives.hpp"
#include "attnbook/notebook/command_args.hpp"
#include "attnbook/notebook/lesson_commands.hpp"

namespace attnbook {

using nlohmann::json;

namespace {
constexpr Shown kThree{3, Rounding::fixed};
json grid(const AltMatrix& g) {
    json out = json::array();
    for (const auto& r : g) out.push_back(number_pairs(r, kThree));
    return out;
}
}  // namespace

json alternatives_command(const json& raw, const Progress&) {
    CommandArgs args("alternatives", raw, {"queries", "keys", "values", "cosine_scale", "features", "seed"});
    AlternativesInput in;
    if (args.has("queries")) in.queries = args.rows("queries");
    if (args.has("keys")) in.keys = args.rows("keys");
    if (args.has("values")) in.values = args.rows("values");
    if (args.has("cosine_scale")) in.cosine_scale = args.number("cosine_scale");
    if (args.has("features")) in.features = args.whole("features", 1, alternatives_limits::max_features);
    if (args.has("seed")) in.seed = args.whole("seed", 0, (std::uint64_t{1} << 53) - 1);
    Alternatives r;
    try {
        r = attention_alternatives(in);
    } catch (const UserError& e) {
        throw UserError(std::string("alternatives: $.") + e.what());
    }
    json methods = json::array();
    for (const auto& m : r.methods)
        methods.push_back(json{{"name", m.name},
                               {"weights", grid(m.weights)},
                               {"output", grid(m.output)},
                               {"row_sums", number_pairs(m.row_sums, kThree)}});
    constexpr Shown kError{1, Rounding::scientific};
    return json{{"methods", methods},
                {"linear",
                 {{"left", grid(r.linear_left)},
                  {"right", grid(r.linear_right)},
                  {"reassociation_difference", number_pair(r.linear_reassociation_difference, kError)}}},
                {"performer", {{"features", in.features}, {"difference_from_dot", number_pair(r.performer_difference, kThree)}}}};
}

}  // namespace attnbook
