// The `ipynb` command: nbformat's shape, the depth filter, stable ids (also for 64-character
// cell ids), the permalink read by the engine, and clear errors. tests/wasm/ipynb.test.mjs runs
// the exported notebooks on a real kernel; here the structure is checked against hand-written
// expectations.
#include <catch2/catch.hpp>

#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "attnbook/core/errors.hpp"
#include "attnbook/notebook/commands.hpp"
#include "attnbook/notebook/ipynb.hpp"
#include "../../engine/src/notebook/ipynb_links.hpp"

using nlohmann::json;

namespace {

const bool ipynb_enabled = (attnbook::enable_ipynb(), true);  // the tests carry the export, as the CLI does

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

json export_notebook(const std::string& text, const std::string& depth, const std::string& state = "") {
    json args{{"text", text}, {"depth", depth}};
    if (!state.empty()) args["state"] = state;
    const json out = attnbook::run_command("ipynb", args);
    return json::parse(out.at("ipynb").get<std::string>());
}

std::string source(const json& cell) {
    std::string s;
    for (const auto& line : cell.at("source")) s += line.get<std::string>();
    return s;
}

const json& cell_with_id(const json& ipynb, const std::string& id) {
    for (const auto& c : ipynb.at("cells"))
        if (c.at("id") == id) return c;
    FAIL("no cell " << id);
    throw 0;
}

const std::string kSmall = R"({
  "format": "attnbook-notebook/1", "id": "tiny", "title": "Tiny", "version": "1.0.0",
  "depths": ["beginner", "researcher"],
  "cells": [
    {"type": "prose", "id": "hello", "text": "Scores are $q \\cdot k$."},
    {"type": "maths", "id": "eq", "depths": ["researcher"], "tex": "a^2"},
    {"type": "hand-example", "id": "a-very-long-cell-id-that-uses-all-sixty-four-characters-allowed1"},
    {"type": "practice", "id": "p", "prompt": "Pick one.", "answer": {"kind": "choice", "options": ["x", "y"], "correct": 1}},
    {"type": "references", "id": "refs", "items": [{"authors": "A", "title": "T", "year": 2017, "venue": "V", "url": "https://example.org/t"}]}
  ]
})";

}  // namespace

TEST_CASE("ipynb writes nbformat 4.5 with a Python 3 kernel and the page's cells at each depth", "[ipynb]") {
    const json beginner = export_notebook(kSmall, "beginner");
    CHECK(beginner.at("nbformat") == 4);
    CHECK(beginner.at("nbformat_minor") == 5);
    CHECK(beginner.at("metadata").at("kernelspec").at("name") == "python3");
    CHECK(beginner.at("metadata").at("language_info").at("name") == "python");
    std::vector<std::string> ids;
    for (const auto& c : beginner.at("cells")) ids.push_back(c.at("id").get<std::string>());
    // The maths cell is researcher-only; the long id's code cell is shortened to 64 characters.
    REQUIRE(ids.size() == 6);
    CHECK(ids[0] == "_title");
    CHECK(ids[1] == "hello");
    CHECK(ids[2] == "a-very-long-cell-id-that-uses-all-sixty-four-characters-allowed1");
    CHECK(ids[3].size() == 64);
    CHECK(ids[3].substr(0, 51) == "a-very-long-cell-id-that-uses-all-sixty-four-chara_");
    CHECK(ids[3].substr(59) == "_code");
    CHECK(ids[4] == "p");
    CHECK(ids[5] == "refs");
    const json researcher = export_notebook(kSmall, "researcher");
    CHECK(researcher.at("cells").size() == 7);
    CHECK(source(cell_with_id(researcher, "eq")) == "$$\na^2\n$$");
    // Re-exporting gives the same ids and bytes.
    CHECK(export_notebook(kSmall, "beginner") == beginner);
}

