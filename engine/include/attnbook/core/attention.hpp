#pragma once
// The semantics of torch.nn.functional.scaled_dot_product_attention (PyTorch 2.5), argument by
// argument: q/k/v tensors; optional mask; dropout probability 0 by default; causal flag off by
// default; scale defaulting to 1/sqrt(E); grouped-query heads only when enabled.
//
// Shapes (rank 2, 3 or 4; the three tensors have the same rank; missing leading dims are 1):
//   q is (B, Hq, L, E)      rank 3: (Hq, L, E)    rank 2: (L, E)
//   k is (B, Hkv, S, E)
//   v is (B, Hkv, S, Ev)
//   attn_mask broadcasts (numpy rules, rank <= 4, aligned on the right) to (B, Hq, L, S)
//   output is (B, Hq, L, Ev) and weights (B, Hq, L, S), written with the query's rank
// B: the batch sizes of q, k, v are equal or 1 (numpy broadcasting; output B is the largest).
//
// The formula, pass by pass, for every (b, h, i) = (batch, query head, query row):
//   1. logits  a_j = scale * <q[b,h,i,:], k[b,g,j,:]>,  j < S,  scale = 1/sqrt(E) by default,
//              g = h / (Hq / Hkv) with enable_gqa (repeat_interleave of kv heads), else g = h
//   2. mask    bool mask false -> a_j = -inf;  float mask: a_j += mask (-inf = masked);
//              is_causal: j > i -> -inf (top-left aligned, like tril(ones(L, S)))
//   3. softmax w_j = exp(a_j - max a) / sum_j exp(a_j - max a)   (masked -> exactly 0)
//   4. dropout w_j = keep(b,h,i,j) ? w_j / (1 - p) : 0            (see attention_dropout.hpp)
//   5. output  o[b,h,i,:] = sum_j w_j v[b,g,j,:]
//
// Variants (named by what differs; scaled_dot_product_attention below is where one is chosen):
//   scaled_dot_product_attention_tiled_MRxNR_xsimd  float32, register-tiled (XNNPACK style):
//                         MR query rows x NR keys per score tile, K packed once per kv head,
//                         online softmax per query block over key blocks (memory O(T d), no
//                         T x T matrix), causal key tiles past the diagonal skipped. Variants 4x8
//                         (the engine's choice, attention_tiled_xsimd.cpp), 2x16 and 6x8. Handles no mask or is_causal,
//                         no dropout, no weights; anything else runs the rowwise kernel (the
//                         result's `kernel` says which ran).
//   scaled_dot_product_attention_rowwise_xsimd   float32, one query row at a time: xsimd dot
//                         products, mask, softmax_f32_xsimd, dropout, xsimd weighted sum of V.
//                         Every option; the only one that returns weights.
//   scaled_dot_product_attention_reference_f64   naive float64 loops: the spec, never optimised
//
// Where we differ from PyTorch, on purpose:
//   - A fully masked row (every key masked by a bool mask, a -inf float mask, or S == 0) gives
//     output 0 and weights 0 and is listed in AttentionResult::fully_masked_rows. PyTorch's math
//     path gives NaN for such rows (softmax of all -inf); with S == 0 it gives 0.
//   - Non-finite values in q, k, v (and NaN or +inf in a float mask) are errors naming the tensor
//     and the index, instead of propagating NaN. -inf in a float mask means masked.
//   - The float32 kernel throws if a logit overflows float32 (|scale <q,k>| > 3.4e38), or an
//     output does (values near 3.4e38 mixed with dropout's 1/(1-p) factor, or rounding up).
//   - Dropout uses our own reproducible generator (seed + element index), not torch's RNG.
// All errors are attnbook::UserError with both shapes in the message, e.g.
//   "key width 3 does not match query width 4: query (1, 2, 5, 4), key (1, 2, 6, 3)".
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "attnbook/core/tensor.hpp"

