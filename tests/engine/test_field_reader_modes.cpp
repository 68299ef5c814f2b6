// The field reader's two modes read a value with the same checks and the same words: collect (the
// validator: every error at its path) and throw (a command, a cell's values for `restore`: the
// first error, named by who asked). A small table of its own; the messages are written out here.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "attnbook/core/errors.hpp"
#include "attnbook/notebook/field_reader.hpp"

using namespace attnbook;
using nlohmann::json;

namespace demo {
struct Input {
    std::size_t heads = 1;
    std::vector<double> xs{0};
    bool on = false;
};
inline constexpr Field heads = Field::whole_in("heads", {1, 8}, "heads");
inline constexpr Field xs = Field::numbers_in("xs", {1, 3}, 10, "numbers");
inline constexpr Field on = Field::switch_named("on", "a switch");
template <class F>
void fields(Input& in, F&& field) {
    field(heads, in.heads);
    field(xs, in.xs);
    field(on, in.on);
}
}  // namespace demo

namespace {

struct Collect final : ErrorSink {
    std::vector<std::string> errors;
    void error(const std::string& path, std::initializer_list<TextPart> message) override {
        errors.push_back(path + ": " + join_text(message));
    }
};

std::vector<std::string> collected(const json& values) {
    Collect sink;
    demo::Input in;
    const std::string root = "$";
    CellValues src(sink, values, root);
    read_fields(bind_fields(in), src);
    return sink.errors;
}

std::string thrown(const json& values) {
    demo::Input in;
    try {
        read_cell_values("demo", values, bind_fields(in));
    } catch (const UserError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("field reader: collect reports every error, throw the first, in the same words") {
    const json bad = {{"heads", 0}, {"xs", {1, 11, "x"}}, {"on", 1}};
    const std::vector<std::string> all = {
        "$.heads: must be between 1 and 8, found 0",
        "$.xs[1]: must be between -10 and 10, found 11",
        "$.xs[2]: expected a number, found a string",
        "$.on: expected true or false, found a number",
    };
    CHECK(collected(bad) == all);
    CHECK(thrown(bad) == "demo: " + all[0]);
    CHECK(collected({{"xs", json::array()}}) == std::vector<std::string>{"$.xs: must have between 1 and 3 numbers, found 0"});
    CHECK(thrown({{"xs", json::array()}}) == "demo: $.xs: must have between 1 and 3 numbers, found 0");
    CHECK(collected({{"heads", 2.0}, {"xs", {-10, 10}}, {"on", true}}).empty());
    CHECK(thrown({{"heads", 2.5}}) == "demo: $.heads: expected a whole number, found 2.5");
}

TEST_CASE("field reader: a command checks its whole numbers' ranges and leaves counts and sizes to its lesson") {
    CHECK_THROWS_WITH(read_command_fields<demo::Input>("demo", {{"heads", 9}}), "demo: $.heads: must be between 1 and 8, found 9");
    const demo::Input in = read_command_fields<demo::Input>("demo", {{"xs", {1, 2, 3, 400}}, {"on", true}, {"heads", nullptr}});
    CHECK(in.xs == std::vector<double>{1, 2, 3, 400});
    CHECK(in.on);
    CHECK(in.heads == 1);  // null: left out
    CHECK_THROWS_WITH(read_command_fields<demo::Input>("demo", {{"on", 1}}), "demo: $.on: expected true or false, found a number");
}
