#include "cli_options.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <optional>

#include "attnbook/core/decimal_text.hpp"
#include "attnbook/core/errors.hpp"
#include "attnbook/core/normalize.hpp"
#include "attnbook/core/quote.hpp"
#include "attnbook/core/text_split.hpp"
#include "attnbook/lessons/alternatives.hpp"
#include "attnbook/lessons/block.hpp"
#include "attnbook/lessons/cost_model.hpp"
#include "attnbook/lessons/mistakes.hpp"
#include "attnbook/lessons/online_softmax.hpp"
#include "attnbook/lessons/pipeline.hpp"
#include "attnbook/lessons/divisor.hpp"
#include "attnbook/lessons/explore_row.hpp"
#include "attnbook/lessons/jacobian.hpp"
#include "attnbook/lessons/hand_example.hpp"
#include "attnbook/lessons/precision.hpp"
#include "attnbook/lessons/pytorch_rules.hpp"
#include "attnbook/lessons/scaling_study.hpp"
#include "attnbook/lessons/sequence.hpp"
#include "attnbook/lessons/train.hpp"
#include "attnbook/notebook/field_reader.hpp"

namespace attnbook::cli {
namespace {

using nlohmann::json;

// switch_: a bare option (--unscaled) that sets true; --unscaled=false|true|0|1 works too.
enum class Kind { number, numbers, rows, flags, flag_rows, whole, wholes, word, words, switch_ };

struct OptionSpec {
    const char* field;  // the JSON argument it becomes
    Kind kind;
    const char* help = nullptr;  // a line for `COMMAND --help` (a field table's)
    std::string shown;           // its default, as the option would be written
};

// A default as an option's value: items joined by ',', rows by ';' (defined below).
std::string option_text(const json& value);

// A command's options from its lesson's field table (core/field.hpp): --head-width for head_width,
// the kind by the field's.
template <class Input>
std::map<std::string, OptionSpec> table_options() {
    std::map<std::string, OptionSpec> out;
    json defaults;
    JsonOut o(defaults);
    write_fields(Input{}, o, false);
    for (const Field& f : field_list<Input>(false)) {
        std::string option = f.name;
        for (char& c : option) c = c == '_' ? '-' : c;
        const Kind kind = f.kind == Field::wholes     ? Kind::wholes
                          : f.kind == Field::rows     ? Kind::rows
                          : f.kind == Field::numbers  ? Kind::numbers
                          : f.kind == Field::strings  ? Kind::words
                          : f.kind == Field::flag_rows ? Kind::flag_rows
                          : f.kind == Field::flags    ? Kind::flags
                          : f.kind == Field::choice   ? Kind::word
                          : f.kind == Field::positive ? Kind::number
                          : f.kind == Field::divisor  ? Kind::word
                          : f.kind == Field::boolean  ? Kind::switch_
                                                      : Kind::whole;
        // A switch is written bare (--unscaled); every other option with its default.
        std::string shown = kind == Kind::switch_ ? "" : option_text(defaults[f.name]);
        if (kind != Kind::switch_ && shown.empty()) shown = "(none)";  // an empty list: e.g. no mask
        out.emplace(option, OptionSpec{f.name, kind, f.help, shown});
    }
    return out;
}

const std::map<std::string, std::map<std::string, OptionSpec>>& option_table() {
    static const std::map<std::string, OptionSpec> explore = table_options<ExploreInput>();
    static std::map<std::string, OptionSpec> python = explore;
    // The command's own option (the program's names of the sources).
    python.emplace("labels", OptionSpec{"labels", Kind::words, "a name per source in the program (A, B, C, ... when left out)"});
    static const std::map<std::string, OptionSpec> scaling = table_options<ScalingInput>();
    static std::map<std::string, OptionSpec> pipeline = table_options<PipelineInput>();
    // The command's own option (its stops depend on the width).
    pipeline.emplace("knob", OptionSpec{"knob", Kind::whole, "the knob's stop, from 0 (the smallest divisor); left out, sqrt(d)'s"});
    static const std::map<std::string, OptionSpec> train = table_options<TrainConfig>();
    // train-program: the same run as a numpy program, which prints no attention maps.
    static std::map<std::string, OptionSpec> train_program = train;
    train_program.erase("snapshots");
    train_program.erase("probe");
    static const std::map<std::string, std::map<std::string, OptionSpec>> table = {
        {"explore", explore},
        {"python", python},
        {"scaling", scaling},
        {"scaling-program", scaling},
        {"hand-example", table_options<HandExampleInput>()},
        {"sequence", table_options<SequenceInput>()},
        {"block", table_options<BlockInput>()},
        {"validate", {}},
        {"ipynb", {{"depth", {"depth", Kind::word}}, {"state", {"state", Kind::word}}, {"url", {"url", Kind::word}}}},
        {"limits", {}},
        {"cell-types", {}},
        {"schema", {}},
        {"precision", table_options<PrecisionInput>()},
        {"normalize", table_options<NormalizeInput>()},
        {"jacobian", table_options<ScoreRowInput>()},
        {"online-softmax", table_options<OnlineSoftmaxInput>()},
        {"cost", table_options<CostInput>()},
        {"pipeline", pipeline},
        {"pytorch-rules", table_options<PytorchRulesInput>()},
        {"mistakes", table_options<MistakesInput>()},
        {"alternatives", table_options<AlternativesInput>()},
        {"jacobian-norms", table_options<JacobianNormsInput>()},
        {"train", train},
        {"train-program", train_program},
        {"tiling-memory", table_options<TilingMemoryInput>()},
    };
    return table;
}

// Option names here come from the table, or are escaped by the caller when the user typed them.
[[noreturn]] void bad(const std::string& option, const std::string& what) { throw UserError("--" + option + ": " + what); }

// An option name as the user typed it, safe to print.
std::string typed_option(const std::string& name) { return "--" + printable(name, quote_max_chars); }

// Positions are 0-based and written like the JSON paths of the engine's messages: [1][0].
std::string position(std::size_t row, std::size_t item, bool with_row) {
    return with_row ? " (at [" + std::to_string(row) + "][" + std::to_string(item) + "])"
                    : " (at [" + std::to_string(item) + "])";
}

// Numbers follow the engine's one rule for decimal text (core/decimal_text.hpp), the same as JSON
// and JavaScript: subnormals are read, only values beyond the largest double are refused.
double parse_number(const std::string& option, const std::string& raw, const std::string& where) {
    const std::string text = trim_blanks(raw);
    if (text.empty()) bad(option, "empty item" + where);
    const Decimal d = read_decimal(text);
    switch (d.status) {
        case DecimalStatus::ok: return d.value;
        case DecimalStatus::not_a_number: bad(option, quote(text) + " is not a number" + where);
        case DecimalStatus::not_finite: bad(option, quote(text) + " is not a finite number" + where);
        case DecimalStatus::too_large: bad(option, quote(text) + " is too large: it overflows a double" + where);
    }
    bad(option, quote(text) + " is not a number" + where);
}

json parse_whole(const std::string& option, const std::string& raw, const std::string& where) {
    const std::string text = trim_blanks(raw);
    const bool negative = !text.empty() && text[0] == '-';
    const bool sign = negative || (!text.empty() && text[0] == '+');
    const std::string digits = sign ? text.substr(1) : text;
    if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos)
        bad(option, quote(text) + " is not a whole number" + where);
    errno = 0;
    const unsigned long long magnitude = std::strtoull(digits.c_str(), nullptr, 10);
    if (errno == ERANGE) bad(option, quote(text) + " is too large" + where);
    // A negative value goes through as a negative integer so the command's range check names it.
    if (negative) return magnitude == 0 ? json(0) : json(-static_cast<long long>(std::min(magnitude, 1ULL << 62)));
    return json(static_cast<std::uint64_t>(magnitude));
}

json parse_switch(const std::string& option, const std::string& raw, const std::string& where) {
    const std::string item = trim_blanks(raw);
    if (item == "1" || item == "true") return true;
    if (item == "0" || item == "false") return false;
    bad(option, quote(item) + " is not 1, 0, true or false" + where);
}

// One item of a list or of a row, read as `element` (number, whole, switch_, or a word: trimmed).
json parse_item(const std::string& option, Kind element, const std::string& raw, const std::string& where) {
    switch (element) {
        case Kind::number: return parse_number(option, raw, where);
        case Kind::whole: return parse_whole(option, raw, where);
        case Kind::switch_: return parse_switch(option, raw, where);
        default: return trim_blanks(raw);
    }
}

// "a,b,c" as a list of `element`s; `row` places the items of a row of "a,b;c,d" in the messages.
json parse_list(const std::string& option, Kind element, const std::string& text, std::optional<std::size_t> row) {
    json list = json::array();
    const auto items = split_text(text, ',');
    for (std::size_t i = 0; i < items.size(); ++i)
        list.push_back(parse_item(option, element, items[i], position(row.value_or(0), i, row.has_value())));
    return list;
}

json parse_rows(const std::string& option, Kind element, const std::string& value) {
    json rows = json::array();
    const auto lines = split_text(value, ';');
    for (std::size_t r = 0; r < lines.size(); ++r) rows.push_back(parse_list(option, element, lines[r], r));
    return rows;
}

json convert(const std::string& option, Kind kind, const std::string& value) {
    switch (kind) {
        // A name (divisor, normalizer, activation) goes to the command exactly as typed: " 1" is not
        // the divisor 1, and the command refuses it, quoted, as it does in a notebook or the page.
        case Kind::word: return value;
        case Kind::number:
        case Kind::whole:
        case Kind::switch_: return parse_item(option, kind, value, "");
        case Kind::numbers: return parse_list(option, Kind::number, value, std::nullopt);
        case Kind::wholes: return parse_list(option, Kind::whole, value, std::nullopt);
        case Kind::flags: return parse_list(option, Kind::switch_, value, std::nullopt);
        case Kind::words: return parse_list(option, Kind::word, value, std::nullopt);
        case Kind::rows: return parse_rows(option, Kind::number, value);
        case Kind::flag_rows: return parse_rows(option, Kind::switch_, value);
    }
    return nullptr;
}

// Option values as the CLI reads them back: numbers in their shortest round-trip form (as JSON
// prints them, without a trailing ".0"), items joined by ',' and rows by ';'.
std::string option_number(double x) {
    std::string text = json(x).dump();
    if (text.size() > 2 && text.compare(text.size() - 2, 2, ".0") == 0) text.resize(text.size() - 2);
    return text;
}

template <class T>
std::string option_items(const std::vector<T>& items) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) out += (i ? "," : "") + option_number(static_cast<double>(items[i]));
    return out;
}

