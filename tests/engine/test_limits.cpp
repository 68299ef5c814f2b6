// The `limits` command against the engine's behaviour: every limit it reports is checked at its
// boundary (the value accepted, one past it refused) in the validator and in the commands, and
// every default it reports is what the engine uses when a field is left out. So `limits`, which
// the docs and the web read, cannot say something the engine does not do, and the notebook
// validator and the commands cannot drift apart (a notebook that validates also runs).
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <string>

#include <nlohmann/json.hpp>

#include "attnbook/core/errors.hpp"
#include "attnbook/notebook/command_args.hpp"
#include "attnbook/notebook/commands.hpp"
#include "attnbook/notebook/json_text.hpp"
#include "attnbook/notebook/notebook.hpp"

using namespace attnbook;
using nlohmann::json;

namespace {

const json& limits() {
    static const json value = run_command("limits", json::object());
    return value;
}

json document(const json& cells) {
    return json{{"format", "attnbook-notebook/1"}, {"id", "t"}, {"title", "T"}, {"version", "1.0.0"},
                {"depths", {"beginner"}}, {"cells", cells}};
}

json validate_doc(const json& doc) { return validate_notebook_text(doc.dump(), "t.json"); }
bool valid(const json& doc) { return validate_doc(doc)["ok"].get<bool>(); }
bool valid_cell(const json& cell) { return valid(document(json::array({cell}))); }

json with_type(json object, const char* type) {
    object["type"] = type;
    return object;
}

json with(json object, const char* field, const json& value) {
    object[field] = value;
    return object;
}

bool command_runs(const std::string& command, const json& args) {
    try {
        run_command(command, args);
        return true;
    } catch (const UserError& e) {
        UNSCOPED_INFO(command << " " << args.dump().substr(0, 200) << ": " << e.what());
        return false;
    }
}

std::uint64_t u(const json& v) { return v.get<std::uint64_t>(); }
std::size_t z(const json& v) { return v.get<std::size_t>(); }

json filled(std::size_t n, const json& item) { return json(std::vector<json>(n, item)); }

// A cheap scaling study (the bounds are checked one field at a time on top of it).
json small_scaling() { return json{{"widths", {1}}, {"pairs", 10}, {"trials", 2}, {"keys", 2}}; }

}  // namespace

TEST_CASE("limits: scaling bounds are the same for a notebook cell and the command", "[limits]") {
    const json& s = limits()["scaling"];
    for (const char* field : {"seed", "pairs", "trials", "keys"}) {
        const std::uint64_t lo = u(s[field]["min"]), hi = u(s[field]["max"]);
        std::vector<std::uint64_t> values = {lo, hi, hi + 1};
        if (lo > 0) values.push_back(lo - 1);
        for (std::uint64_t value : values) {
            json args = small_scaling();
            args[field] = value;
            json cell = args;
            cell["type"] = "scaling-study";
            const bool inside = value >= lo && value <= hi;
            INFO(field << " = " << value);
            CHECK(valid_cell(cell) == inside);
            CHECK(command_runs("scaling", args) == inside);
        }
    }
    const std::uint64_t most = u(s["widths"]["max_count"]), least = u(s["widths"]["min_count"]);
    for (std::uint64_t count : {least - 1, least, most, most + 1}) {
        json args = small_scaling();
        args["widths"] = filled(count, 1);
        json cell = args;
        cell["type"] = "scaling-study";
        INFO(count << " widths");
        CHECK(valid_cell(cell) == (count >= least && count <= most));
        CHECK(command_runs("scaling", args) == (count >= least && count <= most));
    }
    for (std::uint64_t width : {u(s["widths"]["min"]) - 1, u(s["widths"]["max"]), u(s["widths"]["max"]) + 1}) {
        json args = small_scaling();
        args["widths"] = {width};
        json cell = args;
        cell["type"] = "scaling-study";
        const bool inside = width >= u(s["widths"]["min"]) && width <= u(s["widths"]["max"]);
        INFO("width " << width);
        CHECK(valid_cell(cell) == inside);
        CHECK(command_runs("scaling", args) == inside);
    }
    // The block limit: pairs x width at it runs, one width more does not.
    const std::uint64_t block = u(s["max_block"]), pairs = u(s["pairs"]["max"]);
    json args = small_scaling();
    args["pairs"] = pairs;
    args["widths"] = {block / pairs};
    CHECK(valid_cell(with_type(args, "scaling-study")));
    args["widths"] = {block / pairs + 1};
    CHECK_FALSE(valid_cell(with_type(args, "scaling-study")));
    CHECK_FALSE(command_runs("scaling", args));
}

