// The exported Python program, run by a real interpreter that cannot import numpy (nor anything
// outside the standard library), must print the engine's doubles. Its steps (formula beside lines)
// are checked on every build, the WebAssembly one too.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "attnbook/core/det_math.hpp"
#include "attnbook/lessons/explore_row.hpp"
#include "attnbook/notebook/commands.hpp"
#include "attnbook/notebook/python_export.hpp"
#include "python_runner.hpp"

// Native only: the exported program runs in a Python interpreter (the WebAssembly test build cannot start one).
#ifdef ATTNBOOK_PYTHON

using namespace attnbook;
using attnbook_test::PythonEnv;

namespace {

void check_program_agrees(const ExploreInput& in, const std::string& tag) {
    const ExploreRow row = explore_row(in);
    const std::string out =
        attnbook_test::run_python(explore_python_program(in), tag, {}, PythonEnv::standard_only);
    const auto last = nlohmann::json::parse(attnbook_test::last_line(out));
    REQUIRE(last["shares"].size() == row.shares.size());
    // Bit equality: the program repeats the engine's operations in order, and its exp is its own
    // copy of fdlibm's (python_export.cpp), the algorithm of det_exp, not CPython's math.exp.
    for (std::size_t i = 0; i < row.shares.size(); ++i) CHECK(last["shares"][i].get<double>() == row.shares[i]);
    for (std::size_t j = 0; j < row.output.size(); ++j) CHECK(last["output"][j].get<double>() == row.output[j]);
}

}  // namespace

TEST_CASE("python export agrees with the engine", "[python]") {
    ExploreInput in;
    in.query = {2, 1};
    in.keys = {{-1, 2}, {1, 0}, {0, 1}};
    in.values = {{2, 0}, {0, 2}, {-1, -1}};
    SECTION("the source example") { check_program_agrees(in, "py-default"); }
    SECTION("masked source, divisor d") {
        in.mask = {true, false, true};
        in.divisor = Divisor::width;
        check_program_agrees(in, "py-masked");
    }
    SECTION("all masked") {
        in.mask = {false, false, false};
        check_program_agrees(in, "py-allmasked");
    }
    SECTION("five sources, width 3, value width 1, no scaling") {
        in.query = {0.3, -1.25, 2.5};
        in.keys = {{1, 2, 3}, {-0.5, 0.25, 1e-3}, {4, -4, 0}, {0, 0, 0}, {1.5, 1.5, -2}};
        in.values = {{1}, {-2}, {0.1}, {7}, {-0.3}};
        in.divisor = Divisor::one;
        check_program_agrees(in, "py-five");
    }
}

TEST_CASE("python export runs without numpy, on the standard library alone", "[python]") {
    // The interpreter the export tests use really cannot import numpy, although this machine has
    // it: the same `import numpy` succeeds as installed and fails as the export runs.
    const std::string probe = "import numpy\nprint('numpy', numpy.__version__)\n";
    CHECK(attnbook_test::run_python_status(probe, "py-probe", {}, PythonEnv::with_numpy).status == 0);
    CHECK(attnbook_test::run_python_status(probe, "py-probe", {}, PythonEnv::standard_only).status != 0);

    // So a program that ran there used nothing else; it ends with its JSON line.
    const ExploreInput in{{1}, {{1}}, {{1}}, {}, Divisor::sqrt_width};
    const attnbook_test::PythonRun run =
        attnbook_test::run_python_status(explore_python_program(in), "py-stdlib", {}, PythonEnv::standard_only);
    INFO(run.out);
    REQUIRE(run.status == 0);
    const auto last = nlohmann::json::parse(attnbook_test::last_line(run.out));
    CHECK(last["shares"] == nlohmann::json::array({1.0}));  // one source takes everything
    CHECK(last["output"] == nlohmann::json::array({1.0}));  // 1 * its value 1
}

