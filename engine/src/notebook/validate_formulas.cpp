// The notebook's formulas and what they may cost the reader's page. KaTeX typesets each formula in
// one go on the main thread, so the validator bounds one formula (its length, and no macro
// definitions: "\def\a{...}\a\a\a..." makes a 4,000-character formula take 90 s) and the whole
// notebook (how many formulas, how many characters of TeX), with the limits in notebook.hpp.
//
// Formulas in Markdown are found the way the page finds them (web/src/markdown/maths-rules.js): a
// line that starts with "$$" opens display maths up to a line that ends with "$$" (or the end of
// the text); elsewhere a "$" that no backslash escapes and that is followed by neither a space nor
// another "$" opens inline maths up to the next unescaped "$". Code spans and fences are not looked
// at: a "$" there counts too, so the validator may count more than the page typesets, which is
// the safe side. The page enforces the same limits as it typesets (web/src/render/typesetter.js).
// One pass over the text: linear.
#include <string>
#include <string_view>

#include "attnbook/core/quote.hpp"
#include "attnbook/notebook/notebook.hpp"
#include "validate_context.hpp"

namespace attnbook {
namespace notebook_validation {
namespace {

namespace nb = notebook_limits;

// TeX's ways to define or copy a macro, as KaTeX reads them (its \def family, \let, \futurelet,
// \global and \long prefixes, LaTeX's \newcommand family). Sorted.
constexpr const char* kMacroDefinitions[] = {"def",       "edef",       "futurelet",      "gdef",
                                             "global",    "let",        "long",           "newcommand",
                                             "providecommand", "renewcommand", "xdef"};

bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// The first macro definition in `tex` ("\def"), or "" when it has none. "\\" is a line break, so
// "\\def" is "def" after a line break, not \def.
std::string macro_definition(std::string_view tex) {
    for (std::size_t i = 0; i < tex.size(); ++i) {
        if (tex[i] != '\\') continue;
        std::size_t end = i + 1;
        while (end < tex.size() && is_letter(tex[end])) ++end;
        const std::string_view name = tex.substr(i + 1, end - i - 1);
        for (const char* known : kMacroDefinitions) {
            if (name == known) return "\\" + std::string(name);
        }
        if (end == i + 1) ++end;  // "\\", "\$", "\{": the escaped character is not a command's start
        i = end - 1;
    }
    return {};
}

std::size_t code_points(std::string_view utf8) {
    std::size_t n = 0;
    for (const char c : utf8) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return n;
}

std::string_view trim_end(std::string_view line) {
    const std::size_t last = line.find_last_not_of(" \t\r");
    return last == std::string_view::npos ? std::string_view() : line.substr(0, last + 1);
}

bool ends_with_dollars(std::string_view line) {
    return line.size() >= 2 && line[line.size() - 1] == '$' && line[line.size() - 2] == '$';
}

// One formula: the notebook's totals, and (when `report`) its length (a Markdown formula's; a maths
// cell's `tex` is checked by its field reader) and macro definitions. Returns whether it reported.
bool add_formula(Context& cx, std::string_view tex, const std::string& path, bool report, bool check_length) {
    const std::size_t chars = code_points(tex);
    cx.formulas += 1;
    cx.tex_chars += chars;
    if (cx.formulas > nb::formulas_max && cx.formulas_over_at.empty()) cx.formulas_over_at = path;
    if (cx.tex_chars > nb::tex_total_max_chars && cx.tex_chars_over_at.empty()) cx.tex_chars_over_at = path;
    if (!report) return false;
    if (check_length && chars > nb::tex_max_chars) {
        cx.error(path, {"a formula of ", chars, " characters (", in_quotes(std::string(tex)),
                        "); one formula may have at most ", nb::tex_max_chars,
                        " (a dollar sign that is no formula is written \\$)"});
        return true;
    }
    const std::string macro = macro_definition(tex);
    if (!macro.empty()) {
        cx.error(path, {"a formula defines a macro (", in_quotes(macro),
                        "); write the TeX out instead (a macro can make a short formula take minutes to typeset)"});
        return true;
    }
    return false;
}

}  // namespace

void count_formula(Context& cx, const std::string& tex, const std::string& path) {
    add_formula(cx, tex, path, true, false);
}

void count_markdown_formulas(Context& cx, const std::string& text, const std::string& path) {
    const std::size_t n = text.size();
    std::size_t count = 0;
    bool reported = false;  // one message about single formulas per text
    bool no_closer = false; // no unescaped "$" is left after the last search: stop searching
    const auto formula = [&](std::size_t begin, std::size_t end) {
        ++count;
        const bool bad = add_formula(cx, std::string_view(text).substr(begin, end - begin), path, !reported, true);
        reported = reported || bad;
    };
    // The next "$" at or after `from` that no backslash escapes (npos if none).
    const auto next_dollar = [&](std::size_t from) {
        std::size_t backslashes = 0;
        for (std::size_t k = from; k < n; ++k) {
            if (text[k] == '$' && backslashes % 2 == 0) return k;
            backslashes = text[k] == '\\' ? backslashes + 1 : 0;
        }
        return std::string::npos;
    };
    std::size_t backslashes = 0;
    bool line_start = true;
    for (std::size_t i = 0; i < n;) {
        if (line_start) {
            line_start = false;
            std::size_t j = i;
            while (j < n && (text[j] == ' ' || text[j] == '\t')) ++j;
            if (j + 1 < n && text[j] == '$' && text[j + 1] == '$') {
                // Display maths: "$$ tex $$" on one line, or lines up to one that ends with "$$".
                std::size_t line_end = text.find('\n', j);
                if (line_end == std::string::npos) line_end = n;
                const std::string_view first = trim_end(std::string_view(text).substr(j + 2, line_end - j - 2));
                std::size_t end = n, next = n;
                if (ends_with_dollars(first)) {
                    end = j + first.size();
                    next = line_end;
                } else {
                    for (std::size_t k = line_end; k < n;) {
                        std::size_t e = text.find('\n', k + 1);
                        if (e == std::string::npos) e = n;
                        const std::string_view line = trim_end(std::string_view(text).substr(k + 1, e - k - 1));
                        if (ends_with_dollars(line)) {
                            end = k + 1 + line.size() - 2;
                            next = e;
                            break;
                        }
                        k = e;
                    }
                }
                // The page trims the display block's TeX.
                std::size_t begin = j + 2;
                if (end < begin) end = begin;
                while (begin < end && (text[begin] == ' ' || text[begin] == '\t' || text[begin] == '\r' || text[begin] == '\n')) ++begin;
                while (end > begin && (text[end - 1] == ' ' || text[end - 1] == '\t' || text[end - 1] == '\r' || text[end - 1] == '\n')) --end;
                formula(begin, end);
                i = next;
                backslashes = 0;
                continue;
            }
        }
        const char c = text[i];
        if (c == '\n') {
            line_start = true;
            backslashes = 0;
            ++i;
            continue;
        }
        const bool escaped = backslashes % 2 == 1;
        backslashes = c == '\\' ? backslashes + 1 : 0;
        if (c == '$' && !escaped && !no_closer && i + 1 < n) {
            const char after = text[i + 1];
            if (after != '$' && after != ' ' && after != '\t' && after != '\n') {
                const std::size_t closer = next_dollar(i + 1);
                if (closer == std::string::npos) {
                    no_closer = true;
                } else {
                    formula(i + 1, closer);
                    i = closer + 1;
                    backslashes = 0;
                    continue;
                }
            }
        }
        ++i;
    }
    if (count > nb::formulas_per_text_max) {
        cx.error(path, {"this text has ", count, " formulas; one text may have at most ", nb::formulas_per_text_max,
                        " (a dollar sign that is no formula is written \\$)"});
    }
}

void check_formula_totals(Context& cx) {
    if (!cx.formulas_over_at.empty()) {
        cx.error(cx.formulas_over_at, {"the notebook has ", cx.formulas, " formulas, and at most ", nb::formulas_max,
                                       " are allowed in all its cells together (this text goes over the limit)"});
    }
    if (!cx.tex_chars_over_at.empty()) {
        cx.error(cx.tex_chars_over_at,
                 {"the notebook's formulas have ", cx.tex_chars, " characters of TeX, and at most ",
                  nb::tex_total_max_chars, " are allowed in all its cells together (this text goes over the limit)"});
    }
}

}  // namespace notebook_validation
}  // namespace attnbook
