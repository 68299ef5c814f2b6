// The `ipynb` export's live cells, part two: the transformer block, PyTorch's rules, the common
// mistakes, the alternatives to softmax and the precision lab.
#include "attnbook/core/text_join.hpp"
#include "attnbook/notebook/commands.hpp"
#include "ipynb_programs.hpp"

namespace attnbook {

using nlohmann::json;

LiveCell lab_cell(const json& cell, const CellState&) {
    return LiveCell{};  // runs only on the page
}

}  // namespace attnbook