std::string option_rows(const std::vector<std::vector<double>>& rows) {
    std::string out;
    for (std::size_t i = 0; i < rows.size(); ++i) out += (i ? ";" : "") + option_items(rows[i]);
    return "\"" + out + "\"";
}

std::string option_text(const json& value) {
    if (value.is_string()) return value.get<std::string>();
    if (!value.is_array()) return option_number(value.get<double>());
    std::string out;
    const bool rows = !value.empty() && value[0].is_array();
    for (std::size_t i = 0; i < value.size(); ++i) out += (i ? (rows ? ";" : ",") : "") + option_text(value[i]);
    return rows ? "\"" + out + "\"" : out;
}

}  // namespace

std::string usage(const std::string& command) {
    const auto table = option_table().find(command);
    if (table == option_table().end() || table->second.empty()) return usage();
    for (const auto& entry : table->second)
        if (!entry.second.help) return usage();  // a command whose options have no table yet
    std::vector<std::pair<std::string, const char*>> lines;
    std::size_t width = 0;
    for (const auto& [name, spec] : table->second) {
        lines.emplace_back("  --" + name + (spec.shown.empty() ? "" : " " + spec.shown), spec.help);
        width = std::max(width, lines.back().first.size());
    }
    std::string out = "usage: attnbook " + command + " [options]   (every option may be left out)\n\noptions (the values shown are the defaults):\n";
    for (const auto& [left, help] : lines) out += left + std::string(width + 2 - left.size(), ' ') + help + "\n";
    return out;
}

