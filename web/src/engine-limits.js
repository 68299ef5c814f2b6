// The engine's limits, asked of the engine once per page: each limit, default and name list is
// written once, in the engine's headers, and the page reads it from the `limits` command
// (engine/src/notebook/limits.cpp; its shape is LimitsResult in engine/bindings/attnbook.d.ts).
import { call } from './engine-client.js';
import { mebibytes } from './notebook-text.js';

let limits = null;

/** Promise of the `limits` command's answer. A failed ask is not kept, so a later load asks again. */
export function engineLimits() {
  if (!limits) {
    limits = call('limits');
    limits.catch(() => { limits = null; });
  }
  return limits;
}

/** Promise of {bytes, text}: the most bytes of notebook text the engine reads, and how it names that. */
export async function notebookTextLimit() {
  const bytes = (await engineLimits()).notebook.max_bytes;
  return { bytes, text: mebibytes(bytes) };
}
