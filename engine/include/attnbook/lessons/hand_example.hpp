#pragma once
// The small attention step a learner can check by hand:
//   logits = Q K^T / sqrt(d_k)      Q is (m, d_k), K is (n, d_k)  -> (m, n)
//   weights = softmax(logits) along each row (subtract the row max, exp, divide by the sum)
//   row_sums = weights summed along each row (1 up to rounding: the check learners should do)
//   output = weights V              V is (n, d_v)                  -> (m, d_v)
// Ordered scalar double arithmetic with det_exp, like every lesson number.
#include <vector>

namespace attnbook {

using Matrix = std::vector<std::vector<double>>;

struct HandExampleInput {
    Matrix queries = {{1, 0}, {0, 1}};
    Matrix keys = {{1, 0}, {0, 1}, {1, 1}};
    Matrix values = {{10, 0}, {0, 10}, {5, 5}};
};

struct HandExample {
    Matrix logits, weights, output;
    std::vector<double> row_sums;
};

HandExample hand_example(const HandExampleInput& input);

}  // namespace attnbook
