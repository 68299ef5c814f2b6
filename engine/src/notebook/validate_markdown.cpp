// The safe Markdown subset of notebook text (prose, captions, prompts, hints): the web side
// renders only that subset and never raw HTML, so the validator refuses what it would not render
// safely: HTML tags, and links whose target the link rule (link_rule.hpp) refuses. Links are
// looked for everywhere, code and maths included (markdown_link_targets finds more than the
// renderer would link); HTML only outside code spans and fenced code blocks, where "<div>" is text.
// Every scan here is linear in the text.
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "attnbook/core/quote.hpp"
#include "attnbook/core/text_split.hpp"
#include "attnbook/notebook/link_rule.hpp"
#include "attnbook/notebook/notebook.hpp"
#include "validate_context.hpp"

namespace attnbook {
namespace notebook_validation {
namespace {

bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// A fence line: three or more backticks or tildes (markdown-it's rule: an opening backtick fence
// has no backtick in its info string; a closing fence is at least as long as the opening one and
// has nothing after it). Indentation is not looked at.
struct Fence {
    char marker = 0;
    std::size_t length = 0;
    bool bare = false;  // nothing after the run: may close a fence
};
Fence fence_of(std::string_view trimmed) {
    if (trimmed.empty() || (trimmed[0] != '`' && trimmed[0] != '~')) return {};
    std::size_t run = 0;
    while (run < trimmed.size() && trimmed[run] == trimmed[0]) ++run;
    if (run < 3) return {};
    if (trimmed[0] == '`' && trimmed.find('`', run) != std::string_view::npos) return {};
    return {trimmed[0], run, run == trimmed.size()};
}

// A run of backticks in a line: where it starts, its length, and the index of the next run of the
// same length (which closes its code span), or npos.
struct BacktickRun {
    std::size_t start, length, closer;
};

// The runs of backticks in `line`, closers found in one pass from the end with the last run seen of
// each length.
std::vector<BacktickRun> backtick_runs(std::string_view line) {
    std::vector<BacktickRun> runs;
    std::size_t longest = 0;
    for (std::size_t i = 0; i < line.size();) {
        if (line[i] != '`') {
            ++i;
            continue;
        }
        std::size_t run = 0;
        while (i + run < line.size() && line[i + run] == '`') ++run;
        runs.push_back({i, run, std::string::npos});
        longest = std::max(longest, run);
        i += run;
    }
    std::vector<std::size_t> next_of_length(longest + 1, std::string::npos);  // run index by run length
    for (std::size_t r = runs.size(); r-- > 0;) {
        runs[r].closer = next_of_length[runs[r].length];
        next_of_length[runs[r].length] = r;
    }
    return runs;
}

// The first "<tag", "</", "<!", "<?" outside code spans in one line (npos if none). Code spans
// are looked for within the line only, so text in a span across lines counts as outside: the
// validator may refuse more than the renderer would show as HTML, never less.
std::size_t html_in_line(std::string_view line) {
    const std::vector<BacktickRun> runs = backtick_runs(line);
    std::size_t r = 0;
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (r < runs.size() && i == runs[r].start) {
            // Past the code span to its closer, or past an unclosed run (plain backticks).
            const std::size_t last = runs[r].closer != std::string::npos ? runs[r].closer : r;
            i = runs[last].start + runs[last].length - 1;
            r = last + 1;
            continue;
        }
        if (line[i] == '<' && i + 1 < line.size() &&
            (is_letter(line[i + 1]) || line[i + 1] == '/' || line[i + 1] == '!' || line[i + 1] == '?')) {
            return i;
        }
    }
    return std::string::npos;
}

}  // namespace

std::optional<std::string> read_markdown(Context& cx, const json& value, const std::string& path, std::size_t max_chars) {
    const auto text = read_string(cx, value, path, 1, max_chars);
    if (!text) return std::nullopt;
    // Control characters were reported by read_string (forbidden_character), as in every field.
    bool ok = !forbidden_character(*text);

    bool reported_html = false;
    Fence open_fence;
    std::size_t line_start = 0;
    while (line_start <= text->size()) {
        std::size_t line_end = text->find('\n', line_start);
        if (line_end == std::string::npos) line_end = text->size();
        const std::string_view line = std::string_view(*text).substr(line_start, line_end - line_start);
        line_start = line_end + 1;
        const Fence fence = fence_of(trim_blanks_view(line));
        if (open_fence.marker) {
            if (fence.marker == open_fence.marker && fence.bare && fence.length >= open_fence.length) open_fence = {};
            continue;
        }
        if (fence.marker) {
            open_fence = fence;
            continue;
        }
        const std::size_t at = html_in_line(line);
        if (at == std::string::npos) continue;
        ok = false;
        if (reported_html) continue;
        std::size_t end = at + 1;
        while (end < line.size() && end < at + 20 && line[end] != '>' && line[end] != ' ') ++end;
        const std::string found(line.substr(at, end - at));
        cx.error(path, {"raw HTML is not allowed in notebook text (found ", in_quotes(found),
                        "); use the Markdown subset, or put it in `code`"});
        reported_html = true;
    }
    if (open_fence.marker) {
        const char fence[4] = {open_fence.marker, open_fence.marker, open_fence.marker, '\0'};
        cx.error(path, {"a fenced code block (", static_cast<const char*>(fence), ") is opened but never closed"});
        ok = false;
    }

    for (const MarkdownLinkTarget& link : markdown_link_targets(*text)) {
        if (link.runs_into_link) {
            cx.error(path, {"link target ", in_quotes(link.target),
                            " runs on into another \"](\", and Markdown reads the two as one target; put a "
                            "space or \")\" between them"});
            ok = false;
            continue;
        }
        const std::string problem = link_target_problem(link.target);
        if (problem.empty()) continue;
        cx.error(path, {"link target ", in_quotes(link.target), " is not allowed: ", problem,
                        " (links must start with https:// or be relative)"});
        ok = false;
    }
    count_markdown_formulas(cx, *text, path);
    if (!ok) return std::nullopt;
    return text;
}

}  // namespace notebook_validation
}  // namespace attnbook
