// The `cell_types` command: its table is the validator's (a field it lists is accepted, one it
// does not list is refused), every cell type has an example, and every example validates. The
// practice example's answer is checked against a softmax written here.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include <nlohmann/json.hpp>

#include "attnbook/notebook/authoring.hpp"
#include "attnbook/notebook/cell_types.hpp"
#include "attnbook/notebook/commands.hpp"
#include "attnbook/notebook/notebook.hpp"

using namespace attnbook;
using nlohmann::json;

namespace {

const bool authoring_enabled = (enable_authoring(), true);  // the tests carry it, as the CLI does

json document(const json& cells) {
    return json{{"format", "attnbook-notebook/1"}, {"id", "t"}, {"title", "T"}, {"version", "1.0.0"},
                {"depths", {"beginner"}}, {"cells", cells}};
}

json validate_cells(const json& cells) { return validate_notebook_text(document(cells).dump(2), "t.json"); }

std::string messages(const json& result) {
    std::string out;
    for (const auto& e : result["errors"]) out += e["message"].get<std::string>() + "\n";
    return out;
}

}  // namespace

TEST_CASE("cell_types lists every cell type the validator knows, in its order", "[cell_types]") {
    const json r = run_command("cell_types", json::object());
    std::vector<std::string> names;
    for (const auto& t : r["cell_types"]) names.push_back(t["type"].get<std::string>());
    CHECK(names == notebook_cell_types());
    CHECK(r["common_fields"] == json({"type", "id", "depths", "title"}));
    CHECK_THROWS(run_command("cell_types", json{{"extra", 1}}));
}

TEST_CASE("every cell type has an example, and each example validates", "[cell_types]") {
    const json r = run_command("cell_types", json::object());
    json all = json::array();
    for (const auto& t : r["cell_types"]) {
        INFO("type " << t["type"].get<std::string>() << ": add its example in cell_types_command.cpp");
        REQUIRE(t["example"].is_object());
        CHECK(t["example"]["type"] == t["type"]);
        const json one = validate_cells(json::array({t["example"]}));
        INFO(messages(one));
        CHECK(one["ok"] == true);
        all.push_back(t["example"]);
    }
    const json together = validate_cells(all);
    INFO(messages(together));
    CHECK(together["ok"] == true);
}

TEST_CASE("fields listed by cell_types are accepted, required ones are required, others refused", "[cell_types]") {
    const json r = run_command("cell_types", json::object());
    for (const auto& t : r["cell_types"]) {
        const std::string type = t["type"].get<std::string>();
        INFO("type " << type);
        json cell = t["example"];
        // An unknown field is refused, and the message lists exactly the fields cell_types gives.
        cell["not_a_field"] = 1;
        const json bad = validate_cells(json::array({cell}));
        REQUIRE(bad["ok"] == false);
        std::string listed;
        for (const auto& f : t["fields"]) listed += (listed.empty() ? "" : ", ") + f.get<std::string>();
        CHECK(messages(bad).find("(fields of a" + std::string(std::string("aeiou").find(type[0]) != std::string::npos ? "n " : " ") + type +
                                 " cell: " + listed + ")") != std::string::npos);
        // Each required field, left out, is reported missing.
        for (const auto& f : t["required"]) {
            json without = t["example"];
            without.erase(f.get<std::string>());
            const json missing = validate_cells(json::array({without}));
            CHECK(missing["ok"] == false);
            CHECK(messages(missing).find("missing required field \"" + f.get<std::string>() + "\"") != std::string::npos);
        }
    }
}

TEST_CASE("the practice example's answer is source A's share in the explorable example", "[cell_types]") {
    // query (2, 1), keys (-1, 2), (1, 0), (0, 1), divisor sqrt(2): dots 0, 2, 1.
    const double s = std::sqrt(2.0);
    const double a = std::exp(0 / s), b = std::exp(2 / s), c = std::exp(1 / s);
    const json practice = cell_type_example("practice");
    const json explorable = cell_type_example("explorable");
    REQUIRE(explorable["query"] == json({2.0, 1.0}));
    REQUIRE(explorable["keys"] == json({{-1.0, 2.0}, {1.0, 0.0}, {0.0, 1.0}}));
    CHECK(practice["answer"]["value"].get<double>() == Approx(a / (a + b + c)).epsilon(1e-12));
    CHECK(cell_type_example("no-such-type").is_null());
}
