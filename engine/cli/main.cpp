// attnbook CLI: the same program natively and on Node (Emscripten, NODERAWFS), printing the
// same bytes, because both go through attnbook::run_command and nlohmann's own double printing.
#include <fstream>
#include <iostream>
#include <new>
#include <sstream>

#include "attnbook/core/errors.hpp"
#include "attnbook/notebook/commands.hpp"
#include "attnbook/notebook/notebook.hpp"
#include "cli_options.hpp"
#include "json_print.hpp"

namespace {

using nlohmann::json;

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw attnbook::UserError(path + ": cannot open file");
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// validate FILE...: "FILE: ok" per good file; every error as "file:line:column: $.path: message";
// exit 1 if any failed.
int validate_files(const std::vector<std::string>& files) {
    int status = 0;
    for (const auto& file : files) {
        json report;
        try {
            report = attnbook::run_command("validate", json{{"text", read_file(file)}, {"name", file}});
        } catch (const attnbook::UserError& e) {
            std::cerr << e.what() << "\n";
            status = 1;
            continue;
        }
        if (report.at("ok").get<bool>()) {
            std::cout << file << ": ok\n";
            continue;
        }
        status = 1;
        for (const auto& error : report.at("errors")) std::cerr << attnbook::validation_error_line(error) << "\n";
    }
    return status;
}

int run(const std::vector<std::string>& argv) {
    const auto line = attnbook::cli::parse_command_line(argv);
    if (line.wants_help) {
        std::cout << attnbook::cli::usage();
        return 0;
    }
    if (line.command == "validate") return validate_files(line.files);
    const std::string command = line.command == "hand-example" ? "hand_example" : line.command;
    const json result = attnbook::run_command(command, line.args);
    if (command == "python") std::cout << result.at("program").get<std::string>();
    else std::cout << attnbook::cli::print_json(result) << "\n";
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    try {
        return run(args);
    } catch (const attnbook::UserError& e) {
        std::cerr << "attnbook: " << e.what() << "\n";
        return 2;
    } catch (const std::bad_alloc&) {
        std::cerr << "attnbook: out of memory\n";
        return 3;
    } catch (const std::exception& e) {
        std::cerr << "attnbook: internal error: " << e.what() << "\n";
        return 3;
    }
}
