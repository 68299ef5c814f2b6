// Issue 20, finding 9: jacobian widths 2797-4096 validated, then the cell showed an engine error:
// one (trials, keys, width) block of keys may hold at most 2^23 numbers, and the cell runs with
// the default 500 trials of 6 keys, so the widest width that runs is floor(2^23 / 3000) = 2796.
// The validator now asks the lesson's own check (check_jacobian_input), as the scaling study does.
#include <catch2/catch.hpp>

#include <string>

#include <nlohmann/json.hpp>

#include "attnbook/core/errors.hpp"
#include "attnbook/notebook/commands.hpp"
#include "attnbook/notebook/notebook.hpp"

using namespace attnbook;
using nlohmann::json;

namespace {

json validate_widths(const json& widths) {
    const json doc = {{"format", "attnbook-notebook/1"}, {"id", "j"}, {"title", "J"}, {"version", "1.0.0"},
                      {"depths", {"beginner"}}, {"cells", {{{"type", "jacobian"}, {"widths", widths}}}}};
    return validate_notebook_text(doc.dump(2), "j.json");
}

// Whether the command the cell calls (web/src/render/jacobian.js: jacobian_norms {widths, seed})
// accepts these widths. Only refusals are run to the end here: they stop before any arithmetic.
bool command_refuses(const json& widths) {
    try {
        run_command("jacobian_norms", {{"widths", widths}, {"seed", 0}, {"trials", 500}, {"keys", 6}});
    } catch (const UserError&) {
        return true;
    }
    return false;
}

}  // namespace

TEST_CASE("jacobian: a width validates exactly when the cell can run it", "[notebook][jacobian]") {
    constexpr long long widest = (1LL << 23) / (500 * 6);  // 2796, by hand from the limit
    REQUIRE(widest == 2796);
    CHECK(validate_widths({1, 64, widest})["ok"] == true);
    for (long long w : {widest + 1, 3000LL, 4096LL}) {
        const json r = validate_widths({4, w});
        INFO(r.dump(1));
        REQUIRE(r["ok"] == false);
        REQUIRE(r["errors"].size() == 1);
        CHECK(r["errors"][0]["path"] == "$.cells[0].widths[1]");
        CHECK(r["errors"][0]["message"].get<std::string>().find("trials x keys x width: 500 x 6 x " + std::to_string(w)) == 0);
        CHECK(r["errors"][0]["line"].is_number());
    }
    // Still the per-width range first: 4097 is out of range, not "too large a block".
    CHECK(validate_widths({4097})["errors"][0]["message"] == "must be between 1 and 4096, found 4097");
}

TEST_CASE("jacobian: the command refuses the same widths", "[notebook][jacobian]") {
    for (long long w : {2797LL, 4096LL}) CHECK(command_refuses({w}));
    // And a refusal is not everything: a width out of range is refused for its own reason.
    CHECK(command_refuses({4097}));
}
