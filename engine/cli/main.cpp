// attnbook CLI: the same program natively and on Node (Emscripten, NODERAWFS), printing the
// same bytes, because both go through attnbook::run_command and nlohmann's own double printing.
// Everything here is shared by both builds (file reading included); the one difference is where
// the raw bytes of the arguments come from (raw_arguments, below).
#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <iostream>
#include <new>

#include "attnbook/core/errors.hpp"
#include "attnbook/core/quote.hpp"
#include "attnbook/notebook/authoring.hpp"
#include "attnbook/notebook/commands.hpp"
#include "attnbook/notebook/ipynb.hpp"
#include "attnbook/notebook/train_command.hpp"
#include "attnbook/notebook/json_text.hpp"
#include "attnbook/notebook/notebook.hpp"
#include "cli_options.hpp"
#include "json_print.hpp"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

namespace {

using nlohmann::json;

// Why a file could not be opened, in words of our own: strerror's text differs between glibc and
// musl (the WebAssembly build), and both builds must print the same bytes.
std::string open_failure(int error) {
    switch (error) {
        case ENOENT: return "cannot open file (no such file or directory)";
        case EACCES: return "cannot open file (permission denied)";
        case ENOTDIR: return "cannot open file (a part of the path is not a directory)";
        case ELOOP: return "cannot open file (too many symbolic links)";
        case ENAMETOOLONG: return "cannot open file (the name is too long)";
        default: return "cannot open file";
    }
}

// Reads a notebook file, stopping one byte past the notebook's size limit (json_text.hpp): a
// regular file, a pipe or a device (/dev/zero never ends) costs at most that much memory, and
// the parser is never handed more than it accepts. Natively these are C stdio calls; in the
// WebAssembly build NODERAWFS forwards the same calls to Node's fs, so one function serves both.
std::string read_notebook_file(const std::string& path) {
    const std::string name = attnbook::printable(path);
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) throw attnbook::UserError(name + ": " + open_failure(errno));
    if (S_ISDIR(info.st_mode)) throw attnbook::UserError(name + ": is a directory, not a notebook file");
    std::FILE* file = std::fopen(path.c_str(), "rb");
    if (file == nullptr) throw attnbook::UserError(name + ": " + open_failure(errno));
#ifdef __EMSCRIPTEN__
    // NODERAWFS reads an opened file at an explicit offset (pread), which a pipe refuses (ESPIPE);
    // a stream marked unseekable is read from where it is, as natively.
    if (!S_ISREG(info.st_mode)) EM_ASM({ var stream = FS.getStream($0); if (stream) stream.seekable = false; }, fileno(file));
#endif
    constexpr std::size_t limit = attnbook::json_text_max_bytes;
    std::string text;
    char buffer[1 << 16];
    while (text.size() <= limit) {
        const std::size_t want = std::min(sizeof buffer, limit + 1 - text.size());
        const std::size_t got = std::fread(buffer, 1, want, file);
        if (got == 0) break;
        text.append(buffer, got);
    }
    const bool failed = std::ferror(file) != 0;
    std::fclose(file);
    if (failed) throw attnbook::UserError(name + ": cannot read file");
    if (text.size() > limit) {
        throw attnbook::UserError(name + ": larger than " + attnbook::mebibytes(limit) + " (" + std::to_string(limit) +
                                  " bytes), the limit for a notebook; reading stopped there");
    }
    return text;
}

// validate FILE...: "FILE: ok" per good file; every error as "file:line:column: $.path: message";
// exit 1 if any failed. File names are printed escaped, so a name cannot forge a line.
int validate_files(const std::vector<std::string>& files) {
    int status = 0;
    for (const auto& file : files) {
        json report;
        try {
            report = attnbook::run_command("validate", json{{"text", read_notebook_file(file)}, {"name", file}});
        } catch (const attnbook::UserError& e) {
            std::cerr << attnbook::printable(e.what()) << "\n";
            status = 1;
            continue;
        }
        if (report.at("ok").get<bool>()) {
            std::cout << attnbook::printable(file) << ": ok\n";
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
        std::cout << (line.command.empty() ? attnbook::cli::usage() : attnbook::cli::usage(line.command));
        return 0;
    }
    if (line.command == "validate") return validate_files(line.files);
    if (line.command == "ipynb") {  // the notebook comes from a file; the .ipynb text goes to stdout
        json args = line.args;
        args["text"] = read_notebook_file(line.files.at(0));
        args["name"] = line.files.at(0);
        std::cout << attnbook::run_command("ipynb", args).at("ipynb").get<std::string>();
        return 0;
    }
    // CLI names use '-', engine command names '_' (hand-example -> hand_example).
    std::string command = line.command;
    for (char& c : command) c = c == '-' ? '_' : c;
    const json result = attnbook::run_command(command, line.args);
    if (command == "python" || command == "scaling_program" || command == "train_program") std::cout << result.at("program").get<std::string>();
    else std::cout << attnbook::cli::print_json(result) << "\n";
    return 0;
}

#ifdef __EMSCRIPTEN__
// Node decodes the command line into JavaScript strings before the program starts, replacing a
// byte that is not UTF-8 with U+FFFD, so argv alone cannot tell "\xFF" from a typed U+FFFD. The
// raw bytes are in /proc/self/cmdline (Linux; NODERAWFS reads the node process's own file): the
// program's arguments are its last entries. Read only when an argument holds U+FFFD, the one
// sign that a byte may have been replaced. Without /proc (macOS) the decoded text is all there is.
void check_raw_arguments(const std::vector<std::string>& args) {
    bool replaced = false;
    for (const auto& arg : args) replaced = replaced || arg.find("\xEF\xBF\xBD") != std::string::npos;
    if (!replaced) return;
    std::FILE* file = std::fopen("/proc/self/cmdline", "rb");
    if (file == nullptr) return;
    std::string text;
    char buffer[1 << 16];
    for (std::size_t got; (got = std::fread(buffer, 1, sizeof buffer, file)) > 0;) text.append(buffer, got);
    std::fclose(file);
    std::vector<std::string> entries;
    for (std::size_t start = 0; start < text.size();) {
        const std::size_t end = std::min(text.find('\0', start), text.size());
        entries.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    if (entries.size() < args.size()) return;
    attnbook::cli::check_utf8_arguments(std::vector<std::string>(entries.end() - args.size(), entries.end()));
}
#else
void check_raw_arguments(const std::vector<std::string>&) {}  // argv is already the raw bytes
#endif

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    attnbook::enable_train();  // and the training lab's run
    attnbook::enable_ipynb();  // the CLI carries the Jupyter export (the page's module does not)
    attnbook::enable_authoring();  // and validate, schema, cell_types (the author module's, not the page's)
    // Messages are escaped (core/quote.hpp) where they quote input; printable() here is a last
    // guard so that nothing reaching the terminal can act on it.
    try {
        check_raw_arguments(args);
        return run(args);
    } catch (const attnbook::UserError& e) {
        std::cerr << "attnbook: " << attnbook::printable(e.what()) << "\n";
        return 2;
    } catch (const std::bad_alloc&) {
        std::cerr << "attnbook: out of memory\n";
        return 3;
    } catch (const std::exception& e) {
        std::cerr << "attnbook: internal error: " << attnbook::printable(e.what(), 200) << "\n";
        return 3;
    }
}
