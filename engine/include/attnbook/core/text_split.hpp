#pragma once
// Text cut into pieces: the CLI's comma- and semicolon-separated options and the permalink's
// "&"-separated pairs and comma-separated values (the `ipynb` export) read their text so.
#include <string>
#include <vector>

namespace attnbook {

// "a,b,,c" -> {"a", "b", "", "c"}; "" -> {""}: every separator makes a piece, empty ones too.
std::vector<std::string> split_text(const std::string& text, char separator);

// `text` without its leading and trailing spaces and tabs.
std::string trim_blanks(const std::string& text);

}  // namespace attnbook
