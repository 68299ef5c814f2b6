// Which engine module runs which command (engine-worker.js). The learner's module (attnbook.mjs)
// runs every command a lesson page calls; these run only in the author module (attnbook-author.mjs:
// the same engine plus them; engine/include/attnbook/notebook/authoring.hpp), which the worker
// loads on the first of them: the validator and the other authoring commands, the general
// commands no lesson calls, and `limits`, whose answer the element carries (web/src/engine-limits.js,
// asked when it is bundled). tests/wasm/module.test.mjs checks this list against both modules.
export const AUTHOR_COMMANDS = Object.freeze(['attention', 'cell_types', 'limits', 'normalize', 'schema', 'validate']);
