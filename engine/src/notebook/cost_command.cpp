// cost {tokens, head_width, value_width?, heads?, layers?, batch?, bytes?} -> the score count,
// the bytes of the score matrix and the FLOPs of QK^T and AV (lessons/cost_model.hpp).
#include <cmath>
#include <stdexcept>

#include "attnbook/core/decimal_format.hpp"
#include "attnbook/core/errors.hpp"
#include "attnbook/lessons/cost_model.hpp"
#include "attnbook/notebook/field_reader.hpp"
#include "attnbook/notebook/json_out.hpp"
#include "attnbook/notebook/lesson_commands.hpp"

namespace attnbook {

using nlohmann::json;

namespace {
// "%.3g" without the exponent's '+' and leading zeros: 1e10, 1.28e12, 4.1e-05 -> 4.1e-5.
std::string three_significant(double x) {
    std::string text = general_text(x, 3);
    const std::size_t e = text.find('e');
    if (e != std::string::npos) {
        std::size_t to = e + 1;  // the exponent's sign and digits move up to here
        std::size_t from = e + 1;
        if (text[from++] == '-') ++to;  // '-' stays, '+' goes
        while (text[from] == '0' && from + 1 < text.size()) ++from;  // leading zeros, not the last digit
        text.erase(to, from - to);
    }
    return text;
}
}  // namespace

std::string count_text(double x) {
    if (std::fabs(x) < 1e6 && x == std::floor(x)) return fixed_text(x, 0);
    return three_significant(x);
}

std::string bytes_text(double bytes) {
    static const char* units[] = {"B", "kB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB"};
    std::size_t u = 0;
    double v = bytes;
    while (v >= 1000.0 && u + 1 < sizeof units / sizeof units[0]) {
        v /= 1000.0;
        ++u;
    }
    std::string text = three_significant(v);
    text += ' ';
    text += units[u];
    return text;
}

json text_pair(double x, const std::string& shown) {
    if (!std::isfinite(x)) throw std::domain_error("a non-finite number reached the output");
    json out;
    JsonOut(out).set("exact", x).set("shown", shown);
    return out;
}

json cost_command(const json& raw, const Progress&) {
    CostInput in = read_command_fields<CostInput>("cost", raw);
    const json* value_width = json_member(raw, "value_width");
    if (!value_width || value_width->is_null()) in.value_width = in.head_width;  // d_v defaults to d_k
    const CostResult r = attention_cost(in);
    json out;
    JsonOut(out)
        .set("scores", text_pair(r.scores, count_text(r.scores)))
        .set("score_bytes", text_pair(r.score_bytes, bytes_text(r.score_bytes)))
        .set("qk_flops", text_pair(r.qk_flops, count_text(r.qk_flops)))
        .set("av_flops", text_pair(r.av_flops, count_text(r.av_flops)));
    return out;
}

}  // namespace attnbook
