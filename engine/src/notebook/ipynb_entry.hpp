#pragma once
// Where `ipynb_command` finds the export, once enable_ipynb() has put it there (notebook/ipynb.hpp).
#include <nlohmann/json.hpp>

#include "attnbook/notebook/commands.hpp"

namespace attnbook {

using IpynbExporter = nlohmann::json (*)(const nlohmann::json&, const Progress&);
IpynbExporter& ipynb_exporter();

}  // namespace attnbook
