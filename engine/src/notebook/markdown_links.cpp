// Link-shaped text in Markdown (link_rule.hpp: markdown_link_targets). markdown-it reads a link
// destination after "](" (inline links, and images) and after "[label]:" at the start of a line
// (reference definitions); in both it skips spaces and line breaks first, then reads "<...>" or a
// bare target up to a space, a control character or an unbalanced ")". This finds all of those
// and more: it does not need a matching "[" before "](", and it does not skip code or maths.
#include <cstddef>
#include <string>
#include <vector>

#include "attnbook/notebook/link_rule.hpp"

namespace attnbook {
namespace {

bool is_space_or_break(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool link_opens_at(const std::string& text, std::size_t i) {
    return i + 1 < text.size() && text[i] == ']' && text[i + 1] == '(';
}

struct Found {
    std::size_t begin = 0;
    std::size_t end = 0;  // the target is text[begin, end)
    bool listed = false;  // false: markdown-it would make no link of it, or another "]("'s target covers it
    bool runs_into_link = false;  // it stopped before a "](" that markdown-it would read as part of it
};

// The destination starting at `start` (after the white space).
Found read_target(const std::string& text, std::size_t start) {
    const std::size_t n = text.size();
    const bool angle = text[start] == '<';
    std::size_t k = angle ? start + 1 : start;
    int level = 0;  // parentheses open in a bare target
    for (; k < n; ++k) {
        const auto c = static_cast<unsigned char>(text[k]);
        if (link_opens_at(text, k)) break;
        if (c == '\\') {  // refused in any target: keep it and stop
            ++k;
            break;
        }
        if (angle) {
            if (c == '>') break;
            if (c == '\n' || c == '\r' || c == '<') return {};  // markdown-it reads no destination
            continue;
        }
        if (c <= 0x20 || c == 0x7f) break;
        if (c == '(') ++level;
        if (c == ')' && level-- == 0) break;
    }
    const std::size_t begin = angle ? start + 1 : start;
    // Stopped before a "](": markdown-it's target goes on through it, and "](https:..." is a
    // different target from "https:..." (a scheme before the first "/"), so it is listed as a
    // run-on even when nothing came before the "](".
    const bool runs_on = link_opens_at(text, k);
    if (k > begin || runs_on) return {begin, k, true, runs_on};
    // Empty: "[text]()" is a link with an empty target; otherwise markdown-it reads no destination.
    return {begin, k, !angle && k < n && text[k] == ')'};
}

// After "](" or "]:" at `from`: skips spaces and line breaks, lists the target if there is one,
// and returns where to read on. That is the end of the target, so that no character is read as
// part of two targets; a "](" where it stopped is the next place to look. When the target starts
// on a later line, reading goes on at its start instead (`new_line` is set), so that a "[label]:"
// there is seen; the target is read twice at most.
std::size_t add_target_after(const std::string& text, std::size_t from, std::vector<MarkdownLinkTarget>& out,
                             bool& new_line) {
    std::size_t start = from;
    new_line = false;
    while (start < text.size() && is_space_or_break(text[start])) {
        if (text[start] == '\n' || text[start] == '\r') new_line = true;
        ++start;
    }
    if (start >= text.size()) return start;
    const Found found = read_target(text, start);
    if (found.listed)
        out.push_back({found.begin, text.substr(found.begin, found.end - found.begin), found.runs_into_link});
    if (new_line) return start;
    return found.end > start ? found.end : start;
}

// A "[" with only white space, list markers ("-", "*", "+", "1.", "1)") or quote markers (">")
// before it on its line may begin a reference definition "[label]: target".
bool is_line_prefix_char(char c) {
    return c == ' ' || c == '\t' || c == '-' || c == '*' || c == '+' || c == '.' || c == ')' || c == '>' ||
           (c >= '0' && c <= '9');
}

}  // namespace

std::vector<MarkdownLinkTarget> markdown_link_targets(const std::string& text) {
    std::vector<MarkdownLinkTarget> out;
    bool line_prefix = true;  // only prefix characters so far on this line
    bool line_blank = true;   // only white space so far on this line
    bool label_open = false;  // inside a "[" that began a line: a reference label, if "]:" follows
    bool new_line = false;
    std::size_t i = 0;
    while (i < text.size()) {
        const char c = text[i];
        if (c == '\n' || c == '\r') {
            if (line_blank) label_open = false;  // a blank line ends a paragraph and any label in it
            line_prefix = line_blank = true;
            i += (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ? 2 : 1;
            continue;
        }
        if (c != ' ' && c != '\t') line_blank = false;
        const bool reference = c == ']' && label_open && i + 1 < text.size() && text[i + 1] == ':';
        if (link_opens_at(text, i) || reference) {
            label_open = false;
            line_prefix = false;
            i = add_target_after(text, i + 2, out, new_line);
            if (new_line) line_prefix = line_blank = true;
            continue;
        }
        // An escaped character is text ("\]" ends no label), but "\](" is still looked at.
        if (c == '\\' && i + 1 < text.size() && text[i + 1] != '\n' && text[i + 1] != '\r' &&
            !link_opens_at(text, i + 1)) {
            line_prefix = false;
            i += 2;
            continue;
        }
        if (c == '[') label_open = line_prefix;
        else if (c == ']') label_open = false;  // a label holds no unescaped brackets
        if (!is_line_prefix_char(c)) line_prefix = false;
        ++i;
    }
    return out;
}

}  // namespace attnbook
