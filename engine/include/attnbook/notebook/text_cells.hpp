#pragma once
// The notebook's own fields, the fields every cell has, and the text cells' (prose, maths,
// practice, references, study), as tables (core/field.hpp) like the lessons' cells have: the
// validator reads them (validate*.cpp), `limits` lists their numbers, `cell_types` their names,
// and the JSON Schema is written from them. A field the validator reads by hand (the cells, a
// practice answer, the depths) has a ReadByCheck member: the table still names and describes it.
#include <cstddef>
#include <string>
#include <vector>

#include "attnbook/core/field.hpp"
#include "attnbook/notebook/field_reader.hpp"
#include "attnbook/notebook/notebook.hpp"
#include "attnbook/notebook/practice.hpp"

namespace attnbook {

// A practice answer: its "kind" picks the number answer's table or the choice answer's.
namespace answer_fields {
inline constexpr FieldShape shape{"an answer", "answers", "answer", nullptr};
inline constexpr Field kind = Field::choice_of("kind", answer_kinds, "number or choice").needed();
inline constexpr Field value =
    Field::number_to("value", practice_limits::max_abs_answer, "the answer").needed();
inline constexpr Field tolerance = Field::positive_to(
    "tolerance", practice_limits::max_abs_answer, "how far from the value an answer may be").optional();
inline constexpr Field decimals = Field::whole_in(
    "decimals", {0, practice_limits::max_decimals}, "the answer rounded to this many places counts").optional();
inline constexpr Field options = Field::texts_in("options", Field::options,
    {practice_limits::min_options, practice_limits::max_options}, {1, notebook_limits::markdown_max_chars}, "the options to choose from, in Markdown").needed();
inline constexpr Field correct =
    Field::whole_in("correct", {0, practice_limits::max_options - 1}, "the right option's place, from 0").needed();
inline constexpr Field reasons = Field::texts_in("reasons", Field::markdowns, {0, practice_limits::max_options},
    {1, notebook_limits::markdown_max_chars}, "for each option, in Markdown, why it is or is not the answer (shown after a pick)").optional();
}  // namespace answer_fields

// Either tolerance or decimals: the rule between the two, its words or nullptr where it holds,
// for the validator and the grader (practice.cpp) alike.
inline const char* number_answer_precision_refusal(const nlohmann::json& answer) {
    const bool tolerance = json_member(answer, "tolerance") != nullptr, decimals = json_member(answer, "decimals") != nullptr;
    return tolerance == decimals ? "a number answer needs exactly one of \"tolerance\" and \"decimals\"" : nullptr;
}
struct NumberAnswer {
    ReadByCheck kind;
    double value = 0, tolerance = 0;
    std::size_t decimals = 0;
};
template <class Visit>
void fields(NumberAnswer& in, Visit&& field) {
    namespace f = answer_fields;
    field(f::kind, in.kind); field(f::value, in.value); field(f::tolerance, in.tolerance); field(f::decimals, in.decimals);
}
// `correct` is read by the validator: its range is the number of options given.
struct ChoiceAnswer {
    ReadByCheck kind;
    std::vector<std::string> options;
    ReadByCheck correct;
    std::vector<std::string> reasons;
};
template <class Visit>
void fields(ChoiceAnswer& in, Visit&& field) {
    namespace f = answer_fields;
    field(f::kind, in.kind); field(f::options, in.options); field(f::correct, in.correct); field(f::reasons, in.reasons);
}

// The notebook document itself.
struct NotebookFields {
    ReadByCheck format;
    std::string id, title, version, description;  // the description defaults to none
    ReadByCheck depths, cells;
    std::string schema;
};
namespace notebook_fields {
inline constexpr FieldShape cell_shape{"a cell", "cells", "cell", nullptr};
inline constexpr Field format = Field::choice_of("format", notebook_formats, "the format and its version").needed();
inline constexpr Field id =
    Field::text_in("id", Field::id, {1, notebook_limits::id_max_chars}, "the notebook's name in URLs and the dist/ folder name").needed();
inline constexpr Field title =
    Field::text_in("title", Field::text, {1, notebook_limits::title_max_chars}, "shown as the notebook's heading").needed();
inline constexpr Field version =
    Field::text_in("version", Field::version, {1, 64}, "the notebook's own version: a semantic version like 1.0.0").needed();
inline constexpr Field description =
    Field::text_in("description", Field::text, {0, 1000}, "one paragraph for listings");
inline constexpr Field depths =
    Field::depths_of("the reading depths the notebook offers, in order").needed();
inline constexpr Field cells = Field::objects_in("cells", {1, 500}, cell_shape, "the content, in reading order").needed();
// Names the JSON Schema an author's editor checks the file with; the page has no use for it.
inline constexpr Field schema = Field::text_in("$schema", Field::text, {1, notebook_limits::url_max_chars},
                                               "the JSON Schema an editor checks the file with; the page ignores it").optional();
}  // namespace notebook_fields
template <class Visit>
void fields(NotebookFields& in, Visit&& field) {
    namespace f = notebook_fields;
    field(f::format, in.format); field(f::id, in.id); field(f::title, in.title); field(f::version, in.version);
    field(f::description, in.description); field(f::depths, in.depths); field(f::cells, in.cells);
    field(f::schema, in.schema);
}

// The fields every cell has, before its type's.
struct CommonCellFields {
    ReadByCheck type;
    std::string id;
    ReadByCheck depths;  // the notebook's when left out
    std::string title;
};
namespace cell_fields {
inline constexpr Field type = Field::choice_of("type", notebook_cell_types, "the kind of cell").needed();
inline constexpr Field id = Field::text_in("id", Field::id, {1, notebook_limits::id_max_chars},
                                           "a name for links (#id) and progress messages").optional();
inline constexpr Field depths = Field::depths_of("the depths at which the cell is shown (default: all of the notebook's)");
inline constexpr Field title =
    Field::text_in("title", Field::text, {1, notebook_limits::title_max_chars}, "a heading for the cell").optional();
}  // namespace cell_fields
template <class Visit>
void fields(CommonCellFields& in, Visit&& field) {
    field(cell_fields::type, in.type); field(cell_fields::id, in.id); field(cell_fields::depths, in.depths);
    field(cell_fields::title, in.title);
}

struct ProseCell {
    std::string text;
};
namespace prose_fields {
inline constexpr Field text = Field::text_in("text", Field::markdown, {1, notebook_limits::markdown_max_chars},
                                             "the text, in Markdown").needed();
}  // namespace prose_fields
template <class Visit>
void fields(ProseCell& in, Visit&& field) {
    field(prose_fields::text, in.text);
}

struct MathsCell {
    std::string tex;
    bool display = true;
    std::string caption;
};
namespace maths_fields {
inline constexpr Field tex = Field::text_in("tex", Field::formula, {1, notebook_limits::tex_max_chars},
                                            "a KaTeX expression").needed();
inline constexpr Field display = Field::switch_named("display", "true (display block) or false (inline)", Field::cell_only);
inline constexpr Field caption = Field::text_in("caption", Field::markdown, {1, notebook_limits::markdown_max_chars},
                                                "a caption, in Markdown").optional();
}  // namespace maths_fields
template <class Visit>
void fields(MathsCell& in, Visit&& field) {
    field(maths_fields::tex, in.tex); field(maths_fields::display, in.display); field(maths_fields::caption, in.caption);
}

// A question with a hint, a worked answer and an explanation, all in Markdown.
struct PracticeCell {
    std::string prompt;
    ReadByCheck answer;
    std::string hint, worked, explanation;
};
namespace practice_fields {
inline constexpr Field prompt = Field::text_in("prompt", Field::markdown, {1, notebook_limits::markdown_max_chars},
                                               "the question, in Markdown").needed();
inline constexpr Field answer = Field::object_of("answer", answer_fields::shape, "the answer and how it is checked").needed();
inline constexpr Field hint = Field::text_in("hint", Field::markdown, {1, notebook_limits::markdown_max_chars},
                                             "Markdown, shown on request").optional();
inline constexpr Field worked = Field::text_in("worked", Field::markdown, {1, notebook_limits::markdown_max_chars},
                                               "Markdown: a worked step, shown on request").optional();
inline constexpr Field explanation = Field::text_in(
    "explanation", Field::markdown, {1, notebook_limits::markdown_max_chars}, "Markdown, shown after an answer").optional();
}  // namespace practice_fields
template <class Visit>
void fields(PracticeCell& in, Visit&& field) {
    namespace f = practice_fields;
    field(f::prompt, in.prompt); field(f::answer, in.answer); field(f::hint, in.hint); field(f::worked, in.worked);
    field(f::explanation, in.explanation);
}

// One entry of a references cell.
struct Reference {
    std::string authors, title;
    std::size_t year = 0;
    std::string venue, url;
};
namespace reference_fields {
inline constexpr Field authors = Field::text_in("authors", Field::text, {1, notebook_limits::reference_text_max_chars},
                                                "the authors, as the work lists them").needed();
inline constexpr Field title = Field::text_in("title", Field::text, {1, notebook_limits::reference_text_max_chars},
                                              "the work's title").needed();
inline constexpr Field year = Field::whole_in("year", {1000, 2100}, "the year of publication").needed();
inline constexpr Field venue = Field::text_in("venue", Field::text, {1, notebook_limits::reference_text_max_chars},
                                              "where it appeared").needed();
inline constexpr Field url =
    Field::text_in("url", Field::url, {1, notebook_limits::url_max_chars}, "an https:// link to it").optional();
}  // namespace reference_fields
template <class Visit>
void fields(Reference& in, Visit&& field) {
    namespace f = reference_fields;
    field(f::authors, in.authors); field(f::title, in.title); field(f::year, in.year); field(f::venue, in.venue);
    field(f::url, in.url);
}

struct ReferencesCell {
    ReadByCheck items;
};
namespace references_fields {
inline constexpr FieldShape shape{"a reference", "references", "reference", field_list<Reference>};
inline constexpr Field items = Field::objects_in("items", {1, 50}, shape, "the works cited").needed();
}  // namespace references_fields
template <class Visit>
void fields(ReferencesCell& in, Visit&& field) {
    field(references_fields::items, in.items);
}

// The study cell: steps, each a title, a text and a check (a question with its answer).
struct StudyCheck {
    std::string prompt;
    ReadByCheck answer;
    std::string hint;
};
template <class Visit>
void fields(StudyCheck& in, Visit&& field) {
    field(practice_fields::prompt, in.prompt); field(practice_fields::answer, in.answer);
    field(practice_fields::hint, in.hint);
}
struct StudyStep {
    std::string title, text;
    ReadByCheck check;
};
struct StudyCell {
    ReadByCheck steps;
};
namespace study_fields {
inline constexpr FieldShape check_shape{"a study check", "checks", nullptr, field_list<StudyCheck>};
inline constexpr FieldShape step_shape{"a study step", "steps", "study-step", field_list<StudyStep>};
inline constexpr Field title =
    Field::text_in("title", Field::text, {1, notebook_limits::title_max_chars}, "the step's title").needed();
inline constexpr Field text = Field::text_in("text", Field::markdown, {1, notebook_limits::markdown_max_chars},
                                             "the step's text, in Markdown").needed();
inline constexpr Field check = Field::object_of("check", check_shape, "a question on the step").needed();
inline constexpr Field steps =
    Field::objects_in("steps", {1, 12}, step_shape, "the steps: each a title, a Markdown text and a check").needed();
}  // namespace study_fields
template <class Visit>
void fields(StudyStep& in, Visit&& field) {
    field(study_fields::title, in.title); field(study_fields::text, in.text); field(study_fields::check, in.check);
}
template <class Visit>
void fields(StudyCell& in, Visit&& field) {
    field(study_fields::steps, in.steps);
}

}  // namespace attnbook
