// scaling_program {seed?, widths?, pairs?, trials?, keys?, divisor?} -> {"program": text}: a
// Python 3 + numpy program for the scaling study with these settings. It draws from
// numpy.random.default_rng(seed) in the order of the engine's study (lessons/scaling_study.hpp),
// prints the lesson's two tables, and ends with one line of JSON holding the four columns
// (raw_std, scaled_std, top_unscaled, top_scaled), which tests/engine/test_scaling_program.cpp
// runs with python3-numpy and compares with the `scaling` command.
#include <string>

#include "attnbook/lessons/scaling_study.hpp"
#include "attnbook/notebook/command_args.hpp"
#include "attnbook/notebook/lesson_commands.hpp"

namespace attnbook {

using nlohmann::json;

namespace {

std::string widths_tuple(const std::vector<std::size_t>& widths) {
    std::string out = "(";
    for (std::size_t i = 0; i < widths.size(); ++i) out += (i ? ", " : "") + std::to_string(widths[i]);
    return out + (widths.size() == 1 ? ",)" : ")");
}

// The divisor as numpy code of d, and how the tables name it.
std::string divisor_code(Divisor d) {
    switch (d) {
        case Divisor::sqrt_width: return "np.sqrt(d)";
        case Divisor::width: return "float(d)";
        case Divisor::one: return "1.0";
    }
    return "np.sqrt(d)";
}
std::string divisor_label(Divisor d) {
    switch (d) {
        case Divisor::sqrt_width: return "sqrt(d)";
        case Divisor::width: return "d";
        case Divisor::one: return "1";
    }
    return "sqrt(d)";
}

}  // namespace

std::string scaling_program(const ScalingInput& in) {
    const std::string widths = widths_tuple(in.widths), pairs = std::to_string(in.pairs),
                      trials = std::to_string(in.trials), keys = std::to_string(in.keys),
                      div = divisor_code(in.divisor), label = divisor_label(in.divisor);
    std::string p;
    p += "# The scaling study of attnbook's scaled-dot-product-attention lesson, for these settings:\n";
    p += "#   seed " + std::to_string(in.seed) + ", widths " + widths + ", " + pairs + " pairs, " + trials +
         " trials, " + keys + " keys, divisor " + label + "\n";
    p += "# Run it with Python 3 and numpy (pip install numpy). It draws the same numbers in the same\n";
    p += "# order as the page, so its tables are the page's tables; the last line is the four columns\n";
    p += "# as JSON, exact to the last digit numpy's sums allow.\n";
    p += "import json\n\nimport numpy as np\n\n";
    p += "rng = np.random.default_rng(" + std::to_string(in.seed) + ")\n\n";
    p += "def shares(scores):\n";
    p += "    # Subtracting each row's largest score first keeps every exponent at or below 0.\n";
    p += "    w = np.exp(scores - scores.max(axis=-1, keepdims=True))\n";
    p += "    return w / w.sum(axis=-1, keepdims=True)\n\n";
    p += "def divisor(d):\n";
    p += "    return " + div + "\n\n";
    p += "columns = {\"raw_std\": [], \"scaled_std\": [], \"top_unscaled\": [], \"top_scaled\": []}\n\n";
    p += "print(\"Spread of one dot product q.k, by head width d\")\n";
    p += "print(f\"{'d':>5} {'std(q.k)':>12} {'std(q.k / " + label + ")':>20}\")\n";
    p += "for d in " + widths + ":\n";
    p += "    q = rng.normal(size=(" + pairs + ", d))\n";
    p += "    k = rng.normal(size=(" + pairs + ", d))\n";
    p += "    dots = np.einsum(\"nd,nd->n\", q, k)  # q[i] . k[i] for every pair i\n";
    p += "    columns[\"raw_std\"].append(float(dots.std()))\n";
    p += "    columns[\"scaled_std\"].append(float((dots / divisor(d)).std()))\n";
    p += "    print(f\"{d:>5} {columns['raw_std'][-1]:>12.2f} {columns['scaled_std'][-1]:>20.2f}\")\n\n";
    p += "print(\"\\nLargest attention weight among " + keys + " keys, averaged over " + trials + " queries\")\n";
    p += "print(f\"{'d':>5} {'undivided':>29} {'divided':>14}\")\n";
    p += "for d in " + widths + ":\n";
    p += "    q = rng.normal(size=(" + trials + ", 1, d))\n";
    p += "    K = rng.normal(size=(" + trials + ", " + keys + ", d))\n";
    p += "    scores = np.einsum(\"nqd,nkd->nqk\", q, K)  # one query against its keys, per trial\n";
    p += "    columns[\"top_unscaled\"].append(float(shares(scores).max(axis=-1).mean()))\n";
    p += "    columns[\"top_scaled\"].append(float(shares(scores / divisor(d)).max(axis=-1).mean()))\n";
    p += "    print(f\"{d:>5} {columns['top_unscaled'][-1]:>29.3f} {columns['top_scaled'][-1]:>14.3f}\")\n\n";
    p += "print(json.dumps(columns))\n";
    return p;
}

json scaling_program_command(const json& raw, const Progress&) {
    const ScalingInput in =
        scaling_input_from(CommandArgs("scaling_program", raw, {"seed", "widths", "pairs", "trials", "keys", "divisor"}));
    check_scaling_input(in);
    return json{{"program", scaling_program(in)}};
}

}  // namespace attnbook
