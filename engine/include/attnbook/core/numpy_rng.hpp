#pragma once
// NumpyRng: bit-compatible with numpy.random.default_rng(seed) (numpy 1.17+ Generator:
// SeedSequence -> PCG64 -> ziggurat normals), verified against numpy 1.24.2 by
// tests/engine/test_numpy_rng.cpp. Natively and in WebAssembly the draws are identical: integer
// arithmetic, IEEE doubles, and det_exp / det_log1p for the ziggurat's wedge and tail tests.
#include <cstddef>
#include <cstdint>

namespace attnbook {

// The largest seed any lesson takes. numpy takes any non-negative integer, but a seed also travels
// as a JavaScript number (the page, the module, a permalink), which holds whole numbers exactly only
// up to 2^53 - 1. Every lesson's seed limit is this one.
inline constexpr std::uint64_t max_rng_seed = (std::uint64_t{1} << 53) - 1;

class NumpyRng {
public:
    // As numpy.random.default_rng(seed) for a non-negative integer seed.
    explicit NumpyRng(std::uint64_t seed);

    // rng.bit_generator.random_raw(): the next PCG64 (XSL-RR 128/64) output.
    std::uint64_t next_uint64();
    // rng.random(): (next_uint64 >> 11) * 2^-53, in [0, 1).
    double random();
    // rng.standard_normal(): numpy's 256-layer ziggurat; keeps -0.0.
    double standard_normal();
    // rng.normal(loc, scale) = loc + scale * standard_normal() (so -0.0 becomes +0.0 for loc 0).
    double normal(double loc = 0.0, double scale = 1.0);
    // rng.normal(size=n) (or size=(rows, cols) in row-major order): n values of normal().
    void fill_normal(double* out, std::size_t n);

    // How often standard_normal left the fast path (for tests): the tail (layer 0) and the
    // wedge test (other layers), counted per attempt.
    struct Counters {
        std::uint64_t tail = 0;
        std::uint64_t wedge = 0;
    };
    const Counters& counters() const { return counters_; }

    // A 128-bit integer as two halves (no unsigned __int128: see step() in numpy_rng.cpp).
    struct U128 {
        std::uint64_t high, low;
    };

private:
    void step();

    U128 state_{0, 0};
    U128 inc_{0, 0};
    Counters counters_;
};

}  // namespace attnbook
