#include "attnbook/lessons/precision.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "attnbook/core/det_math.hpp"
#include "attnbook/core/errors.hpp"
#include "attnbook/core/text_join.hpp"
#include "attnbook/core/numpy_rng.hpp"

namespace attnbook {
namespace {

// bfloat16's largest finite: (2 - 2^-7) * 2^127; float16's: (2 - 2^-10) * 2^15 = 65504.
const FormatSpec kSpecs[] = {
    {"float32", 24, -126, static_cast<double>(std::numeric_limits<float>::max())},
    {"bfloat16", 8, -126, (2.0 - 1.0 / 128.0) * 1.7014118346046923e38},
    {"float16", 11, -14, 65504.0},
};

// The arithmetic of a pass: every result rounded to `format`, or kept as it is (exact: float64).
// One type for both, so each pass below is compiled once.
struct Round {
    bool exact;
    NumberFormat format;
    double operator()(double x) const { return exact ? x : round_to_format(x, format); }
};

// One attention row in arithmetic `round` (identity for float64): see precision.hpp for the passes.
// Pass 1 writes the row's logits; pass 2 and 3 (softmax_mix) read them, once stable, once naive.
void logits_row(const std::vector<double>& q, const std::vector<double>& k, std::size_t T, std::size_t d,
                std::size_t i, double scale, Round round, std::vector<double>& logits) {
    for (std::size_t j = 0; j < T; ++j) {
        double dot = 0.0;
        for (std::size_t c = 0; c < d; ++c) dot = round(dot + round(q[i * d + c] * k[j * d + c]));
        logits[j] = round(dot * scale);
    }
}

// What became of a row's softmax: ok; an exp overflowed to +inf (the row would be inf / inf =
// NaN); or every exp underflowed to 0 (0 / 0). Only the naive softmax can fail; out is then 0.
enum class Row { ok, overflow, underflow };

Row softmax_mix(const std::vector<double>& logits, const std::vector<double>& v, std::size_t T, std::size_t d,
                 Round round, bool naive, std::vector<double>& e, std::vector<double>& out) {
    double max = 0.0;  // naive: nothing subtracted
    if (!naive) {
        max = logits[0];
        for (std::size_t j = 1; j < T; ++j) max = std::fmax(max, logits[j]);
    }
    double sum = 0.0;
    bool overflow = false;
    for (std::size_t j = 0; j < T; ++j) {
        e[j] = round(det_exp(round(logits[j] - max)));
        overflow = overflow || std::isinf(e[j]);
        sum = round(sum + e[j]);
    }
    for (std::size_t c = 0; c < d; ++c) out[c] = 0.0;
    if (overflow) return Row::overflow;
    if (sum == 0.0) return Row::underflow;
    for (std::size_t j = 0; j < T; ++j) {
        const double w = round(e[j] / sum);
        for (std::size_t c = 0; c < d; ++c) out[c] = round(out[c] + round(w * v[j * d + c]));
    }
    return Row::ok;
}

}  // namespace

const std::vector<NumberFormat>& number_formats() {
    static const std::vector<NumberFormat> all = {NumberFormat::float32, NumberFormat::bfloat16, NumberFormat::float16};
    return all;
}

const FormatSpec& format_spec(NumberFormat format) { return kSpecs[static_cast<int>(format)]; }

double round_to_format(double x, NumberFormat format) {
    std::uint64_t bits;
    std::memcpy(&bits, &x, sizeof bits);
    const int biased = static_cast<int>((bits >> 52) & 0x7ff);
    if (biased == 0x7ff || (bits << 1) == 0) return x;  // inf, NaN, +-0
    const FormatSpec& f = format_spec(format);
    // x = 1.m * 2^e (a double subnormal counts as 2^-1022: far below every format, it rounds to 0).
    const int e = biased == 0 ? -1022 : biased - 1023;
    // The last bit the format keeps is worth 2^Q, Q = max(e, min_exponent) - p + 1 (subnormals
    // of the format keep fewer bits). (x + C) - C with C = 1.5 * 2^(Q + 52): the sum's last bit
    // is worth 2^Q, so the addition rounds x to a multiple of 2^Q, to nearest with ties to even
    // (IEEE's default mode), and the subtraction is exact. It needs |x| < 2^(Q + 51), true since
    // |x| < 2^(e + 1) and Q >= e - p + 1; and no contraction or fast-math (the engine builds with
    // -ffp-contract=off). C is built from its bits: no libm, the same natively and in WASM.
    const int quantum = std::max(e, f.min_exponent) - f.significand_bits + 1;
    const std::uint64_t c_bits = (static_cast<std::uint64_t>(quantum + 52 + 1023) << 52) | (std::uint64_t{1} << 51);
    double c;
    std::memcpy(&c, &c_bits, sizeof c);
    volatile double sum = x + c;  // volatile: the rounding must happen in this addition
    const double r = sum - c;
    if (std::fabs(r) > f.largest) return std::copysign(std::numeric_limits<double>::infinity(), x);
    return r;
}

PrecisionResult precision_lab(const PrecisionInput& in, const std::function<void(double)>& progress) {
    namespace lim = precision_limits;
    if (in.seed > lim::max_seed) throw_format("precision: seed must be at most {}", {lim::max_seed});
    if (in.tokens < lim::min_tokens || in.tokens > lim::max_tokens)
        throw_format("precision: tokens must be {} to {}", {lim::min_tokens, lim::max_tokens});
    if (in.head_width < lim::min_head_width || in.head_width > lim::max_head_width)
        throw_format("precision: head_width must be {} to {}", {lim::min_head_width, lim::max_head_width});
    const std::size_t T = in.tokens, d = in.head_width;
    NumpyRng rng(in.seed);
    std::vector<double> q(T * d), k(T * d), v(T * d);
    rng.fill_normal(q.data(), q.size());
    rng.fill_normal(k.data(), k.size());
    rng.fill_normal(v.data(), v.size());
    const double scale = in.unscaled ? 1.0 : 1.0 / std::sqrt(static_cast<double>(d));

    PrecisionResult result;
    const std::size_t rows = std::min(T, lim::max_checked_rows);
    result.rows_checked = rows;
    std::vector<std::size_t> row_index(rows);
    for (std::size_t r = 0; r < rows; ++r) row_index[r] = rows == 1 ? 0 : r * (T - 1) / (rows - 1);

    // float64: the reference rows.
    std::vector<double> logits(T), e(T), out(d);
    std::vector<std::vector<double>> reference(rows, std::vector<double>(d));
    const Round exact{true, NumberFormat::float32};
    double largest_output = 0.0;
    bool any = false;
    for (std::size_t r = 0; r < rows; ++r) {
        logits_row(q, k, T, d, row_index[r], scale, exact, logits);
        for (double a : logits) {
            if (!any || a > result.max_logit) result.max_logit = a;
            any = true;
        }
        softmax_mix(logits, v, T, d, exact, false, e, reference[r]);
        for (double x : reference[r]) largest_output = std::fmax(largest_output, std::fabs(x));
    }

    const double steps = static_cast<double>(rows * number_formats().size());
    double done = 0;
    for (NumberFormat format : number_formats()) {
        const Round round{false, format};
        std::vector<double> qf(q.size()), kf(k.size()), vf(v.size());
        for (std::size_t i = 0; i < q.size(); ++i) {
            qf[i] = round(q[i]);
            kf[i] = round(k[i]);
            vf[i] = round(v[i]);
        }
        FormatResult fr{format};
        for (std::size_t r = 0; r < rows; ++r) {
            logits_row(qf, kf, T, d, row_index[r], scale, round, logits);
            // The stable softmax's exps are at most exp(0) = 1: they cannot overflow.
            softmax_mix(logits, vf, T, d, round, false, e, out);
            for (std::size_t c = 0; c < d; ++c)
                fr.max_abs_error = std::fmax(fr.max_abs_error, std::fabs(out[c] - reference[r][c]));
            const Row naive = softmax_mix(logits, vf, T, d, round, true, e, out);
            if (naive == Row::overflow) fr.naive_overflow = true;
            else if (naive == Row::underflow) fr.naive_underflow = true;
            else
                for (std::size_t c = 0; c < d; ++c)
                    fr.naive_max_abs_error = std::fmax(fr.naive_max_abs_error, std::fabs(out[c] - reference[r][c]));
            if (progress) progress(++done / steps);
        }
        fr.max_rel_error = largest_output > 0 ? fr.max_abs_error / largest_output : 0.0;
        result.formats.push_back(fr);
    }
    return result;
}

}  // namespace attnbook
