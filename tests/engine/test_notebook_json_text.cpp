// parse_json_text: every error class with its message and line:column; locate_json_paths.
#include <catch2/catch.hpp>

#include <string>

#include "attnbook/notebook/json_text.hpp"

using namespace attnbook;

namespace {

// Parses text that must fail and returns the error.
JsonTextError failure(const std::string& text) {
    try {
        parse_json_text(text);
    } catch (const JsonTextError& error) {
        return error;
    }
    FAIL("expected a JsonTextError for: " << text.substr(0, 80));
    throw;  // unreachable
}

void check_at(const JsonTextError& error, std::size_t line, std::size_t column) {
    INFO(error.what());
    REQUIRE(error.position.has_value());
    CHECK(error.position->line == line);
    CHECK(error.position->column == column);
}

}  // namespace

TEST_CASE("json text: valid documents parse, with or without a byte order mark", "[notebook]") {
    CHECK(parse_json_text("{\"a\": [1, 2.5, \"x\", true, null]}")["a"][1] == 2.5);
    CHECK(parse_json_text("\xEF\xBB\xBF[1]") == nlohmann::json::array({1}));
    // exactly 64 levels is allowed
    const std::string deep = std::string(64, '[') + std::string(64, ']');
    CHECK_NOTHROW(parse_json_text(deep));
}

TEST_CASE("json text: syntax errors report line:column in characters", "[notebook]") {
    SECTION("bad literal on line 2") {
        const auto error = failure("{\"a\": [1, 2,\n  tru]}");
        check_at(error, 2, 6);
        CHECK_THAT(error.message, Catch::Contains("syntax error") && Catch::Contains("invalid literal"));
        CHECK(std::string(error.what()).rfind("2:6: ", 0) == 0);
    }
    SECTION("columns count characters, not bytes") {
        // "éé" is four bytes but two characters: the stray "]" is character 8
        const auto error = failure("[\"\xC3\xA9\xC3\xA9\", ]");
        check_at(error, 1, 8);
    }
    SECTION("trailing comma in an object") {
        const auto error = failure("{\n  \"a\": 1,\n}");
        check_at(error, 3, 1);
        CHECK_THAT(error.message, Catch::Contains("expected string literal"));
    }
    SECTION("unexpected end of input points after the last character") {
        check_at(failure("{\"a\":"), 1, 6);
        CHECK_THAT(failure("").message, Catch::Contains("unexpected end of input"));
    }
    SECTION("text after the document") { check_at(failure("[1] [2]"), 1, 5); }
    SECTION("an unexpected string or number is reported at its first character") {
        check_at(failure("{\"a\": 1 \"b\\\"c\": 2}"), 1, 9);
        check_at(failure("{\"a\": \"x\" -12.5e3}"), 1, 11);
        // The number starts at '-', not within the literal before it (which also has an 'e').
        check_at(failure("[true-1]"), 1, 6);
        // A string that ends the text: the end is what was unexpected, one past the last character.
        check_at(failure("{\"a\": \"xyz\""), 1, 12);
        check_at(failure("{\"a\": 12"), 1, 9);
    }
}

TEST_CASE("json text: bad UTF-8 is reported at its position", "[notebook]") {
    SECTION("a byte that starts nothing") {
        const auto error = failure("{\"a\":\n \"x\xFFy\"}");
        check_at(error, 2, 4);
        CHECK_THAT(error.message, Catch::StartsWith("invalid UTF-8: byte 0xFF cannot start a character"));
    }
    SECTION("a cut-short sequence at the end") {
        const auto error = failure("[\"\xC3\"]");
        check_at(error, 1, 3);
        CHECK_THAT(error.message, Catch::Contains("cut short"));
    }
    SECTION("overlong and surrogate encodings") {
        CHECK_THAT(failure("[\"\xC0\xAF\"]").message, Catch::Contains("overlong"));
        CHECK_THAT(failure("[\"\xED\xA0\x80\"]").message, Catch::Contains("surrogate"));
    }
}

TEST_CASE("json text: nesting deeper than 64 is an error, not a stack overflow", "[notebook]") {
    SECTION("100000 '['") {
        const auto error = failure(std::string(100000, '['));
        check_at(error, 1, 65);
        CHECK_THAT(error.message, Catch::Contains("nested more than 64 levels"));
        CHECK(error.path.rfind("$[0][0]", 0) == 0);
    }
    SECTION("65 levels of objects, on several lines") {
        std::string text;
        for (int i = 0; i < 65; ++i) text += "{\"a\":\n";
        const auto error = failure(text + "1" + std::string(65, '}'));
        check_at(error, 65, 1);
    }
}

TEST_CASE("json text: duplicate keys are errors at the second key", "[notebook]") {
    const auto error = failure("{\"cells\": [{\"type\": \"prose\",\n  \"text\": \"a\", \"text\": \"b\"}]}");
    check_at(error, 2, 16);
    CHECK(error.path == "$.cells[0].text");
    CHECK_THAT(error.message, Catch::StartsWith("duplicate key \"text\""));
    // the same key in two different objects is fine
    CHECK_NOTHROW(parse_json_text("[{\"a\": 1}, {\"a\": 2}]"));
}

TEST_CASE("json text: numbers that overflow a double are errors at the number", "[notebook]") {
    const auto error = failure("{\"pairs\":\n  [1, 1e999]}");
    check_at(error, 2, 7);
    CHECK_THAT(error.message, Catch::Contains("1e999") && Catch::Contains("overflows a double"));
    check_at(failure("[-1e400]"), 1, 2);
    CHECK_THAT(failure("[" + std::string(400, '9') + "]").message, Catch::Contains("overflows"));
}

TEST_CASE("json text: input over the size limit is refused with its size", "[notebook]") {
    const std::string big = "[\"" + std::string(5 * 1024 * 1024, 'x') + "\"]";
    const auto error = failure(big);
    CHECK_FALSE(error.position.has_value());
    CHECK_THAT(error.message, Catch::Contains("the limit is 4.0 MiB"));
    JsonTextLimits small;
    small.max_bytes = 4;
    CHECK_THROWS_AS(parse_json_text("[1, 2]", small), JsonTextError);
}

TEST_CASE("json text: paths and locating them in the text", "[notebook]") {
    CHECK(json_path_member("$", "cells") == "$.cells");
    CHECK(json_path_member("$", "my key") == "$[\"my key\"]");
    CHECK(json_path_member("$", "2x") == "$[\"2x\"]");
    CHECK(json_path_index("$.cells", 2) == "$.cells[2]");

    const std::string text = "\xEF\xBB\xBF{\"cells\": [ {\"t\": 1},\n {\"t\": [5, 6], \"\\u00e9\": {}} ], \"my key\": 3}";
    const auto found = locate_json_paths(
        text, {{"$.cells[1].t[1]"}, {"$.cells[1].t", true}, {"$[\"my key\"]"}, {"$.nope"}, {"$.cells[1][\"\xC3\xA9\"]"}, {"$"}});
    REQUIRE(found[0]);
    CHECK((found[0]->line == 2 && found[0]->column == 12));
    REQUIRE(found[1]);
    CHECK((found[1]->line == 2 && found[1]->column == 3));
    REQUIRE(found[2]);
    CHECK((found[2]->line == 2 && found[2]->column == 43));
    CHECK_FALSE(found[3]);
    REQUIRE(found[4]);
    CHECK((found[4]->line == 2 && found[4]->column == 26));
    REQUIRE(found[5]);
    CHECK((found[5]->line == 1 && found[5]->column == 1));
    CHECK(position_at_byte("ab\ncd", 4).column == 2);
}
