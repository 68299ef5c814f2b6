// validate_notebook_text: each error class with its message, JSON path and line:column; several
// errors at once; a valid notebook normalised with its defaults filled; the shipped notebooks.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "attnbook/notebook/notebook.hpp"

using namespace attnbook;
using nlohmann::json;

namespace {

std::string source_path(const std::string& relative) { return std::string(ATTNBOOK_SOURCE_DIR) + "/" + relative; }

bool file_exists(const std::string& relative) { return std::ifstream(source_path(relative)).good(); }

std::string read_text(const std::string& relative) {
    std::ifstream in(source_path(relative), std::ios::binary);
    REQUIRE(in.good());
    std::stringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

json valid_document() { return json::parse(read_text("tests/engine/notebooks/valid-complete.json")); }

struct Checked {
    std::string text;
    json result;
};

Checked run_text(const std::string& text) { return {text, validate_notebook_text(text, "t.json")}; }
Checked run(const json& doc) { return run_text(doc.dump(2)); }

// The text from `line`:`column` (1-based, column in characters) to the end of that line.
std::string text_at(const std::string& text, std::size_t line, std::size_t column) {
    std::size_t at = 0;
    for (std::size_t l = 1; l < line; ++l) at = text.find('\n', at) + 1;
    for (std::size_t c = 1; c < column; ++c) {
        ++at;
        while (at < text.size() && (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80) ++at;
    }
    return text.substr(at, text.find('\n', at) - at);
}

// The error at `path` whose message contains `part`; checks that its position points at `token`.
json expect_error(const Checked& checked, const std::string& path, const std::string& part,
                  const std::string& token = "") {
    INFO(checked.result["errors"].dump(1));
    CHECK(checked.result["ok"] == false);
    CHECK_FALSE(checked.result.contains("notebook"));
    for (const json& error : checked.result["errors"]) {
        if (error["path"] != path || error["message"].get<std::string>().find(part) == std::string::npos) continue;
        REQUIRE(error["line"].is_number());
        REQUIRE(error["column"].is_number());
        const auto line = error["line"].get<std::size_t>(), column = error["column"].get<std::size_t>();
        CHECK(error["where"] == "t.json:" + std::to_string(line) + ":" + std::to_string(column));
        if (!token.empty()) CHECK_THAT(text_at(checked.text, line, column), Catch::StartsWith(token));
        return error;
    }
    FAIL("no error at " << path << " containing: " << part);
    return json();
}

json& cell(json& doc, const std::string& id) {
    for (json& c : doc["cells"]) {
        if (c.value("id", "") == id) return c;
    }
    FAIL("no cell " << id);
    throw;
}

}  // namespace

TEST_CASE("validate: a complete valid notebook normalises with defaults filled", "[notebook]") {
    const json result = validate_notebook_text(read_text("tests/engine/notebooks/valid-complete.json"), "v.json");
    INFO(result["errors"].dump(1));
    REQUIRE(result["ok"] == true);
    CHECK(result["errors"] == json::array());
    const json& nb = result["notebook"];
    CHECK(nb["format"] == "attnbook-notebook/1");
    CHECK(nb["description"] == "");
    CHECK(nb["version"] == "1.2.0-beta.1");
    const json all = {"beginner", "developer", "researcher"};
    const json& cells = nb["cells"];
    REQUIRE(cells.size() == 12);
    CHECK(cells[0]["depths"] == all);
    CHECK_FALSE(cells[1].contains("id"));
    CHECK(cells[1]["display"] == true);
    CHECK(cells[2]["display"] == false);
    CHECK(cells[2]["depths"] == json({"researcher"}));

    const json& explore = cells[3];
    CHECK(explore["labels"] == json({"A", "B", "C"}));
    CHECK(explore["mask"] == json({true, true, true}));
    CHECK(explore["divisor"] == "sqrt");
    CHECK(explore["reference_query"] == explore["query"]);
    CHECK(cells[4]["labels"] == json({"cat", "dog"}));
    CHECK(cells[4]["divisor"] == "d");

    CHECK(cells[5]["seed"] == 0);
    CHECK(cells[5]["widths"] == json({4, 16, 64, 256}));
    CHECK(cells[5]["pairs"] == 20000);
    CHECK(cells[5]["trials"] == 2000);
    CHECK(cells[5]["keys"] == 6);
    CHECK(cells[5]["divisor"] == "sqrt");
    CHECK(cells[6]["trials"].is_number_integer());  // 100.0 -> 100
    CHECK(cells[6]["trials"] == 100);

    CHECK(cells[7]["queries"] == json::parse("[[1.0,0.0],[0.0,1.0]]"));
    CHECK(cells[7]["keys"] == json::parse("[[1.0,0.0],[0.0,1.0],[1.0,1.0]]"));
    CHECK(cells[7]["values"] == json::parse("[[10.0,0.0],[0.0,10.0],[5.0,5.0]]"));
    CHECK(cells[9]["answer"] == json::parse(R"({"kind":"number","value":0.707,"tolerance":0.0005})"));
    CHECK(cells[10]["answer"]["correct"] == 1);
    CHECK(cells[11]["items"][1] == json::parse(R"({"authors":"Dao et al.","title":"FlashAttention","year":2022,"venue":"NeurIPS"})"));

    // The normalised notebook is itself a valid notebook, and normalising it again changes nothing.
    const json again = validate_notebook_text(nb.dump(), "n.json");
    REQUIRE(again["ok"] == true);
    CHECK(again["notebook"] == nb);
}

// The text tables' presence (text_cells.hpp): a field left out that has a default is filled in,
// one without a default (Field::optional) stays out, and "$schema" is read but never passed on.
TEST_CASE("validate: text fields without a default stay out of the normalised notebook", "[notebook]") {
    const std::string text = R"({"$schema": "../notebook.schema.json", "format": "attnbook-notebook/1", "id": "t",
        "title": "T", "version": "1.0.0", "depths": ["beginner"], "cells": [
        {"type": "maths", "tex": "x"},
        {"type": "practice", "prompt": "p", "answer": {"kind": "number", "value": 0.5, "decimals": 1}},
        {"type": "practice", "prompt": "p", "hint": "h",
         "answer": {"kind": "choice", "options": ["a", "b"], "correct": 1}},
        {"type": "references", "items": [{"authors": "A", "title": "T", "year": 2017, "venue": "V"}]},
        {"type": "study", "steps": [{"title": "s", "text": "t",
         "check": {"prompt": "p", "answer": {"kind": "number", "value": 1, "tolerance": 0.5}}}]}]})";
    const json result = validate_notebook_text(text, "t.json");
    INFO(result["errors"].dump(1));
    REQUIRE(result["ok"] == true);
    const json& nb = result["notebook"];
    CHECK_FALSE(nb.contains("$schema"));
    CHECK(nb["description"] == "");
    const json& cells = nb["cells"];
    CHECK(cells[0] == json::parse(R"({"type": "maths", "tex": "x", "display": true, "depths": ["beginner"]})"));
    CHECK(cells[1]["answer"] == json::parse(R"({"kind": "number", "value": 0.5, "decimals": 1})"));
    CHECK_FALSE(cells[1].contains("hint"));
    CHECK(cells[2]["hint"] == "h");
    CHECK(cells[2]["answer"] == json::parse(R"({"kind": "choice", "options": ["a", "b"], "correct": 1})"));
    CHECK(cells[3]["items"] == json::parse(R"([{"authors": "A", "title": "T", "year": 2017, "venue": "V"}])"));
    CHECK(cells[4]["steps"][0] == json::parse(R"({"title": "s", "text": "t",
        "check": {"prompt": "p", "answer": {"kind": "number", "value": 1.0, "tolerance": 0.5}}})"));
}