TEST_CASE("limits: scaling defaults are the normalised cell and the command's", "[limits]") {
    const json& s = limits()["scaling"];
    const json result = validate_doc(document(json::array({with_type(json::object(), "scaling-study")})));
    REQUIRE(result["ok"] == true);
    const json& cell = result["notebook"]["cells"][0];
    for (const char* field : {"seed", "widths", "pairs", "trials", "keys", "divisor"}) {
        INFO(field);
        CHECK(cell[field] == s[field]["default"]);
    }
}

TEST_CASE("limits: explorable cell bounds", "[limits]") {
    const json& c = limits()["explorable"]["cell"];
    const std::size_t n = z(c["max_keys"]), d = z(c["max_width"]);
    const double most = c["max_abs"].get<double>();
    auto explorable = [](std::size_t keys, std::size_t width, double x) {
        return json{{"type", "explorable"},
                    {"query", filled(width, x)},
                    {"keys", filled(keys, filled(width, 1))},
                    {"values", filled(keys, filled(width, 1))}};
    };
    CHECK(valid_cell(explorable(n, d, most)));
    CHECK(valid_cell(explorable(n, d, -most)));
    CHECK_FALSE(valid_cell(explorable(n + 1, d, 1)));
    CHECK_FALSE(valid_cell(explorable(n, d + 1, 1)));
    CHECK_FALSE(valid_cell(explorable(1, 1, std::nextafter(most, 2 * most))));
    json labelled = explorable(1, 1, 1);
    labelled["labels"] = {std::string(z(c["label_max_chars"]), 'x')};
    CHECK(valid_cell(labelled));
    labelled["labels"] = {std::string(z(c["label_max_chars"]) + 1, 'x')};
    CHECK_FALSE(valid_cell(labelled));
}

TEST_CASE("limits: explore command bounds", "[limits]") {
    const json& c = limits()["explorable"]["command"];
    const std::size_t n = z(c["max_sources"]), d = z(c["max_width"]);
    auto args = [](std::size_t sources, std::size_t width) {
        return json{{"query", filled(width, 1)}, {"keys", filled(sources, filled(width, 1))},
                    {"values", filled(sources, filled(width, 1))}};
    };
    CHECK(command_runs("explore", args(n, d)));
    CHECK_FALSE(command_runs("explore", args(n + 1, 1)));
    CHECK_FALSE(command_runs("explore", args(1, d + 1)));
}

TEST_CASE("limits: hand example bounds for a cell and for the command", "[limits]") {
    const json& h = limits()["hand_example"];
    const std::size_t rows = z(h["cell"]["max_rows"]), width = z(h["cell"]["max_width"]);
    const double most = h["cell"]["max_abs"].get<double>();
    auto matrices = [](std::size_t m, std::size_t d, double x) {
        return json{{"queries", filled(m, filled(d, x))}, {"keys", filled(m, filled(d, 1))},
                    {"values", filled(m, filled(d, 1))}};
    };
    auto cell = [&](std::size_t m, std::size_t d, double x) { return with_type(matrices(m, d, x), "hand-example"); };
    CHECK(valid_cell(cell(rows, width, most)));
    CHECK_FALSE(valid_cell(cell(rows + 1, width, 1)));
    CHECK_FALSE(valid_cell(cell(rows, width + 1, 1)));
    CHECK_FALSE(valid_cell(cell(1, 1, std::nextafter(most, 2 * most))));
    const std::size_t command_rows = z(h["command"]["max_rows"]), command_width = z(h["command"]["max_width"]);
    CHECK(command_runs("hand_example", matrices(command_rows, command_width, 1)));
    CHECK_FALSE(command_runs("hand_example", matrices(command_rows + 1, 1, 1)));
    CHECK_FALSE(command_runs("hand_example", matrices(1, command_width + 1, 1)));
}

