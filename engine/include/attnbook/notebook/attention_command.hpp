#pragma once
// The `attention` command: PyTorch-style scaled_dot_product_attention on tensors given as JSON
// ({"shape": [...], "data": [row-major numbers]}), computed by the engine's float32 kernel (tiled, or rowwise when masks, dropout or weights ask for it)
// and checked against the float64 reference; the result reports the largest difference.
#include <cstddef>
#include <nlohmann/json.hpp>

#include "attnbook/notebook/commands.hpp"

namespace attnbook {

// JSON arrays of pairs get heavy: the command is for lesson-sized problems. Large matrices go
// to the WebGPU path or the benchmark, which do not print every element.
namespace attention_limits {
inline constexpr std::size_t max_elements = std::size_t{1} << 20;  // per input tensor
inline constexpr std::size_t max_printed = std::size_t{1} << 16;   // per output tensor
}  // namespace attention_limits

CommandFunction attention_command;

}  // namespace attnbook