TEST_CASE("validate: syntax-level errors come with their position and no path", "[notebook]") {
    SECTION("syntax error (fixture)") {
        const json result = validate_notebook_text(read_text("tests/engine/notebooks/bad-syntax.json"), "bad-syntax.json");
        REQUIRE(result["errors"].size() == 1);
        const json& error = result["errors"][0];
        CHECK(error["where"] == "bad-syntax.json:6:3");
        CHECK(error["line"] == 6);
        CHECK(error["column"] == 3);
        CHECK(error["path"].is_null());
        CHECK_THAT(error["message"].get<std::string>(), Catch::Contains("syntax error"));
    }
    SECTION("duplicate key (fixture)") {
        const json result = validate_notebook_text(read_text("tests/engine/notebooks/bad-duplicate-key.json"), "d.json");
        REQUIRE(result["errors"].size() == 1);
        CHECK(result["errors"][0]["where"] == "d.json:7:49");
        CHECK(result["errors"][0]["path"] == "$.cells[0].text");
        CHECK_THAT(result["errors"][0]["message"].get<std::string>(), Catch::StartsWith("duplicate key \"text\""));
    }
    SECTION("bad UTF-8, nesting, overflow") {
        CHECK(validate_notebook_text("{\"title\": \"\xFE\"}", "u.json")["errors"][0]["where"] == "u.json:1:12");
        const json deep = validate_notebook_text(std::string(100000, '['), "deep.json");
        CHECK(deep["ok"] == false);
        CHECK(deep["errors"][0]["where"] == "deep.json:1:65");
        const json big = validate_notebook_text("{\"x\": 1e999}", "o.json");
        CHECK(big["errors"][0]["where"] == "o.json:1:7");
        CHECK_THAT(big["errors"][0]["message"].get<std::string>(), Catch::Contains("overflows"));
    }
    SECTION("an empty name still gives a where") {
        CHECK(validate_notebook_text("[", "")["errors"][0]["where"] == "notebook:1:2");
    }
}