TEST_CASE("limits: the lessons' defaults are what the commands compute", "[limits]") {
    const json& e = limits()["explorable"]["defaults"];
    CHECK(run_command("explore", json::object()) ==
          run_command("explore", {{"query", e["query"]}, {"keys", e["keys"]}, {"values", e["values"]},
                                  {"divisor", e["divisor"]}}));
    const json& h = limits()["hand_example"]["defaults"];
    CHECK(run_command("hand_example", json::object()) == run_command("hand_example", h));
    // The explorable cell's divisor default is the lesson's.
    const json cell = {{"type", "explorable"}, {"query", {1}}, {"keys", {{1}}}, {"values", {{1}}}};
    CHECK(validate_doc(document(json::array({cell})))["notebook"]["cells"][0]["divisor"] == e["divisor"]);
}

TEST_CASE("limits: the name lists are the ones the engine accepts", "[limits]") {
    const json& l = limits();
    for (const json& name : l["divisors"]) {
        INFO(name);
        CHECK(command_runs("explore", {{"divisor", name}}));
        CHECK(valid_cell({{"type", "explorable"}, {"query", {1}}, {"keys", {{1}}}, {"values", {{1}}}, {"divisor", name}}));
    }
    CHECK_FALSE(command_runs("explore", {{"divisor", "two"}}));
    // Each cell type is known (an empty cell of a known type is not "unknown cell type").
    std::string listed;
    for (const json& type : l["notebook"]["cell_types"]) {
        listed += (listed.empty() ? "" : ", ") + type.get<std::string>();
        const std::string errors = validate_doc(document(json::array({json{{"type", type}}})))["errors"].dump();
        CHECK(errors.find("unknown cell type") == std::string::npos);
    }
    const std::string unknown = validate_doc(document(json::array({json{{"type", "nope"}}})))["errors"][0]["message"];
    CHECK(unknown.find("(expected one of: " + listed + ")") != std::string::npos);
    for (const json& depth : l["notebook"]["depths"]) {
        json doc = document(json::array({json{{"type", "prose"}, {"text", "x"}}}));
        doc["depths"] = json::array({depth});
        CHECK(valid(doc));
    }
    for (const json& kind : l["practice"]["answer_kinds"]) {
        const json cell = {{"type", "practice"}, {"prompt", "p"}, {"answer", {{"kind", kind}}}};
        CHECK(validate_doc(document(json::array({cell})))["errors"].dump().find("unknown answer kind") == std::string::npos);
    }
}

TEST_CASE("limits: the document's own fields", "[limits]") {
    const json& nb = limits()["notebook"];
    const json one_cell = document(json::array({json{{"type", "prose"}, {"text", "x"}}}));
    auto with_field = [&](const char* field, const json& value) { return with(one_cell, field, value); };
    for (const char* field : {"title", "description"}) {
        const std::size_t most = z(nb[std::string(field) + "_max_chars"]);
        CHECK(valid(with_field(field, std::string(most, 'x'))));
        CHECK_FALSE(valid(with_field(field, std::string(most + 1, 'x'))));
    }
    const std::size_t id_most = z(nb["id_max_chars"]);
    CHECK(valid(with_field("id", std::string(id_most, 'x'))));
    CHECK_FALSE(valid(with_field("id", std::string(id_most + 1, 'x'))));
    CHECK(valid(with_field("version", "1.0.0-" + std::string(z(nb["version_max_chars"]) - 6, 'x'))));
    CHECK_FALSE(valid(with_field("version", "1.0.0-" + std::string(z(nb["version_max_chars"]) - 5, 'x'))));
    const json prose = {{"type", "prose"}, {"text", "x"}};
    CHECK(valid(document(filled(z(nb["cells"]["max"]), prose))));
    CHECK_FALSE(valid(document(filled(z(nb["cells"]["max"]) + 1, prose))));
    CHECK_FALSE(valid(document(filled(z(nb["cells"]["min"]) - 1, prose))));
    // Markdown fields (prose, captions, prompts, hints) at their limit and one past it.
    const std::size_t markdown = z(nb["markdown_max_chars"]);
    CHECK(valid_cell({{"type", "prose"}, {"text", std::string(markdown, 'x')}}));
    CHECK_FALSE(valid_cell({{"type", "prose"}, {"text", std::string(markdown + 1, 'x')}}));
    const std::size_t tex = z(nb["tex_max_chars"]);
    CHECK(valid_cell({{"type", "maths"}, {"tex", std::string(tex, 'x')}}));
    CHECK_FALSE(valid_cell({{"type", "maths"}, {"tex", std::string(tex + 1, 'x')}}));
}

