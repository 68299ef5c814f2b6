// The text cells' checks beyond their tables (text_cells.hpp): a practice answer, whose kind picks
// its table and whose `correct` must name one of the options given, and the objects in the
// references and study cells, each read by its own table.
#include "attnbook/core/quote.hpp"
#include "attnbook/notebook/text_cells.hpp"
#include "validate_context.hpp"

namespace attnbook {
namespace notebook_validation {
namespace {

// `correct` names one of the options given, and there is a reason per option: rules between two
// fields, said in their own words (the schema bounds `correct` by the most options any question
// may have). Read only when the options are a list of an allowed length.
void check_correct(Context& cx, const json& answer, const std::string& path, json& out) {
    const json* options = json_member(answer, "options");
    const WholeRange count = answer_fields::options.count;
    if (!options || !options->is_array() || options->size() < count.min || options->size() > count.max) {
        const json* correct = json_member(answer, "correct");
        if (correct && !correct->is_number())
            expected(cx, json_path_member(path, "correct"), "a whole number (an index into options)", *correct);
        return;
    }
    const std::size_t n = options->size();
    if (const json* correct = json_member(answer, "correct")) {
        Field named = answer_fields::correct;  // the table's entry, its range narrowed to the options given
        if (correct->is_number_integer() && correct->get<long long>() >= static_cast<long long>(n) &&
            correct->get<long long>() <= static_cast<long long>(named.range.max)) {
            cx.error(json_path_member(path, "correct"), {"names option ", correct->get<long long>(), ", but options has ", n,
                                                         " entries (0 to ", n - 1, ")"});
        } else {
            named.range.max = n - 1;
            std::size_t place = 0;
            BoundFields bound;
            bind_field(bound, named, BoundField::size, &place);
            read_table(cx, answer, path, out, std::move(bound));
        }
    }
    const json* reasons = json_member(answer, "reasons");
    if (reasons && reasons->is_array() && reasons->size() != n)
        cx.error(json_path_member(path, "reasons"), {"reasons has ", counted(reasons->size(), "entry", "entries"),
                                                     " but there are ", counted(n, "option", "options")});
}

void check_answer(Context& cx, const json& answer, const std::string& path, json& out) {
    if (!expect_object(cx, answer, path)) return;
    const json* kind = json_member(answer, "kind");
    if (!kind) {
        cx.error(path, {"missing required field \"kind\" of the answer (\"number\" or \"choice\")"});
        return;
    }
    const std::string kind_at = json_path_member(path, "kind");
    if (!kind->is_string()) {
        expected(cx, kind_at, "a string", *kind);
        return;
    }
    const std::string& name = kind->get_ref<const std::string&>();
    json normalised;
    if (name == "number") {
        check_fields(cx, answer, path, field_list<NumberAnswer>(true), "a number answer");
        if (const char* refusal = number_answer_precision_refusal(answer)) cx.error(path, {refusal});
        NumberAnswer in;
        read_table(cx, answer, path, normalised, bind_fields(in));
    } else if (name == "choice") {
        check_fields(cx, answer, path, field_list<ChoiceAnswer>(true), "a choice answer");
        ChoiceAnswer in;
        read_table(cx, answer, path, normalised, bind_fields(in));
        check_correct(cx, answer, path, normalised);
    } else {
        cx.error(kind_at, {"unknown answer kind ", in_quotes(name), " (expected one of: ", listed(answer_kinds()), ")"});
        return;
    }
    JsonOut::into(normalised).set("kind", name);
    JsonOut::into(out).set("answer", std::move(normalised));
}

}  // namespace

void check_practice_answer(Context& cx, const json& parent, const std::string& path, json& out) {
    if (const json* answer = json_member(parent, "answer")) check_answer(cx, *answer, json_path_member(path, "answer"), out);
}

void check_practice(Context& cx, const json& cell, const std::string& path, json& out) {
    check_table_cell<PracticeCell>(cx, cell, path, out);
    check_practice_answer(cx, cell, path, out);
}

void check_references(Context& cx, const json& cell, const std::string& path, json& out) {
    read_objects<Reference>(cx, cell, path, references_fields::items, out, [](const json&, const std::string&, json&) {});
}

void check_study(Context& cx, const json& cell, const std::string& path, json& out) {
    read_objects<StudyStep>(cx, cell, path, study_fields::steps, out, [&](const json& step, const std::string& at, json& item) {
        read_object<StudyCheck>(cx, step, at, study_fields::check, item,
                                [&](const json& check, const std::string& check_at, json& normalised) {
                                    check_practice_answer(cx, check, check_at, normalised);
                                });
    });
}

}  // namespace notebook_validation
}  // namespace attnbook
