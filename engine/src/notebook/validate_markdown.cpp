// The safe Markdown subset of notebook text (prose, captions, prompts, hints): the web side
// renders only that subset and never raw HTML, so the validator refuses what it would not render
// safely: HTML tags, and links whose target the link rule (link_rule.hpp) refuses. Links are
// looked for everywhere, code and maths included (markdown_link_targets finds more than the
// renderer would link); HTML only outside code spans and fenced code blocks, where "<div>" is text.
// Every scan here is linear in the text.
#include <string>
#include <string_view>
#include <vector>

#include "attnbook/core/quote.hpp"
#include "attnbook/notebook/link_rule.hpp"
#include "attnbook/notebook/markdown_code.hpp"
#include "attnbook/notebook/notebook.hpp"
#include "validate_context.hpp"

namespace attnbook {
namespace notebook_validation {
namespace {

bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// The first "<tag", "</", "<!", "<?" outside code spans in one line (npos if none). Code spans
// are looked for within the line only, so text in a span across lines counts as outside: the
// validator may refuse more than the renderer would show as HTML, never less.
std::size_t html_in_line(std::string_view line) {
    const auto spans = code_spans(line);
    auto span = spans.begin();
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (span != spans.end() && i == span->first) {
            i = span->second - 1;  // past the span
            ++span;
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
    const MarkdownLines scan = markdown_lines(*text);
    for (const MarkdownLine& line : scan.lines) {
        if (line.fenced) continue;
        const std::size_t at = html_in_line(line.text);
        if (at == std::string::npos) continue;
        ok = false;
        if (reported_html) continue;
        std::size_t end = at + 1;
        while (end < line.text.size() && end < at + 20 && line.text[end] != '>' && line.text[end] != ' ') ++end;
        const std::string found(line.text.substr(at, end - at));
        cx.error(path, {"raw HTML is not allowed in notebook text (found ", in_quotes(found),
                        "); use the Markdown subset, or put it in `code`"});
        reported_html = true;
    }
    if (!scan.unclosed_fence.empty()) {
        cx.error(path, {"a fenced code block (", scan.unclosed_fence, ") is opened but never closed"});
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
