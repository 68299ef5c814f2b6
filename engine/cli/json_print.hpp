#pragma once
// JSON for people and tools at once: a value whose one-line form fits in `width` characters is
// printed on one line ({"exact": 0.14002924504337802, "shown": "0.14"}), larger ones are broken
// into indented children. Scalars go through nlohmann's dump, so doubles print as the shortest
// round-trip text identically natively and in WebAssembly.
#include <nlohmann/json.hpp>
#include <string>

namespace attnbook::cli {

std::string print_json(const nlohmann::json& value, std::size_t width = 100);

}  // namespace attnbook::cli
