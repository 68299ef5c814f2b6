// split_text and trim_blanks (core/text_split.hpp): the CLI's lists and the permalink reader's
// pairs and values are cut with them, so empty pieces must survive (",," is two missing numbers,
// which the readers then refuse, not one).
#include <catch2/catch.hpp>

#include "attnbook/core/text_split.hpp"

using attnbook::split_text;
using attnbook::trim_blanks;
using attnbook::trim_blanks_end;
using Parts = std::vector<std::string>;

TEST_CASE("split_text keeps every piece, empty ones included", "[text]") {
    CHECK(split_text("1,2,3", ',') == Parts{"1", "2", "3"});
    CHECK(split_text("", ',') == Parts{""});
    CHECK(split_text(",", ',') == Parts{"", ""});
    CHECK(split_text("a,,b,", ',') == Parts{"a", "", "b", ""});
    CHECK(split_text("1,0;0,1", ';') == Parts{"1,0", "0,1"});
    CHECK(split_text("no separator", '&') == Parts{"no separator"});
}

TEST_CASE("trim_blanks drops spaces, tabs and line ends at both ends only", "[text]") {
    CHECK(trim_blanks("  1.5\t") == "1.5");
    CHECK(trim_blanks(" a b ") == "a b");
    CHECK(trim_blanks(" \t ") == "");
    CHECK(trim_blanks("") == "");
    CHECK(trim_blanks("\r\n1\n") == "1");
    CHECK(trim_blanks("\v1\f") == "\v1\f");  // vertical tab and form feed are not blanks here
}

TEST_CASE("trim_blanks_end keeps the start", "[text]") {
    CHECK(trim_blanks_end("  text \n\n") == "  text");
    CHECK(trim_blanks_end("\n \t") == "");
    CHECK(trim_blanks_end("x") == "x");
}
