// The author module (attnbook-author.mjs): the learner's module plus the validator and the other
// authoring commands (`validate`, `schema`, `cell_types`; notebook/authoring.hpp). The engine
// worker loads it only for those commands: the author page, and a notebook that is not a shipped,
// build-checked one (web/src/attention-notebook.js says which are).
#include "attnbook/notebook/authoring.hpp"

namespace {
const bool authoring_enabled = (attnbook::enable_authoring(), true);
}  // namespace
