#pragma once
#ifdef ATTNBOOK_PYTHON
// Runs a Python program with the interpreter that has Debian's numpy (ATTNBOOK_PYTHON) and
// returns what it printed. Used to compare the engine with independent references at test time.
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace attnbook_test {

// How the interpreter starts.
enum class PythonEnv {
    with_numpy,     // as installed: site-packages (and Debian's numpy) importable
    standard_only,  // -I -S: no site-packages, no user site, no PYTHON* variables, and
                    // sys.modules['numpy'] = None, so `import numpy` fails even if some numpy
                    // were on the standard path: the program must run on the standard library
};

struct PythonRun {
    int status = 0;   // the exit status (0: success)
    std::string out;  // what it printed on stdout (stderr goes to the test's own)
};

// Arguments are plain words (paths under /tmp), passed without shell quoting.
inline PythonRun run_python_status(const std::string& program, const std::string& tag,
                                   const std::vector<std::string>& args = {},
                                   PythonEnv env = PythonEnv::with_numpy) {
    const std::string path = "/tmp/attnbook-test-" + tag + ".py";
    std::ofstream(path) << program;
    std::string command = ATTNBOOK_PYTHON;
    if (env == PythonEnv::standard_only) {
        // runpy runs the file as __main__ after the block is in place (a prefix written into the
        // program would shift its line numbers and change what is being tested).
        command += " -I -S -c \"import runpy, sys; sys.modules['numpy'] = None; "
                   "runpy.run_path(sys.argv[1], run_name='__main__')\"";
    }
    command += " " + path;
    for (const std::string& a : args) command += " " + a;
    std::FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) throw std::runtime_error("cannot start " ATTNBOOK_PYTHON);
    PythonRun run;
    char buf[4096];
    for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, pipe)) > 0;) run.out.append(buf, n);
    run.status = pclose(pipe);
    return run;
}

// The output of a program that must succeed (throws with its output otherwise).
inline std::string run_python(const std::string& program, const std::string& tag,
                              const std::vector<std::string>& args = {},
                              PythonEnv env = PythonEnv::with_numpy) {
    const PythonRun run = run_python_status(program, tag, args, env);
    if (run.status != 0) throw std::runtime_error("python program failed: /tmp/attnbook-test-" + tag + ".py\n" + run.out);
    return run.out;
}

inline std::string last_line(const std::string& text) {
    std::string trimmed = text;
    while (!trimmed.empty() && trimmed.back() == '\n') trimmed.pop_back();
    return trimmed.substr(trimmed.rfind('\n') == std::string::npos ? 0 : trimmed.rfind('\n') + 1);
}

}  // namespace attnbook_test

#endif  // ATTNBOOK_PYTHON