TEST_CASE("ipynb: Markdown for prose, practice and references; code that checks against the engine", "[ipynb]") {
    const json nb = export_notebook(kSmall, "beginner");
    CHECK(source(cell_with_id(nb, "hello")) == "Scores are $q \\cdot k$.");
    const std::string practice = source(cell_with_id(nb, "p"));
    CHECK(practice.find("1. x\n2. y\n") != std::string::npos);
    CHECK(practice.find("<details><summary>Answer</summary>\n\n**y**") != std::string::npos);
    CHECK(source(cell_with_id(nb, "refs")) == "- A (2017). [T](https://example.org/t). *V*.");
    const json& code = nb.at("cells").at(3);
    CHECK(code.at("cell_type") == "code");
    CHECK(code.at("outputs") == json::array());
    CHECK(code.at("execution_count").is_null());
    const std::string program = source(code);
    // The hand example's default queries, and the engine's exact weight 0.4011120926797859
    // (softmax of [1, 0, 1] / sqrt 2: e^0.7071 / (2 e^0.7071 + 1), by hand 0.40111209...).
    CHECK(program.find("queries = np.array([[1.0, 0.0], [0.0, 1.0]])") != std::string::npos);
    CHECK(program.find("0.4011120926797859") != std::string::npos);
    CHECK(program.find("np.testing.assert_allclose") != std::string::npos);
}

TEST_CASE("ipynb: a contents cell lists the headings shown after it at the exported depth", "[ipynb]") {
    // As the page levels them (web/src/markdown/dom.js): "## Deeper" and "### Delta" sit one level
    // below the heading before them, so only the top headings are listed; fenced code has none.
    const std::string text = R"({
  "format": "attnbook-notebook/1", "id": "toc", "title": "Toc", "version": "1.0.0",
  "depths": ["beginner", "researcher"],
  "cells": [
    {"type": "prose", "id": "first", "title": "Read these first", "text": "Before."},
    {"type": "contents", "id": "toc"},
    {"type": "prose", "id": "a", "title": "Alpha", "text": "# Inside alpha\n\n## Deeper\n\n```\n# not a heading\n```"},
    {"type": "maths", "id": "b", "depths": ["researcher"], "title": "Beta", "tex": "x"},
    {"type": "prose", "id": "c", "text": "### Gamma\n\ntext\n\n### Delta"}
  ]
})";
    CHECK(source(cell_with_id(export_notebook(text, "beginner"), "toc")) ==
          "## On this page\n\n- Alpha\n  - Inside alpha\n  - Gamma");
    CHECK(source(cell_with_id(export_notebook(text, "researcher"), "toc")) ==
          "## On this page\n\n- Alpha\n  - Inside alpha\n- Beta\n  - Gamma");
}

TEST_CASE("ipynb reads the page's permalink: both forms, refused values keep the cell's own", "[ipynb]") {
    const std::string text = read_file("web/notebooks/attention-explorable.json");
    const auto explore_code = [&](const std::string& state) {
        return source(cell_with_id(export_notebook(text, "beginner", state), "explore_code"));
    };
    CHECK(explore_code("").find("query = [2.0, 1.0]") != std::string::npos);
    CHECK(explore_code("#attention-explorable.q.explore=3,0").find("query = [3.0, 0.0]") != std::string::npos);
    CHECK(explore_code("nb=attention-explorable&q.explore=-1.5,2&m.explore=1,0,1").find("query = [-1.5, 2.0]") != std::string::npos);
    CHECK(explore_code("nb=attention-explorable&q.explore=-1.5,2&m.explore=1,0,1").find("allowed = [True,False,True]") != std::string::npos);
    // Another notebook's keys, a broken escape and a query of the wrong width change nothing.
    CHECK(explore_code("#other.q.explore=3,0&attention-explorable.q.explore=%E0") == explore_code(""));
    const json refused = export_notebook(text, "beginner", "#attention-explorable.q.explore=1,2,3");
    CHECK(source(cell_with_id(refused, "explore")).find("were refused") != std::string::npos);
    CHECK(source(cell_with_id(refused, "explore_code")) == explore_code(""));
}

TEST_CASE("ipynb: clear errors for a bad depth, an invalid notebook and missing text", "[ipynb]") {
    CHECK_THROWS_WITH(attnbook::run_command("ipynb", json{{"text", kSmall}, {"depth", "developer"}}),
                      Catch::Contains("depth: \"developer\" is not one of this notebook's depths"));
    CHECK_THROWS_WITH(attnbook::run_command("ipynb", json{{"text", "{\"format\": 1}"}}),
                      Catch::Contains("ipynb: the notebook is not valid"));
    CHECK_THROWS_WITH(attnbook::run_command("ipynb", json::object()), Catch::Contains("$.text"));
    CHECK_THROWS_AS(attnbook::run_command("ipynb", json{{"text", kSmall}, {"depth", 3}}), attnbook::UserError);
}

