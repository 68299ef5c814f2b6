// Messages that quote input, from the JSON parser, the validator and the commands: positions and
// paths stay right, the quoted input is an escaped excerpt, and arguments from JavaScript go
// through the same bounded parser as a notebook (parse_command_args).
#include <catch2/catch.hpp>

#include <string>

#include <nlohmann/json.hpp>

#include "attnbook/core/errors.hpp"
#include "attnbook/notebook/authoring.hpp"
#include "attnbook/notebook/command_args.hpp"
#include "attnbook/notebook/commands.hpp"
#include "attnbook/notebook/json_text.hpp"
#include "attnbook/notebook/notebook.hpp"
#include "attnbook/notebook/practice.hpp"

using namespace attnbook;
using nlohmann::json;

namespace {

const bool authoring_enabled = (enable_authoring(), true);  // the tests carry it, as the CLI does

std::string message_of(const std::function<void()>& action) {
    try {
        action();
    } catch (const UserError& e) {
        return e.what();
    }
    FAIL("expected a UserError");
    return "";
}

// Runs a command on arguments given as text, as the Embind binding does.
std::string args_error(const std::string& command, const std::string& text) {
    return message_of([&] { run_command(command, parse_command_args(command, text)); });
}

bool has_raw_control(const std::string& text) {
    for (unsigned char c : text)
        if (c < 0x20 || c == 0x7F) return true;
    return false;
}

json validate_doc(const json& doc, const std::string& name = "t.json") {
    return validate_notebook_text(doc.dump(), name);
}

json minimal() {
    return json{{"format", "attnbook-notebook/1"}, {"id", "t"}, {"title", "T"}, {"version", "1.0.0"},
                {"depths", {"beginner"}}, {"cells", json::array({json{{"type", "prose"}, {"text", "x"}}})}};
}

}  // namespace

TEST_CASE("arguments: nesting 100000 deep is a clear error naming the path, not a stack overflow", "[args]") {
    const std::string deep = "{\"mask\": " + std::string(100000, '[') + std::string(100000, ']') + "}";
    const std::string message = args_error("explore", deep);
    CHECK_THAT(message, Catch::StartsWith("explore: $.mask[0][0]") &&
                            Catch::Contains("arrays and objects are nested more than 64 levels deep"));
}

TEST_CASE("arguments: a missing required argument is named, not a JSON library exception", "[args]") {
    // Found by the command fuzz target (tests/fuzz/regressions/command/validate-without-text).
    CHECK(message_of([] { run_command("validate", json::object()); }) ==
          "validate: $.text: missing (this argument is required)");
}

TEST_CASE("arguments: a number beyond a double names its path", "[args]") {
    CHECK(args_error("scaling", "{\"pairs\": 1e400}") ==
          "scaling: $.pairs: number 1e400 is too large: it overflows a double");
    CHECK(args_error("explore", "{\"keys\": [[1, 2], [3, -1e999]]}") ==
          "explore: $.keys[1][1]: number -1e999 is too large: it overflows a double");
    CHECK(args_error("explore", "1e400") == "explore: $: number 1e400 is too large: it overflows a double");
}

TEST_CASE("arguments: syntax errors, bad UTF-8 and duplicate keys are user errors with positions", "[args]") {
    CHECK_THAT(args_error("explore", "{\"query\": [1,]}"), Catch::StartsWith("explore: arguments are not valid JSON: 1:14: syntax error"));
    CHECK_THAT(args_error("explore", "{\"divisor\": \"\xff\"}"), Catch::StartsWith("explore: arguments are not valid JSON: 1:14: invalid UTF-8"));
    CHECK(args_error("explore", "{\"query\": [1], \"query\": [2]}") ==
          "explore: $.query: duplicate key \"query\" (each key may appear once in an object)");
    CHECK_THAT(args_error("explore", ""), Catch::StartsWith("explore: arguments are not valid JSON: 1:1: syntax error"));
}

TEST_CASE("arguments: quoted input is escaped and cut", "[args]") {
    CHECK(args_error("explore", "{\"divisor\": \"\\u001b[2J\"}") == "explore: $.divisor: expected one of sqrt, d, 1, found \"\\u001B[2J\"");
    const std::string unknown = args_error("explore", "{\"\\u202e" + std::string(500, 'k') + "\": 1}");
    CHECK_FALSE(has_raw_control(unknown));
    CHECK(unknown.find("\xE2\x80\xAE") == std::string::npos);
    CHECK_THAT(unknown, Catch::StartsWith("explore: $[\"\\u202E" + std::string(39, 'k') + "\xE2\x80\xA6\" (501 characters)]: unknown argument"));
    const std::string flag = args_error("explore", "{\"mask\": [\"" + std::string(100000, 'x') + "\"]}");
    CHECK(flag.size() < 200);
    CHECK(flag == "explore: $.mask[0]: expected true or false, found a string");
    const std::string kind = message_of([] {
        check_practice({{"type", "practice"}, {"answer", {{"kind", std::string(1000, 'z') + "\n"}}}}, json());
    });
    CHECK(kind.size() < 200);
    CHECK_FALSE(has_raw_control(kind));
}

TEST_CASE("json text: the last read of a syntax error is a short escaped excerpt of its end", "[args]") {
    std::string unclosed = "[\"" + std::string(100000, 'a') + "\x7f" + "b";
    try {
        parse_json_text(unclosed);
        FAIL("expected an error");
    } catch (const JsonTextError& e) {
        CHECK(e.message.size() < 200);
        CHECK_THAT(e.message, Catch::Contains("last read: '\xE2\x80\xA6" + std::string(38, 'a') + "\\u007Fb'"));
    }
}

TEST_CASE("validator: messages and file names that quote the author's text are escaped", "[args]") {
    json doc = minimal();
    doc["id"] = "\x1b[2J";
    doc["cells"][0]["type"] = std::string(5000, 'p') + "\u202e";
    doc[std::string("colour\n") + "t.json: ok"] = 1;
    const json result = validate_doc(doc, "evil\nname.json");
    REQUIRE(result["ok"] == false);
    for (const json& error : result["errors"]) {
        const std::string line = validation_error_line(error);
        INFO(line);
        CHECK_FALSE(has_raw_control(line));
        CHECK(line.find("\xE2\x80\xAE") == std::string::npos);
        // Short: the quoted text is cut to an excerpt (the longest line is the unknown type's, which
        // lists every cell type, 23 of them).
        CHECK(line.size() < 450);
        CHECK_THAT(line, Catch::StartsWith("evil\\nname.json:"));
    }
    const std::string all = result["errors"].dump();
    CHECK_THAT(all, Catch::Contains("id \\\"\\\\u001B[2J\\\" must be"));
    CHECK_THAT(all, Catch::Contains("unknown field \\\"colour\\\\nt.json: ok\\\""));
}

TEST_CASE("validator: a number too large for a double names its path", "[args]") {
    const std::string text = minimal().dump().replace(minimal().dump().find("\"x\""), 3, "1e999");
    const json result = validate_notebook_text(text, "t.json");
    REQUIRE(result["errors"].size() == 1);
    CHECK(result["errors"][0]["path"] == "$.cells[0].text");
}
