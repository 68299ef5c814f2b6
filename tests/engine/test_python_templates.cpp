// The exports' Python templates (engine/src/notebook/programs/*.py): every one is Python once its
// @markers@ hold values, and filling one refuses a marker left empty or a value nothing asks for.
#include <catch2/catch.hpp>

#include <fstream>
#include <stdexcept>
#include <string>

#include "attnbook/notebook/python_programs.hpp"
#include "python_runner.hpp"

using namespace attnbook;

TEST_CASE("a marker is @name@ and nothing else", "[python_template]") {
    using V = std::vector<std::string>;
    CHECK(python_template_markers("w = q @ k.T\n@property\nx = @rows@ + @rows@ * @d_k2@\n") == V{"rows", "d_k2"});
    CHECK(python_template_markers("a@b c@d") == V{});  // "b c" holds a space: not a name
    CHECK(python_template_markers("@x@@y@") == V{"x", "y"});
}

TEST_CASE("filling a template asks for every marker and only those", "[python_template]") {
    REQUIRE(!python_templates().empty());
    CHECK_THROWS_AS(fill_python(python_programs::engine_exp, {{"unused", "1"}}), std::logic_error);
    for (const PythonTemplate& t : python_templates()) {
        const auto markers = python_template_markers(t.text);
        if (markers.empty()) {
            CHECK(fill_python(t) == t.text);
            continue;
        }
        INFO(t.name << " left without @" << markers.front() << "@");
        CHECK_THROWS_AS(fill_python(t), std::logic_error);
    }
}

#ifdef ATTNBOOK_PYTHON
TEST_CASE("every template is Python once its markers hold values", "[python_template][python]") {
    for (const PythonTemplate& t : python_templates()) {
        // A marker stands for a value or for whole lines of code; the number 0 is both an
        // expression and a statement, so the text with 0 in every marker must compile.
        std::string text(t.text);
        for (const std::string& m : python_template_markers(t.text))
            for (std::size_t at; (at = text.find("@" + m + "@")) != std::string::npos;) text.replace(at, m.size() + 2, "0");
        const std::string path = "/tmp/attnbook-template-" + std::string(t.name) + ".py";
        std::ofstream(path) << text;
        INFO(t.name);
        const auto run = attnbook_test::run_python_status(
            "import sys\ncompile(open(sys.argv[1]).read(), sys.argv[1], 'exec')\nprint('ok')\n", "template-check", {path});
        CHECK(run.status == 0);
        CHECK(run.out == "ok\n");
    }
}
#endif