TEST_CASE("validate: wrong types say what was expected and what was found", "[notebook]") {
    json doc = valid_document();
    cell(doc, "explore")["query"][1] = "0";
    doc["title"] = 5;
    const Checked checked = run(doc);
    expect_error(checked, "$.cells[3].query[1]", "expected a number, found a string", "\"0\"");
    expect_error(checked, "$.title", "expected a string, found a number", "5");
    CHECK(run_text("[]").result["errors"][0]["message"] == "expected an object, found an array");
}

TEST_CASE("validate: unknown cell types and unknown fields", "[notebook]") {
    json doc = valid_document();
    cell(doc, "intro")["type"] = "prose2";
    cell(doc, "explore")["colour"] = "red";
    doc["author"] = "me";
    const Checked checked = run(doc);
    expect_error(checked, "$.cells[0].type",
                 "unknown cell type \"prose2\" (expected one of: prose, maths, explorable, scaling-study, "
                 "hand-example, held-sequence, transformer-block, playback, study, help-history, practice, references, contents, attention-scale, precision-lab, "
                 "pipeline, pytorch-rules, mistakes, jacobian, cost, online-softmax, alternatives, training-lab)",
                 "\"prose2\"");
    // unknown fields point at their key
    expect_error(checked, "$.cells[3].colour", "unknown field \"colour\"", "\"colour\"");
    expect_error(checked, "$.author", "unknown field \"author\"", "\"author\"");
}

TEST_CASE("validate: missing required fields are reported at the object", "[notebook]") {
    json doc = valid_document();
    cell(doc, "intro").erase("text");
    doc.erase("version");
    const Checked checked = run(doc);
    expect_error(checked, "$.cells[0]", "missing required field \"text\" of a prose cell", "{");
    expect_error(checked, "$", "missing required field \"version\"", "{");
    json explorable = valid_document();
    cell(explorable, "explore").erase("values");
    expect_error(run(explorable), "$.cells[3]", "missing required field \"values\" of an explorable cell", "{");
}

