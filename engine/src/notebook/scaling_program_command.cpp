// scaling_program {seed?, widths?, pairs?, trials?, keys?, divisor?} -> {"program": text}: a
// Python 3 + numpy program for the scaling study with these settings (programs/scaling_program.py).
// It prints the lesson's two tables and ends with one line of JSON holding the four columns
// (raw_std, scaled_std, top_unscaled, top_scaled), which tests/engine/test_scaling_program.cpp
// runs with python3-numpy and compares with the `scaling` command.
#include <string>

#include "attnbook/core/text_join.hpp"
#include "attnbook/lessons/scaling_study.hpp"
#include "attnbook/notebook/field_reader.hpp"
#include "attnbook/notebook/json_out.hpp"
#include "attnbook/notebook/lesson_commands.hpp"
#include "attnbook/notebook/python_programs.hpp"

namespace attnbook {

using nlohmann::json;

namespace {

std::string widths_tuple(const std::vector<std::size_t>& widths) {
    std::string out = "(";
    for (std::size_t i = 0; i < widths.size(); ++i) append_text(out, {i ? ", " : "", widths[i]});
    return out + (widths.size() == 1 ? ",)" : ")");
}

// The divisor as numpy code of d, and how the tables name it.
struct DivisorText {
    const char* code;
    const char* label;
};
DivisorText divisor_text(Divisor d) {
    switch (d) {
        case Divisor::sqrt_width: return {"np.sqrt(d)", "sqrt(d)"};
        case Divisor::width: return {"float(d)", "d"};
        case Divisor::one: return {"1.0", "1"};
    }
    return {"np.sqrt(d)", "sqrt(d)"};
}

}  // namespace

std::string scaling_program(const ScalingInput& in) {
    const auto [code, label] = divisor_text(in.divisor);
    return fill_python(python_programs::scaling_program, {{"seed", std::to_string(in.seed)},
                                           {"widths", widths_tuple(in.widths)},
                                           {"pairs", std::to_string(in.pairs)},
                                           {"trials", std::to_string(in.trials)},
                                           {"keys", std::to_string(in.keys)},
                                           {"divisor", code},
                                           {"label", label}});
}

json scaling_program_command(const json& raw, const Progress&) {
    const ScalingInput in = read_command_fields<ScalingInput>("scaling_program", raw);
    check_scaling_input(in);
    json out;
    JsonOut(out).set("program", scaling_program(in));
    return out;
}

}  // namespace attnbook
