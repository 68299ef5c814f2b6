#pragma once
// True/false per position (a mask row, "all masked" per row): one byte each, 0 = false, else
// true. Not std::vector<bool>: its bit-packed code (reserve, fill_n, bit references) cost about
// 3 KB of the WebAssembly module, where a vector of bytes reuses code already there (BoolTensor's).
// JsonOut::set writes Flags as JSON booleans.
#include <cstdint>
#include <vector>

namespace attnbook {

using Flags = std::vector<std::uint8_t>;

}  // namespace attnbook