TEST_CASE("ipynb: relative links resolve against the page's address as RFC 3986 resolves them", "[ipynb]") {
    // RFC 3986, section 5.4: its base and its normal and abnormal examples, as the RFC lists them.
    const std::string base = "http://a/b/c/d;p?q";
    const std::vector<std::pair<std::string, std::string>> examples = {
        {"g", "http://a/b/c/g"},        {"./g", "http://a/b/c/g"},          {"g/", "http://a/b/c/g/"},
        {"/g", "http://a/g"},           {"//g", "http://g"},                {"?y", "http://a/b/c/d;p?y"},
        {"g?y", "http://a/b/c/g?y"},    {"#s", "http://a/b/c/d;p?q#s"},     {"g#s", "http://a/b/c/g#s"},
        {"g?y#s", "http://a/b/c/g?y#s"}, {";x", "http://a/b/c/;x"},         {"g;x", "http://a/b/c/g;x"},
        {"", "http://a/b/c/d;p?q"},     {".", "http://a/b/c/"},             {"./", "http://a/b/c/"},
        {"..", "http://a/b/"},          {"../", "http://a/b/"},             {"../g", "http://a/b/g"},
        {"../..", "http://a/"},         {"../../", "http://a/"},            {"../../g", "http://a/g"},
        {"../../../g", "http://a/g"},   {"../../../../g", "http://a/g"},    {"/./g", "http://a/g"},
        {"/../g", "http://a/g"},        {"g.", "http://a/b/c/g."},          {".g", "http://a/b/c/.g"},
        {"g..", "http://a/b/c/g.."},    {"..g", "http://a/b/c/..g"},        {"./../g", "http://a/b/g"},
        {"./g/.", "http://a/b/c/g/"},   {"g/./h", "http://a/b/c/g/h"},      {"g/../h", "http://a/b/c/h"},
    };
    for (const auto& [target, want] : examples) {
        INFO(target);
        CHECK(attnbook::resolved_reference(base, target) == want);
    }

    const std::string page = "https://example.org/course/attention-learns/#attention-learns.depth=developer";
    const std::string text = "See [the explorable](../attention-explorable/), [papers](#papers) and "
                             "[PyTorch](https://pytorch.org/).\n\nIn code: `[x](y)` stays.\n\n```\nf[0](z)\n```\n";
    CHECK(attnbook::links_resolved(text, page) ==
          "See [the explorable](https://example.org/course/attention-explorable/), "
          "[papers](https://example.org/course/attention-learns/#papers) and [PyTorch](https://pytorch.org/).\n\n"
          "In code: `[x](y)` stays.\n\n```\nf[0](z)\n```\n");
    CHECK(attnbook::links_resolved(text, "") == text);  // no address known: left as written

    // Through the command: the page's address given as `url`.
    json args{{"text", kSmall}, {"depth", "beginner"}, {"url", "https://example.org/tiny/"}};
    std::string with_link = kSmall;
    with_link.replace(with_link.find("Scores are"), 10, "[Back](../) Scores are");
    args["text"] = with_link;
    const json nb = json::parse(attnbook::run_command("ipynb", args).at("ipynb").get<std::string>());
    CHECK(source(cell_with_id(nb, "hello")) == "[Back](https://example.org/) Scores are $q \\cdot k$.");
}

TEST_CASE("ipynb: a choice's answer is the option in bold, then its reason", "[ipynb]") {
    std::string text = kSmall;
    text.replace(text.find("\"correct\": 1}"), 13, "\"correct\": 1, \"reasons\": [\"No.\", \"Yes: it is y.\"]}");
    const json nb = export_notebook(text, "beginner");
    CHECK(source(cell_with_id(nb, "p")).find("<details><summary>Answer</summary>\n\n**y**\n\nYes: it is y.\n\n</details>") !=
          std::string::npos);
}
