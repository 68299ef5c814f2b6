// The `restore` command: a permalink's state for one cell, each key merged into the cell and
// checked by the cell type's table and the lesson's rules between fields. Hand-written cases: a
// bad key is dropped with a message naming its field, a good one kept, an unknown key refused,
// the scaling study's max_block rule (2^23 numbers in one block) applied to keys together.
#include <catch2/catch.hpp>

#include <string>

#include <nlohmann/json.hpp>

#include "attnbook/core/errors.hpp"
#include "attnbook/notebook/commands.hpp"

using namespace attnbook;
using nlohmann::json;

namespace {

json restore(const char* type, json cell, json state) {
    cell["type"] = type;
    return run_command("restore", {{"type", type}, {"cell", cell}, {"state", state}});
}

// The message of the refusal of `key` ("" when it was not refused).
std::string refusal(const json& answer, const std::string& key) {
    for (const json& r : answer.at("refused"))
        if (r.at("key") == key) return r.at("message").get<std::string>();
    return "";
}

const json kCost = {{"tokens", 100000}, {"head_width", 64}, {"value_width", 64}, {"heads", 1},
                    {"layers", 1},       {"batch", 1},       {"bytes", 2}};

}  // namespace

TEST_CASE("restore: a good key is kept, a bad one dropped with its field named") {
    const json answer = restore("cost", kCost, {{"tok", 1000}, {"dw", 0}, {"bytes", 2.5}});
    CHECK(answer.at("state") == json{{"tok", 1000}});
    CHECK(refusal(answer, "dw") == "cost: $.head_width: must be between 1 and 65536, found 0");
    CHECK(refusal(answer, "bytes") == "cost: $.bytes: expected a whole number, found 2.5");
    CHECK(answer.at("refused").size() == 2);
}

TEST_CASE("restore: a key no field of the cell keeps is refused") {
    const json answer = restore("cost", kCost, {{"tokens", 1000}, {"q", json::array({1, 2})}});
    CHECK(answer.at("state") == json::object());
    CHECK(refusal(answer, "tokens") == "cost: \"tokens\" is not a setting this cell keeps");
    CHECK(refusal(answer, "q") == "cost: \"q\" is not a setting this cell keeps");
}

TEST_CASE("restore: the scaling study's max_block holds across keys") {
    const json cell = {{"seed", 0}, {"widths", {4, 16, 64, 256}}, {"pairs", 20000}, {"trials", 2000}, {"keys", 6},
                       {"divisor", "sqrt"}};
    SECTION("each key in range, together over the block: the later key in the table's order is dropped") {
        // widths [4096] with the cell's 20000 pairs: 81,920,000 numbers > 2^23 = 8,388,608; with
        // 2000 pairs: 8,192,000, under it. So widths alone is refused; pairs first, then widths, pass.
        const json alone = restore("scaling-study", cell, {{"widths", {4096}}});
        CHECK(alone.at("state") == json::object());
        CHECK(refusal(alone, "widths") ==
              "scaling-study: $.widths: pairs x width: 20000 x 4096 numbers is more than the 8388608 one table may hold");
        const json both = restore("scaling-study", cell, {{"widths", {4096}}, {"pairs", 2000}, {"trials", 100}});
        // The table's order is seed, widths, pairs, trials: widths comes before pairs and fails.
        CHECK(both.at("state") == json{{"pairs", 2000}, {"trials", 100}});
        CHECK(!refusal(both, "widths").empty());
    }
    SECTION("a divisor by name, a width list out of range") {
        const json answer = restore("scaling-study", cell, {{"div", "d"}, {"widths", {4, 5000}}, {"keys", 1}});
        CHECK(answer.at("state") == json{{"div", "d"}});
        CHECK(refusal(answer, "widths") == "scaling-study: $.widths[1]: must be between 1 and 4096, found 5000");
        CHECK(refusal(answer, "keys") == "scaling-study: $.keys: must be between 2 and 64, found 1");
    }
}

