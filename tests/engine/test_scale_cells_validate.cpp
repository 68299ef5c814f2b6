// Validation of the "attention-scale" and "precision-lab" cells: defaults filled from the lesson
// headers, every limit named with its JSON path.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "attnbook/lessons/attention_scale.hpp"
#include "attnbook/lessons/precision.hpp"
#include "attnbook/notebook/notebook.hpp"

using namespace attnbook;
using nlohmann::json;

namespace {

json check(const json& cell) {
    const json doc = {{"format", "attnbook-notebook/1"}, {"id", "t"},        {"title", "T"},
                      {"version", "1.0.0"},           {"depths", {"researcher"}}, {"cells", json::array({cell})}};
    return validate_notebook_text(doc.dump(), "t.json");
}

std::string first_error(const json& r) {
    REQUIRE_FALSE(r.at("ok").get<bool>());
    return r.at("errors")[0].at("path").get<std::string>() + ": " + r.at("errors")[0].at("message").get<std::string>();
}

}  // namespace

TEST_CASE("attention-scale cell: defaults from the lesson header", "[notebook][attention_scale]") {
    const json r = check({{"type", "attention-scale"}});
    REQUIRE(r.at("ok").get<bool>());
    const json& c = r.at("notebook").at("cells")[0];
    const ScaleProblem d;
    CHECK(c.at("tokens") == d.tokens);
    CHECK(c.at("head_width") == d.head_width);
    CHECK(c.at("heads") == d.heads);
    CHECK(c.at("causal") == false);
    CHECK(c.at("divisor") == "sqrt");
    CHECK(c.at("backend") == "auto");
}

TEST_CASE("attention-scale cell: limits named with their paths", "[notebook][attention_scale]") {
    CHECK(first_error(check({{"type", "attention-scale"}, {"tokens", 64}})) ==
          "$.cells[0].tokens: must be between 128 and 16384, found 64");
    CHECK(first_error(check({{"type", "attention-scale"}, {"head_width", 256}})) ==
          "$.cells[0].head_width: must be between 16 and 128, found 256");
    CHECK(first_error(check({{"type", "attention-scale"}, {"backend", "cuda"}})) ==
          "$.cells[0].backend: expected one of auto, webgpu, wasm, found \"cuda\"");
    CHECK(first_error(check({{"type", "attention-scale"}, {"causal", "yes"}})).rfind("$.cells[0].causal: ", 0) == 0);
    // The cell's largest problem, 8 x 16384 x 128, is exactly the engine's per-tensor limit.
    CHECK(check({{"type", "attention-scale"}, {"tokens", 16384}, {"head_width", 128}, {"heads", 8}}).at("ok") == true);
    CHECK(first_error(check({{"type", "attention-scale"}, {"colour", 1}})).find("colour") != std::string::npos);
}

TEST_CASE("precision-lab cell: defaults, increasing lengths, limits", "[notebook][precision]") {
    const json r = check({{"type", "precision-lab"}});
    REQUIRE(r.at("ok").get<bool>());
    CHECK(r.at("notebook").at("cells")[0].at("tokens") == json(PrecisionCell{}.tokens));
    CHECK(first_error(check({{"type", "precision-lab"}, {"tokens", {64, 16}}})) ==
          "$.cells[0].tokens[1]: lengths must increase: 16 follows 64");
    CHECK(first_error(check({{"type", "precision-lab"}, {"tokens", {1, 2, 3, 4, 5, 6, 7}}})) ==
          "$.cells[0].tokens: must have between 1 and 6 tokens, found 7");
    CHECK(first_error(check({{"type", "precision-lab"}, {"tokens", {8192}}})) ==
          "$.cells[0].tokens[0]: must be between 1 and 4096, found 8192");
    CHECK(first_error(check({{"type", "precision-lab"}, {"head_width", 0}})) ==
          "$.cells[0].head_width: must be between 1 and 256, found 0");
}
