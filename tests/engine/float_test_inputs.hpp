#pragma once
// Shared by the float32 kernel tests: reproducible inputs and the float32 epsilon their
// tolerances are written in.
#include <cstdint>
#include <limits>

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

}  // namespace attnbook_test
