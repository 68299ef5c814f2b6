// The `ipynb` export's text cells as Markdown (ipynb_text_cells.hpp).
#include "ipynb_text_cells.hpp"

#include <algorithm>
#include <initializer_list>
#include <string_view>
#include <utility>

#include "attnbook/core/decimal_format.hpp"
#include "attnbook/core/text_join.hpp"
#include "attnbook/core/text_split.hpp"
#include "attnbook/notebook/markdown_code.hpp"

namespace attnbook {

using nlohmann::json;

namespace {

// A cell's (or an item's) text field; "" where it has none.
std::string text_of(const json& cell, const char* field) {
    const auto it = cell.find(field);
    return it == cell.end() || !it->is_string() ? std::string() : it->get<std::string>();
}

// A <details> block: `body` folded under `summary` until the reader opens it.
std::string folded(const char* summary, const std::string& body) {
    return join_text({"<details><summary>", summary, "</summary>\n\n", trim_blanks_end(body), "\n\n</details>\n\n"});
}

// The answer of a practice cell (or a study step's check) as a reader would give it: the option or
// the value in bold, then the reason the notebook gives for that option.
std::string answer_markdown(const json& answer) {
    if (answer.at("kind") == "choice") {
        const std::size_t correct = answer.at("correct").get<std::size_t>();
        std::string out = "**" + answer.at("options").at(correct).get<std::string>() + "**";
        if (answer.contains("reasons")) append_text(out, {"\n\n", answer.at("reasons").at(correct).get<std::string>()});
        return out;
    }
    const double value = answer.at("value").get<double>();
    if (answer.contains("decimals")) return "**" + fixed_text(value, answer.at("decimals").get<int>()) + "**";
    std::string out = "**" + json(value).dump() + "**";
    if (answer.contains("tolerance")) append_text(out, {" (within ", json(answer.at("tolerance")).dump(), ")"});
    return out;
}

// A question (a practice cell, a study step's check): the prompt, the options, the hint folded,
// then the answer folded, with the texts of the fields `more` after it (a practice cell's worked
// solution and explanation).
std::string question(const json& holder, std::initializer_list<const char*> more = {}) {
    const json& answer = holder.at("answer");
    std::string out = text_of(holder, "prompt") + "\n\n";
    if (answer.at("kind") == "choice") {
        const json& options = answer.at("options");
        for (std::size_t i = 0; i < options.size(); ++i) append_text(out, {i + 1, ". ", options[i].get<std::string>(), "\n"});
        out += "\n";
    }
    if (!text_of(holder, "hint").empty()) out += folded("Hint", text_of(holder, "hint"));
    std::string shown = answer_markdown(answer);
    for (const char* field : more)
        if (!text_of(holder, field).empty()) append_text(shown, {"\n\n", text_of(holder, field)});
    return out + folded("Answer", shown);
}

std::string prose_markdown(const json& cell, const ShownCells&) { return titled(cell, "##") + text_of(cell, "text"); }

std::string practice_markdown(const json& cell, const ShownCells&) {
    return titled(cell, "###") + question(cell, {"worked", "explanation"});
}

std::string study_markdown(const json& cell, const ShownCells&) {
    std::string out = titled(cell, "##");
    const json& steps = cell.at("steps");
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const json& step = steps[i];
        append_text(out, {"### ", i + 1, ". ", text_of(step, "title"), "\n\n", text_of(step, "text"), "\n\n"});
        if (step.contains("check")) out += question(step.at("check"));
    }
    return out;
}

std::string references_markdown(const json& cell, const ShownCells&) {
    std::string out = titled(cell, "##");
    for (const json& item : cell.at("items")) {
        const std::string title = text_of(item, "title"), url = text_of(item, "url");
        append_text(out, {"- ", text_of(item, "authors"), " (", item.at("year").get<long long>(), "). ",
                          url.empty() ? title : "[" + title + "](" + url + ")", ". *", text_of(item, "venue"), "*.\n"});
    }
    return out;
}

std::string maths_markdown(const json& cell, const ShownCells&) {
    std::string out = titled(cell, "##") + "$$\n" + text_of(cell, "tex") + "\n$$\n\n";
    return out + text_of(cell, "caption");
}

// The "#" headings of Markdown text, outside fenced code: {level (number of #), text}.
std::vector<std::pair<std::size_t, std::string>> markdown_headings(const std::string& text) {
    std::vector<std::pair<std::size_t, std::string>> out;
    for (const MarkdownLine& markdown_line : markdown_lines(text).lines) {
        if (markdown_line.fenced) continue;
        std::string_view line = markdown_line.text;
        std::size_t indent = 0;
        while (indent < line.size() && indent < 4 && line[indent] == ' ') ++indent;
        if (indent > 3) continue;
        line.remove_prefix(indent);
        std::size_t hashes = 0;
        while (hashes < line.size() && line[hashes] == '#') ++hashes;
        if (hashes == 0 || hashes > 6 || hashes >= line.size() || line[hashes] != ' ') continue;
        std::string title(line.substr(hashes + 1));
        while (!title.empty() && (title.back() == ' ' || title.back() == '#')) title.pop_back();
        if (!title.empty()) out.emplace_back(hashes, title);
    }
    return out;
}

// A contents cell at one depth: the titles of the cells shown after it, each with its prose's
// top-level headings under it, as the page lists them (Jupyter's own table of contents links them).
std::string contents_markdown(const json& cell, const ShownCells& after) {
    std::string out = titled(cell, "##");
    if (out.empty()) out = "## On this page\n\n";
    bool titles = false;  // a prose heading goes under the last title listed, as on the page
    for (const json* next : after) {
        const std::string title = text_of(*next, "title");
        if (!title.empty()) append_text(out, {"- ", title, "\n"});
        titles = titles || !title.empty();
        if (next->at("type") != "prose") continue;
        // The page's heading levels (web/src/markdown/dom.js): "#" is one below the cell's title,
        // and a heading is never more than one level below the one before it.
        std::size_t last = 0;
        for (const auto& heading : markdown_headings(text_of(*next, "text"))) {
            last = std::min(heading.first, last + 1);
            if (last == 1) append_text(out, {titles ? "  - " : "- ", heading.second, "\n"});
        }
    }
    return out;
}

// The cell types written as Markdown alone; every other type is a live cell (ipynb_programs.cpp).
constexpr std::pair<std::string_view, TextWriter> kTextCells[] = {
    {"contents", contents_markdown},     {"prose", prose_markdown},       {"maths", maths_markdown},
    {"references", references_markdown}, {"practice", practice_markdown}, {"study", study_markdown},
};

}  // namespace

std::string titled(const json& cell, const char* level) {
    const std::string title = text_of(cell, "title");
    return title.empty() ? std::string() : join_text({level, " ", title, "\n\n"});
}

TextWriter text_writer(const std::string& type) {
    for (const auto& [name, writer] : kTextCells)
        if (type == name) return writer;
    return nullptr;
}

}  // namespace attnbook
