#include "attnbook/lessons/cost_model.hpp"

namespace attnbook {

CostResult attention_cost(const CostInput& in) {
    // Products of whole numbers below 2^53 each step would stay exact up to 2^53; larger counts
    // are rounded to the nearest double, which the lesson shows to three significant digits.
    const double copies = in.heads * in.layers * in.batch;
    const double per_copy = in.tokens * in.tokens;
    CostResult r;
    r.scores = per_copy * copies;
    r.score_bytes = r.scores * in.bytes;
    r.qk_flops = 2.0 * per_copy * in.head_width * copies;
    r.av_flops = 2.0 * per_copy * in.value_width * copies;
    return r;
}

}  // namespace attnbook