TEST_CASE("the program's engine_exp is det_exp bit for bit", "[python]") {
    // Inputs around every branch of fdlibm's exp: tiny, |x| < 1.5 ln2, large, near the
    // overflow/underflow thresholds and subnormal results, plus a sweep of the range softmax uses.
    std::vector<double> xs = {0.0, -0.0, 1e-30, -1e-30, 0.3, -0.3, 0.5, -0.9, 1.0, -1.0, 2.5, -20.5,
                              700.0, 709.7, -708.0, -740.0, -745.1, -800.0, 1e-9, -3.7e-5};
    for (int i = 0; i < 4000; ++i) xs.push_back(-40.0 + i * 0.0123456789);
    std::string program = "import math, struct, json\n" + std::string(python_engine_exp_source()) +
                          "\nxs = json.loads('" + nlohmann::json(xs).dump() + "')\n" +
                          "print(json.dumps([engine_exp(x) for x in xs]))\n";
    const auto got = nlohmann::json::parse(attnbook_test::last_line(attnbook_test::run_python(program, "py-exp", {}, PythonEnv::standard_only)));
    int mismatches = 0, math_exp_differs = 0;
    for (std::size_t i = 0; i < xs.size(); ++i) {
        mismatches += got[i].get<double>() != det_exp(xs[i]);
        math_exp_differs += std::exp(xs[i]) != det_exp(xs[i]);
    }
    CHECK(mismatches == 0);
    // Why the program carries its own exp: the C library's differs on some of these inputs.
    WARN("C library exp differs from fdlibm's on " << math_exp_differs << " of " << xs.size() << " inputs");
}

#endif  // ATTNBOOK_PYTHON

namespace {

std::vector<std::string> trimmed_lines(const std::string& text) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        std::string line = text.substr(start, end - start);
        line.erase(0, line.find_first_not_of(' ') == std::string::npos ? line.size() : line.find_first_not_of(' '));
        out.push_back(line);
        start = end + 1;
    }
    return out;
}

}  // namespace

// The explorable shows each step's formula beside these lines (issue 19): they must be the
// program's own, in order, and the formula must follow the divisor, the width and the mask.
TEST_CASE("python steps: each formula beside the program's own lines", "[python]") {
    attnbook::ExploreInput in;
    in.query = {2, 1};
    in.keys = {{-1, 2}, {1, 0}, {0, 1}};
    in.values = {{2, 0}, {0, 2}, {-1, -1}};
    for (attnbook::Divisor divisor : {attnbook::Divisor::sqrt_width, attnbook::Divisor::width, attnbook::Divisor::one}) {
        for (bool masked : {false, true}) {
            in.divisor = divisor;
            in.mask = masked ? attnbook::Flags{1, 0, 1} : attnbook::Flags{};
            const auto steps = attnbook::explore_python_steps(in);
            const auto program = trimmed_lines(attnbook::explore_python_program(in));
            REQUIRE(steps.size() == 3);
            CHECK(steps[0].step == "match");
            CHECK(steps[1].step == "share");
            CHECK(steps[2].step == "mix");
            std::size_t after = 0;
            for (const auto& step : steps) {
                INFO(step.step << ": " << step.python);
                for (const std::string& line : trimmed_lines(step.python)) {
                    const auto at = std::find(program.begin(), program.end(), line);
                    REQUIRE(at != program.end());
                    CHECK(static_cast<std::size_t>(at - program.begin()) >= after);
                }
                after = static_cast<std::size_t>(std::find(program.begin(), program.end(), trimmed_lines(step.python).back()) - program.begin());
            }
            const bool scaled = divisor != attnbook::Divisor::one;
            CHECK(steps[0].tex.size() == (scaled ? 2u : 1u));
            CHECK((steps[0].tex.back() == "d_k = 2") == scaled);
            CHECK((steps[0].tex[0].find("\\sqrt{d_k}") != std::string::npos) == (divisor == attnbook::Divisor::sqrt_width));
            CHECK((steps[1].tex[0].find("allowed") != std::string::npos) == masked);
            CHECK(steps[1].tex.size() == (masked ? 4u : 3u));
            CHECK(steps[2].tex == std::vector<std::string>{"c_i = w_i\\, v_i", "o = \\sum_i c_i"});
        }
    }
    // The module's `python` answer carries them.
    const nlohmann::json out = attnbook::run_command("python", {{"query", {2, 1}}});
    REQUIRE(out.at("steps").size() == 3);
    CHECK(out.at("steps")[0].at("python").get<std::string>().rfind("divisor = math.sqrt(len(query))", 0) == 0);
}
