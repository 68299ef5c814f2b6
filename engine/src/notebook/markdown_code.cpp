// Fenced code blocks and code spans of Markdown text (markdown_code.hpp).
#include "attnbook/notebook/markdown_code.hpp"

#include <algorithm>

namespace attnbook {
namespace {

// A fence line's run: its character (0: the line is no fence), its length, and whether only
// blanks follow it (a closing fence's condition).
struct FenceRun {
    char marker = 0;
    std::size_t length = 0;
    bool bare = false;
};

FenceRun fence_run(std::string_view line) {
    std::size_t indent = 0;
    while (indent < line.size() && indent < 4 && line[indent] == ' ') ++indent;
    if (indent > 3 || indent == line.size()) return {};  // four spaces make an indented code line
    const char marker = line[indent];
    if (marker != '`' && marker != '~') return {};
    std::size_t end = indent;
    while (end < line.size() && line[end] == marker) ++end;
    if (end - indent < 3) return {};
    const std::string_view rest = line.substr(end);
    if (marker == '`' && rest.find('`') != std::string_view::npos) return {};
    return {marker, end - indent, rest.find_first_not_of(" \t") == std::string_view::npos};
}

// Where a line's content starts after the list markers that open it ("- ", "1. ", "  * - "):
// a fence after them is the list item's, and its block lasts while lines keep that indentation.
// 0 for a line that opens no list item.
std::size_t list_content_column(std::string_view line) {
    std::size_t column = 0;
    for (;;) {
        std::size_t at = column;
        while (at < line.size() && at - column < 3 && line[at] == ' ') ++at;
        std::size_t after = at;
        if (after < line.size() && (line[after] == '-' || line[after] == '+' || line[after] == '*')) {
            ++after;
        } else {
            while (after < line.size() && after - at < 9 && line[after] >= '0' && line[after] <= '9') ++after;
            if (after == at || after == line.size() || (line[after] != '.' && line[after] != ')')) return column;
            ++after;
        }
        std::size_t spaces = 0;
        while (after + spaces < line.size() && line[after + spaces] == ' ') ++spaces;
        if (spaces == 0 || after + spaces == line.size()) return column;
        column = after + (spaces > 4 ? 1 : spaces);  // five spaces or more: indented code in the item
    }
}

// The fenced block being read: its opening run and the column its list item's content starts at.
struct OpenFence {
    FenceRun run;
    std::size_t column = 0;
};

}  // namespace

MarkdownLines markdown_lines(std::string_view text) {
    MarkdownLines out;
    OpenFence open;  // run.marker 0: none
    const auto unclosed = [&] {
        if (out.unclosed_fence.empty()) out.unclosed_fence.assign(open.run.length, open.run.marker);
    };
    for (std::size_t start = 0; start <= text.size();) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(start, end - start);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        bool fenced = false;
        if (open.run.marker) {
            const std::size_t blanks = std::min(line.find_first_not_of(' '), line.size());
            if (blanks < open.column && blanks < line.size()) {
                unclosed();  // a line outside its list item ends the item, and the block with it
                open = {};
            } else {
                const FenceRun run = fence_run(line.substr(std::min(open.column, line.size())));
                if (run.marker == open.run.marker && run.bare && run.length >= open.run.length) open = {};
                fenced = true;
            }
        }
        if (!fenced) {
            const std::size_t column = list_content_column(line);
            const FenceRun run = fence_run(line.substr(column));
            if (run.marker) open = {run, column};
            fenced = run.marker != 0;
        }
        out.lines.push_back({start, line, fenced});
        start = end + 1;
    }
    if (open.run.marker) unclosed();
    return out;
}

std::vector<std::pair<std::size_t, std::size_t>> code_spans(std::string_view line) {
    struct Run {
        std::size_t start, length;
        std::size_t opens;  // the length of the span it may open: one less after an odd number of
                            // backslashes (its first backtick is text), 0 for an escaped single one
    };
    std::vector<Run> runs;
    std::size_t longest = 0;
    for (std::size_t i = 0; i < line.size();) {
        if (line[i] != '`') {
            ++i;
            continue;
        }
        std::size_t end = i, backslashes = 0;
        while (end < line.size() && line[end] == '`') ++end;
        while (backslashes < i && line[i - 1 - backslashes] == '\\') ++backslashes;
        runs.push_back({i, end - i, end - i - backslashes % 2});
        longest = std::max(longest, end - i);
        i = end;
    }
    // Each run's closer is the next run of its length, or of one less for an escaped opener (a
    // closer counts whole: backslashes are text inside a span). Found in one pass from the end
    // with the nearest run seen of each length, so the scan stays linear however many runs a
    // line has.
    std::vector<std::size_t> nearest(longest + 1, runs.size()), closer(runs.size());
    for (std::size_t r = runs.size(); r-- > 0;) {
        closer[r] = nearest[runs[r].opens];
        nearest[runs[r].length] = r;
    }
    std::vector<std::pair<std::size_t, std::size_t>> spans;
    for (std::size_t r = 0; r < runs.size();) {
        const std::size_t length = runs[r].opens;
        if (length == 0 || closer[r] == runs.size()) {
            ++r;  // plain backticks
            continue;
        }
        spans.emplace_back(runs[r].start + runs[r].length - length, runs[closer[r]].start + length);
        r = closer[r] + 1;
    }
    return spans;
}

}  // namespace attnbook
