#include "attnbook/notebook/python_export.hpp"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "attnbook/core/errors.hpp"
#include "attnbook/core/text_join.hpp"
#include "attnbook/notebook/python_programs.hpp"

namespace attnbook {
namespace {

// JSON's shortest round-trip doubles ("2.0", "-1e-05") and string literals are valid Python.
std::string literal(const nlohmann::json& value) { return value.dump(); }

std::string python_list(const std::vector<double>& row) {
    std::string out = "[";
    for (std::size_t j = 0; j < row.size(); ++j) append_text(out, {j ? ", " : "", literal(row[j])});
    return out + "]";
}

std::string python_rows(const std::vector<std::vector<double>>& rows) {
    std::string out = "[";
    for (std::size_t i = 0; i < rows.size(); ++i) append_text(out, {i ? ",\n    " : "\n    ", python_list(rows[i])});
    return out + ",\n]";
}

const char* divisor_line(Divisor divisor) {
    switch (divisor) {
        case Divisor::sqrt_width: return "divisor = math.sqrt(len(query))  # sqrt(d_k): keeps the score spread near 1";
        case Divisor::width: return "divisor = float(len(query))  # d_k itself: over-divides, shares drift toward uniform";
        case Divisor::one: return "divisor = 1.0  # no scaling: wide keys push the shares toward one winner";
    }
    return "";
}

// The lines of each step, as the program holds them (the share step's run inside "if live_scores:",
// indented there by four spaces). explore_python_steps() hands out the same text, so a formula is
// always shown beside the line the program really runs.
constexpr const char* kMatchLines =
    "dots = [running_total(a * b for a, b in zip(query, key)) for key in key_rows]\n"
    "scores = [dot / divisor for dot in dots]";
constexpr const char* kLiveLine = "live_scores = [s for s, ok in zip(scores, allowed) if ok]";
constexpr const char* kShareLines =
    "top = max(live_scores)\n"
    "lifted = [engine_exp(s - top) if ok else 0.0 for s, ok in zip(scores, allowed)]\n"
    "z = running_total(e for e, ok in zip(lifted, allowed) if ok)\n"
    "shares = [e / z if ok else 0.0 for e, ok in zip(lifted, allowed)]";
constexpr const char* kMixLines =
    "carries = [[w * v for v in row] if ok else [0.0] * width_v\n"
    "           for w, row, ok in zip(shares, value_rows, allowed)]\n"
    "output = [running_total(carry[j] for carry in carries) for j in range(width_v)]";

std::string indented(const char* lines) {
    std::string out = "    ";
    for (const char* c = lines; *c; ++c) {
        out += *c;
        if (*c == '\n') out += "    ";
    }
    return out;
}

}  // namespace

// fdlibm's exp in Python: see programs/engine_exp.py for why the programs carry it.
std::string python_engine_exp_source() { return std::string(python_programs::engine_exp.text); }

std::string default_source_label(std::size_t index) {
    if (index < 26) return std::string(1, static_cast<char>('A' + index));
    return join_text({"S", index});
}

std::string explore_python_program(const ExploreInput& in, const std::vector<std::string>& labels) {
    explore_row(in);  // the same shape and finiteness checks as the engine, before writing code
    const std::size_t n = in.keys.size();
    if (!labels.empty() && labels.size() != n)
        throw_format("labels: has {} names but there are {} sources", {labels.size(), n});
    // Labels are the user's text: written with \u escapes only (ASCII), so no control or bidi
    // character reaches the program's source, where it could hide what the code does.
    nlohmann::json names = nlohmann::json::array();
    std::string allowed_text = "[";  // a Python list of booleans, as JSON's [true,false] would read
    for (std::size_t i = 0; i < n; ++i) {
        names.push_back(labels.empty() ? default_source_label(i) : labels[i]);
        if (i) allowed_text += ',';
        allowed_text += in.mask.empty() || in.mask[i] ? "True" : "False";
    }
    allowed_text += ']';

    // The parts joined in one call: no iostreams in the engine (module size).
    return join_text({R"(#!/usr/bin/env python3
# One attention row from attnbook, written out to run and to change.
# Standard library only. The arithmetic follows the engine step for step (sums run left to
# right from 0.0, the largest score is subtracted before exp), so the doubles on the last line
# match the page's exact numbers; only a platform exp that rounds differently could move one ulp.
import json
import math
import struct

names = )", names.dump(-1, ' ', true), R"(
query = )", python_list(in.query), R"(
key_rows = )", python_rows(in.keys), R"(
value_rows = )", python_rows(in.values), R"(
allowed = )", allowed_text, R"(  # False removes a source before the softmax
)", divisor_line(in.divisor), R"(


def running_total(numbers):
    total = 0.0
    for x in numbers:
        total += x
    return total


)", python_engine_exp_source(), R"(

# Match: how far the query reaches along each key, divided to keep scores moderate.
)", kMatchLines, R"(

# Share: only differences between scores matter, so lift everything by the largest allowed
# score; every exp argument is then <= 0 and cannot overflow.
)", kLiveLine, R"(
shares = [0.0] * len(scores)
if live_scores:
)", indented(kShareLines), R"(

# Mix: each source carries share * value; the output adds the carries coordinate by coordinate.
width_v = len(value_rows[0])
)", kMixLines, R"(

print("source   dot   score   share")
for name, dot, score, share in zip(names, dots, scores, shares):
    print(f"{name:>6} {dot:6.3f} {score:7.3f} {share:7.3f}")
print("output", ", ".join(f"{x:.3f}" for x in output))
print(json.dumps({"shares": shares, "output": output}))
)"});
}

std::vector<PythonStep> explore_python_steps(const ExploreInput& in) {
    const bool masked = std::find(in.mask.begin(), in.mask.end(), 0) != in.mask.end();
    std::vector<std::string> match{"s_i = q \\cdot k_i"};
    if (in.divisor != Divisor::one) {
        match[0] = in.divisor == Divisor::sqrt_width ? "s_i = \\frac{q \\cdot k_i}{\\sqrt{d_k}}" : "s_i = \\frac{q \\cdot k_i}{d_k}";
        match.push_back(join_text({"d_k = ", in.query.size()}));
    }
    const char* over = masked ? "_{j\\,\\text{allowed}}" : "_j";
    std::vector<std::string> share{join_text({"m = \\max", over, " s_j"}), join_text({"Z = \\sum", over, " e^{s_j - m}"}),
                                   "w_i = e^{s_i - m} / Z"};
    if (masked) share.push_back("w_i = 0 \\text{ for a masked source}");
    return {{"match", std::move(match), join_text({divisor_line(in.divisor), "\n", kMatchLines})},
            {"share", std::move(share), join_text({kLiveLine, "\n", kShareLines})},
            {"mix", {"c_i = w_i\\, v_i", "o = \\sum_i c_i"}, kMixLines}};
}

}  // namespace attnbook
