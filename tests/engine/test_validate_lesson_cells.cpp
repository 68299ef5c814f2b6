// The held-sequence, transformer-block, playback, study and help-history cells: defaults filled
// in, and each kind of mistake reported at its JSON path.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "attnbook/notebook/notebook.hpp"

using namespace attnbook;
using nlohmann::json;

namespace {
json doc_with(json cells) {
    return {{"format", "attnbook-notebook/1"}, {"id", "t"}, {"title", "T"}, {"version", "1.0.0"},
            {"depths", {"beginner"}}, {"cells", std::move(cells)}};
}
json check(const json& doc) { return validate_notebook_text(doc.dump(2), "t.json"); }
bool has_error(const json& r, const std::string& path, const std::string& part) {
    for (const auto& e : r["errors"])
        if (e["path"] == path && e["message"].get<std::string>().find(part) != std::string::npos) return true;
    return false;
}
}  // namespace

TEST_CASE("lesson cells: defaults are filled in", "[notebook][lesson-cells]") {
    const json r = check(doc_with({{{"type", "held-sequence"}}, {{"type", "transformer-block"}}, {{"type", "playback"}},
                                   {{"type", "help-history"}},
                                   {{"type", "study"}, {"steps", {{{"title", "Match"}, {"text", "Dot products."},
                                      {"check", {{"prompt", "q.k?"}, {"answer", {{"kind", "number"}, {"value", 2}, {"decimals", 0}}}}}}}}}}));
    INFO(r.dump(1));
    REQUIRE(r["ok"] == true);
    const json& cells = r["notebook"]["cells"];
    CHECK(cells[0]["queries"] == json::parse("[[2.0,1.0],[1.0,-1.0],[0.0,2.0]]"));
    CHECK(cells[0]["mask"] == json::parse("[[true,true,true],[true,true,true],[true,true,true]]"));
    CHECK(cells[0]["labels"] == json::parse(R"(["A","B","C"])"));
    CHECK(cells[0]["divisor"] == "sqrt");
    CHECK(cells[1]["heads"] == 2);
    CHECK(cells[1]["activation"] == "gelu");
    CHECK(cells[1]["input"].size() == 3);
    CHECK(cells[2]["duration"] == 30);
    CHECK(cells[4]["steps"][0]["check"]["answer"]["decimals"] == 0);
}

TEST_CASE("lesson cells: mistakes are named at their path", "[notebook][lesson-cells]") {
    const json r = check(doc_with({
        {{"type", "held-sequence"}, {"queries", {{1, 0}, {0, 1}}}, {"mask", {{1, 0, 0}, {true}}}},
        {{"type", "transformer-block"}, {"heads", 3}, {"input", {{1, 2, 3}}}, {"activation", "swish"}},
        {{"type", "playback"}, {"duration", 5}},
        {{"type", "study"}, {"steps", json::array()}},
        {{"type", "study"}, {"steps", {{{"title", "x"}, {"text", "y"}, {"check", {{"prompt", "p"}, {"answer", {{"kind", "number"}, {"value", 1}}}}}}}}},
        {{"type", "explorable"}, {"query", {1, 0}}, {"keys", {{1, 0}}}, {"values", {{1}}}, {"goal", {{"source", "Z"}, {"share_above", 1.5}}}, {"presets", {{1, 2, 3}}}},
    }));
    INFO(r.dump(1));
    CHECK(r["ok"] == false);
    CHECK(has_error(r, "$.cells[0].queries", "queries has 2 rows but keys has 3 rows"));
    CHECK(has_error(r, "$.cells[0].mask[0][0]", "expected true or false"));
    CHECK(has_error(r, "$.cells[0].mask[1]", "mask row has 1 entry but there are 3 sources"));
    CHECK(has_error(r, "$.cells[1].heads", "heads must divide the width 4"));
    CHECK(has_error(r, "$.cells[1].input[0]", ""));
    CHECK(has_error(r, "$.cells[1].activation", "expected one of gelu, gelu_tanh, relu, found"));
    CHECK(has_error(r, "$.cells[2].duration", ""));
    CHECK(has_error(r, "$.cells[3].steps", "between 1 and 12 steps"));
    CHECK(has_error(r, "$.cells[4].steps[0].check.answer", "exactly one of \"tolerance\" and \"decimals\""));
    CHECK(has_error(r, "$.cells[5].goal.source", "goal source \"Z\" is not one of the labels"));
    CHECK(has_error(r, "$.cells[5].goal.share_above", ""));
    CHECK(has_error(r, "$.cells[5].presets[0]", "preset row 0 has 3 numbers but the query has 2"));
}
