// The engine's Markdown code scanner (notebook/markdown_code.hpp) on the shared corpus
// (tests/corpus/markdown-code.json), whose cases tests/unit/markdown-code.test.mjs checks against
// the page's markdown-it; and its three readers: the validator's HTML check, the export's headings
// and its links.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "attnbook/notebook/markdown_code.hpp"
#include "attnbook/notebook/notebook.hpp"
#include "../../engine/src/notebook/ipynb_links.hpp"

using namespace attnbook;
using nlohmann::json;

namespace {

json read_corpus() {
    std::ifstream in(std::string(ATTNBOOK_SOURCE_DIR) + "/tests/corpus/markdown-code.json", std::ios::binary);
    REQUIRE(in.good());
    std::stringstream buffer;
    buffer << in.rdbuf();
    return json::parse(buffer.str());
}

// The scanner's reading in the corpus's terms: fenced lines as [first, end) ranges (markdown-it
// counts no line after a final "\n"), the spans of the other lines as written, the open fence.
json reading(const std::string& markdown) {
    const MarkdownLines scan = markdown_lines(markdown);
    std::size_t count = scan.lines.size();
    if (!markdown.empty() && markdown.back() == '\n') --count;
    json fenced = json::array(), spans = json::array();
    for (std::size_t i = 0; i < count; ++i) {
        const MarkdownLine& line = scan.lines[i];
        if (line.fenced) {
            if (i > 0 && scan.lines[i - 1].fenced && fenced.back()[1] == i) fenced.back()[1] = i + 1;
            else fenced.push_back({i, i + 1});
            continue;
        }
        for (const auto& [start, end] : code_spans(line.text)) spans.push_back(std::string(line.text.substr(start, end - start)));
    }
    return {{"fenced", fenced}, {"spans", spans}, {"unclosed", scan.unclosed_fence}};
}

// The valid fixture notebook with its first cell's text replaced, validated: its error lines.
std::string validate_prose(const std::string& markdown) {
    std::ifstream in(std::string(ATTNBOOK_SOURCE_DIR) + "/tests/engine/notebooks/valid-complete.json", std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    json doc = json::parse(buffer.str());
    doc["cells"][0]["text"] = markdown;
    const json result = validate_notebook_text(doc.dump(2), "t.json");
    std::string lines;
    if (result.contains("errors"))
        for (const json& error : result.at("errors")) lines += validation_error_line(error) + "\n";
    return lines;
}

}  // namespace

TEST_CASE("markdown code: the scanner reads every corpus case as recorded", "[notebook][markdown]") {
    const json corpus = read_corpus();
    REQUIRE(corpus.at("cases").size() >= 30);
    for (const char* group : {"cases", "differs"}) {
        for (const json& c : corpus.at(group)) {
            const std::string markdown = c.at("markdown");
            INFO(group << ": " << json(markdown).dump() << " (" << c.at("why").get<std::string>() << ")");
            const json expected = {{"fenced", c.at("fenced")}, {"spans", c.at("spans")}, {"unclosed", c.at("unclosed")}};
            CHECK(reading(markdown) == expected);
        }
    }
}

TEST_CASE("markdown code: offsets point into the text, without line ends", "[notebook][markdown]") {
    const std::string text = "a\r\n```\nb";
    const MarkdownLines scan = markdown_lines(text);
    REQUIRE(scan.lines.size() == 3);
    CHECK(scan.lines[0].text == "a");
    CHECK(scan.lines[1].offset == 3);
    CHECK(scan.lines[1].text == "```");
    CHECK(scan.lines[2].offset == 7);
    CHECK(scan.unclosed_fence == "```");
}

TEST_CASE("markdown code: the validator checks HTML outside code only, and names an open fence", "[notebook][markdown]") {
    CHECK(validate_prose("~~~\n<div>\n~~~\n\n`<b>` is code") == "");
    CHECK(validate_prose("```\n<div>\n``` not a close\n").find("a fenced code block (```) is opened but never closed") !=
          std::string::npos);
    // Four spaces make no fence on the page (indented code is off): the tag after it is HTML.
    CHECK(validate_prose("    ```\n<div>\n    ```").find("raw HTML is not allowed") != std::string::npos);
    CHECK(validate_prose("````\n```\n<i>\n````") == "");
    // A list item's fence holds code; a line outside the item ends it unclosed.
    CHECK(validate_prose("1. Try:\n- ```\n  <div>\n  ```\n- done") == "");
    CHECK(validate_prose("- ```\n  x\nout\n").find("a fenced code block (```) is opened but never closed") !=
          std::string::npos);
}

TEST_CASE("markdown code: the export resolves links outside code only", "[notebook][markdown][ipynb]") {
    const std::string page = "https://example.org/course/page.html";
    CHECK(links_resolved("[a](b.html) `[c](d.html)`", page) == "[a](https://example.org/course/b.html) `[c](d.html)`");
    CHECK(links_resolved("````\n[a](b.html)\n```\n````\n[c](d.html)", page) ==
          "````\n[a](b.html)\n```\n````\n[c](https://example.org/course/d.html)");
    // A run of two does not close a span of one: the link after it is prose.
    CHECK(links_resolved("`a`` [c](d.html)", page) == "`a`` [c](https://example.org/course/d.html)");
}
