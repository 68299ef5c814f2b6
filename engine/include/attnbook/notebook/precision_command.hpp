#pragma once
// The `precision` command: the precision lab (lessons/precision.hpp) as JSON.
//   args   {"tokens": 256, "head_width": 64, "seed": 0, "unscaled": false}   (all optional)
//   result {"tokens", "head_width", "seed", "unscaled", "rows_checked", "max_logit": pair,
//           "formats": {"float32": {"max_abs_error": pair, "max_rel_error": pair,
//                                   "naive_overflow": bool, "naive_underflow": bool,
//                                   "naive_max_abs_error": pair | null,
//                                   "largest": pair, "exp_overflows_above": pair},
//                       "bfloat16": {...}, "float16": {...}}}
// naive_max_abs_error is null when the naive softmax overflowed or underflowed in some row.
#include <nlohmann/json.hpp>

#include "attnbook/notebook/commands.hpp"

namespace attnbook {

CommandFunction precision_command;

}  // namespace attnbook