TEST_CASE("restore: a cell's shapes are the lesson's rules") {
    const json cell = {{"queries", {{2, 1}, {1, -1}, {0, 2}}},
                       {"keys", {{-1, 2}, {1, 0}, {0, 1}}},
                       {"values", {{2, 0}, {0, 2}, {-1, -1}}},
                       {"labels", {"A", "B", "C"}},
                       {"mask", {{true, true, true}, {true, true, true}, {true, true, true}}},
                       {"divisor", "sqrt"}};
    const json causal = {{true, false, false}, {true, true, false}, {true, true, true}};
    const json answer = restore("held-sequence", cell,
                                {{"qs", {{1, 0}, {0, 1}, {1, 1}}}, {"ms", {{true, false}}}, {"vs", {{1, 2}, {3, 1e9}, {5, 6}}},
                                 {"row", 2}});
    CHECK(answer.at("state") == json{{"qs", {{1, 0}, {0, 1}, {1, 1}}}, {"row", 2}});
    CHECK(refusal(answer, "vs").rfind("held-sequence: $.values[1][1]: must be between ", 0) == 0);
    CHECK(refusal(answer, "ms") == "held-sequence: $.mask: the cell's mask are 3 x 3; a saved value keeps that shape");
    // A matrix of another shape that the lesson would take (four query rows, a mask row each) is
    // still refused: the page's editors keep the cell's shape.
    const json four = restore("held-sequence", cell, {{"qs", {{1, 0}, {0, 1}, {1, 1}, {2, 2}}}});
    CHECK(refusal(four, "qs") == "held-sequence: $.queries: the cell's queries are 3 x 2; a saved value keeps that shape");
    CHECK(restore("held-sequence", cell, {{"ms", causal}}).at("state") == json{{"ms", causal}});
}

TEST_CASE("restore: choices, switches and the training lab's heads") {
    const json mistakes = {{"heads", 8}, {"head_width", 64}, {"tuned_width", 16}};
    const json m = restore("mistakes", mistakes, {{"tuned", 5}, {"heads", 4}});
    CHECK(m.at("state") == json{{"heads", 4}});
    CHECK(refusal(m, "tuned").find("$.tuned_width: must be one of ") != std::string::npos);

    const json lab = {{"task", "previous"}, {"layers", 1}, {"heads", 1}, {"width", 16}, {"context", 8},
                      {"vocab", 8},         {"mlp", false}, {"divisor", "sqrt"}, {"learning_rate", 0.01},
                      {"batch", 16},        {"steps", 100}, {"seed", 0}};
    const json t = restore("training-lab", lab, {{"heads", 3}, {"task", "nope"}, {"lr", 0.003}, {"mlp", 1}});
    CHECK(t.at("state") == json{{"lr", 0.003}});
    CHECK(!refusal(t, "heads").empty());
    CHECK(refusal(t, "task").rfind("training-lab: $.task: expected one of ", 0) == 0);
    CHECK(refusal(t, "mlp") == "training-lab: $.mlp: expected true or false, found a number");
}

TEST_CASE("restore: the cell types without a table keep their state as it came") {
    const json state = {{"q", {1, 2}}, {"norm", "sparsemax"}};
    CHECK(restore("explorable", json::object(), state).at("state") == state);
    CHECK_THROWS_AS(run_command("restore", {{"type", "cost"}, {"cell", kCost}, {"state", 3}}), UserError);
}

TEST_CASE("restore: the explorable's query, mask, keys, values, reference and normaliser") {
    const json cell = {{"query", {2, 1}},          {"keys", {{-1, 2}, {1, 0}, {0, 1}}},
                       {"values", {{2, 0}, {0, 2}, {-1, -1}}}, {"labels", {"A", "B", "C"}},
                       {"mask", {true, true, true}}, {"divisor", "sqrt"},
                       {"reference_query", {2, 1}}};
    SECTION("values of the cell's shape and limits are kept") {
        const json state = {{"q", {0.5, -3}}, {"m", {true, false, true}}, {"ks", {{1, 1}, {2, 2}, {3, 3}}},
                            {"r", {1, 1}}, {"norm", "sparsemax"}};
        const json answer = restore("explorable", cell, state);
        CHECK(answer.at("state") == state);
        CHECK(answer.at("refused").empty());
    }
    SECTION("a query, mask or reference of another width, a matrix of another shape, an unknown normaliser") {
        const json answer = restore("explorable", cell,
                                    {{"q", {1, 2, 3}}, {"m", {true, false}}, {"vs", {{1, 1}, {2, 2}}},
                                     {"r", {1}}, {"norm", "max"}, {"div", "d"}});
        CHECK(answer.at("state") == json::object());
        // A rule between fields (the lesson's wording) is placed at the field the key sets.
        CHECK(refusal(answer, "q") == "explorable: $.query: keys[0] has 2 numbers but the query has 3");
        CHECK(refusal(answer, "m").rfind("explorable: $.mask: ", 0) == 0);
        CHECK(refusal(answer, "vs") == "explorable: $.values: the cell's values are 3 x 2; a saved value keeps that shape");
        CHECK(refusal(answer, "r") == "explorable: $.reference_query: reference_query has 1 number but the query has 2");
        CHECK(refusal(answer, "norm").find("$.normalizer") != std::string::npos);
        CHECK(refusal(answer, "div") == "explorable: \"div\" is not a setting this cell keeps");
    }
}

