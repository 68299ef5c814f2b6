// The notebook's formulas (validate_formulas.cpp): one formula's length, formulas per text, and the
// notebook's totals, each at its limit and one past it, with formulas found the way the page's
// Markdown reader finds them (web/src/markdown/maths-rules.js); macro definitions refused. The
// counts here are written by hand from the texts the tests build.
#include <catch2/catch.hpp>

#include <string>

#include <nlohmann/json.hpp>

#include "attnbook/notebook/commands.hpp"
#include "attnbook/notebook/notebook.hpp"

using namespace attnbook;
using nlohmann::json;

namespace {

std::size_t limit(const char* name) { return run_command("limits", json::object())["notebook"][name].get<std::size_t>(); }

json document(const json& cells) {
    return json{{"format", "attnbook-notebook/1"}, {"id", "t"}, {"title", "T"}, {"version", "1.0.0"},
                {"depths", {"beginner"}}, {"cells", cells}};
}
json check(const json& cells) { return validate_notebook_text(document(cells).dump(), "t.json"); }
bool valid(const json& cells) { return check(cells)["ok"].get<bool>(); }
// valid({cell, ...}): a list of cells (a braced json of one object would be that object).
json list(std::initializer_list<json> cells) {
    json out = json::array();
    for (const json& c : cells) out.push_back(c);
    return out;
}
json check(std::initializer_list<json> cells) { return check(list(cells)); }
bool valid(std::initializer_list<json> cells) { return valid(list(cells)); }
json prose(const std::string& text) { return {{"type", "prose"}, {"text", text}}; }
json maths(const std::string& tex) { return {{"type", "maths"}, {"tex", tex}}; }

// n inline formulas "$a$", separated by spaces.
std::string formulas(std::size_t n) {
    std::string out;
    for (std::size_t i = 0; i < n; ++i) out += i ? " $a$" : "$a$";
    return out;
}

std::string messages(const json& result) {
    std::string out;
    for (const json& e : result["errors"]) out += e["path"].dump() + " " + e["message"].get<std::string>() + "\n";
    return out;
}

}  // namespace

TEST_CASE("formulas: per text, at the limit and one past it", "[formulas]") {
    const std::size_t per_text = limit("formulas_per_text_max");
    REQUIRE(per_text == 100);
    CHECK(valid({prose(formulas(per_text))}));
    const json over = check({prose(formulas(per_text + 1))});
    CHECK_FALSE(over["ok"].get<bool>());
    CHECK_THAT(messages(over), Catch::Contains("\"$.cells[0].text\" this text has 101 formulas; one text may have at most 100"));
    // Display maths counts too: one block and 99 inline formulas make 100.
    CHECK(valid({prose("$$\n\\sum_i x_i\n$$\n\n" + formulas(per_text - 1))}));
    CHECK_FALSE(valid({prose("$$\n\\sum_i x_i\n$$\n\n" + formulas(per_text))}));
    // What the page does not read as maths does not count: escaped dollars and "$ ".
    std::string plain;
    for (int i = 0; i < 500; ++i) plain += "\\$5 and $ 6 and ";
    CHECK(valid({prose(plain)}));
}

TEST_CASE("formulas: in the notebook, all cells together", "[formulas]") {
    const std::size_t most = limit("formulas_max");
    const std::size_t per_text = limit("formulas_per_text_max");
    REQUIRE(most == 250);
    json cells = json::array();
    for (std::size_t k = 0; k < most; k += per_text) cells.push_back(prose(formulas(std::min(per_text, most - k))));
    CHECK(valid(cells));  // 100 + 100 + 50
    cells.push_back(maths("x"));
    const json over = check(cells);
    CHECK_FALSE(over["ok"].get<bool>());
    CHECK_THAT(messages(over), Catch::Contains("\"$.cells[3].tex\" the notebook has 251 formulas, and at most 250"));
    // Practice fields count: prompt, hint, options.
    json practice = {{"type", "practice"}, {"prompt", formulas(100)}, {"hint", formulas(100)},
                     {"answer", {{"kind", "choice"}, {"options", {formulas(25), formulas(26)}}, {"correct", 0}}}};
    CHECK_FALSE(valid({practice}));
    practice["answer"]["options"][1] = formulas(25) + " b";  // options differ
    CHECK(valid({practice}));
}

