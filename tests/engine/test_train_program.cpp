// The numpy program exported by `train_program` is run with python3-numpy and must print the
// engine's `train` curves (native only: it starts Python). test_train_numpy.cpp holds the engine
// against the tests' own numpy program; this one holds the learner's copy to the same numbers.
#include <catch2/catch.hpp>

#include <string>

#include "attnbook/notebook/commands.hpp"
#include "attnbook/notebook/train_command.hpp"
#include "python_runner.hpp"
#include "train_curves.hpp"

using namespace attnbook;
using nlohmann::json;

TEST_CASE("the training program's settings block follows the arguments", "[train-program]") {
    enable_train();
    const std::string p = run_command("train_program", json::object())["program"];
    CHECK(p.find("TASK = \"previous\"\n") != std::string::npos);
    CHECK(p.find("DIVISOR = \"sqrt\"\n") != std::string::npos);
    CHECK(p.find("LEARNING_RATE = 0.01\n") != std::string::npos);
    CHECK(p.find("MLP = False\n") != std::string::npos);
    const std::string q = run_command(
        "train_program", {{"task", "induction"}, {"mlp", true}, {"divisor", "d"}, {"learning_rate", 0.003}})["program"];
    CHECK(q.find("TASK = \"induction\"\n") != std::string::npos);
    CHECK(q.find("MLP = True\n") != std::string::npos);
    CHECK(q.find("DIVISOR = \"d\"\n") != std::string::npos);
    CHECK(q.find("LEARNING_RATE = 0.003\n") != std::string::npos);
    // The same checks as `train`, at the same JSON paths; the page-only fields are refused.
    CHECK_THROWS_WITH(run_command("train_program", {{"width", 30}, {"heads", 4}}), Catch::Contains("width"));
    CHECK_THROWS_WITH(run_command("train_program", {{"probe", {1, 2}}}), Catch::Contains("probe"));
}

#ifdef ATTNBOOK_PYTHON
TEST_CASE("the exported training program prints the engine's curves under numpy", "[train-program][python]") {
    enable_train();
    const json settings = GENERATE(
        json{{"steps", 60}},
        json{{"task", "induction"}, {"layers", 2}, {"heads", 2}, {"width", 16}, {"context", 12}, {"vocab", 8},
             {"steps", 80}, {"seed", 5}, {"divisor", "1"}, {"learning_rate", 0.02}, {"eval_every", 20}},
        json{{"task", "largest"}, {"mlp", true}, {"heads", 4}, {"width", 16}, {"context", 8}, {"vocab", 6},
             {"batch", 5}, {"steps", 50}, {"seed", 3}, {"divisor", "d"}, {"eval_every", 10}});
    const std::string program = run_command("train_program", settings)["program"];
    const std::string printed = attnbook_test::run_python(program, "train-program");
    const json theirs = json::parse(attnbook_test::last_line(printed));
    const json ours = run_command("train", settings);
    INFO(settings.dump());
    // The tolerance (train_curves.hpp) derived for the tests' own numpy program holds here too.
    attnbook_test::check_train_curve(ours["train_loss"], theirs["train_loss"], "train_loss");
    attnbook_test::check_train_curve(ours["eval"]["loss"], theirs["eval_loss"], "eval_loss");
    attnbook_test::check_train_curve(ours["eval"]["accuracy"], theirs["eval_accuracy"], "eval_accuracy");
    // The table it prints as it goes shows the engine's rounding of the last held-out loss.
    const std::string last_loss = ours["eval"]["loss"].back()["shown"];
    CHECK(printed.find(last_loss) != std::string::npos);
}
#endif