std::string usage() {
    // The values shown are the defaults, read from the lessons' headers.
    const ExploreInput ex = explore_example();
    const ScalingInput sc;
    const HandExampleInput hx;
    const SequenceInput sq = sequence_example();
    const BlockInput bk = block_example();
    std::string activations;
    for (const auto& name : activation_names()) activations += (activations.empty() ? "" : "|") + name;
    std::string divisors;
    for (const auto& name : divisor_names()) divisors += (divisors.empty() ? "" : "|") + name;
    std::string train_tasks;
    for (const auto& name : train_task_names()) train_tasks += (train_tasks.empty() ? "" : "|") + name;
    const TrainConfig tc;
    std::string kinds;
    for (const auto& name : normalizer_names()) kinds += (kinds.empty() ? "" : "|") + name;
    return "usage: attnbook COMMAND [options]        (scripts/attnbook --wasm COMMAND ... runs the WebAssembly build)\n"
           "\n"
           "commands:\n"
           "  explore       one query against several sources: dots, scores, shares, carries, output\n"
           "                  --query " + option_items(ex.query) + "  --keys " + option_rows(ex.keys) +
           "  --values " + option_rows(ex.values) + "\n"
           "                  --mask 1,1,1  --divisor " + divisors + "  --normalizer " + kinds + "\n"
           "  python        the same row as a runnable Python 3 program (same options, softmax only, plus --labels A,B,C)\n"
           "  scaling       the scaling study drawn from numpy's default_rng(seed)\n"
           "                  --seed " + std::to_string(sc.seed) + "  --widths " + option_items(sc.widths) +
           "  --pairs " + std::to_string(sc.pairs) + "  --trials " + std::to_string(sc.trials) +
           "  --keys " + std::to_string(sc.keys) + "\n"
           "                  --divisor " + divisors + "\n"
           "  hand-example  the small attention step that can be checked by hand\n"
           "                  --queries " + option_rows(hx.queries) + "  --keys " + option_rows(hx.keys) +
           "  --values " + option_rows(hx.values) + "\n"
           "  sequence      several query rows against the same sources, a mask row each\n"
           "                  --queries " + option_rows(sq.queries) + "  --keys " + option_rows(sq.keys) +
           "  --values " + option_rows(sq.values) + "\n"
           "                  --mask \"1,1,1;1,1,1;1,1,1\"  --divisor " + divisors + "\n"
           "  block         a pre-norm transformer block with the notebook's fixed weights, every step\n"
           "                  --input " + option_rows(bk.input) + "  --heads " + std::to_string(bk.heads) +
           "  --mask \"1,0,0;1,1,0;1,1,1\"  --activation " + activations + "\n"
           "  precision     one attention in float32, bfloat16 and float16 (emulated) against float64\n"
           "                  --tokens " + std::to_string(PrecisionInput{}.tokens) + "  --head-width " +
           std::to_string(PrecisionInput{}.head_width) + "  --seed " + std::to_string(PrecisionInput{}.seed) + "  [--unscaled]\n"
           "  scaling-program  the scaling study as a Python 3 + numpy program (same options as scaling);\n"
           "                  its last line prints the four columns as JSON\n"
           "  normalize     one row of scores -> weights: --scores 0.1,4.0,0,0.2  --kind " + kinds + "\n"
           "                  --temperature 1 (the scores are divided by it first)\n"
           "  jacobian      the softmax Jacobian diag(p) - p p^T of --scores, and its Frobenius norm\n"
           "  online-softmax  a row read in tiles, as FlashAttention does: --scores ...  --values \"v;v;...\"  --tile 2\n"
           "  cost          FLOPs and score memory: --tokens 100000  --head-width 64  --value-width 64\n"
           "                  --heads 1  --layers 1  --batch 1  --bytes 2\n"
           "  pipeline, pytorch-rules, mistakes, alternatives, jacobian-norms, tiling-memory\n"
           "                the three-depth lesson's live cells (options: their cells' fields, '_' written '-')\n"
           "  ipynb         a notebook at one depth as a Jupyter notebook that recomputes its numbers:\n"
           "                  ipynb FILE --depth beginner|developer|researcher  [--state PERMALINK]  [--url PAGE]\n"
           "  train         a tiny transformer trained on a task; loss curves, accuracy, attention maps:\n"
           "                  --task " + train_tasks + "  --layers " + std::to_string(tc.layers) +
           "  --heads " + std::to_string(tc.heads) + "  --width " + std::to_string(tc.width) +
           "  --context " + std::to_string(tc.context) + "\n"
           "                  --vocab " + std::to_string(tc.vocab) + "  [--mlp]  --divisor " + divisors +
           "  --learning-rate " + json(tc.learning_rate).dump() + "\n"
           "                  --batch " + std::to_string(tc.batch) + "  --steps " + std::to_string(tc.steps) +
           "  --seed " + std::to_string(tc.seed) + "  --snapshots " + std::to_string(tc.snapshots) +
           "  --eval-every " + std::to_string(tc.eval_every) + "  --probe 1,2,3\n"
           "  train-program the same run as a Python 3 + numpy program (train's options but snapshots\n"
           "                  and probe); its last line prints the loss curves as JSON\n"
           "  validate      check notebook files: validate FILE...\n"
           "  limits        every limit, default and name list of the engine, as JSON\n"
           "  cell-types    each cell type's fields and a valid example cell, as JSON\n"
           "  schema        the notebook format as a JSON Schema (draft 2020-12), for editors\n"
           "\n"
           "The values shown are the defaults. Results are JSON on stdout; every number is\n"
           "{\"exact\": <double>, \"shown\": \"<text>\"}. Errors go to stderr with a non-zero exit status.\n"
           "Option values may start with '-'; --name=value works too. Numbers are decimals (2, -0.5,\n"
           "1e-3), read as the nearest double the way JSON and JavaScript read them.\n";
}