TEST_CASE("validate: explorable shapes", "[notebook]") {
    SECTION("ragged keys (compared with row 0 when the query is unusable)") {
        json doc = valid_document();
        cell(doc, "explore")["query"] = "not a vector";
        cell(doc, "explore")["keys"] = json::parse("[[1, 0], [0, 1, 2], [1, 1]]");
        expect_error(run(doc), "$.cells[3].keys[1]", "key row 1 has 3 numbers but key row 0 has 2", "[");
    }
    SECTION("key row wider than the query") {
        json doc = valid_document();
        cell(doc, "explore")["keys"] = json::parse("[[1, 0], [0, 1, 2], [1, 1]]");
        expect_error(run(doc), "$.cells[3].keys[1]", "key row 1 has 3 numbers but the query has 2", "[");
    }
    SECTION("all keys wider than the query: one error") {
        json doc = valid_document();
        cell(doc, "explore")["query"] = {1, 0, 0};
        const Checked checked = run(doc);
        expect_error(checked, "$.cells[3].keys", "key rows have 2 numbers but the query has 3", "[");
        CHECK(checked.result["errors"].size() == 1);
    }
    SECTION("keys and values row counts") {
        json doc = valid_document();
        cell(doc, "explore")["values"] = json::parse("[[1, 2], [3, 4]]");
        expect_error(run(doc), "$.cells[3].values", "keys has 3 rows but values has 2 rows", "[");
    }
    SECTION("ragged values") {
        json doc = valid_document();
        cell(doc, "explore")["values"] = json::parse("[[1, 2], [3], [5, 6]]");
        expect_error(run(doc), "$.cells[3].values[1]", "value row 1 has 1 number but value row 0 has 2", "[");
    }
    SECTION("mask, labels and reference query lengths") {
        json doc = valid_document();
        cell(doc, "explore")["mask"] = {true, false};
        cell(doc, "explore")["labels"] = {"a", "b", "c", "d"};
        cell(doc, "explore")["reference_query"] = {1};
        const Checked checked = run(doc);
        expect_error(checked, "$.cells[3].mask", "mask has 2 entries but keys has 3 rows", "[");
        expect_error(checked, "$.cells[3].labels", "labels has 4 entries but keys has 3 rows", "[");
        expect_error(checked, "$.cells[3].reference_query", "reference_query has 1 number but the query has 2", "[");
    }
    SECTION("bad divisor") {
        json doc = valid_document();
        cell(doc, "explore")["divisor"] = "2";
        expect_error(run(doc), "$.cells[3].divisor", "expected one of sqrt, d, 1, found \"2\"", "\"2\"");
        cell(doc, "explore")["divisor"] = 1;
        expect_error(run(doc), "$.cells[3].divisor", "found a number", "1");
    }
    SECTION("normalizer: one of the core's names, kept when given") {
        json doc = valid_document();
        cell(doc, "explore")["normalizer"] = "hardmax";
        expect_error(run(doc), "$.cells[3].normalizer",
                     "expected one of softmax, sparsemax, entmax15, softmax1, found \"hardmax\"", "\"hardmax\"");
        cell(doc, "explore")["normalizer"] = 2;
        expect_error(run(doc), "$.cells[3].normalizer", "found a number", "2");
        cell(doc, "explore")["normalizer"] = "sparsemax";
        const Checked ok = run(doc);
        INFO(ok.result["errors"].dump(1));
        REQUIRE(ok.result["ok"] == true);
        CHECK(ok.result["notebook"]["cells"][3]["normalizer"] == "sparsemax");
    }
    SECTION("sizes and magnitudes") {
        json doc = valid_document();
        cell(doc, "explore")["query"] = json::array();
        cell(doc, "explore")["values"][0][0] = 2e6;
        json keys = json::array();
        for (int i = 0; i < 17; ++i) keys.push_back({1, 0});
        cell(doc, "explore")["keys"] = keys;
        const Checked checked = run(doc);
        expect_error(checked, "$.cells[3].query", "must have between 1 and 8 numbers, found 0", "[");
        expect_error(checked, "$.cells[3].keys", "must have between 1 and 16 rows, found 17", "[");
        expect_error(checked, "$.cells[3].values[0][0]", "must be between -1000000 and 1000000, found 2000000", "2");
    }
}

