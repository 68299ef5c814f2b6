#pragma once
// Reading a command's JSON arguments with errors that name the JSON path ("$.keys[1][0]").
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "attnbook/notebook/json_text.hpp"

namespace attnbook {

// Arguments that arrive as JSON text (from JavaScript through the Embind module) are parsed by
// the notebook's own parser (json_text.hpp), never by a plain nlohmann::json::parse: nesting
// stops at the notebook's depth, and the size is bounded. The `validate` command carries a
// whole notebook as one JSON string, and escaping can make its text up to 6x longer (a control
// byte becomes \u0001), so a notebook at its own limit must still fit: 8x the notebook's size.
inline constexpr std::size_t command_args_max_bytes = 8 * json_text_max_bytes;
inline constexpr std::size_t command_args_max_depth = json_text_max_depth;

// Throws UserError: "COMMAND: $.path: message" when the problem is at a value (a number too
// large for a double, nesting too deep, a key twice), "COMMAND: arguments are not valid JSON:
// line:column: message" for syntax and UTF-8, "COMMAND: arguments: message" for the size.
nlohmann::json parse_command_args(const std::string& command, const std::string& text);

class CommandArgs {
public:
    // Rejects a non-object and any field not in `known`, naming the command.
    CommandArgs(std::string command, const nlohmann::json& args, std::initializer_list<const char*> known);
    // The same, with the names of a field table (notebook/field_reader.hpp).
    CommandArgs(std::string command, const nlohmann::json& args, const std::vector<const char*>& known);

    const std::string& command() const { return command_; }
    bool has(const char* field) const;
    // The value of `field`, read as the field reader reads a command's (field_reader.hpp), for the
    // arguments a command reads itself: the first error thrown.
    double number(const char* field) const;
    std::vector<std::string> strings(const char* field) const;
    std::string text(const char* field) const;
    std::uint64_t whole(const char* field, std::uint64_t lo, std::uint64_t hi) const;
    std::vector<std::size_t> wholes(const char* field, std::uint64_t lo, std::uint64_t hi) const;
    const nlohmann::json& raw(const char* field) const;

private:
    [[noreturn]] void fail(const std::string& path, const std::string& what) const;
    void refuse_unknown(const char* const* known, std::size_t count) const;
    const nlohmann::json& required(const char* field) const;
    std::string command_;
    const nlohmann::json& args_;
};

// The member `key` of `object`, or nullptr when `object` is no object or has no such member. One
// out-of-line lookup by const char*: nlohmann's contains("name") / at("name") make a template
// instance (and an inlined throw path) per length of the literal.
const nlohmann::json* json_member(const nlohmann::json& object, const char* key);

// "a string", "an array", ... (what the author or the caller wrote, for "found ..."): the one
// namer of JSON kinds, for the validator and the commands alike.
std::string json_kind(const nlohmann::json& value);
// What was found, for "expected X, found Y": a number or boolean as written, a string as a short
// escaped excerpt (core/quote.hpp), anything else by its kind.
std::string json_found(const nlohmann::json& value);

}  // namespace attnbook
