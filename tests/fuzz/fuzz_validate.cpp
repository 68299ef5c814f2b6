// Fuzz target "validate": arbitrary bytes as a notebook document, through the validate command
// the way `attnbook validate FILE` runs it (the file's bytes as they are, see engine/cli/main.cpp)
// and the page's validation does (run_command("validate", {"text", "name"})).
// Properties, from the contract in engine/include/attnbook/notebook/notebook.hpp:
//   - it never throws (a bad document is a report, not an error), and the report prints (UTF-8
//     strings, finite numbers);
//   - ok is true exactly when there are no errors, and only then is there a notebook;
//   - at most notebook_max_errors errors, each with a where, a message, a path that is null or
//     starts at $, and a line:column inside the text (column counted in characters);
//   - a notebook it accepts is accepted again, unchanged, after printing (normalising twice
//     changes nothing).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "attnbook/notebook/authoring.hpp"
#include "attnbook/notebook/commands.hpp"
#include "attnbook/notebook/notebook.hpp"
#include "fuzz_check.hpp"

using attnbook_fuzz::check;
using nlohmann::json;

namespace {

const bool authoring_enabled = (attnbook::enable_authoring(), true);  // the CLI carries it, so the fuzzer does

// Characters per line of the text (code points; a leading byte-order mark is not counted, as in
// json_text.hpp), for the bound on each error's column. Bytes are counted where the text is not
// UTF-8: a position there is only bounded by the byte count.
std::vector<std::size_t> line_lengths(const std::string& text) {
    std::vector<std::size_t> lengths(1, 0);
    const bool utf8 = attnbook_fuzz::valid_utf8(text);
    const std::size_t start = text.rfind("\xEF\xBB\xBF", 0) == 0 ? 3 : 0;
    for (std::size_t i = start; i < text.size(); ++i) {
        if (text[i] == '\n') {
            lengths.push_back(0);
        } else if (!utf8 || (static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
            ++lengths.back();
        }
    }
    return lengths;
}

void check_report(const std::string& text, const json& report, const std::string& name) {
    check(report.is_object() && report.contains("ok") && report["ok"].is_boolean(), "report has no boolean ok");
    check(report.contains("errors") && report["errors"].is_array(), "report has no errors array");
    const json& errors = report["errors"];
    const bool ok = report["ok"].get<bool>();
    check(ok == errors.empty(), "ok disagrees with the error list");
    check(ok == report.contains("notebook"), "a notebook is returned exactly when ok");
    check(errors.size() <= attnbook::notebook_max_errors, "more than notebook_max_errors errors");
    attnbook_fuzz::check_printable(report, "validate report");

    const std::vector<std::size_t> lengths = line_lengths(text);
    for (const json& e : errors) {
        check(e.contains("where") && e["where"].is_string() && e["where"].get<std::string>().rfind(name, 0) == 0,
              "error without a where naming the file: " + e.dump());
        check(e.contains("message") && e["message"].is_string() && !e["message"].get<std::string>().empty(),
              "error without a message: " + e.dump());
        check(e.contains("path") && (e["path"].is_null() ||
                                     (e["path"].is_string() && e["path"].get<std::string>().rfind("$", 0) == 0)),
              "error path neither null nor $...: " + e.dump());
        check(e["line"].is_null() == e["column"].is_null(), "line without column: " + e.dump());
        if (e["line"].is_null()) continue;
        check(e["line"].is_number_unsigned() && e["column"].is_number_unsigned(), "position is not whole: " + e.dump());
        const auto line = e["line"].get<std::size_t>(), column = e["column"].get<std::size_t>();
        check(line >= 1 && line <= lengths.size(), "line outside the text: " + e.dump());
        check(column >= 1 && column <= lengths[line - 1] + 1, "column outside its line: " + e.dump());
        check(e["where"] == name + ":" + std::to_string(line) + ":" + std::to_string(column),
              "where disagrees with line:column: " + e.dump());
        (void)attnbook::validation_error_line(e);  // must not throw either
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    const std::string name = "fuzz.json";
    json report;
    try {
        report = attnbook::run_command("validate", json{{"text", text}, {"name", name}});
    } catch (const std::exception& e) {
        attnbook_fuzz::fail(std::string("the validate command threw: ") + e.what());
    }
    check_report(text, report, name);
    if (report["ok"].get<bool>()) {
        const std::string again_text = report["notebook"].dump(2);
        json again;
        try {
            again = attnbook::validate_notebook_text(again_text, "again.json");
        } catch (const std::exception& e) {
            attnbook_fuzz::fail(std::string("validate_notebook_text threw on its own output: ") + e.what());
        }
        check(again["ok"] == true, "the normalised notebook is not valid: " + again["errors"].dump());
        check(again["notebook"] == report["notebook"], "normalising twice changed the notebook");
    }
    return 0;
}
