// Issue 20, findings 7 and 15: text the validator must refuse, naming where.
//   - control characters and noncharacters in any text field (they reached imsmanifest.xml: an
//     LMS import failed on the ill-formed XML);
//   - a NUL byte in the file (reported as "unexpected end of input", with no useful place);
//   - a reference url with a user before the host (the page then dropped the link silently).
#include <catch2/catch.hpp>

#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "attnbook/notebook/notebook.hpp"

using namespace attnbook;
using nlohmann::json;

namespace {

json base() {
    return {{"format", "attnbook-notebook/1"}, {"id", "t"}, {"title", "T"}, {"version", "1.0.0"},
            {"depths", {"beginner"}}, {"cells", {{{"type", "prose"}, {"text", "Hello."}}}}};
}

json check(const json& doc) { return validate_notebook_text(doc.dump(2), "t.json"); }

std::string all_messages(const json& r) {
    std::string out;
    for (const json& e : r["errors"]) out += validation_error_line(e) + "\n";
    return out;
}

}  // namespace

TEST_CASE("hostile text: control characters and noncharacters are refused in every text field", "[notebook][hostile]") {
    // Each with the code point it must name; "Week" is 4 characters, so the bad one is character 4.
    const std::pair<std::string, const char*> bad[] = {
        {std::string("\x01", 1), "the control character U+0001"}, {"\x08", "the control character U+0008"},
        {"\x0B", "the control character U+000B"},   {"\x1F", "the control character U+001F"},
        {"\x7F", "the control character U+007F"},   {std::string("\0", 1), "the control character U+0000"},
        {"\xEF\xBF\xBE", "the noncharacter U+FFFE"}, {"\xEF\xBF\xBF", "the noncharacter U+FFFF"},
    };
    for (const auto& [c, named] : bad) {
        for (const char* field : {"title", "description"}) {
            json doc = base();
            doc[field] = "Week" + c + "4";
            const json r = check(doc);
            INFO(field << ": " << all_messages(r));
            REQUIRE(r["ok"] == false);
            REQUIRE(r["errors"].size() == 1);
            CHECK(r["errors"][0]["path"] == std::string("$.") + field);
            CHECK(r["errors"][0]["message"] == std::string("the text contains ") + named + " at character 4 (counted from 0); remove it");
            CHECK(r["errors"][0]["line"].is_number());
        }
    }
    SECTION("in a cell title, a label and a reference's authors too") {
        json doc = base();
        json item = {{"authors", "A\x03"}, {"year", 2020}, {"title", "T"}, {"venue", "V"}};
        json prose = {{"type", "prose"}, {"title", "a\x02"}, {"text", "x"}};
        json refs = {{"type", "references"}, {"items", json::array({item})}};
        doc["cells"] = json::array({prose, refs});
        const json r = check(doc);
        INFO(all_messages(r));
        REQUIRE(r["errors"].size() == 2);
        CHECK(r["errors"][0]["path"] == "$.cells[0].title");
        CHECK(r["errors"][1]["path"] == "$.cells[1].items[0].authors");
    }
    SECTION("tab, line feed, carriage return and ordinary non-ASCII stay allowed") {
        json doc = base();
        doc["description"] = "tab\there\r\nline — ünï 😀 \xEF\xBF\xBD";  // U+FFFD is a character, not a noncharacter
        CHECK(check(doc)["ok"] == true);
    }
}

TEST_CASE("hostile text: a NUL byte is named, at its line and column", "[notebook][hostile]") {
    std::string text = "{\n  \"format\": \"attnbook-notebook/1\",\n  \"id\": \"t\",";  // line 3 is 12 characters
    text += '\0';
    text += "\n}";
    const json r = validate_notebook_text(text, "nul.json");
    INFO(r.dump(1));
    REQUIRE(r["errors"].size() == 1);
    CHECK(r["errors"][0]["message"] == "the text contains a NUL byte (U+0000), which JSON text cannot contain; remove it");
    CHECK(r["errors"][0]["line"] == 3);
    CHECK(r["errors"][0]["column"] == 13);
    CHECK(r["errors"][0]["where"] == "nul.json:3:13");
    // Inside a string too (a raw NUL; the escape \u0000 is the control-character rule above).
    std::string raw = "{\"title\": \"a";  // 12 characters before the NUL
    raw += '\0';
    raw += "b\"}";
    const json in_string = validate_notebook_text(raw, "s.json");
    CHECK(in_string["errors"][0]["where"] == "s.json:1:13");
}

TEST_CASE("hostile text: a reference url with a user before the host is refused", "[notebook][hostile]") {
    for (const char* url : {"https://user:pass@example.org/", "https://example.org@evil.example/"}) {
        json doc = base();
        json item = {{"authors", "A"}, {"year", 2020}, {"title", "T"}, {"venue", "V"}, {"url", url}};
        json cell = {{"type", "references"}, {"items", json::array({item})}};
        doc["cells"] = json::array({cell});
        const json r = check(doc);
        INFO(all_messages(r));
        REQUIRE(r["errors"].size() == 1);
        CHECK(r["errors"][0]["path"] == "$.cells[0].items[0].url");
        CHECK(r["errors"][0]["message"].get<std::string>().find("it names a user before the host (user@host)") != std::string::npos);
    }
    json doc = base();
    json prose = {{"type", "prose"}, {"text", "[x](https://user:pass@example.org/)"}};
    doc["cells"] = json::array({prose});
    CHECK(check(doc)["ok"] == false);
}

TEST_CASE("hostile text: the corpus of hostile notebooks, each with its verdict", "[notebook][hostile]") {
    std::ifstream in(std::string(ATTNBOOK_SOURCE_DIR) + "/tests/corpus/hostile-notebooks.json", std::ios::binary);
    REQUIRE(in.good());
    const json corpus = json::parse(in);
    REQUIRE(corpus["cases"].size() >= 10);
    for (const json& c : corpus["cases"]) {
        const json r = check(c["doc"]);
        INFO(c["why"].get<std::string>() << "\n" << all_messages(r));
        REQUIRE(r["ok"] == c["ok"]);
        if (c["ok"] == true) continue;
        REQUIRE(r["errors"].size() == 1);
        CHECK(r["errors"][0]["path"] == c["path"]);
        CHECK(r["errors"][0]["message"].get<std::string>().find(c["message"].get<std::string>()) != std::string::npos);
    }
}