TEST_CASE("restore: PyTorch's explicit scale and the Jacobian's scores in the table's ranges") {
    const json rules = restore("pytorch-rules", {{"scale", 0.5}}, {{"scale", 0.25}});
    CHECK(rules.at("state") == json{{"scale", 0.25}});
    const json too_large = restore("pytorch-rules", {{"scale", 0.5}}, {{"scale", 1e9}});
    CHECK(too_large.at("state") == json::object());
    CHECK(refusal(too_large, "scale").find("$.scale") != std::string::npos);

    const json cell = {{"scores", {1, 2, 3}}, {"widths", {4, 16}}, {"seed", 0}};
    const json kept = restore("jacobian", cell, {{"s", {0.5, 1, 1.5, 2}}, {"mult", 3}});
    CHECK(kept.at("state") == json{{"s", {0.5, 1, 1.5, 2}}, {"mult", 3}});  // mult: the page's own key
    const json refused = restore("jacobian", cell, {{"s", {1e300}}});
    CHECK(refusal(refused, "s").find("$.scores") != std::string::npos);
}

TEST_CASE("restore: a saved vector or matrix keeps the cell's shape and every entry's limit") {
    // What the page's saved.js checked before (vector, matrix): now the table's and the shape rule.
    const json cell = {{"queries", {{1, 0}, {0, 1}, {1, 1}}}, {"keys", {{1, 0}, {0, 1}, {1, 1}}},
                       {"values", {{1, 2}, {3, 4}, {5, 6}}}};
    const json kept = restore("hand-example", cell, {{"qs", {{1, 2}, {3, 4}, {5, 6}}}});
    CHECK(kept.at("state") == json{{"qs", {{1, 2}, {3, 4}, {5, 6}}}});
    const json missing_row = restore("hand-example", cell, {{"qs", {{1, 2}, {3, 4}}}});
    CHECK(refusal(missing_row, "qs") == "hand-example: $.queries: the cell's queries are 3 x 2; a saved value keeps that shape");
    const json short_row = restore("hand-example", cell, {{"ks", {{1, 2}, {3}, {5, 6}}}});
    CHECK(refusal(short_row, "ks") == "hand-example: $.keys: the cell's keys are 3 x 2; a saved value keeps that shape");
    const json too_large = restore("hand-example", cell, {{"vs", {{1, 2}, {3, 1e9}, {5, 6}}}});
    CHECK(too_large.at("state") == json::object());
    CHECK(refusal(too_large, "vs").rfind("hand-example: $.values[1][1]: ", 0) == 0);

    const json explorable = {{"query", {2, 1}}, {"keys", {{-1, 2}, {1, 0}, {0, 1}}}, {"values", {{2, 0}, {0, 2}, {-1, -1}}},
                             {"labels", {"A", "B", "C"}}, {"mask", {true, true, true}}, {"divisor", "sqrt"},
                             {"reference_query", {2, 1}}};
    const json short_query = restore("explorable", explorable, {{"q", {1}}});
    CHECK(refusal(short_query, "q").rfind("explorable: $.query: ", 0) == 0);
    const json huge_query = restore("explorable", explorable, {{"q", {1, 1e9}}});
    CHECK(refusal(huge_query, "q").rfind("explorable: $.query[1]: ", 0) == 0);
    const json not_numbers = restore("explorable", explorable, {{"q", "1,2"}});
    CHECK(refusal(not_numbers, "q").rfind("explorable: $.query: ", 0) == 0);
}
