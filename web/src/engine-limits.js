// The engine's limits, asked of the engine once per page: each limit is written once, in the
// engine, and the page reads it from there.
//
// The engine's `limits` command (engine/src/notebook/limits.cpp on the engine branch) answers
//   {"notebook": {"max_bytes": <whole number>, "max_depth": ..., ...}, ...}
// Until the engine has that command (or if its answer has another shape), the notebook text limit
// is read from the engine's own refusal: texts of 1, 2, 4, ... MiB are validated in a worker of
// their own until the engine says "the limit is X MiB", and that worker is then stopped, so that
// the probe's memory goes with it.
import { call, closeLane } from './engine-client.js';
import { mebibytes } from './notebook-text.js';

let textLimit = null;

/** Promise of {bytes, text}: the most bytes of notebook text the engine reads, and how it names that. */
export function notebookTextLimit() {
  textLimit ||= call('limits').then((r) => {
    const bytes = r?.notebook?.max_bytes;
    if (!Number.isSafeInteger(bytes) || bytes <= 0) throw new Error('limits: no notebook.max_bytes');
    return { bytes, text: mebibytes(bytes) };
  }).catch(probeTextLimit);
  return textLimit;
}

const PROBE_LANE = 'limits-probe';
const PROBE_MAX = 64 * 1024 * 1024; // past this, the page applies no limit of its own

async function probeTextLimit() {
  try {
    for (let size = 1024 * 1024; size <= PROBE_MAX; size *= 2) {
      // validate answers {ok: false, errors} for both a text of spaces and one too large; a
      // rejected call (no engine) ends the probe.
      const answer = await call('validate', { text: ' '.repeat(size), name: 'probe' }, { lane: PROBE_LANE });
      const said = JSON.stringify(answer).match(/the limit is (\d+(?:\.\d+)?) MiB/);
      if (said) {
        // The engine rounds to 0.1 MiB: take the top of that range, so that no text the engine
        // accepts is refused here (one just above the limit is refused by the engine itself).
        return { bytes: Math.floor((Number(said[1]) + 0.05) * 1024 * 1024), text: `${said[1]} MiB` };
      }
    }
    return { bytes: Infinity, text: 'unknown' };
  } catch {
    return { bytes: Infinity, text: 'unknown' }; // the validate call that follows says what is wrong
  } finally {
    closeLane(PROBE_LANE);
  }
}
