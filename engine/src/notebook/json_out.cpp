#include "attnbook/notebook/json_out.hpp"

namespace attnbook {

using nlohmann::json;

JsonOut::JsonOut(json& target) : target_(&target) { target = json::object(); }

JsonOut JsonOut::into(json& target) {
    JsonOut out;
    out.target_ = &target;
    return out;
}

json& JsonOut::slot(const char* key) { return (*target_)[key]; }

JsonOut JsonOut::object(const char* key) { return JsonOut(slot(key)); }

json& JsonOut::array(const char* key) { return slot(key) = json::array(); }

JsonOut& JsonOut::set(const char* key, double v) {
    slot(key) = v;
    return *this;
}
JsonOut& JsonOut::set(const char* key, bool v) {
    slot(key) = v;
    return *this;
}
JsonOut& JsonOut::set(const char* key, const char* v) {
    slot(key) = v;
    return *this;
}
JsonOut& JsonOut::set(const char* key, const std::string& v) {
    slot(key) = v;
    return *this;
}
JsonOut& JsonOut::set(const char* key, json v) {
    slot(key) = std::move(v);
    return *this;
}
JsonOut& JsonOut::set(const char* key, const std::vector<double>& v) {
    slot(key) = v;
    return *this;
}
JsonOut& JsonOut::set(const char* key, const std::vector<std::size_t>& v) {
    slot(key) = v;
    return *this;
}
JsonOut& JsonOut::set(const char* key, const std::vector<std::string>& v) {
    slot(key) = v;
    return *this;
}
JsonOut& JsonOut::set(const char* key, const std::vector<std::vector<double>>& rows) {
    slot(key) = rows;
    return *this;
}
JsonOut& JsonOut::set_signed(const char* key, std::int64_t v) {
    slot(key) = v;
    return *this;
}
JsonOut& JsonOut::set_unsigned(const char* key, std::uint64_t v) {
    slot(key) = v;
    return *this;
}
JsonOut& JsonOut::pair(const char* key, double exact, Shown style) {
    slot(key) = number_pair(exact, style);
    return *this;
}
JsonOut& JsonOut::pairs(const char* key, const std::vector<double>& exact, Shown style) {
    slot(key) = number_pairs(exact, style);
    return *this;
}
JsonOut& JsonOut::pair_rows(const char* key, const std::vector<std::vector<double>>& exact, Shown style) {
    json& rows = array(key);
    for (const auto& row : exact) rows.push_back(number_pairs(row, style));
    return *this;
}
JsonOut& JsonOut::set(const char* key, const Flags& v) {
    json& a = array(key);
    for (const std::uint8_t b : v) a.push_back(b != 0);
    return *this;
}
JsonOut JsonOut::push(json& array) { return JsonOut(array.emplace_back()); }

}  // namespace attnbook
