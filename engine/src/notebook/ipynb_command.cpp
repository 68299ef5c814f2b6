// The `ipynb` command (contract in notebook/ipynb.hpp): the notebook's cells at one depth, in
// order, as nbformat 4.5 cells. Cell ids are the notebook's own (a live cell's code cell adds
// "_code"; '_' never occurs in a notebook's ids, so nothing collides), so a re-export keeps them.
#include "attnbook/notebook/ipynb.hpp"
#include "attnbook/notebook/train_command.hpp"

#include <algorithm>
#include <initializer_list>
#include <string_view>
#include <utility>
#include <vector>

#include "attnbook/core/decimal_format.hpp"
#include "attnbook/core/errors.hpp"
#include "attnbook/core/quote.hpp"
#include "attnbook/core/text_join.hpp"
#include "attnbook/core/text_split.hpp"
#include "attnbook/notebook/command_args.hpp"
#include "attnbook/notebook/json_out.hpp"
#include "attnbook/notebook/notebook.hpp"
#include "ipynb_entry.hpp"
#include "ipynb_links.hpp"
#include "ipynb_python.hpp"
#include "ipynb_state.hpp"

namespace attnbook {

using nlohmann::json;

namespace {

// nbformat allows 64 characters; a notebook id may already have 64. A long id keeps its first
// 50 characters and adds a hash of the whole (FNV-1a, 32 bits), so ids stay stable and distinct.
std::string cell_id(const std::string& id, const char* suffix) {
    std::string tail = suffix;
    if (id.size() + tail.size() <= 64) return id + tail;
    std::uint32_t h = 2166136261u;
    for (unsigned char c : id) h = (h ^ c) * 16777619u;
    return join_text({id.substr(0, 50), "_", hex_text("", h, 8), tail});
}

// nbformat keeps a cell's source as a list of lines, each but the last ending in "\n".
json source_lines(const std::string& text) {
    json lines = json::array();
    const std::vector<std::string> pieces = split_text(text, '\n');
    for (std::size_t i = 0; i < pieces.size(); ++i)
        if (i + 1 < pieces.size()) lines.push_back(pieces[i] + "\n");
        else if (!pieces[i].empty()) lines.push_back(pieces[i]);  // "" has no lines
    return lines;
}

// An nbformat cell of `type` ("markdown", "code") with `text` as its source; a code cell also has
// no outputs yet (the reader runs it).
json notebook_cell(const char* type, const std::string& id, const std::string& text) {
    json c;
    JsonOut(c).set("cell_type", type).set("id", id).set("metadata", json::object()).set("source", source_lines(trim_blanks_end(text)));
    if (std::string_view(type) == "code") JsonOut::into(c).set("execution_count", json(nullptr)).set("outputs", json::array());
    return c;
}

std::string text_of(const json& cell, const char* field) {
    const auto it = cell.find(field);
    return it == cell.end() || !it->is_string() ? std::string() : it->get<std::string>();
}

std::string titled(const json& cell, const char* level) {
    const std::string title = text_of(cell, "title");
    return title.empty() ? std::string() : join_text({level, " ", title, "\n\n"});
}

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

// The cells shown at the export's depth, in order (a contents cell lists those after it).
using ShownCells = std::vector<const json*>;

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
    bool fenced = false;
    for (std::string line : split_text(text, '\n')) {
        std::size_t indent = 0;
        while (indent < line.size() && indent < 4 && line[indent] == ' ') ++indent;
        if (indent > 3) continue;
        line.erase(0, indent);
        if (line.rfind("```", 0) == 0 || line.rfind("~~~", 0) == 0) fenced = !fenced;
        if (fenced) continue;
        std::size_t hashes = 0;
        while (hashes < line.size() && line[hashes] == '#') ++hashes;
        if (hashes == 0 || hashes > 6 || hashes >= line.size() || line[hashes] != ' ') continue;
        std::string title = line.substr(hashes + 1);
        while (!title.empty() && (title.back() == ' ' || title.back() == '#' || title.back() == '\r')) title.pop_back();
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
using TextWriter = std::string (*)(const json& cell, const ShownCells& after);
constexpr std::pair<std::string_view, TextWriter> kTextCells[] = {
    {"contents", contents_markdown},     {"prose", prose_markdown},       {"maths", maths_markdown},
    {"references", references_markdown}, {"practice", practice_markdown}, {"study", study_markdown},
};

TextWriter text_writer(const std::string& type) {
    for (const auto& [name, writer] : kTextCells)
        if (type == name) return writer;
    return nullptr;
}

// Whether `depths` (a notebook's or a cell's) has `depth`.
bool offers(const json& depths, const std::string& depth) {
    return std::find(depths.begin(), depths.end(), depth) != depths.end();
}

// nbformat's fixed parts: the kernel the cells run on (Python 3) and the format's version.
constexpr const char* kSkeleton = R"({
  "metadata": {
    "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
    "language_info": {"file_extension": ".py", "mimetype": "text/x-python", "name": "python",
                      "nbconvert_exporter": "python", "pygments_lexer": "ipython3"}
  },
  "nbformat": 4,
  "nbformat_minor": 5
})";

// Why a cell stays on the page, in a few words.
const char* page_only_reason(const std::string& type) {
    if (type == "playback") return "an animation of one query's match, share and mix";
    if (type == "help-history") return "your practice answers and the help you used, kept by your browser";
    return "a live cell whose program is not part of this export";
}

std::string link_back(const std::string& url) {
    return url.empty() ? "the lesson page" : "[the lesson page](" + url + ")";
}

}  // namespace

