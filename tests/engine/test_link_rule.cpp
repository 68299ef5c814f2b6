// The link rule (link_rule.hpp) on the shared payload corpus (tests/corpus/link-targets.json, also
// run by tests/unit/link-rule.test.mjs against the JavaScript twin), the link-shaped text the
// validator finds (across lines, reference definitions, "<...>", code), and the validator's
// messages for the payloads of issue 9.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "attnbook/notebook/link_rule.hpp"
#include "attnbook/notebook/notebook.hpp"

using namespace attnbook;
using nlohmann::json;

namespace {

json read_json(const std::string& relative) {
    std::ifstream in(std::string(ATTNBOOK_SOURCE_DIR) + "/" + relative, std::ios::binary);
    REQUIRE(in.good());
    std::stringstream buffer;
    buffer << in.rdbuf();
    return json::parse(buffer.str());
}

std::vector<std::string> targets_in(const std::string& markdown) {
    std::vector<std::string> out;
    for (const MarkdownLinkTarget& link : markdown_link_targets(markdown)) out.push_back(link.target);
    return out;
}

// The valid fixture notebook with its first cell's text replaced.
json validate_prose(const std::string& markdown) {
    json doc = read_json("tests/engine/notebooks/valid-complete.json");
    doc["cells"][0]["text"] = markdown;
    return validate_notebook_text(doc.dump(2), "t.json");
}

std::vector<std::string> link_errors(const json& result) {
    std::vector<std::string> out;
    for (const json& error : result["errors"]) {
        const std::string message = error["message"];
        if (message.rfind("link target ", 0) == 0) out.push_back(message);
    }
    return out;
}

bool has_unbalanced_parens(const std::string& text) {
    int level = 0;
    for (const char c : text) {
        if (c == '(') ++level;
        if (c == ')' && --level < 0) return true;
    }
    return level != 0;
}

bool has_space_or_control(const std::string& text) {
    for (const char c : text) {
        if (static_cast<unsigned char>(c) <= 0x20 || c == 0x7f) return true;
    }
    return false;
}

}  // namespace

TEST_CASE("link rule: every payload of the shared corpus", "[notebook][links]") {
    const json corpus = read_json("tests/corpus/link-targets.json");
    const json& cases = corpus["cases"];
    REQUIRE(cases.size() >= 40);
    std::size_t allowed = 0;
    for (const json& c : cases) {
        const std::string target = c["target"];
        INFO("target " << json(target).dump() << ": " << c["why"].get<std::string>());
        const std::string problem = link_target_problem(target);
        CHECK(problem.empty() == c["allowed"].get<bool>());
        if (c["allowed"].get<bool>()) ++allowed;
    }
    CHECK(allowed >= 10);
    CHECK(cases.size() - allowed >= 30);
}

TEST_CASE("link rule: the validator applies it to each corpus target written as a link", "[notebook][links]") {
    const json corpus = read_json("tests/corpus/link-targets.json");
    std::size_t tried = 0;
    for (const json& c : corpus["cases"]) {
        const std::string target = c["target"];
        // Bare when markdown-it would read the whole target bare, else "<...>" when it can hold it.
        std::string markdown;
        if (!has_space_or_control(target) && !has_unbalanced_parens(target)) {
            markdown = "See [the link](" + target + ") here.";
        } else if (target.find_first_of("\n\r<>") == std::string::npos) {
            markdown = "See [the link](<" + target + ">) here.";
        } else {
            continue;  // no way to write it as one link target
        }
        ++tried;
        INFO("markdown " << json(markdown).dump() << ": " << c["why"].get<std::string>());
        const json result = validate_prose(markdown);
        const std::vector<std::string> errors = link_errors(result);
        if (c["allowed"].get<bool>()) {
            CHECK(errors.empty());
            CHECK(result["ok"] == true);
        } else {
            CHECK(errors.size() == 1);
            CHECK(result["ok"] == false);
        }
    }
    CHECK(tried >= 70);
}

