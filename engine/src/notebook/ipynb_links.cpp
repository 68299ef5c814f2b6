// Relative links of an exported notebook resolved against the page's address (ipynb_links.hpp).
#include "ipynb_links.hpp"

#include <algorithm>
#include <vector>

#include "attnbook/core/text_split.hpp"
#include "attnbook/notebook/link_rule.hpp"
#include "attnbook/notebook/markdown_code.hpp"

namespace attnbook {

namespace {

// RFC 3986 5.2.4: "." and ".." segments of a path taken out ("/a/b/../c" -> "/a/c").
std::string without_dot_segments(const std::string& path) {
    const std::vector<std::string> segments = split_text(path, '/');
    std::vector<std::string> kept;
    for (std::size_t i = 0; i < segments.size(); ++i) {
        const std::string& segment = segments[i];
        const bool last = i + 1 == segments.size();
        if (segment == "..") {
            if (kept.size() > 1) kept.pop_back();
            if (last) kept.emplace_back();  // "a/.." names the folder: keep its trailing "/"
        } else if (segment == ".") {
            if (last) kept.emplace_back();
        } else {
            kept.push_back(segment);
        }
    }
    std::string out;
    for (std::size_t i = 0; i < kept.size(); ++i) out += (i ? "/" : "") + kept[i];
    return out;
}

// Byte ranges of code in Markdown text: fenced blocks and code spans (markdown_code.hpp).
std::vector<std::pair<std::size_t, std::size_t>> code_ranges(const std::string& text) {
    std::vector<std::pair<std::size_t, std::size_t>> out;
    for (const MarkdownLine& line : markdown_lines(text).lines) {
        if (line.fenced) {
            out.emplace_back(line.offset, line.offset + line.text.size());
            continue;
        }
        for (const auto& [start, end] : code_spans(line.text)) out.emplace_back(line.offset + start, line.offset + end);
    }
    return out;
}

bool has_scheme(const std::string& target) {
    const std::size_t colon = target.find(':');
    if (colon == std::string::npos || colon == 0) return false;
    return std::all_of(target.begin(), target.begin() + static_cast<std::ptrdiff_t>(colon), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.';
    });
}

}  // namespace

std::string resolved_reference(const std::string& base, const std::string& target) {
    const std::size_t scheme_end = base.find("://");
    if (scheme_end == std::string::npos) return target;
    const std::size_t path_start = std::min(base.find_first_of("/?#", scheme_end + 3), base.size());
    const std::string origin = base.substr(0, path_start);
    const std::size_t path_end = std::min(base.find_first_of("?#", path_start), base.size());
    const std::string base_path = path_start < path_end ? base.substr(path_start, path_end - path_start) : "/";
    if (target.empty() || target[0] == '#') return base.substr(0, std::min(base.find('#'), base.size())) + target;
    if (target.rfind("//", 0) == 0) return base.substr(0, scheme_end + 1) + target;
    if (target[0] == '?') return base.substr(0, path_end) + target;  // the same page, another query
    const std::size_t tail = std::min(target.find_first_of("?#"), target.size());
    const std::string path = target[0] == '/' ? target.substr(0, tail)
                                              : base_path.substr(0, base_path.rfind('/') + 1) + target.substr(0, tail);
    return origin + without_dot_segments(path) + target.substr(tail);
}

std::string links_resolved(const std::string& markdown, const std::string& page_url) {
    if (page_url.rfind("https://", 0) != 0 && page_url.rfind("http://", 0) != 0) return markdown;
    // The code ranges are in text order and the links are taken in text order: one cursor walks
    // both, so a long text with many lines of code and many links stays linear.
    const auto code = code_ranges(markdown);
    std::size_t next_code = 0;
    const auto in_code = [&](std::size_t at) {
        while (next_code < code.size() && code[next_code].second <= at) ++next_code;
        return next_code < code.size() && code[next_code].first <= at;
    };
    std::string out;
    std::size_t copied = 0;
    std::vector<MarkdownLinkTarget> links = markdown_link_targets(markdown);
    std::sort(links.begin(), links.end(), [](const auto& a, const auto& b) { return a.offset < b.offset; });
    for (const MarkdownLinkTarget& link : links) {
        if (link.target.empty() || has_scheme(link.target) || in_code(link.offset) || link.offset < copied) continue;
        out.append(markdown, copied, link.offset - copied);
        out += resolved_reference(page_url, link.target);
        copied = link.offset + link.target.size();
    }
    return out + markdown.substr(copied);
}

}  // namespace attnbook