namespace attnbook {

struct AttentionOptions {
    // At most one mask (not owned; must outlive the call). Bool: true = may attend.
    // Float: added to the logits; -inf masks. A mask together with is_causal is an error.
    const BoolTensor* bool_mask = nullptr;
    const Tensor* float_mask = nullptr;
    double dropout_p = 0.0;  // in [0, 1)
    std::uint64_t dropout_seed = 0;
    bool is_causal = false;
    std::optional<double> scale;  // default 1 / sqrt(E); must be finite
    bool enable_gqa = false;      // allow Hq = group * Hkv
    bool return_weights = false;  // fill AttentionResult::weights (after dropout: what multiplies V)
};

// One query row: weights[batch][head][row][:] and output[batch][head][row][:].
struct AttentionRow {
    std::size_t batch = 0, head = 0, row = 0;
    bool operator==(const AttentionRow& o) const {
        return batch == o.batch && head == o.head && row == o.row;
    }
};

template <class T>
struct BasicAttentionResult {
    BasicTensor<T> output;                      // (B, Hq, L, Ev), in the query's rank
    std::optional<BasicTensor<T>> weights;      // (B, Hq, L, S), if options.return_weights
    std::vector<AttentionRow> fully_masked_rows;  // rows with output 0, in (b, h, i) order
    const char* kernel = "";                    // the variant that ran (its function name)
};
using AttentionResult = BasicAttentionResult<float>;
using AttentionResultF64 = BasicAttentionResult<double>;

AttentionResult scaled_dot_product_attention_rowwise_xsimd(const Tensor& q, const Tensor& k,
                                                           const Tensor& v,
                                                           const AttentionOptions& options = {});
AttentionResult scaled_dot_product_attention_tiled_4x8_xsimd(const Tensor& q, const Tensor& k,
                                                             const Tensor& v,
                                                             const AttentionOptions& options = {});
AttentionResult scaled_dot_product_attention_tiled_2x16_xsimd(const Tensor& q, const Tensor& k,
                                                              const Tensor& v,
                                                              const AttentionOptions& options = {});
AttentionResult scaled_dot_product_attention_tiled_6x8_xsimd(const Tensor& q, const Tensor& k,
                                                             const Tensor& v,
                                                             const AttentionOptions& options = {});
AttentionResultF64 scaled_dot_product_attention_reference_f64(const Tensor& q, const Tensor& k,
                                                              const Tensor& v,
                                                              const AttentionOptions& options = {});

// The reference's two float64 passes over one query row of float32 inputs, for a check that
// samples rows of a problem too large for the whole reference (lessons/attention_scale.cpp):
// logits[j] = scale * <q_row, k_j> over `keys` consecutive key rows of width E, and
// out[e] += sum_j w[j] v_j[e] over as many value rows of width Ev. The softmax between them is
// softmax_f64_scalar (core/softmax.hpp).
void attention_logits_f64(const float* q_row, const float* k, std::size_t keys, std::size_t E, double scale,
                          double* logits);
void attention_blend_f64(const double* w, const float* v, std::size_t keys, std::size_t Ev, double* out);

// Whether the tiled kernels compute these options themselves (no bool/float mask, no dropout,
// no weights returned, at least one key); otherwise they run the rowwise kernel.
bool attention_tiled_supports(const AttentionOptions& options, std::size_t keys);

// The engine's choice: tiled 4x8 where it applies (the fastest shape in Chromium and under
// Node, measured by npm run bench; the other shapes are linked only where they are called),
// else rowwise.
AttentionResult scaled_dot_product_attention(const Tensor& q, const Tensor& k, const Tensor& v,
                                             const AttentionOptions& options = {});

// ---- raw float32 entry (typed arrays, benchmarks, the "attention at scale" cell) ---------------
// Attention forward on contiguous float32 buffers, no Tensor copies and no JSON:
//   q is (heads, L, E), k is (heads, S, E), v is (heads, S, Ev), out is (heads, L, Ev),
//   row-major; out = softmax(scale * q k^T [causal: j > i masked]) v per head.
// The caller checks sizes and that q, k, v are finite before the call (nothing here re-reads
// them); scale must be finite. Throws UserError if a logit or an output overflows float32.
// Needs S >= 1 (with S = 0 every row is fully masked: the caller writes zeros).
// Returns the name of the variant that ran: the tile's, or the rowwise kernel's when values near
// the float32 limit send the problem there (this is the one place that choice is made).
// progress, if set, is called with the fraction of query rows done (over all heads) after each
// block of query rows of the tiled kernel, and with 1 at the end.
enum class AttentionTile { t4x8, t2x16, t6x8 };
struct AttentionF32Dims {
    std::size_t heads = 1, L = 0, S = 0, E = 0, Ev = 0;
};
using AttentionProgress = std::function<void(double)>;
// The engine's tile (4x8).
const char* attention_forward_f32(const float* q, const float* k, const float* v, float* out,
                                  const AttentionF32Dims& dims, bool causal, float scale,
                                  const AttentionProgress& progress = {});
// A chosen tile shape (tests, benchmarks): links the other shapes' code in.
const char* attention_forward_f32(const float* q, const float* k, const float* v, float* out,
                                  const AttentionF32Dims& dims, bool causal, float scale, AttentionTile tile);
// Bytes the engine's tile allocates while attention_forward_f32 runs (its packed K and V of one
// head, one query block's packed Q, scores and unnormalised output), read from the kernel's own
// buffer sizes. (The rowwise fallback copies the tensors instead; it runs only near overflow.)
std::size_t attention_forward_f32_scratch_bytes(const AttentionF32Dims& dims);
// The function name of a tile variant, e.g. "scaled_dot_product_attention_tiled_4x8_xsimd".
const char* attention_tile_kernel_name(AttentionTile tile);

}  // namespace attnbook