json export_ipynb(const json& raw, const Progress&) {
    CommandArgs args("ipynb", raw, {"text", "name", "depth", "state", "url"});
    if (!args.has("text")) throw UserError("ipynb: $.text: the notebook's JSON text is required");
    const std::string name = args.has("name") ? args.text("name") : "notebook";
    json report = validate_notebook_text(args.text("text"), name);
    if (!report.at("ok").get<bool>()) {
        const json& errors = report.at("errors");
        throw_format("ipynb: the notebook is not valid ({} error{}); the first: {}",
                     {errors.size(), errors.size() == 1 ? "" : "s", validation_error_line(errors.at(0))});
    }
    const json& nb = report.at("notebook");
    const json& depths = nb.at("depths");
    const std::string depth = args.has("depth") ? args.text("depth") : depths.at(0).get<std::string>();
    if (!offers(depths, depth))
        throw_format("ipynb: depth: {} is not one of this notebook's depths ({})",
                     {quote(depth), listed(depths.get<std::vector<std::string>>())});
    const std::string id = nb.at("id").get<std::string>(), url = args.has("url") ? args.text("url") : "";
    const PermalinkCells state = args.has("state") ? read_permalink(args.text("state"), id) : PermalinkCells{};

    json cells = json::array();
    // Every Markdown cell's relative links point where they pointed on the page (ipynb_links.hpp).
    const auto markdown = [&url](const std::string& cell_id, const std::string& text) {
        return notebook_cell("markdown", cell_id, links_resolved(text, url));
    };
    std::string intro = join_text({"# ", nb.at("title").get<std::string>(), "\n\n"});
    if (nb.contains("description")) intro += nb.at("description").get<std::string>() + "\n\n";
    append_text(intro, {"*The ", depth, " reading of attnbook's notebook `", id, "` (version ",
                        nb.at("version").get<std::string>(), "), from ", link_back(url), ".* "
                        "Each code cell recomputes a live cell of the page with Python 3 and numpy at the "
                        "settings exported, prints its numbers rounded as the page shows them, and checks them "
                        "against the engine's exact numbers written beside it. Change a setting and run the cell "
                        "again: the check then tells you how far you moved from the page's numbers."});
    cells.push_back(markdown("_title", intro));

    ShownCells shown_cells;
    for (const json& cell : nb.at("cells"))
        if (offers(cell.contains("depths") ? cell.at("depths") : depths, depth)) shown_cells.push_back(&cell);
    for (std::size_t index = 0; index < shown_cells.size(); ++index) {
        const json& cell = *shown_cells[index];
        const std::string type = cell.at("type").get<std::string>(), cid = cell.at("id").get<std::string>();
        std::string text, code;  // the cell's Markdown, and its program for a live cell that has one
        if (const TextWriter write = text_writer(type)) {
            text = write(cell, ShownCells(shown_cells.begin() + index + 1, shown_cells.end()));
        } else {
            const auto it = state.find(cid);
            LiveCell live = live_cell(cell, it == state.end() ? CellState{} : it->second);
            text = live.code.empty() ? join_text({titled(cell, "##"), "> This cell runs only on the page: ",
                                                  page_only_reason(type), ". Open it in ", link_back(url), "."})
                                     : live.markdown;
            code = std::move(live.code);
        }
        cells.push_back(markdown(cell_id(cid, ""), text));
        if (!code.empty()) cells.push_back(notebook_cell("code", cell_id(cid, "_code"), code));
    }

    json notebook = json::parse(kSkeleton);
    notebook["cells"] = std::move(cells);
    json& origin = notebook["metadata"]["attnbook"];  // where the notebook came from, for a re-export
    JsonOut(origin).set("notebook", id).set("version", nb.at("version")).set("depth", depth);
    if (args.has("state")) origin["state"] = args.text("state");
    json out;
    JsonOut(out).set("file", id + "-" + depth + ".ipynb").set("ipynb", notebook.dump(1) + "\n");
    return out;
}

// The training lab's program is checked against the engine's first steps of its run, so a program
// that exports notebooks carries the training too.
void enable_ipynb() {
    ipynb_exporter() = export_ipynb;
    enable_train();
}

}  // namespace attnbook
