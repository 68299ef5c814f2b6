#pragma once
// Shared by the float32 kernel tests: reproducible inputs and the float32 epsilon their
// tolerances are written in.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "attnbook/core/tensor.hpp"

namespace attnbook_test {

constexpr double kEps32 = 1.1920928955078125e-7;  // FLT_EPSILON = 2^-23, one float ulp at 1
constexpr float kNegInf = -std::numeric_limits<float>::infinity();

// Deterministic test inputs: a 64-bit LCG (Knuth MMIX constants), top 24 bits as a float.
struct TestRng {
    std::uint64_t s;
    float uniform(float lo, float hi) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        return lo + (hi - lo) * static_cast<float>(static_cast<double>(s >> 40) * 0x1.0p-24);
    }
};

// A tensor of `shape` filled uniformly from [lo, hi).
inline attnbook::Tensor random_tensor(attnbook::Shape shape, TestRng& rng, float lo = -1.0f, float hi = 1.0f) {
    attnbook::Tensor t(std::move(shape));
    for (auto& x : t.data) x = rng.uniform(lo, hi);
    return t;
}

// max |a[n] - b[n]| between a kernel's output and a float64 reference of the same length.
template <class T>
double max_abs_diff(const std::vector<T>& a, const std::vector<double>& b) {
    REQUIRE(a.size() == b.size());
    double m = 0.0;
    for (std::size_t n = 0; n < a.size(); ++n) m = std::max(m, std::fabs(a[n] - b[n]));
    return m;
}
inline double max_abs_diff(const attnbook::Tensor& a, const attnbook::TensorF64& b) {
    REQUIRE(a.shape == b.shape);
    return max_abs_diff(a.data, b.data);
}

}  // namespace attnbook_test
