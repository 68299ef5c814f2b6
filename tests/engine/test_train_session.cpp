// The training lab's session (lessons/train_session.hpp, notebook/train_lab.hpp) against the
// `train` command: the same settings stepped in slices of any size give the same numbers, bit for
// bit, as one call of the command; the timeline's models give the attention the command recorded
// at those steps; the memory it states is what it holds; bad arguments name the field.
#include <catch2/catch.hpp>

#include <algorithm>

#include "attnbook/core/errors.hpp"
#include "attnbook/notebook/authoring.hpp"
#include "attnbook/notebook/commands.hpp"
#include "attnbook/notebook/train_command.hpp"
#include "attnbook/notebook/train_lab.hpp"

using namespace attnbook;
using nlohmann::json;

namespace {
const bool train_enabled = (enable_train(), true);
const bool authoring_enabled = (enable_authoring(), true);  // `validate`, as the CLI has it

// Every `exact` of a list of pairs.
std::vector<double> exacts(const json& pairs) {
    std::vector<double> out;
    for (const json& p : pairs) out.push_back(p.at("exact").get<double>());
    return out;
}

void append(std::vector<double>& to, const json& pairs) {
    for (double x : exacts(pairs)) to.push_back(x);
}

}  // namespace

TEST_CASE("a session stepped in slices gives the train command's numbers bit for bit", "[train][session]") {
    const json args = GENERATE(
        json{{"steps", 45}, {"snapshots", 4}},
        json{{"task", "induction"}, {"layers", 2}, {"heads", 2}, {"width", 16}, {"context", 12}, {"vocab", 8},
             {"steps", 40}, {"seed", 5}, {"divisor", "1"}, {"eval_every", 8}, {"snapshots", 3}, {"probe", {1, 2, 3, 1, 2}}},
        json{{"task", "largest"}, {"mlp", true}, {"heads", 4}, {"width", 16}, {"steps", 30}, {"divisor", "d"},
             {"learning_rate", 0.05}, {"eval_every", 7}, {"snapshots", 2}});
    const json whole = run_command("train", args);

    TrainLab lab("TrainSession", args);
    std::vector<double> loss, weight, grad, eval_loss, eval_accuracy;
    std::vector<std::size_t> steps, eval_steps;
    // Uneven slices: the numbers may not depend on where the page paused.
    const std::size_t slices[] = {1, 2, 7, 3, 1000};
    for (std::size_t n : slices) {
        const json r = lab.step(n);
        append(loss, r["rows"]["train_loss"]), append(weight, r["rows"]["max_weight"]);
        append(grad, r["rows"]["query_key_grad"]);
        append(eval_loss, r["eval"]["loss"]), append(eval_accuracy, r["eval"]["accuracy"]);
        for (const json& s : r["rows"]["steps"]) steps.push_back(s.get<std::size_t>());
        for (const json& s : r["eval"]["steps"]) eval_steps.push_back(s.get<std::size_t>());
        if (r["done"].get<bool>()) break;
    }
    CHECK(loss == exacts(whole["train_loss"]));
    CHECK(weight == exacts(whole["max_weight"]));
    CHECK(grad == exacts(whole["query_key_grad"]));
    CHECK(eval_steps == whole["eval"]["steps"].get<std::vector<std::size_t>>());
    CHECK(eval_loss == exacts(whole["eval"]["loss"]));
    CHECK(eval_accuracy == exacts(whole["eval"]["accuracy"]));
    REQUIRE(steps.size() == whole["train_loss"].size());
    for (std::size_t i = 0; i < steps.size(); ++i) CHECK(steps[i] == i);
    // The shown texts too: the lab and the command print the same.
    CHECK(lab.state()["step"] == whole["config"]["steps"]);

    // The last snapshot is the model now; the first is step 0, which the timeline keeps.
    const json& snaps = whole["snapshots"];
    CHECK(lab.attention(json::object())["attention"] == snaps.back()["attention"]);
    CHECK(lab.attention(json{{"at", 0}})["attention"] == snaps.front()["attention"]);
    CHECK(lab.attention(json::object())["probe"] == whole["probe"]);
    // A kept step in the middle gives what a session stopped there gives.
    const json kept = lab.state()["checkpoints"];
    REQUIRE(kept.size() >= 2);
    const std::size_t middle = kept[kept.size() / 2].get<std::size_t>();
    TrainLab stopped("TrainSession", args);
    if (middle > 0) stopped.step(middle);
    const json probe = {{"probe", {0, 1, 1, 0}}};
    CHECK(lab.attention(json{{"probe", {0, 1, 1, 0}}, {"at", middle}})["attention"] == stopped.attention(probe)["attention"]);
}