TEST_CASE("validate: negative and absurd sizes are refused, never clamped", "[notebook]") {
    json doc = valid_document();
    json& study = cell(doc, "scaling");
    study["pairs"] = -1;
    study["trials"] = 1e9;
    study["widths"] = {0};
    study["keys"] = 2.5;
    study["seed"] = 9007199254740993.0 * 2;
    const Checked checked = run(doc);
    expect_error(checked, "$.cells[5].pairs", "must be between 1 and 200000, found -1", "-1");
    expect_error(checked, "$.cells[5].trials", "must be between 1 and 20000, found 1000000000", "1");
    expect_error(checked, "$.cells[5].widths[0]", "must be between 1 and 4096, found 0", "0");
    expect_error(checked, "$.cells[5].keys", "expected a whole number, found 2.5", "2.5");
    expect_error(checked, "$.cells[5].seed", "must be between 0 and 9007199254740991", "1");
    json empty = valid_document();
    cell(empty, "scaling")["widths"] = json::array();
    expect_error(run(empty), "$.cells[5].widths", "must have between 1 and 8 widths, found 0", "[");
    // pairs 1e9 written as such in the text
    json text_doc = valid_document();
    std::string text = text_doc.dump(2);
    text.replace(text.find("\"id\": \"scaling\""), 15, "\"id\": \"scaling\", \"pairs\": 1e9");
    expect_error(run_text(text), "$.cells[5].pairs", "must be between 1 and 200000, found 1000000000", "1e9");
}

TEST_CASE("validate: a scaling study too large to hold is refused with the lesson's limit", "[notebook]") {
    // Each field is within its own range, but (pairs, width) = 200000 x 4096 numbers is more
    // than the study may hold at once: the validator asks the lesson, so the author hears it now.
    json doc = valid_document();
    json& study = cell(doc, "scaling");
    study["pairs"] = 200000;
    study["widths"] = {4096};
    const Checked checked = run(doc);
    expect_error(checked, "$.cells[5]", "pairs x width: 200000 x 4096 numbers is more than");
}

TEST_CASE("validate: ids, depths and urls", "[notebook]") {
    SECTION("bad id pattern") {
        json doc = valid_document();
        doc["id"] = "Bad_Id";
        cell(doc, "intro")["id"] = "-dash";
        const Checked checked = run(doc);
        expect_error(checked, "$.id", "id \"Bad_Id\" must be 1 to 64 characters of a-z, 0-9 and '-'", "\"Bad_Id\"");
        expect_error(checked, "$.cells[0].id", "id \"-dash\"", "\"-dash\"");
    }
    SECTION("duplicate cell ids") {
        json doc = valid_document();
        cell(doc, "scaling")["id"] = "intro";
        expect_error(run(doc), "$.cells[5].id", "duplicate cell id \"intro\" (also used by $.cells[0])", "\"intro\"");
    }
    SECTION("cell depths must be among the notebook's") {
        json doc = valid_document();
        doc["depths"] = {"beginner", "developer"};
        cell(doc, "intro")["depths"] = {"researcher"};
        cell(doc, "explore")["depths"] = {"expert"};
        const Checked checked = run(doc);
        expect_error(checked, "$.cells[0].depths[0]",
                     "depth \"researcher\" is not one of the notebook's depths (beginner, developer)", "\"researcher\"");
        expect_error(checked, "$.cells[3].depths[0]", "unknown depth \"expert\"", "\"expert\"");
        // the maths cell that already said researcher is reported too
        expect_error(checked, "$.cells[2].depths[0]", "not one of the notebook's depths");
    }
    SECTION("notebook depths order and duplicates") {
        json doc = valid_document();
        doc["depths"] = {"developer", "beginner", "beginner"};
        const Checked checked = run(doc);
        expect_error(checked, "$.depths[2]", "depth \"beginner\" is listed twice", "\"beginner\"");
        expect_error(checked, "$.depths", "depths must be listed in the order beginner, developer, researcher", "[");
    }
    SECTION("non-https url") {
        json doc = valid_document();
        doc["cells"][11]["items"][0]["url"] = "http://arxiv.org/abs/1706.03762";
        expect_error(run(doc), "$.cells[11].items[0].url", "url must start with https://", "\"http://");
    }
    SECTION("version and format") {
        json doc = valid_document();
        doc["version"] = "1.0";
        doc["format"] = "attnbook-notebook/2";
        const Checked checked = run(doc);
        expect_error(checked, "$.version", "version \"1.0\" is not a semantic version", "\"1.0\"");
        expect_error(checked, "$.format", "unknown format \"attnbook-notebook/2\"", "\"attnbook");
    }
}

