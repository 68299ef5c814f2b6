// NumpyRng against numpy itself: at test time ATTNBOOK_PYTHON (/usr/bin/python3, Debian's
// numpy) writes default_rng(seed)'s raw draws as binary to a pipe; we compare bit for bit.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <iostream>
#include <string>
#include <vector>

#include "attnbook/core/numpy_rng.hpp"
#include "python_runner.hpp"

// Native only: numpy draws come from a Python process (the WebAssembly test build cannot start one).
#ifdef ATTNBOOK_PYTHON

using attnbook::NumpyRng;

namespace {

constexpr std::size_t kNormals = 1000000;
constexpr std::size_t kRandoms = 10000;
constexpr std::size_t kRaw = 10000;
constexpr std::size_t kStandard = 100000;
constexpr std::size_t kRows1 = 37, kCols1 = 5, kRows2 = 11, kCols2 = 3;

// What numpy draws for one seed, each from a fresh default_rng(seed).
struct NumpyDraws {
    std::vector<double> normals;        // rng.normal(size=kNormals)
    std::vector<double> randoms;        // rng.random(kRandoms)
    std::vector<std::uint64_t> raw;     // rng.bit_generator.random_raw(kRaw)
    std::vector<double> shaped;         // rng.normal(size=(37, 5)) then rng.normal(size=(11, 3))
    std::vector<double> standard;       // rng.standard_normal(kStandard)
};

const char* kScript =
    "import sys, numpy as np\n"
    "seed = int(sys.argv[1])\n"
    "out = sys.stdout.buffer\n"
    "g = np.random.default_rng\n"
    "out.write(g(seed).normal(size=%zu).astype('<f8').tobytes())\n"
    "out.write(g(seed).random(%zu).astype('<f8').tobytes())\n"
    "out.write(g(seed).bit_generator.random_raw(%zu).astype('<u8').tobytes())\n"
    "r = g(seed)\n"
    "out.write(r.normal(size=(%zu, %zu)).astype('<f8').tobytes())\n"
    "out.write(r.normal(size=(%zu, %zu)).astype('<f8').tobytes())\n"
    "out.write(g(seed).standard_normal(%zu).astype('<f8').tobytes())\n";

template <class T>
void read_exact(std::FILE* f, std::vector<T>& v, std::size_t n) {
    v.resize(n);
    REQUIRE(std::fread(v.data(), sizeof(T), n, f) == n);
}

NumpyDraws numpy_draws(std::uint64_t seed) {
    // The script goes to a temporary file (no shell quoting of Python source).
    char script[1024];
    std::snprintf(script, sizeof script, kScript, kNormals, kRandoms, kRaw, kRows1, kCols1,
                  kRows2, kCols2, kStandard);
    char path[] = "/tmp/attnbook_numpy_rng_XXXXXX";
    const int fd = mkstemp(path);
    REQUIRE(fd >= 0);
    std::FILE* sf = fdopen(fd, "w");
    REQUIRE(sf != nullptr);
    std::fputs(script, sf);
    std::fclose(sf);

    const std::string cmd =
        std::string(ATTNBOOK_PYTHON) + " " + path + " " + std::to_string(seed);
    std::FILE* p = popen(cmd.c_str(), "r");
    REQUIRE(p != nullptr);
    NumpyDraws d;
    read_exact(p, d.normals, kNormals);
    read_exact(p, d.randoms, kRandoms);
    read_exact(p, d.raw, kRaw);
    read_exact(p, d.shaped, kRows1 * kCols1 + kRows2 * kCols2);
    read_exact(p, d.standard, kStandard);
    const int rc = pclose(p);
    std::remove(path);
    REQUIRE(rc == 0);
    return d;
}

std::uint64_t bits(double x) {
    std::uint64_t u;
    std::memcpy(&u, &x, sizeof u);
    return u;
}

// Index of the first difference in bit patterns, or n when all agree.
template <class F>
std::size_t first_mismatch(std::size_t n, F same) {
    for (std::size_t i = 0; i < n; ++i)
        if (!same(i)) return i;
    return n;
}

}  // namespace

