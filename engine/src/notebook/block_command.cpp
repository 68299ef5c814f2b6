#include "attnbook/notebook/block_command.hpp"

#include "attnbook/lessons/block.hpp"
#include "attnbook/notebook/field_reader.hpp"
#include "attnbook/notebook/json_out.hpp"
#include "attnbook/notebook/number_json.hpp"

namespace attnbook {
namespace {

using nlohmann::json;

// Three decimals, always: one matrix must not mix 0.16 and -2.55 with 1.738 (issue 19), and the
// columns of a table line up on the decimal point.
constexpr Shown kShown{3, Rounding::fixed};

}  // namespace

json block_command(const json& raw, const Progress&) {
    namespace bl = block_limits;
    const BlockInput in = read_command_fields<BlockInput>("block", raw);
    const BlockResult r = transformer_block(in);
    const BlockWeights& w = block_weights();
    json out;
    JsonOut o(out);
    o.object("weights")
        .set("ln1_gamma", w.ln1_gamma)
        .set("ln1_beta", w.ln1_beta)
        .set("w_q", w.w_q)
        .set("w_k", w.w_k)
        .set("w_v", w.w_v)
        .set("w_o", w.w_o)
        .set("b_o", w.b_o)
        .set("ln2_gamma", w.ln2_gamma)
        .set("ln2_beta", w.ln2_beta)
        .set("w_1", w.w_1)
        .set("b_1", w.b_1)
        .set("w_2", w.w_2)
        .set("b_2", w.b_2);
    json& heads = o.array("heads");
    for (const auto& h : r.heads)
        JsonOut::push(heads)
            .pair_rows("q", h.q, kShown)
            .pair_rows("k", h.k, kShown)
            .pair_rows("v", h.v, kShown)
            .pair_rows("scores", h.scores, kShown)
            .pair_rows("shares", h.shares, kShown)
            .pair_rows("output", h.output, kShown);
    o.set("heads_count", in.heads)
        .set("epsilon", bl::epsilon)
        .set("activation", activation_name(in.activation))
        .pair_rows("ln1", r.ln1, kShown)
        .set("all_masked", r.all_masked)
        .pair_rows("concat", r.concat, kShown)
        .pair_rows("attention_out", r.attention_out, kShown)
        .pair_rows("h_prime", r.h_prime, kShown)
        .pair_rows("ln2", r.ln2, kShown)
        .pair_rows("mlp_hidden", r.mlp_hidden, kShown)
        .pair_rows("mlp_out", r.mlp_out, kShown)
        .pair_rows("h_out", r.h_out, kShown);
    return out;
}

}  // namespace attnbook
