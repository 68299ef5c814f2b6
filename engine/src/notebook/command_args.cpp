#include "attnbook/notebook/command_args.hpp"

#include <cmath>

#include <nlohmann/json.hpp>

#include "attnbook/core/errors.hpp"
#include "attnbook/core/quote.hpp"
#include "attnbook/core/text_join.hpp"

namespace attnbook {

using nlohmann::json;

json parse_command_args(const std::string& command, const std::string& text) {
    try {
        return parse_json_text(text, JsonTextLimits{command_args_max_bytes, command_args_max_depth});
    } catch (const JsonTextError& e) {
        if (!e.path.empty()) throw_user_error({command, ": ", e.path, ": ", e.message});
        throw_user_error({command, e.position ? ": arguments are not valid JSON: " : ": arguments: ", e.what()});
    }
}

namespace {

const char* kind_text(const nlohmann::json& v) {
    switch (v.type()) {
        case nlohmann::json::value_t::null: return "null";
        case nlohmann::json::value_t::boolean: return "a boolean";
        case nlohmann::json::value_t::string: return "a string";
        case nlohmann::json::value_t::array: return "an array";
        case nlohmann::json::value_t::object: return "an object";
        default: return "a number";
    }
}

}  // namespace

std::string json_kind(const nlohmann::json& v) { return kind_text(v); }

const nlohmann::json* json_member(const nlohmann::json& object, const char* key) {
    if (!object.is_object()) return nullptr;
    const auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

std::string json_found(const nlohmann::json& v) {
    if (v.is_number() || v.is_boolean()) return v.dump();
    if (v.is_string()) return quote(v.get_ref<const std::string&>());
    return kind_text(v);
}

namespace {
// "$.field": the path of a top-level argument.
std::string arg_path(const char* field) { return join_text({"$.", field}); }
}  // namespace

CommandArgs::CommandArgs(std::string command, const nlohmann::json& args, std::initializer_list<const char*> known)
    : command_(std::move(command)), args_(args) {
    refuse_unknown(known.begin(), known.size());
}

CommandArgs::CommandArgs(std::string command, const nlohmann::json& args, const std::vector<const char*>& known)
    : command_(std::move(command)), args_(args) {
    refuse_unknown(known.data(), known.size());
}

void CommandArgs::refuse_unknown(const char* const* known, std::size_t count) const {
    if (!args_.is_object()) fail("$", join_text({"expected an object of arguments, found ", kind_text(args_)}));
    // The object's own map: nlohmann's items() proxy would be more code for the same walk.
    for (const auto& item : args_.get_ref<const nlohmann::json::object_t&>()) {
        bool ok = false;
        std::string expected;
        for (std::size_t i = 0; i < count; ++i) {
            ok = ok || item.first == known[i];
            append_text(expected, {expected.empty() ? "" : ", ", known[i]});
        }
        if (!ok) fail(json_path_member("$", item.first), join_text({"unknown argument (expected one of: ", expected, ")"}));
    }
}

void CommandArgs::fail(const std::string& path, const std::string& what) const {
    throw_user_error({command_, ": ", path, ": ", what});
}

bool CommandArgs::has(const char* field) const {
    const nlohmann::json* v = json_member(args_, field);
    return v && !v->is_null();
}
const nlohmann::json& CommandArgs::raw(const char* field) const { return required(field); }

// Every reader goes through here, so a missing argument is the caller's error, never the JSON
// library's out_of_range (which would surface as an "internal error").
const nlohmann::json& CommandArgs::required(const char* field) const {
    const auto it = args_.find(field);
    if (it == args_.end()) fail(json_path_member("$", field), "missing (this argument is required)");
    return *it;
}

double CommandArgs::number_at(const nlohmann::json& v, const std::string& path) const {
    if (!v.is_number()) fail(path, join_text({"expected a number, found ", kind_text(v)}));
    const double x = v.get<double>();
    if (!std::isfinite(x)) fail(path, "expected a finite number");
    return x;
}

const nlohmann::json& CommandArgs::array_at(const nlohmann::json& v, const std::string& path) const {
    if (!v.is_array()) fail(path, join_text({"expected an array, found ", kind_text(v)}));
    return v;
}

std::uint64_t CommandArgs::whole_at(const nlohmann::json& v, const std::string& path, std::uint64_t lo,
                                    std::uint64_t hi) const {
    // A JSON parser stores 5 as unsigned, but JSON built in C++ from an int is signed: both count.
    if (v.is_number_integer()) {
        const bool negative = !v.is_number_unsigned() && v.get<std::int64_t>() < 0;
        const auto x = v.get<std::uint64_t>();
        if (!negative && x >= lo && x <= hi) return x;
        fail(path, join_text({negative ? TextPart(v.get<std::int64_t>()) : TextPart(x), " is not between ", lo, " and ",
                              hi}));
    }
    const std::string found = v.is_number() ? json_found(v) : std::string(kind_text(v));
    fail(path, join_text({"expected a whole number between ", lo, " and ", hi, ", found ", found}));
}

std::vector<double> CommandArgs::numbers_at(const nlohmann::json& v, const std::string& path) const {
    const auto& arr = array_at(v, path);
    std::vector<double> out(arr.size());
    for (std::size_t i = 0; i < arr.size(); ++i) out[i] = number_at(arr[i], json_path_index(path, i));
    return out;
}

double CommandArgs::number(const char* field) const { return number_at(required(field), arg_path(field)); }

std::vector<double> CommandArgs::numbers(const char* field) const {
    return numbers_at(required(field), arg_path(field));
}

std::vector<std::vector<double>> CommandArgs::rows(const char* field) const {
    const std::string path = arg_path(field);
    const auto& arr = array_at(required(field), path);
    std::vector<std::vector<double>> out(arr.size());
    for (std::size_t i = 0; i < arr.size(); ++i) out[i] = numbers_at(arr[i], json_path_index(path, i));
    return out;
}

Flags CommandArgs::flags_at(const nlohmann::json& v, const std::string& path) const {
    Flags out;
    const auto& arr = array_at(v, path);
    for (std::size_t i = 0; i < arr.size(); ++i) {
        const auto& x = arr[i];
        if (x.is_boolean()) {
            out.push_back(x.get<bool>());
            continue;
        }
        const double d = x.is_number() ? x.get<double>() : -1.0;
        if (d != 0.0 && d != 1.0) fail(json_path_index(path, i), join_text({"expected true/false or 1/0, found ", json_found(x)}));
        out.push_back(d == 1.0);
    }
    return out;
}

Flags CommandArgs::flags(const char* field) const {
    return flags_at(required(field), arg_path(field));
}

std::vector<Flags> CommandArgs::flag_rows(const char* field) const {
    const std::string path = arg_path(field);
    const auto& arr = array_at(required(field), path);
    std::vector<Flags> out(arr.size());
    for (std::size_t i = 0; i < arr.size(); ++i) out[i] = flags_at(arr[i], json_path_index(path, i));
    return out;
}

std::vector<std::string> CommandArgs::strings(const char* field) const {
    const std::string path = arg_path(field);
    const auto& arr = array_at(required(field), path);
    std::vector<std::string> out;
    for (std::size_t i = 0; i < arr.size(); ++i) {
        if (!arr[i].is_string()) fail(json_path_index(path, i), join_text({"expected a string, found ", kind_text(arr[i])}));
        out.push_back(arr[i].get<std::string>());
    }
    return out;
}

std::string CommandArgs::text(const char* field) const {
    const auto& v = required(field);
    if (!v.is_string()) fail(arg_path(field), join_text({"expected a string, found ", kind_text(v)}));
    return v.get_ref<const std::string&>();
}

bool CommandArgs::boolean(const char* field) const {
    const auto& v = required(field);
    if (!v.is_boolean()) fail(arg_path(field), "expected true or false");
    return v.get<bool>();
}

std::uint64_t CommandArgs::whole(const char* field, std::uint64_t lo, std::uint64_t hi) const {
    return whole_at(required(field), arg_path(field), lo, hi);
}

std::vector<std::size_t> CommandArgs::wholes(const char* field, std::uint64_t lo, std::uint64_t hi) const {
    const std::string path = arg_path(field);
    const auto& arr = array_at(required(field), path);
    std::vector<std::size_t> out(arr.size());
    for (std::size_t i = 0; i < arr.size(); ++i)
        out[i] = static_cast<std::size_t>(whole_at(arr[i], json_path_index(path, i), lo, hi));
    return out;
}

}  // namespace attnbook
