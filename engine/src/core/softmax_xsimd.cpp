// softmax_f32_xsimd and exp_f32_xsimd: float32 kernels written once over the xsimd architecture
// (template parameter A: a batch loop over xsimd::batch<float, A> plus a scalar tail), compiled
// for xsimd::default_arch (sse2 natively and in WASM; see CMakeLists.txt for the flags).
//
// exp_f32 (the vector exp, and why not xsimd::exp) lives in exp_f32.hpp, shared with the tiled
// attention kernels.
#include <cstdint>
#include <cstring>
#include <limits>

#include <xsimd/xsimd.hpp>

#include "attnbook/core/softmax.hpp"
#include "exp_f32.hpp"

namespace attnbook {
namespace {

using simd_exp::exp_f32;

// ---- kernels, generic over the arch ---------------------------------------------------------
template <class A>
void exp_kernel(A, const float* x, float* y, std::size_t n) {
    using B = xsimd::batch<float, A>;
    constexpr std::size_t W = B::size;
    const std::size_t vec_end = n - n % W;
    std::size_t j = 0;
    for (; j < vec_end; j += W) exp_f32(B::load_unaligned(x + j)).store_unaligned(y + j);
    for (; j < n; ++j) y[j] = exp_f32(x[j]);
}

template <class A>
bool softmax_kernel(A, const float* x, float* y, std::size_t n) {
    using B = xsimd::batch<float, A>;
    constexpr std::size_t W = B::size;
    constexpr float kNegInf = -std::numeric_limits<float>::infinity();
    const std::size_t vec_end = n - n % W;

    // pass 1: m = max_j x_j  (lane-wise max, then across lanes, then the tail)
    float m = kNegInf;
    if (vec_end) {
        B vm = B::load_unaligned(x);
        for (std::size_t j = W; j < vec_end; j += W) vm = xsimd::max(vm, B::load_unaligned(x + j));
        alignas(16) float lanes[W];
        vm.store_unaligned(lanes);
        for (std::size_t l = 0; l < W; ++l) m = lanes[l] > m ? lanes[l] : m;
    }
    for (std::size_t j = vec_end; j < n; ++j) m = x[j] > m ? x[j] : m;
    if (m == kNegInf) {  // fully masked (or empty) row: no mass, weights 0
        for (std::size_t j = 0; j < n; ++j) y[j] = 0.0f;
        return false;
    }

    // pass 2: e_j = exp(x_j - m) <= 1, s = sum_j e_j  (W partial sums, then the tail)
    const B vmax(m);
    B vs(0.0f);
    std::size_t j = 0;
    for (; j < vec_end; j += W) {
        const B e = exp_f32(B::load_unaligned(x + j) - vmax);
        e.store_unaligned(y + j);
        vs += e;
    }
    float s = xsimd::hadd(vs);
    for (; j < n; ++j) {
        y[j] = exp_f32(x[j] - m);
        s += y[j];
    }

    // pass 3: y_j = e_j / s  (s >= 1 since the max term is exp(0) = 1 exactly; division rather
    // than multiplying by 1/s: one rounding instead of two)
    const B vsum(s);
    for (j = 0; j < vec_end; j += W) (B::load_unaligned(y + j) / vsum).store_unaligned(y + j);
    for (; j < n; ++j) y[j] /= s;
    return true;
}

}  // namespace

bool softmax_f32_xsimd(const float* x, float* y, std::size_t n) {
    return softmax_kernel(xsimd::default_arch{}, x, y, n);
}

void exp_f32_xsimd(const float* x, float* y, std::size_t n) {
    exp_kernel(xsimd::default_arch{}, x, y, n);
}

const char* xsimd_arch_name() { return xsimd::default_arch::name(); }

}  // namespace attnbook
