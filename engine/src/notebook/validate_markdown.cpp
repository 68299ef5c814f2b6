// The safe Markdown subset of notebook text (prose, captions, prompts, hints): the web side
// renders only that subset and never raw HTML, so the validator refuses what it would not render
// safely: HTML tags and links that are neither https:// nor relative (javascript:, data:, http:).
// Code spans and fenced code blocks are left alone: there "<div>" is text.
#include <string>

#include "validate_context.hpp"

namespace attnbook {
namespace notebook_validation {
namespace {

constexpr std::size_t max_markdown_chars = 20000;

bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

std::string trim(const std::string& text) {
    const std::size_t first = text.find_first_not_of(" \t");
    if (first == std::string::npos) return "";
    const std::size_t last = text.find_last_not_of(" \t");
    return text.substr(first, last - first + 1);
}

// https://..., or relative (no scheme, not protocol-relative "//host").
bool link_target_allowed(const std::string& raw) {
    std::string target = trim(raw);
    const std::size_t space = target.find(' ');  // [t](url "title")
    if (space != std::string::npos) target = target.substr(0, space);
    if (target.rfind("https://", 0) == 0) return target.size() > 8;
    if (target.rfind("//", 0) == 0) return false;
    const std::size_t colon = target.find(':');
    const std::size_t stop = target.find_first_of("/?#");
    return colon == std::string::npos || (stop != std::string::npos && stop < colon);
}

}  // namespace

std::optional<std::string> read_markdown(Context& cx, const json& value, const std::string& path, bool allow_empty) {
    const auto text = read_string(cx, value, path, allow_empty ? 0 : 1, max_markdown_chars);
    if (!text) return std::nullopt;
    bool ok = true;
    bool reported_html = false;
    bool in_fence = false;
    std::size_t line_start = 0;
    while (line_start <= text->size()) {
        std::size_t line_end = text->find('\n', line_start);
        if (line_end == std::string::npos) line_end = text->size();
        const std::string line = text->substr(line_start, line_end - line_start);
        line_start = line_end + 1;
        if (trim(line).rfind("```", 0) == 0) {
            in_fence = !in_fence;
            continue;
        }
        if (in_fence) continue;
        for (std::size_t i = 0; i < line.size(); ++i) {
            if (line[i] == '`') {  // code span: skip to the closing run of the same length
                std::size_t run = 0;
                while (i + run < line.size() && line[i + run] == '`') ++run;
                const std::size_t close = line.find(std::string(run, '`'), i + run);
                if (close != std::string::npos) {
                    i = close + run - 1;
                    continue;
                }
                i += run - 1;
                continue;
            }
            if (line[i] == '<' && i + 1 < line.size() &&
                (is_letter(line[i + 1]) || line[i + 1] == '/' || line[i + 1] == '!' || line[i + 1] == '?')) {
                if (!reported_html) {
                    std::size_t end = i + 1;
                    while (end < line.size() && end < i + 20 && line[end] != '>' && line[end] != ' ') ++end;
                    cx.error(path, "raw HTML is not allowed in notebook text (found \"" + line.substr(i, end - i) +
                                       "\"); use the Markdown subset, or put it in `code`");
                    reported_html = true;
                }
                ok = false;
            }
            if (line[i] == ']' && i + 1 < line.size() && line[i + 1] == '(') {
                const std::size_t close = line.find(')', i + 2);
                if (close == std::string::npos) continue;
                const std::string target = line.substr(i + 2, close - i - 2);
                if (!link_target_allowed(target)) {
                    cx.error(path, "link target \"" + trim(target) +
                                       "\" is not allowed (links must start with https:// or be relative)");
                    ok = false;
                }
                i = close;
            }
        }
    }
    if (in_fence) {
        cx.error(path, "a fenced code block (```) is opened but never closed");
        ok = false;
    }
    if (!ok) return std::nullopt;
    return text;
}

}  // namespace notebook_validation
}  // namespace attnbook
