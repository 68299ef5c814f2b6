#pragma once
// Command-line options -> the JSON arguments of an engine command.
// Every option takes a value, so the word after `--name` is always its value, even when it
// starts with '-' (`--keys -1,2;1,0`); `--name=value` works too.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace attnbook::cli {

struct ParsedLine {
    std::string command;
    nlohmann::json args = nlohmann::json::object();
    std::vector<std::string> files;  // positional arguments (validate)
    bool wants_help = false;
};

// Throws UserError naming the option and the offending item (quoted and escaped).
ParsedLine parse_command_line(const std::vector<std::string>& argv);

// "argument N is not valid UTF-8" (N counts from the command, 1-based). parse_command_line calls
// it; the WebAssembly CLI calls it first on the raw bytes of its arguments, because Node hands the
// program argv already decoded (a stray byte replaced by U+FFFD).
void check_utf8_arguments(const std::vector<std::string>& argv);

std::string usage();
// COMMAND --help: its options, their defaults and help lines (from its lesson's field table); the
// general usage for a command whose options have no table yet.
std::string usage(const std::string& command);

}  // namespace attnbook::cli
