#pragma once
// Shared by the `ipynb` export's program writers (ipynb_programs.cpp, ipynb_programs_lab.cpp).
#include <nlohmann/json.hpp>
#include <string>

#include "ipynb_python.hpp"

namespace attnbook {

// A cell's permalink values turned into command arguments: each call reads one kind of the
// page's permalink (permalink.js's forms) into one field; values that do not decode are skipped.
struct StateArgs {
    const CellState& state;
    nlohmann::json args = nlohmann::json::object();
    void numbers(const char* kind, const char* field);
    void rows(const char* kind, const char* field);
    void bits(const char* kind, const char* field);
    void bit_rows(const char* kind, const char* field);
    void whole(const char* kind, const char* field);
    void number(const char* kind, const char* field);
    void flag(const char* kind, const char* field);
    void text(const char* kind, const char* field);
    const std::string* find(const char* kind) const;
};

// Runs `command` on `defaults` with `overrides` laid over them; when the engine refuses the
// overrides (out of range, wrong shape: the page keeps its defaults then too), runs the defaults
// and says so in `note`. `defaults` becomes the settings that were used.
nlohmann::json run_settled(const char* command, nlohmann::json& defaults, const nlohmann::json& overrides,
                           std::string& note);

// "## <title>\n\n", the cell's title or `fallback`.
std::string heading(const nlohmann::json& cell, const char* fallback);

// The transformer block, PyTorch's rules, the mistakes, the alternatives and the precision lab;
// code left empty for a type that runs only on the page.
LiveCell lab_cell(const nlohmann::json& cell, const CellState& state);

}  // namespace attnbook
