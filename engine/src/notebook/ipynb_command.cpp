// The `ipynb` command (contract in notebook/ipynb.hpp): the notebook's cells at one depth, in
// order, as nbformat 4.5 cells. Cell ids are the notebook's own (a live cell's code cell adds
// "_code"; '_' never occurs in a notebook's ids, so nothing collides), so a re-export keeps them.
// The text cells' Markdown is ipynb_text_cells.cpp's, the live cells' programs ipynb_programs*.cpp's.
#include "attnbook/notebook/ipynb.hpp"
#include "attnbook/notebook/train_command.hpp"

#include <algorithm>
#include <string_view>
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
#include "ipynb_text_cells.hpp"

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
    for (std::size_t i = 0; i + 1 < pieces.size(); ++i) lines.push_back(pieces[i] + "\n");
    if (!pieces.back().empty()) lines.push_back(pieces.back());  // "" has no lines
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