TEST_CASE("link rule: link targets are found wherever markdown-it could read one", "[notebook][links]") {
    using V = std::vector<std::string>;
    SECTION("inline links and images, with the target on the next line") {
        CHECK(targets_in("[a](https://x.org) and ![b](pic.png)") == V{"https://x.org", "pic.png"});
        CHECK(targets_in("[a](\nhttp://evil.example)") == V{"http://evil.example"});
        CHECK(targets_in("[a](  \n\t  javascript:alert(1) \"title\")") == V{"javascript:alert(1)"});
        CHECK(targets_in("[a](\r\nhttp://evil.example)") == V{"http://evil.example"});
    }
    SECTION("<...> targets, which may hold spaces but no line break") {
        CHECK(targets_in("[a](<http://evil.example>)") == V{"http://evil.example"});
        CHECK(targets_in("[a](<java script:x>)") == V{"java script:x"});
        CHECK(targets_in("[a](<http://evil\n.example>)").empty());  // markdown-it reads no link
    }
    SECTION("balanced parentheses belong to the target, an unbalanced one ends it") {
        CHECK(targets_in("[a](javascript:alert(1))") == V{"javascript:alert(1)"});
        CHECK(targets_in("([a](b.html))") == V{"b.html"});
    }
    SECTION("reference definitions at the start of a line, in lists and quotes, and across lines") {
        CHECK(targets_in("[x]: javascript:alert(1)") == V{"javascript:alert(1)"});
        CHECK(targets_in("Text.\n   [x]:\n  http://evil.example") == V{"http://evil.example"});
        CHECK(targets_in("- [x]: data:text/html,hi") == V{"data:text/html,hi"});
        CHECK(targets_in("> [x]: <http://evil.example>") == V{"http://evil.example"});
        CHECK(targets_in("[a long\nlabel]: http://evil.example") == V{"http://evil.example"});
        CHECK(targets_in("[a\\]b]: http://evil.example") == V{"http://evil.example"});
        CHECK(targets_in("[x]:\n[y]: http://evil.example") == V{"[y]:", "http://evil.example"});
        CHECK(targets_in("Text [x]: http://x.org, in a sentence").empty());  // not at a line's start
        CHECK(targets_in("[x]\n\n: http://x.org").empty());
    }
    SECTION("everywhere: escaped brackets, code spans, fenced code, maths") {
        CHECK(targets_in("\\[a\\](http://evil.example)") == V{"http://evil.example"});
        CHECK(targets_in("`[a](http://evil.example)`") == V{"http://evil.example"});
        CHECK(targets_in("```\n[a](http://evil.example)\n```") == V{"http://evil.example"});
        CHECK(targets_in("$[0,1](http://evil.example)$") == V{"http://evil.example"});
    }
    SECTION("an empty target is listed for [text]() only") {
        CHECK(targets_in("[a]()") == V{""});
        CHECK(targets_in("[a]( )") == V{""});
        CHECK(targets_in("[a](").empty());
    }
    SECTION("a target stops at a backslash (kept) and before another \"](\"") {
        CHECK(targets_in("[c](/\\evil.example/)") == V{"/\\"});
        CHECK(targets_in("[a](x](http://evil.example)") == V{"x", "http://evil.example"});
        CHECK(targets_in("[a](<x](http://evil.example>)") == V{"x", "http://evil.example>"});
        // An empty target before "](" is listed too (as a run-on: markdown-it reads "](http:...").
        CHECK(targets_in("[a](](http://evil.example)") == V{"", "http://evil.example"});
        for (const MarkdownLinkTarget& link : markdown_link_targets("[a](x](y) [b](](z) [c](w)"))
            CHECK(link.runs_into_link == (link.target == "x" || link.target.empty()));
    }
    SECTION("offsets point at the target") {
        const std::string text = "ab [c](d.html) [e](\n  f.html)";
        const auto links = markdown_link_targets(text);
        REQUIRE(links.size() == 2);
        CHECK(text.substr(links[0].offset, 6) == "d.html");
        CHECK(text.substr(links[1].offset, 6) == "f.html");
    }
}

