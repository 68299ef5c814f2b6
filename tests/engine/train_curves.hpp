#pragma once
// The engine's training curves against a numpy program's (test_train_numpy.cpp,
// test_train_program.cpp): the same model and draws, summed in numpy's order and with numpy's
// exp/log, so the curves drift apart only by what training amplifies of last-bit differences.
// Adam divides by sqrt(v), so a tiny difference in a small gradient is a full-size difference in
// its step, and a saturating softmax amplifies most. Measured: at most 3e-9 relative for the
// one-layer runs and 8e-8 after 120 steps of a two-layer run with divisor 1. 1e-6 keeps an order
// of magnitude of margin; a wrong gradient, draw order or Adam term moves a curve by 1e-3 or more
// within ten steps.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

namespace attnbook_test {

inline constexpr double train_curve_tolerance = 1e-6;

// `ours`: the engine's number pairs; `theirs`: plain numbers from the program.
inline void check_train_curve(const nlohmann::json& ours, const nlohmann::json& theirs, const char* what) {
    REQUIRE(ours.size() == theirs.size());
    for (std::size_t i = 0; i < ours.size(); ++i) {
        const double x = ours[i]["exact"], y = theirs[i];
        INFO(what << "[" << i << "]: engine " << x << ", numpy " << y);
        CHECK(std::abs(x - y) <= train_curve_tolerance * std::max(1.0, std::abs(y)));
    }
}

}  // namespace attnbook_test
