#pragma once
// Building a command's JSON result one call per field.
//
// Why not nlohmann's nested initializer lists (json{{"key", value}, ...})? Each {"key", value}
// is a temporary two-element array that the outer list then recognises as a pair and copies, and
// under WebAssembly exceptions every temporary gets its own cleanup path at the call site. Measured
// in the shipped module: about 500 bytes of code per field that way, against a call of a few
// bytes here. The result is the same nlohmann::json (keys sorted, numbers as the same kind), so
// the printed output does not change.
//
//     json out;
//     JsonOut o(out);
//     o.set("model_width", w).pair("scale", s, kThree);
//     o.object("tuned").pairs("top", tops, kThree);
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <type_traits>
#include <vector>

#include "attnbook/core/flags.hpp"
#include "attnbook/notebook/number_json.hpp"

namespace attnbook {

class JsonOut {
public:
    // `target` becomes an empty object; the JsonOut writes into it and must not outlive it.
    explicit JsonOut(nlohmann::json& target);
    // Writes into `target` as it is (an object with members already, or null), keeping them.
    static JsonOut into(nlohmann::json& target);

    // A nested object at `key` (replacing anything there), to be filled through the result.
    JsonOut object(const char* key);
    // An empty array at `key`, returned for push_back.
    nlohmann::json& array(const char* key);

    JsonOut& set(const char* key, double v);
    JsonOut& set(const char* key, bool v);
    JsonOut& set(const char* key, const char* v);
    JsonOut& set(const char* key, const std::string& v);
    JsonOut& set(const char* key, nlohmann::json v);
    JsonOut& set(const char* key, const std::vector<double>& v);
    JsonOut& set(const char* key, const std::vector<std::size_t>& v);
    JsonOut& set(const char* key, const std::vector<std::string>& v);
    JsonOut& set(const char* key, const std::vector<std::vector<double>>& rows);  // arrays of numbers
    // Integers keep nlohmann's kind (signed or unsigned), so they print as before.
    template <class T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int> = 0>
    JsonOut& set(const char* key, T v) {
        if constexpr (std::is_signed_v<T>)
            return set_signed(key, static_cast<std::int64_t>(v));
        else
            return set_unsigned(key, static_cast<std::uint64_t>(v));
    }

    // {"exact", "shown"} pairs (notebook/number_json.hpp), one, a list, or rows of them.
    JsonOut& pair(const char* key, double exact, Shown style);
    JsonOut& pairs(const char* key, const std::vector<double>& exact, Shown style);
    JsonOut& pair_rows(const char* key, const std::vector<std::vector<double>>& exact, Shown style);
    JsonOut& set(const char* key, const Flags& v);  // an array of true/false
    // A new object appended to `array` (an array, or null: it becomes one), filled through the result.
    static JsonOut push(nlohmann::json& array);

private:
    JsonOut() = default;
    JsonOut& set_signed(const char* key, std::int64_t v);
    JsonOut& set_unsigned(const char* key, std::uint64_t v);
    nlohmann::json& slot(const char* key);
    nlohmann::json* target_ = nullptr;
};

}  // namespace attnbook