TEST_CASE("link rule: no character is read as part of more than two targets", "[notebook][links]") {
    // What makes the scan linear: targets do not overlap (a reference definition's target on the
    // next line is read again from its line's start, hence two). Worst cases of 20000 characters.
    const auto repeat = [](const std::string& piece, std::size_t times) {
        std::string out;
        for (std::size_t i = 0; i < times; ++i) out += piece;
        return out;
    };
    const std::vector<std::string> texts = {
        repeat("](", 10000), repeat("[", 20000), repeat("](<", 6666), repeat("](a(", 5000),
        "[a](" + repeat("](", 9998), repeat("]:\n[", 5000), "[x]:" + repeat("\n[y]:", 4000),
        repeat("\\](", 6666), repeat("](\n", 6666), repeat("[a](b", 4000) + repeat(")", 4000),
    };
    for (const std::string& text : texts) {
        INFO(text.substr(0, 24) << "... (" << text.size() << " characters)");
        std::size_t read = 0;
        for (const MarkdownLinkTarget& link : markdown_link_targets(text)) read += link.target.size();
        CHECK(read <= 2 * text.size());
    }
}

TEST_CASE("link rule: the validator's messages for issue 9's payloads", "[notebook][links]") {
    SECTION("a target on the next line") {
        const auto errors = link_errors(validate_prose("See [the page](\nhttp://evil.example) now."));
        REQUIRE(errors.size() == 1);
        CHECK(errors[0] ==
              "link target \"http://evil.example\" is not allowed: it has a scheme other than https:// "
              "(links must start with https:// or be relative)");
    }
    SECTION("a backslash that browsers read as a slash") {
        const auto errors = link_errors(validate_prose("[c](/\\evil.example/)"));
        REQUIRE(errors.size() == 1);
        CHECK_THAT(errors[0], Catch::Contains("it contains a backslash"));
    }
    SECTION("a reference definition") {
        const auto errors = link_errors(validate_prose("Intro.\n\n[x]: javascript:alert(1)\n\n[x]"));
        REQUIRE(errors.size() == 1);
        CHECK_THAT(errors[0], Catch::StartsWith("link target \"javascript:alert(1)\" is not allowed"));
    }
    SECTION("a long target is shortened in the message") {
        const auto errors = link_errors(validate_prose("[a](http://" + std::string(200, 'x') + ")"));
        REQUIRE(errors.size() == 1);
        CHECK_THAT(errors[0], Catch::StartsWith("link target \"http://xxx"));
        // quote() keeps 40 characters, marks the cut and states the whole length.
        CHECK_THAT(errors[0], Catch::Contains("http://" + std::string(33, 'x') + "\u2026\" (207 characters) is not allowed"));
    }
    SECTION("a target that runs on into another link") {
        // markdown-it reads "aper](https://x.example/a" as one target, refused for its "scheme"
        // "aper](https"; the validator, which stops at "](" to stay linear, refuses the run-on
        // itself (found by the markdown fuzz target: tests/fuzz/regressions/markdown/).
        const auto errors = link_errors(validate_prose("[p](aper](https://x.example/a) and [q](r)"));
        REQUIRE(errors.size() == 1);
        CHECK_THAT(errors[0], Catch::StartsWith("link target \"aper\" runs on into another \"](\""));
        // Nothing before the "](": markdown-it's target is "](https://x.example/a" (refused: the
        // "scheme" "](https"), not the allowed "https://x.example/a" after it.
        const auto empty = link_errors(validate_prose("[p](](https://x.example/a) and [q](r)"));
        REQUIRE(empty.size() == 1);
        CHECK_THAT(empty[0], Catch::StartsWith("link target \"\" runs on into another \"](\""));
    }
    SECTION("a control character, which markdown-it would read as part of a target") {
        // "[p](\0ttps://...)": the scan stops at NUL, markdown-it reads U+FFFD and goes on (found
        // by the markdown fuzz target). Control characters are refused in any Markdown text;
        // "Café [p](" is 9 characters (é is one), so the NUL is character 9 from 0.
        const json result = validate_prose(std::string("Caf\xC3\xA9 [p](") + '\0' + "ttps://x.example/a)");
        REQUIRE(result["errors"].size() == 1);
        CHECK(result["errors"][0]["message"] ==
              "the text contains the control character U+0000 at character 9 (counted from 0); remove it");
        CHECK(validate_prose("Tabs\tand\r\nline breaks\nare fine.")["ok"] == true);
    }
    SECTION("allowed links and link-free brackets pass") {
        const json result = validate_prose(
            "See [the paper](https://arxiv.org/abs/1706.03762), [a part](other.html#part), "
            "[top](#top), the list [1, 2] (sorted) and `f[0](x)`.");
        INFO(result["errors"].dump(1));
        CHECK(result["ok"] == true);
    }
}
