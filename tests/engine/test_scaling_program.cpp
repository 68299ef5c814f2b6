// The numpy program exported by `scaling_program` is run with python3-numpy and must print the
// engine's `scaling` columns (native only: it starts Python).
#include <catch2/catch.hpp>

#include <string>

#include "attnbook/notebook/commands.hpp"
#include "python_runner.hpp"

using namespace attnbook;
using nlohmann::json;

TEST_CASE("the scaling program's structure", "[scaling-program]") {
    const std::string p = run_command("scaling_program", json::object())["program"];
    CHECK(p.find("rng = np.random.default_rng(0)") != std::string::npos);
    CHECK(p.find("for d in (4, 16, 64, 256):") != std::string::npos);
    CHECK(p.find("size=(20000, d)") != std::string::npos);
    CHECK(p.find("size=(2000, 6, d)") != std::string::npos);
    CHECK(p.find("return np.sqrt(d)") != std::string::npos);
    CHECK(p.substr(p.size() - 27) == "print(json.dumps(columns))\n");
    const std::string one = run_command("scaling_program", {{"widths", {8}}, {"divisor", "1"}})["program"];
    CHECK(one.find("for d in (8,):") != std::string::npos);  // a one-element tuple
    CHECK(one.find("return 1.0") != std::string::npos);
    CHECK_THROWS_WITH(run_command("scaling_program", {{"keys", 1}}), Catch::Contains("$.keys"));
}

#ifdef ATTNBOOK_PYTHON
TEST_CASE("the exported program prints the engine's numbers under numpy", "[scaling-program][python]") {
    const json settings = GENERATE(json::object(),
                                   json{{"seed", 3}, {"widths", {2, 8, 33}}, {"pairs", 500}, {"trials", 120},
                                        {"keys", 4}, {"divisor", "d"}},
                                   json{{"seed", 12345}, {"widths", {1}}, {"pairs", 7}, {"trials", 3}, {"keys", 2},
                                        {"divisor", "1"}});
    const std::string program = run_command("scaling_program", settings)["program"];
    const json theirs = json::parse(attnbook_test::last_line(attnbook_test::run_python(program, "scaling-program")));
    const json ours = run_command("scaling", settings);
    for (const char* column : {"raw_std", "scaled_std", "top_unscaled", "top_scaled"}) {
        INFO(column << " with " << settings.dump());
        REQUIRE(theirs[column].size() == ours[column].size());
        for (std::size_t i = 0; i < ours[column].size(); ++i) {
            // Same draws, different summation order (numpy's einsum and std sum pairwise):
            // relative differences stay far below 1e-10.
            CHECK(ours[column][i]["exact"].get<double>() == Approx(theirs[column][i].get<double>()).epsilon(1e-10));
        }
    }
    // The printed tables carry the same rounded numbers the page shows (default settings).
    if (settings.empty()) {
        const std::string out = attnbook_test::run_python(program, "scaling-program-tables");
        CHECK(out.find("    4         2.00                 1.00") != std::string::npos);
        CHECK(out.find("  256                         0.946          0.421") != std::string::npos);
    }
}
#endif
