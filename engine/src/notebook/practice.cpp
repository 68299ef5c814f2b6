// Practice answers: a number within a tolerance, or one option out of several.
#include "attnbook/notebook/practice.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "attnbook/core/decimal_text.hpp"
#include "attnbook/core/errors.hpp"
#include "attnbook/core/quote.hpp"
#include "attnbook/core/text_join.hpp"
#include "attnbook/core/text_split.hpp"
#include "attnbook/notebook/command_args.hpp"
#include "attnbook/notebook/field_reader.hpp"
#include "attnbook/notebook/json_out.hpp"
#include "attnbook/notebook/text_cells.hpp"

namespace attnbook {
namespace {

using nlohmann::json;

// The errors name their place in the command's arguments ({cell, response}).
const json& require(const json& object, const char* name, const char* path) {
    const json* member = json_member(object, name);
    if (!member) throw_user_error({"check_practice: ", path, ": missing required field \"", name, "\""});
    return *member;
}

// value == "text" without nlohmann's general json == json.
bool is_text(const json& value, const char* text) {
    return value.is_string() && value.get_ref<const std::string&>() == text;
}

// The shortest text that shows the number (no trailing zeros): 0.5, 1e-07, 3.
std::string plain(double x) {
    std::string text = json(x).dump();
    if (text.size() > 2 && text.compare(text.size() - 2, 2, ".0") == 0) text.resize(text.size() - 2);
    return text;
}

// A decimal number under the engine's one rule (core/decimal_text.hpp), so a learner's 1e-310
// reads the same in every build.
std::optional<double> parse_decimal(const std::string& text) {
    const Decimal d = read_decimal(text);
    if (d.status != DecimalStatus::ok) return std::nullopt;
    return d.value;
}

// "0.58", "-1e-3", "1/3" (a fraction of two decimals, for answers like 1/sqrt(2) written 0.707).
std::optional<double> parse_learner_number(const std::string& raw) {
    // A typographic minus (U+2212, as the lesson's maths prints it and learners paste it) is a minus.
    std::string text = trim_blanks(raw);
    for (std::size_t at; (at = text.find("\xE2\x88\x92")) != std::string::npos;) text.replace(at, 3, "-");
    const std::size_t slash = text.find('/');
    if (slash == std::string::npos) return parse_decimal(text);
    const std::string_view whole(text);
    const auto top = parse_decimal(trim_blanks(whole.substr(0, slash)));
    const auto bottom = parse_decimal(trim_blanks(whole.substr(slash + 1)));
    if (!top || !bottom || *bottom == 0) return std::nullopt;
    const double x = *top / *bottom;
    if (!std::isfinite(x)) return std::nullopt;
    return x;
}

// Digits after the decimal point of a plain decimal ("0.2835" -> 4, "0.2840" -> 3: trailing zeros
// add no precision); -1 for text that is not a plain decimal (a fraction, an exponent).
int fraction_digits(const std::string& text) {
    if (text.find_first_of("/eE") != std::string::npos) return -1;
    const std::size_t point = text.find('.');
    if (point == std::string::npos) return 0;
    std::size_t end = text.size();
    while (end > point + 1 && text[end - 1] == '0') --end;
    return static_cast<int>(end - point - 1);
}

// The feedback is put together here from its parts (core/text_join.hpp).
json verdict(bool correct, std::initializer_list<TextPart> feedback) {
    json out;
    JsonOut(out).set("correct", correct).set("feedback", join_text(feedback));
    return out;
}

// The answer's fields read by its kind's table (text_cells.hpp), in the validator's words: a
// checked notebook's answer always reads, and any other cell is refused at the field's path.
template <class Answer>
Answer read_answer(const json& answer) {
    Answer read;
    ThrowSink sink("check_practice");
    const std::string at = "$.cell.answer";
    CellValues values(sink, answer, at);
    read_fields(bind_fields(read), values);
    return read;
}

json check_number(const json& answer, const json& response) {
    require(answer, "value", "$.cell.answer");
    const NumberAnswer a = read_answer<NumberAnswer>(answer);
    if (const char* refusal = number_answer_precision_refusal(answer)) throw_user_error({"check_practice: $.cell.answer: ", refusal});
    const bool rounded = json_member(answer, "decimals") != nullptr;
    // Either an explicit tolerance, or "decimals": the learner rounds the answer to that many
    // places, so anything within half a unit of the last place counts.
    const int decimals = rounded ? static_cast<int>(a.decimals) : -1;
    double tolerance = a.tolerance;
    if (rounded) {
        tolerance = 0.5;
        for (int i = 0; i < decimals; ++i) tolerance /= 10;
    }
    const double value = a.value;

    std::optional<double> given;
    if (response.is_number()) {
        given = response.get<double>();
        if (!std::isfinite(*given)) given.reset();
    } else if (response.is_string()) {
        const std::string text = trim_blanks(response.get_ref<const std::string&>());
        if (text.empty()) return verdict(false, {"Enter a number first."});
        given = parse_learner_number(text);
        if (!given) {
            return verdict(false, {in_quotes(text), " is not a number. Write it like 0.25, -3, 1e-3 or 1/4."});
        }
        // The prompt asks for the answer rounded to `decimals` places: more places than that is
        // not the answer asked for (0.2835 for "three decimals"), whatever its distance.
        const int digits = fraction_digits(text);
        if (decimals >= 0 && digits > decimals)
            return verdict(false, {"Round it to ", counted(static_cast<std::size_t>(decimals), "decimal", "decimals"), " first: ",
                                   in_quotes(text), " has ", digits, "."});
    }
    if (!given) return verdict(false, {"The answer is a number; write it like 0.25, -3, 1e-3 or 1/4."});

    // The tolerance is the author's; the extra 1e-12 relative slack only absorbs the rounding of
    // decimal text to binary (0.4 - 0.3 is 0.10000000000000003 > 0.1 in doubles).
    const double slack = 1e-12 * std::max(1.0, std::fabs(value));
    const double distance = std::fabs(*given - value);
    const std::string shown = plain(*given);
    const std::string within =
        decimals >= 0 ? join_text({" (the answer rounded to ", counted(static_cast<std::size_t>(decimals), "decimal", "decimals"),
                                " counts)"})
                      : join_text({" (answers within ", plain(tolerance), " count)"});
    if (distance <= tolerance + slack) return verdict(true, {"Correct: ", shown, " is right", within, "."});
    return verdict(false, {"Not quite: ", shown, " is too ", *given > value ? "high" : "low", within, "."});
}

json check_choice(const json& answer, const json& response) {
    require(answer, "options", "$.cell.answer");
    require(answer, "correct", "$.cell.answer");
    const ChoiceAnswer a = read_answer<ChoiceAnswer>(answer);
    const std::vector<std::string>& options = a.options;
    const json& correct_json = *json_member(answer, "correct");
    const long long index = correct_json.is_number_integer() ? correct_json.get<long long>() : -1;
    if (index < 0 || index >= static_cast<long long>(options.size()))
        throw_user_error({"check_practice: $.cell.answer.correct: must be between 0 and ", options.size() - 1,
                          " (an option's place), found ", json_found(correct_json)});
    const auto correct = static_cast<std::size_t>(index);

    std::optional<std::size_t> picked;
    if (response.is_number()) {
        const double x = response.get<double>();
        if (x >= 0 && x < static_cast<double>(options.size()) && x == std::floor(x)) picked = static_cast<std::size_t>(x);
    } else if (response.is_string()) {
        const std::string text = trim_blanks(response.get_ref<const std::string&>());
        for (std::size_t i = 0; i < options.size(); ++i)
            if (trim_blanks(options[i]) == text) picked = i;
    }
    if (!picked) return verdict(false, {"Choose one of the ", options.size(), " options."});
    // The author's reason for this option, when the notebook gives one.
    const std::string reason = *picked < a.reasons.size() ? join_text({" ", a.reasons[*picked]}) : "";
    if (*picked == correct) return verdict(true, {"Correct.", reason});
    return verdict(false, {"Not quite: that option is not the answer.", reason.empty() ? TextPart(" Try another one.") : TextPart(reason)});
}

}  // namespace

json check_practice(const json& cell, const json& response) {
    if (!cell.is_object()) throw_user_error({"check_practice: $.cell: expected a practice cell (an object)"});
    const json* type = json_member(cell, "type");
    if (!type || !is_text(*type, "practice")) {
        throw_user_error({"check_practice: $.cell.type: expected a practice cell (\"type\": \"practice\")"});
    }
    const json& answer = require(cell, "answer", "$.cell");
    if (!answer.is_object()) throw_user_error({"check_practice: $.cell.answer: expected an answer (an object)"});
    const json& kind = require(answer, "kind", "$.cell.answer");
    if (is_text(kind, "number")) return check_number(answer, response);
    if (is_text(kind, "choice")) return check_choice(answer, response);
    throw_user_error({"check_practice: $.cell.answer.kind: unknown answer kind ", json_found(kind), " (expected one of: ",
                      listed(answer_kinds()), ")"});
}

const std::vector<std::string>& answer_kinds() {
    static const std::vector<std::string> kinds = {"number", "choice"};
    return kinds;
}

}  // namespace attnbook
