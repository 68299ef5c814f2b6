#pragma once
// Online softmax (Milakov & Gimelshein 2018), the trick inside FlashAttention (Dao et al. 2022):
// one row of scores s (n) and values V (n, dv) are read in tiles of `tile` keys; after tile t
//   m_t = max(m_{t-1}, max_{j in tile} s_j)                       running max
//   l_t = l_{t-1} exp(m_{t-1} - m_t) + sum_{j in tile} exp(s_j - m_t)     running sum
//   o_t = (o_{t-1} l_{t-1} exp(m_{t-1} - m_t) + sum_{j in tile} exp(s_j - m_t) v_j) / l_t
// o_t is the attention output over the keys read so far (FlashAttention-1's rescaled O), and
// o_last equals softmax(s) V computed in one go (the unfused result) up to rounding.
// Ordered float64 scalar code with det_exp: bit-identical natively and in WASM.
#include <cstddef>
#include <vector>

#include "attnbook/core/field.hpp"
#include "attnbook/core/fixed_rows.hpp"

namespace attnbook {

namespace online_softmax_limits {
inline constexpr std::size_t max_keys = 64;    // n
inline constexpr std::size_t max_width = 8;    // dv
inline constexpr double max_abs = 1e6;         // |score|, |value|
}  // namespace online_softmax_limits

namespace online_softmax_defaults {
inline constexpr double scores[6] = {0.1, 1.0, 0.0, 2.2, -1.0, 4.0};  // the max changes twice
inline constexpr double values[6][2] = {{1, 0}, {0, 1}, {1, 1}, {-1, 0}, {0, -1}, {2, 2}};
}  // namespace online_softmax_defaults

struct OnlineSoftmaxInput {
    std::vector<double> scores = row_from(online_softmax_defaults::scores);
    std::vector<std::vector<double>> values = rows_from(online_softmax_defaults::values);
    std::size_t tile = 2;
};

// The online-softmax cell's and the `online_softmax` command's fields (core/field.hpp); fields()
// binds each to its member. One value row per score and a tile of at most the scores are the
// cell's checks between fields (and online_softmax()'s).
namespace online_softmax_fields {
namespace lim = online_softmax_limits;
inline constexpr WholeRange keys{1, lim::max_keys};
inline constexpr Field scores = Field::numbers_in("scores", keys, lim::max_abs, "one query's scores s, one per key (n)");
inline constexpr Field values =
    Field::rows_in("values", keys, {1, lim::max_width}, lim::max_abs, "the values V, one row per key (n, dv)");
inline constexpr Field tile = Field::whole_in("tile", keys, "keys read per tile").linked("tile");
}  // namespace online_softmax_fields

template <class Visit>
void fields(OnlineSoftmaxInput& in, Visit&& field) {
    namespace f = online_softmax_fields;
    field(f::scores, in.scores); field(f::values, in.values); field(f::tile, in.tile);
}

struct OnlineSoftmaxStep {
    std::size_t first = 0, last = 0;  // keys first..last (inclusive) were read in this tile
    double running_max = 0.0, running_sum = 0.0;
    std::vector<double> partial_output;
};

struct OnlineSoftmaxResult {
    std::vector<OnlineSoftmaxStep> steps;
    std::vector<double> output, unfused_output;
    double max_abs_difference = 0.0;
};

// UserError for empty or mismatched inputs, a tile of 0, values beyond the limits.
OnlineSoftmaxResult online_softmax(const OnlineSoftmaxInput& input);

// Memory of the scores for one head over T tokens: the unfused computation stores T x T scores;
// the tiled one a (tile x tile) block plus a running max and sum per query row (2T numbers).
struct TilingMemory {
    double tokens = 0, unfused_numbers = 0, tiled_numbers = 0;
};
std::vector<TilingMemory> tiling_memory(const std::vector<double>& tokens, double tile);

// The `tiling_memory` command: sequence lengths, the tile and the bytes of one number (2: fp16).
struct TilingMemoryInput {
    std::vector<std::size_t> tokens = {1000, 4000, 16000, 64000, 100000};
    std::size_t tile = 128;
    std::size_t bytes = 2;
};
namespace tiling_memory_fields {
inline constexpr Field tokens =
    Field::wholes_in("tokens", {1, 12}, {1, 100000000}, "the sequence lengths T", Field::command_only);
inline constexpr Field tile = Field::whole_in("tile", {1, 4096}, "keys read per tile", Field::command_only);
inline constexpr Field bytes = Field::whole_in("bytes", {1, 8}, "bytes per number", Field::command_only);
}  // namespace tiling_memory_fields
template <class Visit>
void fields(TilingMemoryInput& in, Visit&& field) {
    namespace f = tiling_memory_fields;
    field(f::tokens, in.tokens); field(f::tile, in.tile); field(f::bytes, in.bytes);
}

}  // namespace attnbook