TEST_CASE("formulas: one formula's length and the notebook's characters of TeX", "[formulas]") {
    const std::size_t one = limit("tex_max_chars");
    const std::size_t total = limit("tex_total_max_chars");
    REQUIRE(one == 1000);
    REQUIRE(total == 20000);
    // Inline and display formulas in Markdown are held to a maths cell's length.
    CHECK(valid({prose("Text $" + std::string(one, 'x') + "$ text.")}));
    const json long_inline = check({prose("Text $" + std::string(one + 1, 'x') + "$ text.")});
    CHECK_THAT(messages(long_inline), Catch::Contains("a formula of 1001 characters"));
    CHECK(valid({prose("$$\n" + std::string(one, 'x') + "\n$$")}));
    CHECK_FALSE(valid({prose("$$\n" + std::string(one + 1, 'x') + "\n$$")}));
    CHECK_FALSE(valid({prose("$$" + std::string(one + 1, 'x'))}));  // never closed: to the end
    // Characters are code points: 1000 Greek letters (2 bytes each) are one formula at the limit.
    std::string alphas;
    for (std::size_t i = 0; i < one; ++i) alphas += "\xCE\xB1";
    CHECK(valid({maths(alphas)}));
    // 20 formulas of 1000 characters fill the notebook's TeX; one more character is over.
    json cells = json::array();
    for (std::size_t i = 0; i < total / one; ++i) cells.push_back(maths(std::string(one, 'x')));
    CHECK(valid(cells));
    cells.push_back(prose("and $y$"));
    const json over = check(cells);
    CHECK_THAT(messages(over), Catch::Contains("\"$.cells[20].text\" the notebook's formulas have 20001 characters of TeX"));
}

TEST_CASE("formulas: macro definitions are refused", "[formulas]") {
    for (const char* tex : {"\\def\\a{x}\\a", "\\gdef\\a{x}", "\\edef\\a{x}", "\\xdef\\a{x}", "\\let\\a=x",
                            "\\futurelet\\a\\b", "\\global\\def\\a{x}", "\\long\\def\\a{x}", "\\newcommand{\\a}{x}",
                            "\\renewcommand{\\sum}{x}", "\\providecommand{\\a}{x}", "x \\def"}) {
        INFO(tex);
        const json result = check({maths(tex)});
        CHECK_THAT(messages(result), Catch::Contains("a formula defines a macro"));
        CHECK_FALSE(valid({prose(std::string("Text $") + tex + "$.")}));
    }
    // Not definitions: a line break before "def", longer command names, escaped characters.
    for (const char* tex : {"a\\\\def", "\\definecolor", "\\letter", "\\{def\\}", "\\delta"}) {
        INFO(tex);
        CHECK(valid({maths(tex)}));
    }
}

TEST_CASE("formulas: the documents that froze the page are refused (issue 20)", "[formulas]") {
    // 20 prose cells of 200 different formulas.
    json cells = json::array();
    for (int c = 0; c < 20; ++c) {
        std::string text;
        for (int i = 0; i < 200; ++i) {
            const std::string k = std::to_string(c * 200 + i);
            text += "$x_{" + k + "}^{i}+\\frac{a_i}{b_{" + k + "}}$ ";
        }
        cells.push_back(prose(text));
    }
    const json result = check(cells);
    CHECK_FALSE(result["ok"].get<bool>());
    CHECK_THAT(messages(result), Catch::Contains("\"$.cells[1].text\" the notebook has 4000 formulas"));
    // A maths cell of a 1,200-row array is past one formula's length.
    std::string rows;
    for (int i = 0; i < 1200; ++i) rows += "a\\\\";
    CHECK_FALSE(valid({maths("\\begin{array}{c}" + rows + "\\end{array}")}));
}
