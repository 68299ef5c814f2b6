#pragma once
// The `limits` command: every limit, default and name list of the engine as one JSON object, read
// from the headers where each is written (lessons/*.hpp, notebook.hpp, practice.hpp,
// json_text.hpp, command_args.hpp, attention_command.hpp). The web side and the docs read it
// instead of keeping their own copies; tests/wasm/docs-limits.test.mjs checks the docs' tables
// against it.
#include <nlohmann/json.hpp>

namespace attnbook {

nlohmann::json engine_limits();

}  // namespace attnbook
