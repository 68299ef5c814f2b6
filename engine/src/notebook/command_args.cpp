#include "attnbook/notebook/command_args.hpp"

#include <nlohmann/json.hpp>

#include "attnbook/core/errors.hpp"
#include "attnbook/core/quote.hpp"
#include "attnbook/core/text_join.hpp"
#include "attnbook/notebook/field_reader.hpp"

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

namespace {
// An argument the command reads itself, read as a field of that kind is (field_reader.hpp, a
// command's reading: the first error thrown).
template <class Read>
auto read_argument(const std::string& command, const nlohmann::json& args, Read&& read) {
    ThrowSink sink(command.c_str());
    const std::string root = "$";
    CellValues values(sink, args, root, false);
    return *read(values);
}
}  // namespace

double CommandArgs::number(const char* field) const {
    required(field);
    return read_argument(command_, args_, [&](CellValues& v) { return v.number(Field::number_to(field, 0, "")); });
}

std::vector<std::string> CommandArgs::strings(const char* field) const {
    required(field);
    return read_argument(command_, args_, [&](CellValues& v) { return v.strings(Field::strings_in(field, {}, {}, "")); });
}

std::string CommandArgs::text(const char* field) const {
    required(field);
    return read_argument(command_, args_, [&](CellValues& v) { return v.text(Field::text_in(field, Field::text, {}, "")); });
}

std::uint64_t CommandArgs::whole(const char* field, std::uint64_t lo, std::uint64_t hi) const {
    required(field);
    return read_argument(command_, args_, [&](CellValues& v) { return v.whole(Field::whole_in(field, {lo, hi}, "")); });
}

std::vector<std::size_t> CommandArgs::wholes(const char* field, std::uint64_t lo, std::uint64_t hi) const {
    required(field);
    return read_argument(command_, args_,
                         [&](CellValues& v) { return v.wholes(Field::wholes_in(field, {}, {lo, hi}, "")); });
}

}  // namespace attnbook
