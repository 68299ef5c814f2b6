// scaled_dot_product_attention_tiled_MRxNR_xsimd: float32 attention, register-tiled in the
// style of XNNPACK's GEMM micro-kernels (tile shape in the name), with FlashAttention's online
// softmax so no T x T matrix is ever held. Per kv head:
//
//   pack    K (S, E) -> Kp (ceil(S/NR), E, NR): NR consecutive keys' component e side by side
//           (4x4 transposes), zero rows past S. V (S, Ev) -> Vp (S_pad, Ev_pad) with zero
//           padding. Done once per kv head and shared by every query head of its group (GQA).
//   then, per query block of 8 micro-tiles of MR rows (rows past L repeat row L-1 and are
//   dropped; the block's Q packed per micro-tile as (E, MR)), over key blocks of up to 64 keys
//   (each block's K and V read from L1 by all the block's micro-tiles):
//     scores  s[r][j] = qscale * <q_r, k_j> with qscale = scale log2(e): logits in base 2, so
//             the softmax below needs 2^x, not e^x. An MR x NR register tile per step: for each e, NR/4
//             vector loads of Kp, MR broadcasts of q[r][e], MR*NR/4 multiplies and adds (no
//             horizontal add anywhere). Keys past S, and past the row when causal, become -inf.
//             As a tile is stored, each row's running lane-wise max over the block is updated
//             (no separate pass over s for the max).
//     online softmax, 4 rows at a time (their maxes, rescales and sums in one vector each):
//             m' = max(m, max_j s[r][j]);  alpha = 2^(m - m');  p = 2^(s - m') in place;
//             l = l alpha + sum_j p;  o_r = o_r alpha + sum_j p_j v_j (an MR x NR tile of o in
//             registers over the block's keys: NR/4 loads of Vp and MR broadcasts of p per key).
//             2^x is exp2_nonpositive_f32 (exp_f32.hpp): every argument is <= 0 here.
//   finally  out_r = o_r / l_r.
// Causal: a query block stops at its last row's key (rounded up to NR), and a micro-tile past
// its own rows' diagonal is masked without being computed (about half the work is skipped).
// Overflow: when the inputs' bounds allow a logit (|qscale| E max|q| max|k|) or an output
// (max|v|) near FLT_MAX, an input is NaN, or qscale is subnormal, the rowwise kernel runs
// instead: it checks every value and its error names the first that overflows. So the hot
// loops carry no checks.
//
// WASM (Emscripten 3.1.6, V8): the few operations whose SSE2 emulation costs several
// instructions are written with wasm_simd128.h under __wasm_simd128__ (max: f32x4.pmax; the
// 2^x's zeroing: i32x4.min_u), giving the same bits as the SSE2 code natively.
// Measured (Node 20, thread CPU time, T = 1024, d = 64, 4x8): the score and mix loops run at
// about two thirds of the mul+add ceiling (each ~4.3 ms of ~9.7); the softmax between them
// ~1.1 ms, the packing and the final division ~0.15 ms. Tried and not faster: Q broadcast ahead
// into whole vectors (no load32_splat), a 2x16 mix after a 4x8 score, key blocks of 32 and 128,
// 4 or 16 micro-tiles a block, Estrin's scheme for the polynomial, two exps per loop step.
//
// Every a*b+c is two roundings (-ffp-contract=off), the order of operations is fixed, and the
// same source is compiled for sse2 natively and in WASM: results are bit-identical between the
// native CLI and the WASM module. Checked against scaled_dot_product_attention_reference_f64 by
// tests/engine/test_attention_tiled.cpp (a sweep of shapes up to T = 4096, tails included).
#include "attention_tiled_kernel.hpp"

namespace attnbook {
namespace {

// The engine's tile (see scaled_dot_product_attention in attention.hpp); the other shapes are in
// attention_tiled_variants_xsimd.cpp.
bool run_tiled_4x8(const float* q, const float* k, const float* v, float* out, const HeadLayout& h, bool causal,
                   float scale, RowProgress& progress) {
    return run_tiled<4, 8>(q, k, v, out, h, causal, scale, progress);
}
const TiledFn kRun4x8 = run_tiled_4x8;
constexpr const char* kName4x8 = "scaled_dot_product_attention_tiled_4x8_xsimd";

}  // namespace

bool attention_tiled_supports(const AttentionOptions& o, std::size_t keys) {
    return !o.bool_mask && !o.float_mask && o.dropout_p == 0.0 && !o.return_weights && keys > 0;
}

const char* attention_forward_f32(const float* q, const float* k, const float* v, float* out,
                                  const AttentionF32Dims& d, bool causal, float scale,
                                  const AttentionProgress& progress) {
    return forward_f32(&kRun4x8, kName4x8, q, k, v, out, d, causal, scale, progress);
}

std::size_t attention_forward_f32_scratch_bytes(const AttentionF32Dims& d) {
    return sizeof(float) * TiledHead<xsimd::default_arch, 4, 8>::buffer_floats(d.S, d.E, d.Ev);
}

AttentionResult scaled_dot_product_attention_tiled_4x8_xsimd(const Tensor& q, const Tensor& k, const Tensor& v,
                                                             const AttentionOptions& options) {
    return tiled_tensor(&kRun4x8, kName4x8, q, k, v, options);
}

AttentionResult scaled_dot_product_attention(const Tensor& q, const Tensor& k, const Tensor& v,
                                             const AttentionOptions& options) {
    return scaled_dot_product_attention_tiled_4x8_xsimd(q, k, v, options);
}

}  // namespace attnbook
