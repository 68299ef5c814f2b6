#pragma once
// The one rule for where a notebook link may point, and the link-shaped text of a Markdown string.
// Its JavaScript twin is web/src/link-rule.js (the renderer applies it to markdown-it's links);
// tests/corpus/link-targets.json holds the payloads both must agree on. Change the two together.
//
// Allowed: https:// followed by a host, or a relative target (no scheme, not "//host"). Checked as
// written and with its %XX escapes decoded once; both must pass. Refused anywhere: an empty
// target, spaces and control characters (a %20 escape is fine), backslashes (also %5C), and HTML
// character references ("&#106;", "&amp;").
#include <cstddef>
#include <string>
#include <vector>

namespace attnbook {

// Why `target` is refused ("" when it is allowed). Bytes above 0x7f (UTF-8) count as "other".
std::string link_target_problem(const std::string& target);

// A link destination found in Markdown text, as written (escapes and references not decoded).
struct MarkdownLinkTarget {
    std::size_t offset = 0;  // byte offset of the target in the text
    std::string target;
    // The target went on into another "](": markdown-it reads both as one target (its verdict
    // depends on the text after the "]("), which this scan does not read twice; so it is refused.
    bool runs_into_link = false;
};

// Every destination that markdown-it could read as a link target in `text`, and more (the
// validator refuses a superset of what the renderer would link): after each "](" anywhere (in
// code and maths too), across spaces and line breaks, "<...>" or bare, and after each "[label]:"
// that starts a line (a reference definition; the renderer has those switched off). A target
// ends where markdown-it's would (space, control character, unbalanced ")", ">" for "<...>"), or
// earlier: at a backslash (kept, so the target is refused) and before another "](" (whose own
// target is checked from there; the first is marked runs_into_link). Stopping there keeps the scan linear in the text: no character
// is read as part of two targets. An empty target is listed only for "[text]()".
std::vector<MarkdownLinkTarget> markdown_link_targets(const std::string& text);

}  // namespace attnbook
