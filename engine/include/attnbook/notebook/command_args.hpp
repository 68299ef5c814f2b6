#pragma once
// Reading a command's JSON arguments with errors that name the JSON path ("$.keys[1][0]").
#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace attnbook {

class CommandArgs {
public:
    // Rejects a non-object and any field not in `known`, naming the command.
    CommandArgs(std::string command, const nlohmann::json& args, std::initializer_list<const char*> known);

    bool has(const char* field) const;
    double number(const char* field) const;
    std::vector<double> numbers(const char* field) const;
    std::vector<std::vector<double>> rows(const char* field) const;
    std::vector<bool> flags(const char* field) const;  // booleans, or 0/1
    std::vector<std::string> strings(const char* field) const;
    std::string text(const char* field) const;
    std::uint64_t whole(const char* field, std::uint64_t lo, std::uint64_t hi) const;
    std::vector<std::size_t> wholes(const char* field, std::uint64_t lo, std::uint64_t hi) const;
    const nlohmann::json& raw(const char* field) const;

private:
    [[noreturn]] void fail(const std::string& path, const std::string& what) const;
    double number_at(const nlohmann::json& v, const std::string& path) const;
    std::uint64_t whole_at(const nlohmann::json& v, const std::string& path, std::uint64_t lo, std::uint64_t hi) const;
    const nlohmann::json& array_at(const nlohmann::json& v, const std::string& path) const;
    std::string command_;
    const nlohmann::json& args_;
};

// "a string", "an array", ... for messages.
std::string json_kind(const nlohmann::json& value);

}  // namespace attnbook