TEST_CASE("limits: references", "[limits]") {
    const json& nb = limits()["notebook"];
    const json item = {{"authors", "A"}, {"title", "T"}, {"year", 2017}, {"venue", "V"}};
    auto refs = [](const json& items) { return json{{"type", "references"}, {"items", items}}; };
    CHECK(valid_cell(refs(filled(z(nb["references"]["max"]), item))));
    CHECK_FALSE(valid_cell(refs(filled(z(nb["references"]["max"]) + 1, item))));
    CHECK_FALSE(valid_cell(refs(filled(z(nb["references"]["min"]) - 1, item))));
    const std::size_t text = z(nb["reference_text_max_chars"]);
    CHECK(valid_cell(refs(json::array({with(item, "authors", std::string(text, 'x'))}))));
    CHECK_FALSE(valid_cell(refs(json::array({with(item, "venue", std::string(text + 1, 'x'))}))));
    const long long lo = nb["year"]["min"], hi = nb["year"]["max"];
    CHECK(valid_cell(refs(json::array({with(item, "year", lo)}))));
    CHECK(valid_cell(refs(json::array({with(item, "year", hi)}))));
    CHECK_FALSE(valid_cell(refs(json::array({with(item, "year", lo - 1)}))));
    CHECK_FALSE(valid_cell(refs(json::array({with(item, "year", hi + 1)}))));
    const std::string https = "https://e.org/";
    const std::size_t url = z(nb["url_max_chars"]);
    CHECK(valid_cell(refs(json::array({with(item, "url", https + std::string(url - https.size(), 'x'))}))));
    CHECK_FALSE(valid_cell(refs(json::array({with(item, "url", https + std::string(url - https.size() + 1, 'x'))}))));
}

TEST_CASE("limits: practice answers", "[limits]") {
    const json& p = limits()["practice"];
    auto choice = [](std::size_t n) {
        json options = json::array();
        for (std::size_t i = 0; i < n; ++i) options.push_back("option " + std::to_string(i));
        return json{{"type", "practice"}, {"prompt", "p"}, {"answer", {{"kind", "choice"}, {"options", options}, {"correct", 0}}}};
    };
    CHECK(valid_cell(choice(z(p["options"]["min"]))));
    CHECK(valid_cell(choice(z(p["options"]["max"]))));
    CHECK_FALSE(valid_cell(choice(z(p["options"]["min"]) - 1)));
    CHECK_FALSE(valid_cell(choice(z(p["options"]["max"]) + 1)));
    const double most = p["max_abs_answer"].get<double>();
    auto number = [](double value) {
        return json{{"type", "practice"}, {"prompt", "p"}, {"answer", {{"kind", "number"}, {"value", value}, {"tolerance", 1}}}};
    };
    CHECK(valid_cell(number(-most)));
    CHECK_FALSE(valid_cell(number(std::nextafter(most, 2 * most))));
}

TEST_CASE("limits: notebook text and command arguments: size and depth", "[limits]") {
    const json& nb = limits()["notebook"];
    const std::size_t depth = z(nb["max_depth"]), bytes = z(nb["max_bytes"]);
    CHECK_NOTHROW(parse_json_text(std::string(depth, '[') + std::string(depth, ']')));
    CHECK_THROWS_AS(parse_json_text(std::string(depth + 1, '[') + std::string(depth + 1, ']')), JsonTextError);
    CHECK_NOTHROW(parse_json_text("\"" + std::string(bytes - 2, 'a') + "\""));
    CHECK_THROWS_AS(parse_json_text("\"" + std::string(bytes - 1, 'a') + "\""), JsonTextError);
    const json& a = limits()["arguments"];
    const std::size_t args_depth = z(a["max_depth"]), args_bytes = z(a["max_bytes"]);
    CHECK_NOTHROW(parse_command_args("x", std::string(args_depth, '[') + std::string(args_depth, ']')));
    CHECK_THROWS_AS(parse_command_args("x", std::string(args_depth + 1, '[') + std::string(args_depth + 1, ']')),
                    UserError);
    CHECK_NOTHROW(parse_command_args("x", "\"" + std::string(args_bytes - 2, 'a') + "\""));
    CHECK_THROWS_AS(parse_command_args("x", "\"" + std::string(args_bytes - 1, 'a') + "\""), UserError);
    // A notebook at its own limit still fits inside the arguments of `validate`, whatever it holds.
    const std::string worst(bytes, '\x01');
    CHECK(json({{"text", worst}}).dump().size() <= args_bytes);
}
