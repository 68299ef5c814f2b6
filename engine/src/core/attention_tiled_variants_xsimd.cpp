// The tiled attention kernel in tile shapes other than the engine's (attention_tiled_xsimd.cpp):
// 2x16 and 6x8, for the tests and the benchmarks (npm run bench times every shape). A program
// links this file only if it calls one of them, so the shipped module does not carry them.
#include "attention_tiled_kernel.hpp"

namespace attnbook {
namespace {

bool run_tiled_2x16(const float* q, const float* k, const float* v, float* out, const HeadLayout& h, bool causal,
                    float scale) {
    return run_tiled<2, 16>(q, k, v, out, h, causal, scale);
}
bool run_tiled_6x8(const float* q, const float* k, const float* v, float* out, const HeadLayout& h, bool causal,
                   float scale) {
    return run_tiled<6, 8>(q, k, v, out, h, causal, scale);
}
const TiledFn kRun2x16 = run_tiled_2x16;
const TiledFn kRun6x8 = run_tiled_6x8;

}  // namespace

void attention_forward_f32(const float* q, const float* k, const float* v, float* out, const AttentionF32Dims& d,
                           bool causal, float scale, AttentionTile tile) {
    switch (tile) {
        case AttentionTile::t2x16: return forward_f32(&kRun2x16, q, k, v, out, d, causal, scale);
        case AttentionTile::t6x8: return forward_f32(&kRun6x8, q, k, v, out, d, causal, scale);
        case AttentionTile::t4x8: break;
    }
    attention_forward_f32(q, k, v, out, d, causal, scale);
}

AttentionResult scaled_dot_product_attention_tiled_2x16_xsimd(const Tensor& q, const Tensor& k, const Tensor& v,
                                                              const AttentionOptions& options) {
    return tiled_tensor(&kRun2x16, "scaled_dot_product_attention_tiled_2x16_xsimd", q, k, v, options);
}
AttentionResult scaled_dot_product_attention_tiled_6x8_xsimd(const Tensor& q, const Tensor& k, const Tensor& v,
                                                             const AttentionOptions& options) {
    return tiled_tensor(&kRun6x8, "scaled_dot_product_attention_tiled_6x8_xsimd", q, k, v, options);
}

}  // namespace attnbook
