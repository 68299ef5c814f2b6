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

// A program without markers (a step, as the program holds it and the page shows it; engine_exp)
// as the lines of a marker: its text without the last newline, which the marker's line has.
std::string marker_lines(const PythonTemplate& program) {
    return std::string(program.text.substr(0, program.text.size() - 1));
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

    return fill_python(python_programs::explore_row, {{"names", names.dump(-1, ' ', true)},
                                       {"query", python_list(in.query)},
                                       {"key_rows", python_rows(in.keys)},
                                       {"value_rows", python_rows(in.values)},
                                       {"allowed", allowed_text},
                                       {"divisor", divisor_line(in.divisor)},
                                       {"engine_exp", marker_lines(python_programs::engine_exp)},
                                       {"match", marker_lines(python_programs::explore_match)},
                                       {"live", marker_lines(python_programs::explore_live)},
                                       {"share", indented_body(marker_lines(python_programs::explore_share))},
                                       {"mix", marker_lines(python_programs::explore_mix)}});
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
    return {{"match", std::move(match),
             join_text({divisor_line(in.divisor), "\n", marker_lines(python_programs::explore_match)})},
            {"share", std::move(share),
             join_text({marker_lines(python_programs::explore_live), "\n", marker_lines(python_programs::explore_share)})},
            {"mix", {"c_i = w_i\\, v_i", "o = \\sum_i c_i"}, marker_lines(python_programs::explore_mix)}};
}

}  // namespace attnbook
