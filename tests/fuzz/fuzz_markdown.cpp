// Fuzz target "markdown": the bytes as the text of a prose cell in an otherwise valid notebook,
// through validate_notebook_text, to reach the Markdown subset and link checks
// (engine/src/notebook/validate_markdown.cpp) with every text and not just valid documents.
// Properties:
//   - never throws; only the text itself can be wrong ($.cells[0].text), so any other error
//     means the check misplaced its report;
//   - an accepted text comes back unchanged in the normalised notebook;
//   - the rules of docs/notebook-format.md, written here independently, for texts without code
//     spans or fences, backtick or tilde (where anything goes): an accepted text has no "<" before
//     a letter, "/", "!" or "?" (raw HTML), and no link "](target)" whose target starts with a
//     scheme other than https: (javascript:, data:, http:) or with "//";
//   - time: the checks are linear, so a text of n bytes is validated within kFixedMs + kPerByteUs
//     * n of CPU time (CPU time, not wall time: a loaded machine does not fail it). A scan that
//     rescans the rest of the text for each "[", "$" or "`" takes seconds on 20,000 bytes.
//     (The page's own typesetting is bounded by the formula limits this validator enforces, and
//     timed in Chromium by tests/browser/main-thread.test.mjs.)
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <ctime>
#include <string>

#include "attnbook/notebook/notebook.hpp"
#include "fuzz_check.hpp"

using attnbook_fuzz::check;
using nlohmann::json;

namespace {

// Under AddressSanitizer + UndefinedBehaviorSanitizer the validator takes well under 1 µs per byte
// of ordinary or worst-case text (20,000 "[" or "$a" in about 10 ms); the bound leaves room for the
// sanitizers' slow paths and the first call's set-up, and is still far below a quadratic scan.
constexpr double kFixedMs = 50;
constexpr double kPerByteUs = 10;

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// Does an accepted text break the documented rules? (Only asked of texts without code.)
// Links are read left to right as the validator reads them: "](" up to the next ")" on the same
// line, the target ending at its first space or control character (a title may follow); a link's text in turn is not
// searched for links. Inside a target "<" is a URL character (as in CommonMark); everywhere else
// "<" before a letter, "/", "!" or "?" starts raw HTML.
std::string broken_rule(const std::string& text) {
    for (std::size_t i = 0; i + 1 < text.size(); ++i) {
        if (text.compare(i, 2, "](") == 0) {
            const std::size_t close = text.find(')', i + 2), newline = text.find('\n', i + 2);
            if (close != std::string::npos && close < newline) {
                std::string target = text.substr(i + 2, close - i - 2);
                target.erase(0, target.find_first_not_of(" \t"));
                // A bare target ends at a space or a control character (CommonMark), e.g. a tab.
                std::size_t stop = 0;
                while (stop < target.size() && static_cast<unsigned char>(target[stop]) > 0x20 && target[stop] != 0x7f)
                    ++stop;
                target = lower(target.substr(0, stop));
                if (target.rfind("//", 0) == 0) return "protocol-relative link " + target;
                const std::size_t colon = target.find(':');
                if (colon != std::string::npos && target.find_first_of("/?#") > colon &&
                    target.rfind("https:", 0) != 0)
                    return "link with scheme " + target;
                i = close;
                continue;
            }
        }
        const char n = text[i + 1];
        if (text[i] == '<' && (std::isalpha(static_cast<unsigned char>(n)) || n == '/' || n == '!' || n == '?'))
            return "raw HTML at byte " + std::to_string(i);
    }
    return "";
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    if (!attnbook_fuzz::valid_utf8(text)) return 0;  // a JSON string holds UTF-8 only
    const json doc = {{"format", attnbook::notebook_format}, {"id", "fuzz"},       {"title", "Fuzz"},
                      {"version", "1.0.0"},                  {"depths", {"beginner"}},
                      {"cells", {{{"type", "prose"}, {"text", text}}}}};
    json report;
    const std::clock_t start = std::clock();
    try {
        report = attnbook::validate_notebook_text(doc.dump(), "fuzz.json");
    } catch (const std::exception& e) {
        attnbook_fuzz::fail(std::string("validate_notebook_text threw: ") + e.what());
    }
    const double cpu_ms = 1000.0 * static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
    const double bound_ms = kFixedMs + kPerByteUs * static_cast<double>(size) / 1000.0;
    check(cpu_ms <= bound_ms, "validating " + std::to_string(size) + " bytes took " + attnbook_fuzz::num(cpu_ms) +
                                  " ms of CPU time; the bound is " + attnbook_fuzz::num(bound_ms) + " ms");
    attnbook_fuzz::check_printable(report, "validate report");
    for (const json& e : report["errors"])
        check(e["path"] == "$.cells[0].text", "an error outside the text: " + e.dump());
    if (report["ok"] != true) return 0;
    check(report["notebook"]["cells"][0]["text"] == text, "the accepted text came back changed");
    // No code spans or fences: backticks, and "~~~" (a tilde fence; its info string may hold
    // anything, as CommonMark allows: it becomes a data attribute, never markup).
    if (text.find('`') == std::string::npos && text.find("~~~") == std::string::npos) {
        const std::string broken = broken_rule(text);
        check(broken.empty(), "accepted text breaks the Markdown subset: " + broken);
    }
    return 0;
}
