#include "attnbook/core/number_small.hpp"

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

}  // namespace attnbook
