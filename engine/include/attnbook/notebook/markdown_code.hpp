#pragma once
// Where a notebook's Markdown holds code, by the CommonMark rules that markdown-it applies on the
// page (web/src/markdown/parser.js, the 'commonmark' preset): fenced code blocks and code spans.
// One scanner for every reader that must leave code alone: the validator looks for raw HTML only
// outside code, the Jupyter export resolves links only outside code and lists headings only
// outside fenced blocks. tests/corpus/markdown-code.json holds the cases, checked against
// markdown-it itself (tests/unit/markdown-code.test.mjs) and against this scanner
// (tests/engine/test_markdown_code.cpp).
//
// Containers: a list item's fence (after "- " or "1. " on its line) lasts while the lines keep the
// item's indentation; the page reads no block quotes. What it does not follow: paragraphs (a list
// that cannot interrupt one, "2. ```" under a line of text, is read as a list, its fence as code)
// and code spans across a paragraph's lines (looked for within a line, so the validator checks
// their text for HTML). The page shows raw HTML as text in any case (html: false).
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace attnbook {

struct MarkdownLine {
    std::size_t offset = 0;  // of its first byte in the text
    std::string_view text;   // without its line end ("\n" or "\r\n")
    bool fenced = false;     // a fence, or a line inside a fenced code block
};

struct MarkdownLines {
    std::vector<MarkdownLine> lines;  // every line, the last one empty after a final "\n"
    std::string unclosed_fence;       // the opening fence ("```", "~~~~") of a block never closed
};

// A fence opens with three or more backticks or tildes after at most three spaces (a backtick
// fence's info string has no backtick) and closes with a run of the same character at least as
// long with nothing but blanks after it; an unclosed block runs to the end of the text, or of its
// list item (either way unclosed_fence names it).
MarkdownLines markdown_lines(std::string_view text);

// The code spans of one line, as [start, end) byte ranges within it, backticks included: a run of
// n backticks opens a span that the next run of exactly n closes; a run nothing closes is text.
std::vector<std::pair<std::size_t, std::size_t>> code_spans(std::string_view line);

}  // namespace attnbook
