// The training-lab cell (lessons/train.hpp): the settings of a tiny transformer the page trains in
// its worker. Every default is TrainConfig's and every limit train_limits'; the rules that tie two
// fields together (the width splits into the heads; the probe's tokens are in the vocabulary and
// fit the context) are the lesson's (broken_train_rules), each reported at its field once the
// fields themselves are valid.
#include "attnbook/lessons/train.hpp"
#include "attnbook/notebook/json_text.hpp"
#include "validate_context.hpp"

namespace attnbook {
namespace notebook_validation {

void check_training_lab_cell(Context& cx, const json& cell, const std::string& path, json& out) {
    namespace tf = train_fields;
    TrainingLabCell cell_in;
    const TableRead read = read_table_cell(cx, cell, path, out, cell_in);
    if (!read.given(tf::probe)) out.erase("probe");  // left out: the page probes a held-out sequence
    if (!read.ok) return;
    const Fields f(cx, cell, path);
    for (const TrainRuleBroken& b : broken_train_rules(cell_in.config))
        cx.error(b.index ? json_path_index(f.at(b.field), *b.index) : f.at(b.field), {b.message});
}

}  // namespace notebook_validation
}  // namespace attnbook
