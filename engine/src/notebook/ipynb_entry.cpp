// The `ipynb` entry of the command registry: a pointer, set by enable_ipynb() (ipynb_command.cpp)
// in the programs that carry the export, so that the lesson page's module, which never calls it,
// links none of the export's code or program text (about 22 KB gzipped).
#include "ipynb_entry.hpp"

#include "attnbook/notebook/ipynb.hpp"

namespace attnbook {

IpynbExporter& ipynb_exporter() {
    static IpynbExporter exporter = nullptr;
    return exporter;
}

nlohmann::json ipynb_command(const nlohmann::json& args, const Progress& progress) {
    return run_linked(ipynb_exporter(), "ipynb: this engine module has no Jupyter export (the CLI and attnbook-export.mjs have it)",
                      args, progress);
}

}  // namespace attnbook
