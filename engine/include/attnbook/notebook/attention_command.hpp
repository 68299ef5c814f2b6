#pragma once
// The `attention` command: PyTorch-style scaled_dot_product_attention on tensors given as JSON
// ({"shape": [...], "data": [row-major numbers]}), computed by the engine's fused float32 kernel
// and checked against the float64 reference; the result reports the largest difference.
#include <nlohmann/json.hpp>

#include "attnbook/notebook/commands.hpp"

namespace attnbook {

nlohmann::json attention_command(const nlohmann::json& args, const Progress& progress);

}  // namespace attnbook
