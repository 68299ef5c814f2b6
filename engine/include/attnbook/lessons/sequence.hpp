#pragma once
// The held sequence: several query rows against the same sources, each row computed exactly as
// the explorable's row (explore_row.hpp: left-to-right sums, masked share exactly 0), with a
// mask per row. A row whose every source is masked has shares and output 0 and all_masked true.
#include <cstddef>
#include <vector>

#include "attnbook/core/flags.hpp"
#include "attnbook/lessons/divisor.hpp"

namespace attnbook {

struct SequenceInput {
    std::vector<std::vector<double>> queries;  // (m, d_k)
    std::vector<std::vector<double>> keys;     // (n, d_k)
    std::vector<std::vector<double>> values;   // (n, d_v)
    std::vector<Flags> mask;                   // (m, n), true = may attend; empty = all allowed
    Divisor divisor = default_divisor;
};

// The lesson's held example: positions A, B, C, each with its query (3 x 3 scores), the
// explorable's keys and values, nothing masked.
SequenceInput sequence_example();

struct SequenceResult {
    std::vector<std::vector<double>> scores;   // (m, n), masked entries keep their score
    std::vector<std::vector<double>> shares;   // (m, n), exactly 0 where masked
    std::vector<std::vector<double>> outputs;  // (m, d_v), 0 for a fully masked row
    Flags all_masked;                          // (m)
};

// UserError naming the field ("queries[1]", "mask[2]") for a shape or finiteness problem.
SequenceResult sequence_rows(const SequenceInput& input);

}  // namespace attnbook
