// Cell ids (issue 20, finding 4): a cell is named by its "id" or, without one, by its automatic id
// "cell-<position from 1>". An explicit "cell-1" on the second cell used to validate; the page then
// counted one practice answer for two cells, SCORM never completed and xAPI named the wrong cell.
// Every name a cell can have must be unique: the automatic form is reserved for its position.
#include <catch2/catch.hpp>

#include <string>

#include <nlohmann/json.hpp>

#include "attnbook/notebook/notebook.hpp"

using namespace attnbook;
using nlohmann::json;

namespace {

json practice(const char* prompt) {
    return {{"type", "practice"}, {"prompt", prompt}, {"answer", {{"kind", "number"}, {"value", 1}, {"tolerance", 0.5}}}};
}

// Two practice cells: the first has no id (its automatic id is cell-1), the second `second_id`.
json notebook_with(const json& first, const json& second) {
    return {{"format", "attnbook-notebook/1"}, {"id", "ids"}, {"title", "Ids"}, {"version", "1.0.0"},
            {"depths", {"beginner"}}, {"cells", {first, second}}};
}

std::string messages(const json& result) {
    std::string out;
    for (const json& e : result["errors"]) out += e["path"].dump() + " " + e["message"].get<std::string>() + "\n";
    return out;
}

}  // namespace

TEST_CASE("cell ids: the automatic form, made and recognised in one place", "[notebook][cell-id]") {
    CHECK(automatic_cell_id(0) == "cell-1");
    CHECK(automatic_cell_id(41) == "cell-42");
    CHECK(automatic_cell_index("cell-1") == 0);
    CHECK(automatic_cell_index("cell-42") == 41);
    for (const char* other : {"cell-0", "cell-01", "cell-", "cell", "cell-1a", "cell--1", "xcell-1", "cell-1-", "intro",
                              "cell-1234567890123456"})
        CHECK(automatic_cell_index(other) == -1);
}

TEST_CASE("cell ids: an explicit id may not take another cell's automatic id", "[notebook][cell-id]") {
    json a = practice("one?"), b = practice("two?");
    SECTION("cell-1 on the second cell (the finding)") {
        b["id"] = "cell-1";
        const json r = validate_notebook_text(notebook_with(a, b).dump(2), "t.json");
        INFO(messages(r));
        REQUIRE(r["ok"] == false);
        REQUIRE(r["errors"].size() == 1);
        CHECK(r["errors"][0]["path"] == "$.cells[1].id");
        CHECK(r["errors"][0]["message"] ==
              "id \"cell-1\" is the automatic id of cell 1 ($.cells[0]); an id of the form cell-<n> may name only cell n");
        CHECK(r["errors"][0]["line"].is_number());
    }
    SECTION("even when cell 1 has an id of its own, cell-1 stays its name alone") {
        a["id"] = "first";
        b["id"] = "cell-1";
        CHECK(validate_notebook_text(notebook_with(a, b).dump(), "t.json")["ok"] == false);
    }
    SECTION("a later cell's automatic id on an earlier cell") {
        a["id"] = "cell-2";
        const json r = validate_notebook_text(notebook_with(a, b).dump(), "t.json");
        INFO(messages(r));
        REQUIRE(r["errors"].size() == 1);
        CHECK(r["errors"][0]["path"] == "$.cells[0].id");
    }
    SECTION("past the last cell too: cell-99 in a notebook of two") {
        b["id"] = "cell-99";
        CHECK(validate_notebook_text(notebook_with(a, b).dump(), "t.json")["ok"] == false);
    }
    SECTION("a cell may carry its own automatic id, and other forms are free") {
        for (const char* ok_id : {"cell-2", "cell-02", "cell-0", "cell-2a", "cells-1"}) {
            b["id"] = ok_id;
            const json r = validate_notebook_text(notebook_with(a, b).dump(), "t.json");
            INFO(ok_id << "\n" << messages(r));
            CHECK(r["ok"] == true);
        }
    }
}
