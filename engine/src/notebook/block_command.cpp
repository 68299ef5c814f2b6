#include "attnbook/notebook/block_command.hpp"

#include "attnbook/lessons/block.hpp"
#include "attnbook/notebook/field_reader.hpp"
#include "attnbook/notebook/json_out.hpp"
#include "attnbook/notebook/number_json.hpp"

namespace attnbook {

using nlohmann::json;

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
            .pair_rows("q", h.q, three_decimals)
            .pair_rows("k", h.k, three_decimals)
            .pair_rows("v", h.v, three_decimals)
            .pair_rows("scores", h.scores, three_decimals)
            .pair_rows("shares", h.shares, three_decimals)
            .pair_rows("output", h.output, three_decimals);
    o.set("heads_count", in.heads)
        .set("epsilon", bl::epsilon)
        .set("activation", activation_name(in.activation))
        .pair_rows("ln1", r.ln1, three_decimals)
        .set("all_masked", r.all_masked)
        .pair_rows("concat", r.concat, three_decimals)
        .pair_rows("attention_out", r.attention_out, three_decimals)
        .pair_rows("h_prime", r.h_prime, three_decimals)
        .pair_rows("ln2", r.ln2, three_decimals)
        .pair_rows("mlp_hidden", r.mlp_hidden, three_decimals)
        .pair_rows("mlp_out", r.mlp_out, three_decimals)
        .pair_rows("h_out", r.h_out, three_decimals);
    return out;
}

}  // namespace attnbook
