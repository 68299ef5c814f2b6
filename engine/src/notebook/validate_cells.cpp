// One notebook cell: the fields every cell has (type, id, depths, title), then the fields of its
// type, then the cross-checks between them (shapes of query/keys/values, mask and labels per key).
// Returns the cell with every default filled; the caller uses it only when nothing was reported.
#include <algorithm>
#include <functional>
#include <set>

#include "attnbook/core/errors.hpp"
#include "attnbook/core/quote.hpp"
#include "attnbook/lessons/explore_row.hpp"
#include "attnbook/lessons/hand_example.hpp"
#include "attnbook/lessons/scaling_study.hpp"
#include "attnbook/notebook/json_text.hpp"
#include "attnbook/notebook/notebook.hpp"
#include "attnbook/notebook/practice.hpp"
#include "validate_context.hpp"

namespace attnbook {
namespace notebook_validation {
namespace {

// Every limit and default below is read from the header of the concept it belongs to.
namespace ex = explore_limits;
namespace hx = hand_example_limits;
namespace nb = notebook_limits;

using CellCheck = std::function<void(Context&, const json&, const std::string&, json&)>;

struct CellType {
    std::string name;
    std::vector<std::string> fields;    // besides type, id, depths, title
    std::vector<std::string> required;
    CellCheck check;
};

bool has(const json& cell, const char* name) { return cell.contains(name); }

std::string field(const std::string& path, const char* name) { return json_path_member(path, name); }

void check_prose(Context& cx, const json& cell, const std::string& path, json& out) {
    if (has(cell, "text")) {
        if (auto text = read_markdown(cx, cell["text"], field(path, "text"))) out["text"] = *text;
    }
}

void check_maths(Context& cx, const json& cell, const std::string& path, json& out) {
    if (has(cell, "tex")) {
        if (auto tex = read_string(cx, cell["tex"], field(path, "tex"), 1, nb::tex_max_chars)) out["tex"] = *tex;
    }
    out["display"] = true;
    if (has(cell, "display")) {
        if (auto display = read_bool(cx, cell["display"], field(path, "display"))) out["display"] = *display;
    }
    if (has(cell, "caption")) {
        if (auto caption = read_markdown(cx, cell["caption"], field(path, "caption"))) out["caption"] = *caption;
    }
}

json matrix_json(const Matrix& rows) {
    json out = json::array();
    for (const auto& row : rows) out.push_back(row);
    return out;
}

void check_explorable(Context& cx, const json& cell, const std::string& path, json& out) {
    std::optional<std::vector<double>> query;
    std::optional<Matrix> keys, values;
    if (has(cell, "query")) {
        query = read_vector(cx, cell["query"], field(path, "query"), 1, ex::cell_max_width, ex::cell_max_abs);
    }
    if (has(cell, "keys")) {
        keys = read_matrix(cx, cell["keys"], field(path, "keys"), 1, ex::cell_max_keys, 1, ex::cell_max_width,
                           ex::cell_max_abs);
    }
    if (has(cell, "values")) {
        values = read_matrix(cx, cell["values"], field(path, "values"), 1, ex::cell_max_keys, 1, ex::cell_max_width,
                             ex::cell_max_abs);
    }
    if (keys) {
        std::optional<std::size_t> d;
        if (query) d = query->size();
        check_row_widths(cx, *keys, field(path, "keys"), "key", d,
                         "the query has " + (d ? std::to_string(*d) : std::string()));
    }
    if (values) {
        check_row_widths(cx, *values, field(path, "values"), "value", std::nullopt, "");
        if (keys && values->size() != keys->size()) {
            cx.error(field(path, "values"), "keys has " + counted(keys->size(), "row", "rows") + " but values has " +
                                                counted(values->size(), "row", "rows"));
        }
    }
    const std::size_t n = keys ? keys->size() : 0;

    json labels = json::array();
    for (std::size_t i = 0; i < n; ++i) labels.push_back(std::string(1, static_cast<char>('A' + i)));
    if (has(cell, "labels")) {
        const json& given = cell["labels"];
        const std::string at = field(path, "labels");
        if (!given.is_array()) {
            cx.error(at, "expected an array of strings, found " + kind_of(given));
        } else {
            labels = json::array();
            std::set<std::string> seen;
            for (std::size_t i = 0; i < given.size(); ++i) {
                const auto label = read_string(cx, given[i], json_path_index(at, i), 1, ex::cell_label_max_chars);
                if (label && !seen.insert(*label).second) {
                    cx.error(json_path_index(at, i), "label " + quote(*label) + " is used twice");
                }
                labels.push_back(label ? json(*label) : json());
            }
            if (keys && given.size() != n) {
                cx.error(at, "labels has " + counted(given.size(), "entry", "entries") + " but keys has " +
                                 counted(n, "row", "rows"));
            }
        }
    }

    json mask = json::array();
    for (std::size_t i = 0; i < n; ++i) mask.push_back(true);
    if (has(cell, "mask")) {
        const json& given = cell["mask"];
        const std::string at = field(path, "mask");
        if (!given.is_array()) {
            cx.error(at, "expected an array of true/false, found " + kind_of(given));
        } else {
            mask = json::array();
            for (std::size_t i = 0; i < given.size(); ++i) {
                const auto allowed = read_bool(cx, given[i], json_path_index(at, i));
                mask.push_back(allowed ? json(*allowed) : json());
            }
            if (keys && given.size() != n) {
                cx.error(at, "mask has " + counted(given.size(), "entry", "entries") + " but keys has " +
                                 counted(n, "row", "rows"));
            }
        }
    }

    std::string divisor = divisor_name(default_divisor);
    if (has(cell, "divisor")) {
        if (auto given = read_divisor(cx, cell["divisor"], field(path, "divisor"))) divisor = *given;
    }

    json reference = query ? json(*query) : json();
    if (has(cell, "reference_query")) {
        const std::string at = field(path, "reference_query");
        const auto given = read_vector(cx, cell["reference_query"], at, 1, ex::cell_max_width, ex::cell_max_abs);
        if (given && query && given->size() != query->size()) {
            cx.error(at, "reference_query has " + counted(given->size(), "number", "numbers") +
                             " but the query has " + std::to_string(query->size()));
        }
        reference = given ? json(*given) : json();
    }

    if (has(cell, "presets")) {
        const std::string at = field(path, "presets");
        if (auto given = read_matrix(cx, cell["presets"], at, 1, ex::cell_max_presets, 1, ex::cell_max_width,
                                     ex::cell_max_abs)) {
            if (query) check_row_widths(cx, *given, at, "preset", query->size(),
                                        "the query has " + std::to_string(query->size()));
            out["presets"] = matrix_json(*given);
        }
    }

    if (has(cell, "goal")) {
        const std::string at = field(path, "goal");
        const json& goal = cell["goal"];
        if (expect_object(cx, goal, at)) {
            check_fields(cx, goal, at, {"source", "share_above"}, {"source", "share_above"}, "an explorable goal");
            json normalised = json::object();
            if (goal.contains("source")) {
                const std::string source_at = field(at, "source");
                if (auto source = read_string(cx, goal["source"], source_at, 1, ex::cell_label_max_chars)) {
                    if (std::find(labels.begin(), labels.end(), json(*source)) == labels.end())
                        cx.error(source_at, "goal source " + quote(*source) + " is not one of the labels");
                    normalised["source"] = *source;
                }
            }
            if (goal.contains("share_above")) {
                const std::string share_at = field(at, "share_above");
                if (auto share = read_number(cx, goal["share_above"], share_at, 1.0)) {
                    if (!(*share > 0.0 && *share < 1.0))
                        cx.error(share_at, "share_above must lie strictly between 0 and 1, found " + number_text(*share));
                    normalised["share_above"] = *share;
                }
            }
            out["goal"] = normalised;
        }
    }

    if (query) out["query"] = *query;
    if (keys) out["keys"] = matrix_json(*keys);
    if (values) out["values"] = matrix_json(*values);
    out["labels"] = labels;
    out["mask"] = mask;
    out["divisor"] = divisor;
    if (has(cell, "normalizer")) {  // optional; left out, the page starts on softmax
        const std::string at = field(path, "normalizer");
        const auto& names = normalizer_names();
        const json& given = cell["normalizer"];
        if (!given.is_string() || std::find(names.begin(), names.end(), given.get<std::string>()) == names.end())
            cx.error(at, "expected one of " + join(names) + ", found " +
                             (given.is_string() ? quote(given.get<std::string>()) : kind_of(given)));
        else
            out["normalizer"] = given;
    }
    if (!reference.is_null()) out["reference_query"] = reference;
}

void check_scaling_study(Context& cx, const json& cell, const std::string& path, json& out) {
    // Defaults: the lesson's measurement program, as ScalingInput holds them.
    const ScalingInput defaults;
    out["seed"] = defaults.seed;
    out["widths"] = defaults.widths;
    out["pairs"] = defaults.pairs;
    out["trials"] = defaults.trials;
    out["keys"] = defaults.keys;
    out["divisor"] = divisor_name(defaults.divisor);
    const std::size_t errors_before = cx.count();
    struct Limit {
        const char* name;
        WholeRange range;
    };
    const Limit limits[] = {{"seed", scaling_limits::seed},
                            {"pairs", scaling_limits::pairs},
                            {"trials", scaling_limits::trials},
                            {"keys", scaling_limits::keys}};
    auto read_whole = [&](const json& value, const std::string& at, WholeRange range) {
        return read_integer(cx, value, at, static_cast<long long>(range.min), static_cast<long long>(range.max));
    };
    for (const Limit& limit : limits) {
        if (!has(cell, limit.name)) continue;
        if (auto x = read_whole(cell[limit.name], field(path, limit.name), limit.range)) out[limit.name] = *x;
    }
    if (has(cell, "widths")) {
        const json& given = cell["widths"];
        const std::string at = field(path, "widths");
        if (!given.is_array()) {
            cx.error(at, "expected an array of whole numbers, found " + kind_of(given));
        } else {
            const WholeRange count = scaling_limits::width_count;
            if (given.size() < count.min || given.size() > count.max) {
                cx.error(at, "must have between " + std::to_string(count.min) + " and " + std::to_string(count.max) +
                                 " widths, found " + std::to_string(given.size()));
            }
            json widths = json::array();
            for (std::size_t i = 0; i < given.size(); ++i) {
                if (auto w = read_whole(given[i], json_path_index(at, i), scaling_limits::width)) widths.push_back(*w);
            }
            out["widths"] = widths;
        }
    }
    if (has(cell, "divisor")) {
        if (auto divisor = read_divisor(cx, cell["divisor"], field(path, "divisor"))) out["divisor"] = *divisor;
    }
    // The combined limits (pairs x width, trials x keys x width) are the lesson's own: ask it,
    // so an author hears about a study too large to run now rather than when the cell runs.
    if (cx.count() == errors_before) {
        ScalingInput study;
        study.widths = out["widths"].get<std::vector<std::size_t>>();
        study.pairs = out["pairs"].get<std::size_t>();
        study.trials = out["trials"].get<std::size_t>();
        study.keys = out["keys"].get<std::size_t>();
        study.seed = out["seed"].get<std::uint64_t>();
        try {
            check_scaling_input(study);
        } catch (const UserError& e) {
            cx.error(path, e.what());
        }
    }
}

void check_hand_example(Context& cx, const json& cell, const std::string& path, json& out) {
    // Defaults: the lesson's example that can be checked by hand, as HandExampleInput holds it.
    const HandExampleInput defaults;
    std::optional<Matrix> queries = defaults.queries;
    std::optional<Matrix> keys = defaults.keys;
    std::optional<Matrix> values = defaults.values;
    const bool own_queries = has(cell, "queries"), own_keys = has(cell, "keys"), own_values = has(cell, "values");
    const std::string q_at = field(path, "queries"), k_at = field(path, "keys"), v_at = field(path, "values");
    auto read = [&](const char* name, const std::string& at) {
        return read_matrix(cx, cell[name], at, 1, hx::cell_max_rows, 1, hx::cell_max_width, hx::cell_max_abs);
    };
    if (own_queries) queries = read("queries", q_at);
    if (own_keys) keys = read("keys", k_at);
    if (own_values) values = read("values", v_at);

    const bool queries_even = queries && check_row_widths(cx, *queries, q_at, "query", std::nullopt, "");
    if (keys && queries_even) {
        const std::size_t d = queries->front().size();
        if (own_keys) {
            check_row_widths(cx, *keys, k_at, "key", d, "the query rows have " + std::to_string(d));
        } else if (d != keys->front().size()) {
            cx.error(q_at, "query rows have " + counted(d, "number", "numbers") + " but the default keys have " +
                               std::to_string(keys->front().size()) + " (give keys as well)");
        }
    }
    if (values) {
        check_row_widths(cx, *values, v_at, "value", std::nullopt, "");
        if (keys && values->size() != keys->size()) {
            if (own_values) {
                cx.error(v_at, "keys has " + counted(keys->size(), "row", "rows") + " but values has " +
                                   counted(values->size(), "row", "rows"));
            } else {
                cx.error(k_at, "keys has " + counted(keys->size(), "row", "rows") + " but the default values have " +
                                   counted(values->size(), "row", "rows") + " (give values as well)");
            }
        }
    }
    if (queries) out["queries"] = matrix_json(*queries);
    if (keys) out["keys"] = matrix_json(*keys);
    if (values) out["values"] = matrix_json(*values);
}

void check_answer(Context& cx, const json& answer, const std::string& path, json& out) {
    if (!expect_object(cx, answer, path)) return;
    if (!answer.contains("kind")) {
        cx.error(path, "missing required field \"kind\" of the answer (\"number\" or \"choice\")");
        return;
    }
    const std::string kind_at = field(path, "kind");
    if (!answer["kind"].is_string()) {
        cx.error(kind_at, "expected a string, found " + kind_of(answer["kind"]));
        return;
    }
    const std::string kind = answer["kind"].get<std::string>();
    json normalised = {{"kind", kind}};
    if (kind == "number") {
        check_fields(cx, answer, path, {"kind", "value", "tolerance", "decimals"}, {"kind", "value"},
                     "a number answer");
        if (answer.contains("tolerance") == answer.contains("decimals"))
            cx.error(path, "a number answer needs exactly one of \"tolerance\" and \"decimals\"");
        if (answer.contains("decimals")) {
            if (auto d = read_integer(cx, answer["decimals"], field(path, "decimals"), 0, practice_limits::max_decimals))
                normalised["decimals"] = *d;
        }
        if (answer.contains("value")) {
            if (auto value = read_number(cx, answer["value"], field(path, "value"), practice_limits::max_abs_answer)) {
                normalised["value"] = *value;
            }
        }
        if (answer.contains("tolerance")) {
            const std::string at = field(path, "tolerance");
            if (auto tolerance = read_number(cx, answer["tolerance"], at, practice_limits::max_abs_answer)) {
                if (*tolerance <= 0) {
                    cx.error(at, "must be greater than 0, found " + number_text(*tolerance));
                } else {
                    normalised["tolerance"] = *tolerance;
                }
            }
        }
    } else if (kind == "choice") {
        check_fields(cx, answer, path, {"kind", "options", "correct", "reasons"}, {"kind", "options", "correct"},
                     "a choice answer");
        std::size_t options = 0;
        bool options_ok = false;
        if (answer.contains("options")) {
            const json& given = answer["options"];
            const std::string at = field(path, "options");
            if (!given.is_array()) {
                cx.error(at, "expected an array of strings, found " + kind_of(given));
            } else {
                using practice_limits::max_options;
                using practice_limits::min_options;
                options = given.size();
                options_ok = options >= min_options && options <= max_options;
                if (!options_ok) {
                    cx.error(at, "must have between " + std::to_string(min_options) + " and " +
                                     std::to_string(max_options) + " options, found " + std::to_string(options));
                }
                std::set<std::string> seen;
                json list = json::array();
                for (std::size_t i = 0; i < options; ++i) {
                    const auto option = read_markdown(cx, given[i], json_path_index(at, i));
                    if (option && !seen.insert(*option).second) {
                        cx.error(json_path_index(at, i), "option " + quote(*option) + " is listed twice");
                    }
                    list.push_back(option ? json(*option) : json());
                }
                normalised["options"] = list;
            }
        }
        if (answer.contains("correct")) {
            const std::string at = field(path, "correct");
            if (options_ok) {
                if (auto index = read_integer(cx, answer["correct"], at, 0, static_cast<long long>(options) - 1)) {
                    normalised["correct"] = *index;
                }
            } else if (!answer["correct"].is_number()) {
                cx.error(at, "expected a whole number (an index into options), found " + kind_of(answer["correct"]));
            }
        }
        if (answer.contains("reasons")) {
            // One Markdown reason per option: why it is (or is not) the answer, shown after a pick.
            const json& given = answer["reasons"];
            const std::string at = field(path, "reasons");
            if (!given.is_array()) {
                cx.error(at, "expected an array of strings, found " + kind_of(given));
            } else {
                if (options_ok && given.size() != options)
                    cx.error(at, "reasons has " + counted(given.size(), "entry", "entries") + " but there are " +
                                     counted(options, "option", "options"));
                json list = json::array();
                for (std::size_t i = 0; i < given.size(); ++i) {
                    const auto reason = read_markdown(cx, given[i], json_path_index(at, i));
                    list.push_back(reason ? json(*reason) : json());
                }
                normalised["reasons"] = list;
            }
        }
    } else {
        cx.error(kind_at, "unknown answer kind " + quote(kind) + " (expected one of: " + join(answer_kinds()) + ")");
        return;
    }
    out["answer"] = normalised;
}

void check_practice_cell(Context& cx, const json& cell, const std::string& path, json& out) {
    for (const char* name : {"prompt", "hint", "worked", "explanation"}) {
        if (!has(cell, name)) continue;
        if (auto text = read_markdown(cx, cell[name], field(path, name))) out[name] = *text;
    }
    if (has(cell, "answer")) check_answer(cx, cell["answer"], field(path, "answer"), out);
}

void check_references(Context& cx, const json& cell, const std::string& path, json& out) {
    if (!has(cell, "items")) return;
    const json& items = cell["items"];
    const std::string at = field(path, "items");
    if (!items.is_array()) {
        cx.error(at, "expected an array of references, found " + kind_of(items));
        return;
    }
    if (items.size() < nb::min_references || items.size() > nb::max_references) {
        cx.error(at, "must have between " + std::to_string(nb::min_references) + " and " +
                         std::to_string(nb::max_references) + " references, found " + std::to_string(items.size()));
    }
    json list = json::array();
    for (std::size_t i = 0; i < items.size(); ++i) {
        const std::string item_at = json_path_index(at, i);
        if (!expect_object(cx, items[i], item_at)) continue;
        const json& item = items[i];
        check_fields(cx, item, item_at, {"authors", "title", "year", "venue", "url"},
                     {"authors", "title", "year", "venue"}, "a reference");
        json normalised = json::object();
        for (const char* name : {"authors", "title", "venue"}) {
            if (!item.contains(name)) continue;
            if (auto text = read_string(cx, item[name], field(item_at, name), 1, nb::reference_text_max_chars)) {
                normalised[name] = *text;
            }
        }
        if (item.contains("year")) {
            if (auto year = read_integer(cx, item["year"], field(item_at, "year"), nb::min_year, nb::max_year)) {
                normalised["year"] = *year;
            }
        }
        if (item.contains("url")) {
            if (auto url = read_https_url(cx, item["url"], field(item_at, "url"))) normalised["url"] = *url;
        }
        list.push_back(normalised);
    }
    out["items"] = list;
}

const std::vector<CellType>& cell_types() {
    static const std::vector<CellType> types = {
        {"prose", {"text"}, {"text"}, check_prose},
        {"maths", {"tex", "display", "caption"}, {"tex"}, check_maths},
        {"explorable",
         {"query", "keys", "values", "labels", "mask", "divisor", "normalizer", "reference_query", "presets", "goal"},
         {"query", "keys", "values"},
         check_explorable},
        {"scaling-study", {"seed", "widths", "pairs", "trials", "keys", "divisor"}, {}, check_scaling_study},
        {"hand-example", {"queries", "keys", "values"}, {}, check_hand_example},
        {"held-sequence", {"queries", "keys", "values", "labels", "mask", "divisor"}, {}, check_held_sequence},
        {"transformer-block", {"input", "labels", "heads", "mask", "activation"}, {}, check_transformer_block},
        {"playback", {"duration"}, {}, check_playback},
        {"study", {"steps"}, {"steps"}, check_study},
        {"help-history", {}, {}, [](Context&, const json&, const std::string&, json&) {}},
        {"practice", {"prompt", "answer", "hint", "worked", "explanation"}, {"prompt", "answer"}, check_practice_cell},
        {"references", {"items"}, {"items"}, check_references},
        {"attention-scale", {"tokens", "head_width", "heads", "causal", "divisor", "seed", "backend"}, {}, check_attention_scale_cell},
        {"precision-lab", {"tokens", "head_width", "seed"}, {}, check_precision_lab_cell},
        {"pipeline", {"scores", "width", "values", "labels"}, {}, check_pipeline_cell},
        {"pytorch-rules", {"scale"}, {}, check_pytorch_rules_cell},
        {"mistakes", {"heads", "head_width", "tuned_width"}, {}, check_mistakes_cell},
        {"jacobian", {"scores", "widths", "seed"}, {}, check_jacobian_cell},
        {"cost", {"tokens", "head_width", "value_width", "heads", "layers", "batch", "bytes"}, {}, check_cost_cell},
        {"online-softmax", {"scores", "values", "tile"}, {}, check_online_softmax_cell},
        {"alternatives", {"cosine_scale", "features", "seed"}, {}, check_alternatives_cell},
    };
    return types;
}

json read_cell_depths(Context& cx, const json& value, const std::string& path) {
    if (!value.is_array()) {
        cx.error(path, "expected an array of depths, found " + kind_of(value));
        return nullptr;
    }
    if (value.empty()) {
        cx.error(path, "must list at least one depth (leave depths out to show the cell at every depth)");
        return nullptr;
    }
    const std::vector<std::string>& allowed = cx.notebook_depths_valid ? cx.notebook_depths : notebook_depth_names();
    json out = json::array();
    std::size_t last_rank = 0;
    bool ordered = true;
    for (std::size_t i = 0; i < value.size(); ++i) {
        const std::string at = json_path_index(path, i);
        if (!value[i].is_string()) {
            cx.error(at, "expected a string, found " + kind_of(value[i]));
            continue;
        }
        const std::string depth = value[i].get<std::string>();
        const auto rank = std::find(allowed.begin(), allowed.end(), depth);
        if (rank == allowed.end()) {
            const bool known = std::find(notebook_depth_names().begin(), notebook_depth_names().end(), depth) != notebook_depth_names().end();
            cx.error(at, known ? "depth " + quote(depth) + " is not one of the notebook's depths (" + join(allowed) + ")"
                               : "unknown depth " + quote(depth) + " (expected one of: " + join(allowed) + ")");
            continue;
        }
        if (std::find(out.begin(), out.end(), json(depth)) != out.end()) {
            cx.error(at, "depth " + quote(depth) + " is listed twice");
            continue;
        }
        const std::size_t r = static_cast<std::size_t>(rank - allowed.begin()) + 1;
        ordered = ordered && r > last_rank;
        last_rank = r;
        out.push_back(depth);
    }
    if (!ordered) cx.error(path, "depths must be listed in the order " + join(allowed));
    return out;
}

}  // namespace

void check_practice_answer(Context& cx, const json& answer, const std::string& path, json& out) {
    check_answer(cx, answer, path, out);
}

json validate_cell(Context& cx, const json& cell, const std::string& path) {
    if (!expect_object(cx, cell, path)) return nullptr;
    const std::vector<std::string>& names = notebook_cell_types();
    if (!cell.contains("type")) {
        cx.error(path, "missing required field \"type\" of a cell (one of: " + join(names) + ")");
        return nullptr;
    }
    const std::string type_at = field(path, "type");
    if (!cell["type"].is_string()) {
        cx.error(type_at, "expected a string, found " + kind_of(cell["type"]));
        return nullptr;
    }
    const std::string type_name = cell["type"].get<std::string>();
    const auto type = std::find_if(cell_types().begin(), cell_types().end(),
                                   [&](const CellType& t) { return t.name == type_name; });
    if (type == cell_types().end()) {
        cx.error(type_at, "unknown cell type " + quote(type_name) + " (expected one of: " + join(names) + ")");
        return nullptr;
    }

    std::vector<std::string> allowed = {"type", "id", "depths", "title"};
    allowed.insert(allowed.end(), type->fields.begin(), type->fields.end());
    const bool vowel = std::string("aeiou").find(type_name[0]) != std::string::npos;
    check_fields(cx, cell, path, allowed, type->required, (vowel ? "an " : "a ") + type_name + " cell");

    json out = {{"type", type_name}};
    if (cell.contains("id")) {
        const std::string at = field(path, "id");
        if (auto id = read_id(cx, cell["id"], at)) {
            const auto earlier = cx.cell_ids.find(*id);
            if (earlier != cx.cell_ids.end()) {
                cx.error(at, "duplicate cell id " + quote(*id) + " (also used by " + earlier->second + ")");
            } else {
                cx.cell_ids[*id] = path;
            }
            out["id"] = *id;
        }
    }
    out["depths"] = cx.notebook_depths;
    if (cell.contains("depths")) out["depths"] = read_cell_depths(cx, cell["depths"], field(path, "depths"));
    if (cell.contains("title")) {
        if (auto title = read_string(cx, cell["title"], field(path, "title"), 1, nb::title_max_chars)) out["title"] = *title;
    }
    type->check(cx, cell, path, out);
    return out;
}

}  // namespace notebook_validation

const std::vector<std::string>& notebook_cell_types() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (const auto& type : notebook_validation::cell_types()) out.push_back(type.name);
        return out;
    }();
    return names;
}

}  // namespace attnbook

#include "attnbook/notebook/cell_types.hpp"

namespace attnbook {

const std::vector<CellTypeFields>& notebook_cell_fields() {
    static const std::vector<CellTypeFields> out = [] {
        std::vector<CellTypeFields> list;
        for (const auto& type : notebook_validation::cell_types()) {
            std::vector<std::string> fields = {"type", "id", "depths", "title"};
            fields.insert(fields.end(), type.fields.begin(), type.fields.end());
            list.push_back({type.name, fields, type.required});
        }
        return list;
    }();
    return out;
}

}  // namespace attnbook