TEST_CASE("the timeline keeps at most max_checkpoints evenly spaced models and says its memory", "[train][session]") {
    TrainConfig c;
    c.steps = 100;
    TrainSession s(c);
    for (std::size_t i = 0; i < 100; ++i) {
        s.advance();
        const auto kept = s.checkpoint_steps();
        REQUIRE(kept.size() <= train_limits::max_checkpoints);
        REQUIRE(kept.front() == 0);
        // Evenly spaced: every gap the same, a power of two.
        for (std::size_t k = 1; k < kept.size(); ++k) REQUIRE(kept[k] - kept[k - 1] == kept[1] - kept[0]);
    }
    const auto kept = s.checkpoint_steps();
    CHECK(kept.back() + (kept[1] - kept[0]) > 100);  // the last one is the latest on the spacing
    // Memory by hand: (V + T) d embeddings, 4 d^2 per layer, d V unembedding; 8 bytes each.
    const std::size_t numbers = (16 + 16) * 32 + 4 * 32 * 32 + 32 * 16;
    const TrainMemory m = s.memory();
    CHECK(m.parameters == numbers);
    CHECK(m.model == numbers * 8);
    CHECK(m.optimiser == 3 * numbers * 8);
    CHECK(m.checkpoints == kept.size() * numbers * 8);
    CHECK(m.most == m.model + m.optimiser + m.data + train_limits::max_checkpoints * numbers * 8);
    CHECK(m.total() <= m.most);
}

TEST_CASE("the session refuses what the command refuses, naming the field", "[train][session]") {
    auto message = [](const json& args) {
        try {
            TrainLab("TrainSession", args);
        } catch (const UserError& e) {
            return std::string(e.what());
        }
        return std::string("(accepted)");
    };
    CHECK_THAT(message({{"width", 30}, {"heads", 4}}), Catch::Contains("width: 30 does not split into 4 heads"));
    CHECK_THAT(message({{"bogus", 1}}), Catch::Contains("TrainSession") && Catch::Contains("bogus"));
    CHECK_THAT(message({{"steps", 5001}}), Catch::Contains("steps"));
    TrainLab lab("TrainSession", {{"steps", 3}, {"context", 8}, {"vocab", 4}});
    auto refused = [&](const json& args) {
        try {
            lab.attention(args);
        } catch (const UserError& e) {
            return std::string(e.what());
        }
        return std::string("(accepted)");
    };
    CHECK_THAT(refused({{"probe", {1, 9}}}), Catch::Contains("probe"));
    CHECK_THAT(refused({{"probe", {1, 2, 3, 1, 2, 3, 1, 2, 3}}}), Catch::Contains("probe: expected 1 to 8 tokens"));
    CHECK_THAT(refused({{"probe", json::array()}}), Catch::Contains("probe: expected 1 to 8 tokens"));
    CHECK_THAT(refused({{"at", 2}}), Catch::Contains("no model is kept at step 2"));
    CHECK_THROWS_WITH(lab.step(0), Catch::Contains("TrainSession.step"));
    const json r = lab.step(10);  // only 3 remain
    CHECK(r["step"] == 3);
    CHECK(r["done"] == true);
    CHECK(r["rows"]["steps"].size() == 3);
}

TEST_CASE("a training-lab cell is validated at its JSON paths, with the train command's limits", "[train][session]") {
    const std::string text = R"({"format":"attnbook-notebook/1","id":"x","title":"x","version":"1.0.0","depths":["beginner"],"cells":[
 {"type":"training-lab","width":30,"heads":4},
 {"type":"training-lab","probe":[1,9],"vocab":8},
 {"type":"training-lab","probe":[1,2,7,1,2],"vocab":8,"context":4},
 {"type":"training-lab","mode":"both","learning_rate":0,"steps":5001,"layers":3},
 {"type":"training-lab","mode":"divisors","task":"induction","layers":2,"heads":2,"width":32,"probe":[1,2,3]}]})";
    const json r = run_command("validate", {{"text", text}});
    std::vector<std::string> paths;
    for (const json& e : r["errors"]) paths.push_back(e["path"].get<std::string>());
    std::sort(paths.begin(), paths.end());
    const std::vector<std::string> expected = {
        "$.cells[0].width", "$.cells[1].probe[1]", "$.cells[2].probe", "$.cells[3].layers",
        "$.cells[3].learning_rate", "$.cells[3].mode", "$.cells[3].steps"};
    CHECK(paths == expected);
    CHECK_THAT(r.dump(), Catch::Contains("tokens are 0 to 7 (the vocabulary), found 9"));
    CHECK_THAT(r.dump(), Catch::Contains("30 does not split into 4 heads"));
}
