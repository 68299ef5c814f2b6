#include "attnbook/notebook/number_json.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace attnbook {
namespace {

// Before any rounding: show_number would refuse it too, without saying it was on its way out.
double finite(double exact) {
    if (!std::isfinite(exact)) throw std::domain_error("a non-finite number reached the output");
    return exact;
}

nlohmann::json pair_of(double exact, std::string shown) {
    // Member by member: an initializer list would build each {"key", value} as a temporary array.
    nlohmann::json out = nlohmann::json::object();
    out["exact"] = exact;
    out["shown"] = std::move(shown);
    return out;
}

template <class Pair>
nlohmann::json pairs_of(const std::vector<double>& exact, Pair pair) {
    nlohmann::json out = nlohmann::json::array();
    for (double x : exact) out.push_back(pair(x));
    return out;
}

}  // namespace

nlohmann::json number_pair(double exact, Shown style) {
    return pair_of(exact, show_number(finite(exact), style));
}

nlohmann::json number_pairs(const std::vector<double>& exact, Shown style) {
    return pairs_of(exact, [style](double x) { return number_pair(x, style); });
}

nlohmann::json small_aware_pair(double exact, int decimals) {
    return pair_of(exact, show_small_aware(finite(exact), decimals));
}

nlohmann::json small_aware_pairs(const std::vector<double>& exact, int decimals) {
    return pairs_of(exact, [decimals](double x) { return small_aware_pair(x, decimals); });
}

nlohmann::json small_aware_rows(const std::vector<std::vector<double>>& exact, int decimals) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& row : exact) out.push_back(small_aware_pairs(row, decimals));
    return out;
}

}  // namespace attnbook
