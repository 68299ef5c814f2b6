// The export module (attnbook-export.mjs): the lesson page's module plus the `ipynb` command,
// loaded only when a reader asks for their notebook with their own settings.
#include "attnbook/notebook/ipynb.hpp"

namespace {
const bool ipynb_enabled = (attnbook::enable_ipynb(), true);
}  // namespace
