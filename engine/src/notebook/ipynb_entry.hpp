#pragma once
// Where `ipynb_command` finds the export, once enable_ipynb() has put it there (notebook/ipynb.hpp).
#include "linked_command.hpp"

namespace attnbook {

using IpynbExporter = CommandRunner;
IpynbExporter& ipynb_exporter();

}  // namespace attnbook