TEST_CASE("validate: Markdown subset and practice answers", "[notebook]") {
    json doc = valid_document();
    cell(doc, "intro")["text"] = "Hello <script>alert(1)</script> and `<b>` is fine";
    doc["cells"][1]["caption"] = "[click](javascript:alert(1)) [ok](https://example.org) [rel](a/b.html)";
    cell(doc, "q1")["answer"]["tolerance"] = 0;
    doc["cells"][10]["answer"]["correct"] = 2;
    const Checked checked = run(doc);
    expect_error(checked, "$.cells[0].text", "raw HTML is not allowed in notebook text (found \"<script\")", "\"Hello");
    expect_error(checked, "$.cells[1].caption", "link target \"javascript:alert(1)\" is not allowed", "\"[click]");
    expect_error(checked, "$.cells[9].answer.tolerance", "must be greater than 0, found 0", "0");
    expect_error(checked, "$.cells[10].answer.correct", "names option 2, but options has 2 entries (0 to 1)", "2");
    CHECK(checked.result["errors"].size() == 4);

    json kinds = valid_document();
    cell(kinds, "q1")["answer"]["kind"] = "text";
    expect_error(run(kinds), "$.cells[9].answer.kind", "unknown answer kind \"text\" (expected one of: number, choice)");
}

TEST_CASE("validate: a label or a choice option used twice is named at its second use", "[notebook]") {
    json doc = valid_document();
    doc["cells"][4]["labels"] = {"cat", "cat"};
    doc["cells"][10]["answer"]["options"] = {"the query axis", "the key axis", "the query axis"};
    const Checked checked = run(doc);
    expect_error(checked, "$.cells[4].labels[1]", "label \"cat\" is used twice", "\"cat\"");
    expect_error(checked, "$.cells[10].answer.options[2]", "option \"the query axis\" is listed twice",
                 "\"the query axis\"");
    CHECK(checked.result["errors"].size() == 2);

    // Distinct again: no error (the check compares whole texts, not prefixes).
    doc["cells"][4]["labels"] = {"cat", "cats"};
    doc["cells"][10]["answer"]["options"] = {"the query axis", "the key axis", "the query"};
    CHECK(run(doc).result["ok"] == true);
}

