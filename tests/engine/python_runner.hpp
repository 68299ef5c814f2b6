#pragma once
#ifdef ATTNBOOK_PYTHON
// Runs a Python program with the interpreter that has Debian's numpy (ATTNBOOK_PYTHON) and
// returns what it printed. Used to compare the engine with independent references at test time.
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>

namespace attnbook_test {

inline std::string run_python(const std::string& program, const std::string& tag) {
    const std::string path = "/tmp/attnbook-test-" + tag + ".py";
    std::ofstream(path) << program;
    std::FILE* pipe = popen((std::string(ATTNBOOK_PYTHON) + " " + path).c_str(), "r");
    if (!pipe) throw std::runtime_error("cannot start " ATTNBOOK_PYTHON);
    std::string out;
    char buf[4096];
    for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, pipe)) > 0;) out.append(buf, n);
    if (pclose(pipe) != 0) throw std::runtime_error("python program failed: " + path + "\n" + out);
    return out;
}

inline std::string last_line(const std::string& text) {
    std::string trimmed = text;
    while (!trimmed.empty() && trimmed.back() == '\n') trimmed.pop_back();
    return trimmed.substr(trimmed.rfind('\n') == std::string::npos ? 0 : trimmed.rfind('\n') + 1);
}

}  // namespace attnbook_test

#endif  // ATTNBOOK_PYTHON
