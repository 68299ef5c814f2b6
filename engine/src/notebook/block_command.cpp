#include "attnbook/notebook/block_command.hpp"

#include "attnbook/core/number.hpp"
#include "attnbook/lessons/block.hpp"
#include "attnbook/notebook/command_args.hpp"

namespace attnbook {
namespace {

using nlohmann::json;

// The explorable's display: up to three decimals, trailing zeros dropped.
constexpr Shown kShown{3, Rounding::trimmed};

json pairs(const BlockMatrix& rows) {
    json out = json::array();
    for (const auto& row : rows) out.push_back(number_pairs(row, kShown));
    return out;
}

json plain(const BlockMatrix& rows) {
    json out = json::array();
    for (const auto& row : rows) out.push_back(row);
    return out;
}

}  // namespace

json block_command(const json& raw, const Progress&) {
    CommandArgs args("block", raw, {"input", "heads", "mask", "activation"});
    BlockInput in = block_example();
    namespace bl = block_limits;
    if (args.has("input")) in.input = args.rows("input");
    if (args.has("heads")) in.heads = static_cast<std::size_t>(args.whole("heads", 1, bl::d_model));
    if (args.has("mask")) in.mask = args.flag_rows("mask");
    if (args.has("activation")) in.activation = parse_activation(args.text("activation"));
    const BlockResult r = transformer_block(in);
    const BlockWeights& w = block_weights();
    json heads = json::array();
    for (const auto& h : r.heads)
        heads.push_back(json{{"q", pairs(h.q)},
                             {"k", pairs(h.k)},
                             {"v", pairs(h.v)},
                             {"scores", pairs(h.scores)},
                             {"shares", pairs(h.shares)},
                             {"output", pairs(h.output)}});
    json masked = json::array();
    for (bool b : r.all_masked) masked.push_back(b);
    return json{{"weights",
                 {{"ln1_gamma", w.ln1_gamma},
                  {"ln1_beta", w.ln1_beta},
                  {"w_q", plain(w.w_q)},
                  {"w_k", plain(w.w_k)},
                  {"w_v", plain(w.w_v)},
                  {"w_o", plain(w.w_o)},
                  {"b_o", w.b_o},
                  {"ln2_gamma", w.ln2_gamma},
                  {"ln2_beta", w.ln2_beta},
                  {"w_1", plain(w.w_1)},
                  {"b_1", w.b_1},
                  {"w_2", plain(w.w_2)},
                  {"b_2", w.b_2}}},
                {"heads_count", in.heads},
                {"epsilon", bl::epsilon},
                {"activation", activation_name(in.activation)},
                {"ln1", pairs(r.ln1)},
                {"heads", heads},
                {"all_masked", masked},
                {"concat", pairs(r.concat)},
                {"attention_out", pairs(r.attention_out)},
                {"h_prime", pairs(r.h_prime)},
                {"ln2", pairs(r.ln2)},
                {"mlp_hidden", pairs(r.mlp_hidden)},
                {"mlp_out", pairs(r.mlp_out)},
                {"h_out", pairs(r.h_out)}};
}

}  // namespace attnbook