void check_utf8_arguments(const std::vector<std::string>& argv) {
    for (std::size_t i = 0; i < argv.size(); ++i)
        if (!valid_utf8(argv[i])) throw UserError("argument " + std::to_string(i + 1) + " is not valid UTF-8");
}

ParsedLine parse_command_line(const std::vector<std::string>& argv) {
    ParsedLine line;
    if (argv.empty() || argv[0] == "help" || argv[0] == "--help" || argv[0] == "-h") {
        line.wants_help = true;
        return line;
    }
    check_utf8_arguments(argv);
    line.command = argv[0];
    const auto table = option_table().find(line.command);
    if (table == option_table().end()) {
        std::string known;
        for (const auto& entry : option_table()) known += (known.empty() ? "" : ", ") + entry.first;
        throw UserError("unknown command " + quote(line.command) + " (expected one of: " + known + ")");
    }
    for (std::size_t i = 1; i < argv.size(); ++i) {
        const std::string& word = argv[i];
        if (word == "--help" || word == "-h") {
            line.wants_help = true;
            continue;
        }
        if (word.rfind("--", 0) != 0) {
            if (line.command != "validate" && line.command != "ipynb")
                throw UserError(line.command + ": unexpected argument " + quote(word) + " (options start with --)");
            line.files.push_back(word);
            continue;
        }
        std::string name = word.substr(2), value;
        const auto eq = name.find('=');
        if (eq != std::string::npos) {
            value = name.substr(eq + 1);
            name = name.substr(0, eq);
        }
        const auto spec = table->second.find(name);
        if (eq == std::string::npos && spec != table->second.end() && spec->second.kind == Kind::switch_) {
            value = "true";  // a bare switch takes no value
        } else if (eq == std::string::npos) {
            if (i + 1 >= argv.size()) throw UserError(typed_option(name) + ": missing value");
            value = argv[++i];
        }
        if (spec == table->second.end()) {
            std::string known;
            for (const auto& entry : table->second) known += (known.empty() ? "--" : ", --") + entry.first;
            throw UserError(line.command + ": unknown option " + typed_option(name) +
                            (known.empty() ? "" : " (expected one of: " + known + ")"));
        }
        if (line.args.contains(spec->second.field)) throw UserError("--" + name + ": given twice");
        line.args[spec->second.field] = convert(name, spec->second.kind, value);
    }
    if (line.command == "validate" && line.files.empty() && !line.wants_help)
        throw UserError("validate: name at least one notebook file");
    if (line.command == "ipynb" && line.files.size() != 1 && !line.wants_help)
        throw UserError("ipynb: name one notebook file (ipynb NOTEBOOK.json --depth beginner|developer|researcher)");
    return line;
}

}  // namespace attnbook::cli
