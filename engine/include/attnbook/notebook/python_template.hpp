#pragma once
// The Python programs the exports write (the explorable's `python`, the scaling and training
// programs, the Jupyter notebook's live cells) are Python files in engine/src/notebook/programs/,
// compiled into the engine as text: `python_programs::NAME` (attnbook/notebook/python_programs.hpp,
// generated at build time; NAME is the file's stem). A template marks each value it needs as @name@ (CMake's
// configure_file convention: `@` followed by a name and `@` never occurs in the programs' Python,
// whose matrix product is written with spaces, `a @ b`). A template's leading lines starting with
// `##` are notes for its reader (why the program is written so) and are not part of the program.
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace attnbook {

struct PythonTemplate {
    std::string_view name;  // the file's stem
    std::string_view text;
};

// Every template, sorted by name (for the template test; a command names its own).
const std::vector<PythonTemplate>& python_templates();

using PythonFills = std::initializer_list<std::pair<std::string_view, std::string_view>>;

// The program with each @key@ replaced by its value. A marker with no value or a value no marker
// asks for is a bug in the engine, not in the user's input: it throws std::logic_error (the golden
// corpus and the template test catch it before a user could).
std::string fill_python(const PythonTemplate& program, PythonFills fills = {});

// Python for a marker standing indented by four spaces (a loop's or an if's body): its lines after
// the first indented as much (the marker's line holds the first one's indent); blank lines stay empty.
std::string indented_body(std::string_view python);

// The @name@ markers of a template's text, in order of first appearance.
std::vector<std::string> python_template_markers(std::string_view text);

}  // namespace attnbook
