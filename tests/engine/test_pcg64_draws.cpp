// PCG64's raw draws against values printed by numpy 1.24.2 (Debian's python3-numpy):
//   np.random.default_rng(seed).bit_generator.random_raw(1000) -> draws 0, 1, 2 and 999.
// Runs in both builds. In WebAssembly the 128-bit LCG step is emulated with 64-bit halves and a
// 64x64 -> 128 product built from 32-bit pieces (numpy_rng.cpp), natively it uses __int128: a
// carry lost anywhere in the emulation changes these draws (the 1000th mixes 1000 steps).
#include <catch2/catch.hpp>

#include <cstdint>

#include "attnbook/core/numpy_rng.hpp"

TEST_CASE("PCG64 raw draws equal numpy's, in both builds", "[rng][pcg64]") {
    struct Case {
        std::uint64_t seed;
        std::uint64_t first[3];
        std::uint64_t draw999;
    };
    const Case cases[] = {
        {0, {0xa30febcfd9c2825fULL, 0x4510bdf882d9d721ULL, 0x0a7d3da94ecde8b8ULL}, 0x6148329042f743b0ULL},
        {1, {0x8306bdf37922e4ffULL, 0xf35196bbc152a866ULL, 0x24e7a4f608ec18cdULL}, 0xf664a343c5f5939fULL},
        {12345, {0x3a32b18db2ffc19dULL, 0x51171315c9e4c4deULL, 0xcc2024823444efd9ULL}, 0x6eacbe43e08d92f2ULL},
        {(std::uint64_t{1} << 53) - 1, {0xc948dddc0fcf0895ULL, 0x9b36b064d3d8a891ULL, 0x89a0c668d784663bULL},
         0x8273ba792b322637ULL},
    };
    for (const Case& c : cases) {
        INFO("seed " << c.seed);
        attnbook::NumpyRng rng(c.seed);
        for (std::uint64_t want : c.first) CHECK(rng.next_uint64() == want);
        for (int n = 3; n < 999; ++n) rng.next_uint64();
        CHECK(rng.next_uint64() == c.draw999);
    }
}
