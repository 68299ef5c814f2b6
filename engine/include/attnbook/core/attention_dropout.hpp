#pragma once
// Dropout on attention weights, decided per element by a counter-based generator so results are
// reproducible and independent of loop order (the xsimd kernel and the float64 reference, or a
// future WGSL shader, drop exactly the same weights).
//
// Element `index` (the flat row-major index into the weights (B, Hq, L, S)) reads value number
// `index` of the splitmix64 stream seeded with `seed` (Steele, Lea, Flood, "Fast splittable
// pseudorandom number generators", OOPSLA 2014; constants from Vigna's splitmix64.c):
//     u = mix(seed + (index + 1) * 0x9E3779B97F4A7C15) >> 11, as a double in [0, 1) (53 bits).
// The weight is kept iff u >= p, and a kept weight is scaled by 1 / (1 - p) so the expected
// value of every weight is unchanged. p = 0 keeps everything.
#include <cstdint>

namespace attnbook {

inline std::uint64_t splitmix64_mix(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// Uniform in [0, 1): value `index` of the splitmix64 stream seeded with `seed`.
inline double splitmix64_uniform(std::uint64_t seed, std::uint64_t index) {
    const std::uint64_t bits = splitmix64_mix(seed + (index + 1) * 0x9E3779B97F4A7C15ull);
    return static_cast<double>(bits >> 11) * 0x1.0p-53;
}

inline bool dropout_keep(std::uint64_t seed, std::uint64_t index, double p) {
    return splitmix64_uniform(seed, index) >= p;
}

}  // namespace attnbook
