#pragma once
// Text cut into pieces: the CLI's comma- and semicolon-separated options and the permalink's
// "&"-separated pairs and comma-separated values (the `ipynb` export) read their text so; and text
// freed of the blanks around it, one rule for every reader.
#include <string>
#include <string_view>
#include <vector>

namespace attnbook {

// "a,b,,c" -> {"a", "b", "", "c"}; "" -> {""}: every separator makes a piece, empty ones too.
std::vector<std::string> split_text(const std::string& text, char separator);

// `text` without the blanks every reader ignores around a value: spaces, tabs and line ends (a CLI
// item, a permalink value, a learner's answer, a Markdown line, the last lines of an exported cell).
std::string trim_blanks(std::string_view text);
// The same as a view into `text` (no copy: the Markdown check trims every line of a cell).
std::string_view trim_blanks_view(std::string_view text);
// The same at the end only.
std::string trim_blanks_end(std::string_view text);

}  // namespace attnbook