TEST_CASE("NumpyRng reproduces numpy.random.default_rng bit for bit", "[rng]") {
    for (const std::uint64_t seed : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{12345}}) {
        INFO("seed " << seed);
        const NumpyDraws np = numpy_draws(seed);

        {  // bit_generator.random_raw()
            NumpyRng rng(seed);
            std::vector<std::uint64_t> ours(kRaw);
            for (auto& v : ours) v = rng.next_uint64();
            const std::size_t i = first_mismatch(kRaw, [&](std::size_t j) { return ours[j] == np.raw[j]; });
            INFO("random_raw differs first at " << i);
            CHECK(i == kRaw);
        }
        {  // random()
            NumpyRng rng(seed);
            std::vector<double> ours(kRandoms);
            for (auto& v : ours) v = rng.random();
            const std::size_t i = first_mismatch(kRandoms, [&](std::size_t j) { return bits(ours[j]) == bits(np.randoms[j]); });
            INFO("random differs first at " << i);
            CHECK(i == kRandoms);
        }
        {  // 10^6 normal(): enough draws to take the tail and the wedge paths many times
            NumpyRng rng(seed);
            std::vector<double> ours(kNormals);
            for (auto& v : ours) v = rng.normal();
            const std::size_t i = first_mismatch(kNormals, [&](std::size_t j) { return bits(ours[j]) == bits(np.normals[j]); });
            INFO("normal differs first at " << i);
            CHECK(i == kNormals);
            const auto& c = rng.counters();
            std::cout << "[rng] seed " << seed << ": " << kNormals << " normals equal numpy's: "
                      << (i == kNormals ? "yes" : "NO") << "; tail attempts " << c.tail
                      << ", wedge tests " << c.wedge << "\n";
            CHECK(c.tail > 0);
            CHECK(c.wedge > 0);
        }
        {  // normal(size=(37, 5)) then normal(size=(11, 3)): row-major, one continuing stream
            NumpyRng rng(seed);
            std::vector<double> ours(kRows1 * kCols1 + kRows2 * kCols2);
            rng.fill_normal(ours.data(), kRows1 * kCols1);
            rng.fill_normal(ours.data() + kRows1 * kCols1, kRows2 * kCols2);
            const std::size_t i = first_mismatch(ours.size(), [&](std::size_t j) { return bits(ours[j]) == bits(np.shaped[j]); });
            INFO("shaped normal differs first at " << i);
            CHECK(i == ours.size());
        }
        {  // standard_normal()
            NumpyRng rng(seed);
            std::vector<double> ours(kStandard);
            for (auto& v : ours) v = rng.standard_normal();
            const std::size_t i = first_mismatch(kStandard, [&](std::size_t j) { return bits(ours[j]) == bits(np.standard[j]); });
            INFO("standard_normal differs first at " << i);
            CHECK(i == kStandard);
        }
    }
}

TEST_CASE("NumpyRng::normal(loc, scale) equals numpy's normal(loc, scale), signed zeros included", "[rng]") {
    // numpy computes loc + scale * gauss. With zero and negative-zero locs and a zero scale the sign of
    // each zero result depends on the draw's sign (-0.0 + 0.0 * x is +0.0 for x > 0 and -0.0 for
    // x < 0), so bit equality with numpy here checks the signed-zero arithmetic against numpy's,
    // not against a restatement of our formula (numpy refuses a scale of -0.0: "scale < 0").
    // Huge ones overflow to inf the way numpy does.
    const double pairs[][2] = {{2.5, 3.0}, {-1000.0, 1e-3}, {0.0, 0.0}, {-0.0, 0.0},
                               {-0.0, 1.0}, {1e308, 1e308}};
    constexpr std::size_t kDraws = 20000;
    constexpr std::uint64_t kSeed = 5;
    std::string program = "import sys, numpy as np\nout = sys.stdout.buffer\n";
    for (const auto& p : pairs) {
        char line[256];  // hexadecimal floats: exact, and they keep the sign of zero
        std::snprintf(line, sizeof line,
                      "out.write(np.random.default_rng(%llu).normal(float.fromhex('%a'), float.fromhex('%a'), "
                      "size=%zu).astype('<f8').tobytes())\n",
                      static_cast<unsigned long long>(kSeed), p[0], p[1], kDraws);
        program += line;
    }
    const std::string raw = attnbook_test::run_python(program, "rng-loc-scale");
    REQUIRE(raw.size() == sizeof pairs / sizeof pairs[0] * kDraws * sizeof(double));

    std::size_t at = 0, negative_zeros = 0;
    for (const auto& p : pairs) {
        INFO("normal(" << p[0] << ", " << p[1] << ")");
        NumpyRng rng(kSeed);
        std::size_t first = kDraws;
        for (std::size_t i = 0; i < kDraws; ++i, at += sizeof(double)) {
            double theirs;
            std::memcpy(&theirs, raw.data() + at, sizeof theirs);
            const double ours = rng.normal(p[0], p[1]);
            if (first == kDraws && bits(ours) != bits(theirs)) first = i;
            negative_zeros += bits(theirs) == bits(-0.0);
        }
        INFO("first difference at draw " << first);
        CHECK(first == kDraws);
    }
    CHECK(negative_zeros > 0);  // the signed-zero cases really produced -0.0 somewhere
}

#endif  // ATTNBOOK_PYTHON
