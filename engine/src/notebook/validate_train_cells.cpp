// The training-lab cell (lessons/train.hpp): the settings of a tiny transformer the page trains in
// its worker. Every default is TrainConfig's and every limit train_limits'; the rules that tie two
// fields together (the width splits into the heads; the probe's tokens are in the vocabulary and
// fit the context) are check_train_config's, checked once the fields themselves are valid.
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
    const TrainConfig& c = cell_in.config;
    // The rules between fields, as check_train_config applies them when the cell runs (written
    // here rather than calling it: the learner's module then links none of the training's code).
    if (c.width % c.heads != 0)
        f.error("width", {c.width, " does not split into ", c.heads, " heads of equal width (choose a multiple of heads)"});
    if (!read.given(tf::probe)) return;
    if (c.probe.size() > c.context) f.error("probe", {"at most ", c.context, " tokens (the context), found ", c.probe.size()});
    for (std::size_t i = 0; i < c.probe.size(); ++i)
        if (c.probe[i] >= c.vocab)
            cx.error(json_path_index(f.at("probe"), i), {"tokens are 0 to ", c.vocab - 1, " (the vocabulary), found ", c.probe[i]});
}

}  // namespace notebook_validation
}  // namespace attnbook
