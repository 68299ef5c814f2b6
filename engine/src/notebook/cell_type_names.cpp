// notebook_cell_types() (notebook.hpp): the names alone, without the validator's table
// (cell_type_names.hpp says why).
#include "cell_type_names.hpp"

#include <string>
#include <vector>

#include "attnbook/notebook/notebook.hpp"

namespace attnbook {

const std::vector<std::string>& notebook_cell_types() {
    static const std::vector<std::string> names(std::begin(cell_type_names::names), std::end(cell_type_names::names));
    return names;
}

}  // namespace attnbook
