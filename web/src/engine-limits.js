// The engine's limits: each limit, default and name list is written once, in the engine's headers,
// and the page reads them from the engine's `limits` answer (engine/src/notebook/limits.cpp; its
// shape is LimitsResult in engine/bindings/attnbook.d.ts). The answer is the built engine's own,
// asked when the element is bundled (scripts/standalone.mjs: engineLimitsPlugin; the element and
// the engine are built together, and tests/wasm/engine-limits.test.mjs holds the bundled answer
// against the engine's), not asked on the page: a page whose first cells make no engine call
// (prose, practice, a training lab on its own worker) then starts no engine, and a text's size is
// checked before anything else is loaded.
import limits from 'attnbook:engine-limits';
import { mebibytes } from './notebook-text.js';

/** The `limits` command's answer. */
export function engineLimits() {
  return limits;
}

/** {bytes, text}: the most bytes of notebook text the engine reads, and how it names that. */
export function notebookTextLimit() {
  const bytes = limits.notebook.max_bytes;
  return { bytes, text: mebibytes(bytes) };
}
