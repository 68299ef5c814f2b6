#pragma once
// Every number leaves the engine as a pair: the exact double and the text the lesson shows
// (notebook/number_json.hpp writes the pairs). Rounding happens here, once, so the page, the CLI
// and the tests agree.
#include <string>

namespace attnbook {

enum class Rounding {
    fixed,    // always `decimals` digits after the point: 2.00, 0.574 (the lesson's tables)
    trimmed,  // at most `decimals` digits, trailing zeros dropped: 0.14, 1.414, 0 (the explorable)
    scientific,  // `decimals` digits after the point in the mantissa: 2.38e-07 (errors, tolerances)
};

struct Shown {
    int decimals = 3;
    Rounding rounding = Rounding::fixed;
};

// The lessons' tables: a fixed number of decimals, so a column lines up on the decimal point
// and one matrix never mixes 0.16 with 1.738.
inline constexpr Shown two_decimals{2, Rounding::fixed};
inline constexpr Shown three_decimals{3, Rounding::fixed};

// Round-half-even on the exact binary value (what printf's %.Nf does on glibc and musl alike).
// A nonzero value that rounds to zero is shown unsigned ("0.000"); an exact -0.0 keeps its sign,
// so "-0" appears only when the computation really produced negative zero.
std::string show_number(double exact, Shown style = {});

}  // namespace attnbook
