#include "attnbook/core/number_small.hpp"

#include <cmath>
#include <stdexcept>

#include "attnbook/core/decimal_format.hpp"
#include "attnbook/core/number.hpp"

namespace attnbook {

std::string show_small_aware(double exact, int decimals) {
    if (exact == 0.0) return "0";
    // show_number refuses non-finite values and bad decimals, and drops the sign of "-0.000".
    std::string fixed = show_number(exact, Shown{decimals, Rounding::fixed});
    if (fixed.find_first_of("123456789") != std::string::npos) return fixed;
    return scientific_text(exact, kSmallMantissa);
}

nlohmann::json small_aware_pair(double exact, int decimals) {
    if (!std::isfinite(exact)) throw std::domain_error("a non-finite number reached the output");
    nlohmann::json out = nlohmann::json::object();
    out["exact"] = exact;
    out["shown"] = show_small_aware(exact, decimals);
    return out;
}

nlohmann::json small_aware_pairs(const std::vector<double>& exact, int decimals) {
    nlohmann::json out = nlohmann::json::array();
    for (double x : exact) out.push_back(small_aware_pair(x, decimals));
    return out;
}

nlohmann::json small_aware_rows(const std::vector<std::vector<double>>& exact, int decimals) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& row : exact) out.push_back(small_aware_pairs(row, decimals));
    return out;
}

}  // namespace attnbook
