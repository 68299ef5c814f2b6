// attnbook-bench-web.mjs: the engine's attention kernels for the browser bench
// (scripts/benchmarks/page.mjs), on float32 buffers in WASM memory: no JSON, no Embind. Built by
// scripts/bench only (EXCLUDE_FROM_ALL); the shipped module is attnbook.mjs.
//   bench_attention(kernel, q, k, v, out, heads, L, S, E, Ev, causal) -> 0, or 1 on an error
//     kernel 0: tiled 4x8 (the engine's), 1: tiled 2x16, 2: tiled 6x8 (attention_forward_f32 with
//     its tile: this module links every shape; the shipped one only the engine's), 3: rowwise
//   bench_ceiling(iterations) -> a value to keep; does 12 * 4 * 2 flops per iteration: twelve
//     independent f32x4 chains a = a * m + c, the mul+add throughput of one core (the ceiling
//     the tiled kernels are measured against: they are mul+add too, without fused multiply-add).
#include <emscripten/emscripten.h>

#include <cmath>
#include <vector>

#include <xsimd/xsimd.hpp>

#include "attnbook/core/attention.hpp"

extern "C" {

EMSCRIPTEN_KEEPALIVE int bench_attention(int kernel, const float* q, const float* k, const float* v, float* out,
                                         int heads, int L, int S, int E, int Ev, int causal) {
    using namespace attnbook;
    const float scale = static_cast<float>(1.0 / std::sqrt(static_cast<double>(E)));
    try {
        if (kernel >= 0 && kernel <= 2) {
            const AttentionTile tiles[] = {AttentionTile::t4x8, AttentionTile::t2x16, AttentionTile::t6x8};
            attention_forward_f32(q, k, v, out,
                                  {static_cast<std::size_t>(heads), static_cast<std::size_t>(L),
                                   static_cast<std::size_t>(S), static_cast<std::size_t>(E),
                                   static_cast<std::size_t>(Ev)},
                                  causal != 0, scale, tiles[kernel]);
            return 0;
        }
        if (kernel == 3) {
            const std::size_t H = heads;
            const Tensor tq({H, std::size_t(L), std::size_t(E)}, std::vector<float>(q, q + H * L * E));
            const Tensor tk({H, std::size_t(S), std::size_t(E)}, std::vector<float>(k, k + H * S * E));
            const Tensor tv({H, std::size_t(S), std::size_t(Ev)}, std::vector<float>(v, v + H * S * Ev));
            AttentionOptions o;
            o.is_causal = causal != 0;
            const AttentionResult r = scaled_dot_product_attention_rowwise_xsimd(tq, tk, tv, o);
            std::copy(r.output.data.begin(), r.output.data.end(), out);
            return 0;
        }
    } catch (...) {
    }
    return 1;
}

EMSCRIPTEN_KEEPALIVE float bench_ceiling(int iterations) {
    using B = xsimd::batch<float, xsimd::default_arch>;
    const B m(0.9999999f), c(1e-7f);
    B a0(1.0f), a1(1.1f), a2(1.2f), a3(1.3f), a4(1.4f), a5(1.5f), a6(1.6f), a7(1.7f), a8(1.8f), a9(1.9f),
        a10(2.0f), a11(2.1f);
    for (int i = 0; i < iterations; ++i) {
        a0 = a0 * m + c; a1 = a1 * m + c; a2 = a2 * m + c; a3 = a3 * m + c;
        a4 = a4 * m + c; a5 = a5 * m + c; a6 = a6 * m + c; a7 = a7 * m + c;
        a8 = a8 * m + c; a9 = a9 * m + c; a10 = a10 * m + c; a11 = a11 * m + c;
    }
    const B s = ((a0 + a1) + (a2 + a3)) + ((a4 + a5) + (a6 + a7)) + ((a8 + a9) + (a10 + a11));
    return xsimd::hadd(s);
}

}  // extern "C"
