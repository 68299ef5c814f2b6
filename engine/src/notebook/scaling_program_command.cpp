// scaling_program {seed?, widths?, pairs?, trials?, keys?, divisor?} -> {"program": text}: a
// Python 3 + numpy program for the scaling study with these settings. It draws from
// numpy.random.default_rng(seed) in the order of the engine's study (lessons/scaling_study.hpp),
// prints the lesson's two tables, and ends with one line of JSON holding the four columns
// (raw_std, scaled_std, top_unscaled, top_scaled), which tests/engine/test_scaling_program.cpp
// runs with python3-numpy and compares with the `scaling` command.
#include <string>

#include "attnbook/core/text_join.hpp"
#include "attnbook/lessons/scaling_study.hpp"
#include "attnbook/notebook/field_reader.hpp"
#include "attnbook/notebook/json_out.hpp"
#include "attnbook/notebook/lesson_commands.hpp"

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
    const std::string widths = widths_tuple(in.widths);
    const std::size_t pairs = in.pairs, trials = in.trials, keys = in.keys;
    const auto [div, label] = divisor_text(in.divisor);
    return join_text({
        "# The scaling study of attnbook's scaled-dot-product-attention lesson, for these settings:\n"
        "#   seed ",
        in.seed,
        ", widths ",
        widths,
        ", ",
        pairs,
        " pairs, ",
        trials,
        " trials, ",
        keys,
        " keys, divisor ",
        label,
        "\n"
        "# Run it with Python 3 and numpy (pip install numpy). It draws the same numbers in the same\n"
        "# order as the page, so its tables are the page's tables; the last line is the four columns\n"
        "# as JSON, exact to the last digit numpy's sums allow.\n"
        "import json\n\nimport numpy as np\n\n"
        "rng = np.random.default_rng(",
        in.seed,
        ")\n\n"
        "def shares(scores):\n"
        "    # Subtracting each row's largest score first keeps every exponent at or below 0.\n"
        "    w = np.exp(scores - scores.max(axis=-1, keepdims=True))\n"
        "    return w / w.sum(axis=-1, keepdims=True)\n\n"
        "def divisor(d):\n"
        "    return ",
        div,
        "\n\n"
        "columns = {\"raw_std\": [], \"scaled_std\": [], \"top_unscaled\": [], \"top_scaled\": []}\n\n"
        "print(\"Spread of one dot product q.k, by head width d\")\n"
        "print(f\"{'d':>5} {'std(q.k)':>12} {'std(q.k / ",
        label,
        ")':>20}\")\n"
        "for d in ",
        widths,
        ":\n"
        "    q = rng.normal(size=(",
        pairs,
        ", d))\n"
        "    k = rng.normal(size=(",
        pairs,
        ", d))\n"
        "    dots = np.einsum(\"nd,nd->n\", q, k)  # q[i] . k[i] for every pair i\n"
        "    columns[\"raw_std\"].append(float(dots.std()))\n"
        "    columns[\"scaled_std\"].append(float((dots / divisor(d)).std()))\n"
        "    print(f\"{d:>5} {columns['raw_std'][-1]:>12.2f} {columns['scaled_std'][-1]:>20.2f}\")\n\n"
        "print(\"\\nLargest attention weight among ",
        keys,
        " keys, averaged over ",
        trials,
        " queries\")\n"
        "print(f\"{'d':>5} {'undivided':>29} {'divided':>14}\")\n"
        "for d in ",
        widths,
        ":\n"
        "    q = rng.normal(size=(",
        trials,
        ", 1, d))\n"
        "    K = rng.normal(size=(",
        trials,
        ", ",
        keys,
        ", d))\n"
        "    scores = np.einsum(\"nqd,nkd->nqk\", q, K)  # one query against its keys, per trial\n"
        "    columns[\"top_unscaled\"].append(float(shares(scores).max(axis=-1).mean()))\n"
        "    columns[\"top_scaled\"].append(float(shares(scores / divisor(d)).max(axis=-1).mean()))\n"
        "    print(f\"{d:>5} {columns['top_unscaled'][-1]:>29.3f} {columns['top_scaled'][-1]:>14.3f}\")\n\n"
        "print(json.dumps(columns))\n"});
}

json scaling_program_command(const json& raw, const Progress&) {
    const ScalingInput in = read_command_fields<ScalingInput>("scaling_program", raw);
    check_scaling_input(in);
    json out;
    JsonOut(out).set("program", scaling_program(in));
    return out;
}

}  // namespace attnbook
