#pragma once
// One query against n sources, the explorable row of the attention notebook:
//   dots_i   = q . k_i                       (sum from 0.0, left to right)
//   scores_i = dots_i / divisor              (divisor: sqrt(d_k), d_k or 1)
//   m        = max over allowed i of scores_i
//   Z        = sum over allowed i of exp(scores_i - m)   (left to right from 0.0)
//   shares_i = exp(scores_i - m) / Z  for allowed i, exactly 0 for masked i
//   carry_i  = shares_i * v_i ;  output_j = sum_i carry_ij   (left to right from 0.0)
// Every operation is ordered scalar double arithmetic with det_exp, so the native build, the
// WebAssembly build and the exported Python program agree (Python only differs if glibc's exp
// rounds one ulp differently, which the tests would show).
#include <cstddef>
#include <vector>

#include "attnbook/lessons/divisor.hpp"

namespace attnbook {

struct ExploreInput {
    std::vector<double> query;                // (d_k)
    std::vector<std::vector<double>> keys;    // (n, d_k)
    std::vector<std::vector<double>> values;  // (n, d_v)
    std::vector<bool> mask;                   // (n), true = may attend; empty = all allowed
    Divisor divisor = Divisor::sqrt_width;
};

struct ExploreRow {
    std::vector<double> dots, scores;         // (n): masked sources keep their dot and score
    double max = 0.0;                         // 0 when every source is masked
    double denominator = 0.0;                 // 0 when every source is masked
    std::vector<double> shares;               // (n), exactly 0 where masked
    std::vector<std::vector<double>> carries; // (n, d_v), exactly +0 where masked
    std::vector<double> output;               // (d_v); all zeros when every source is masked
    bool all_masked = false;                  // then no softmax exists: shares and output are 0
};

// Checks shapes (UserError naming the field and both sizes) and finiteness, then computes.
ExploreRow explore_row(const ExploreInput& input);

}  // namespace attnbook