TEST_CASE("validate: several errors are reported at once, in text order (fixture)", "[notebook]") {
    const Checked checked = run_text(read_text("tests/engine/notebooks/bad-several.json"));
    const json& errors = checked.result["errors"];
    INFO(errors.dump(1));
    CHECK(errors.size() == 15);
    expect_error(checked, "$.id", "must be 1 to 64 characters", "\"Bad_Id\"");
    expect_error(checked, "$.version", "not a semantic version", "\"1.0\"");
    expect_error(checked, "$.colour", "unknown field \"colour\"", "\"colour\"");
    expect_error(checked, "$.cells[0].type", "unknown cell type \"prose2\"", "\"prose2\"");
    expect_error(checked, "$.cells[1].text", "expected a string, found a number", "3");
    expect_error(checked, "$.cells[2].id", "duplicate cell id \"twice\"", "\"twice\"");
    expect_error(checked, "$.cells[2].depths[0]", "not one of the notebook's depths", "\"researcher\"");
    expect_error(checked, "$.cells[3].keys[1]", "key row 1 has 3 numbers but the query has 2", "[0, 1, 2]");
    expect_error(checked, "$.cells[3].values", "keys has 3 rows but values has 2 rows", "[[1, 2]");
    expect_error(checked, "$.cells[3].mask", "mask has 2 entries but keys has 3 rows", "[true");
    expect_error(checked, "$.cells[3].divisor", "expected one of sqrt, d, 1, found \"2\"", "\"2\"");
    expect_error(checked, "$.cells[4].pairs", "found -1", "-1");
    expect_error(checked, "$.cells[4].trials", "found 1000000000", "1e9");
    expect_error(checked, "$.cells[4].widths[0]", "found 0", "0]");
    expect_error(checked, "$.cells[5].items[0].url", "https://", "\"http://example.com\"");
    // sorted by position in the text
    for (std::size_t i = 1; i < errors.size(); ++i) {
        const auto a = std::make_pair(errors[i - 1]["line"].get<int>(), errors[i - 1]["column"].get<int>());
        const auto b = std::make_pair(errors[i]["line"].get<int>(), errors[i]["column"].get<int>());
        CHECK(a <= b);
    }
}

TEST_CASE("validate: the error list is capped at 100 entries", "[notebook]") {
    json doc = valid_document();
    json query = json::array();
    for (int i = 0; i < 300; ++i) query.push_back("x");
    cell(doc, "explore")["query"] = query;
    const Checked checked = run(doc);
    const json& errors = checked.result["errors"];
    REQUIRE(errors.size() == 100);
    CHECK(errors[99]["path"].is_null());
    CHECK_THAT(errors[99]["message"].get<std::string>(), Catch::StartsWith("... and ") && Catch::Contains("more errors"));
    CHECK(errors[0]["path"] == "$.cells[3].query");
}

TEST_CASE("validate: the shipped notebooks are valid", "[notebook]") {
    for (const std::string name : {"web/notebooks/attention-explorable.json", "web/notebooks/scaled-dot-product-attention.json"}) {
        // The notebooks ship with the site: a missing one is a failure, never a skipped check.
        INFO(name);
        REQUIRE(file_exists(name));
        const json result = validate_notebook_text(read_text(name), name);
        INFO(name << ": " << result["errors"].dump(1));
        CHECK(result["ok"] == true);
    }
}

TEST_CASE("validate: the examples in docs/notebook-format.md are what the validator does", "[notebook]") {
    const std::string doc = read_text("docs/notebook-format.md");
    // the block right after a heading or sentence, between ``` fences
    auto block_after = [&](const std::string& marker) {
        const std::size_t at = doc.find(marker);
        REQUIRE(at != std::string::npos);
        const std::size_t open = doc.find("```", at);
        const std::size_t body = doc.find('\n', open) + 1;
        return doc.substr(body, doc.find("```", body) - body);
    };
    SECTION("the complete example is valid") {
        const json result = validate_notebook_text(block_after("## A complete example"), "example.json");
        INFO(result["errors"].dump(1));
        CHECK(result["ok"] == true);
    }
    SECTION("the listed errors of bad-several.json") {
        const json result = validate_notebook_text(read_text("tests/engine/notebooks/bad-several.json"), "bad.json");
        std::string lines;
        for (const json& error : result["errors"]) {
            lines += validation_error_line(error) + "\n";
        }
        CHECK(lines == block_after("A document that parses but breaks the rules"));
    }
}
