// The engine's `python` answer for the explorable's state, shared by the two panels that show it
// ("The same calculation in Python" and the formula pairs): with both open, a change asks the
// engine once. Each panel asks only while it is open.

import { latestOnly } from '../../engine-client.js';

/**
 * call(args): the engine's `python`; args(): the arguments for the state now. Returns
 * () => Promise of the answer for the state now, or null when a newer state superseded it.
 */
export function createPythonAnswer({ call, args }) {
  const python = latestOnly(call);
  let last = null; // { key, answer }: the latest question and its answer (a promise)
  return () => {
    const a = args();
    const key = JSON.stringify(a);
    if (last?.key !== key) {
      const answer = python(a);
      last = { key, answer };
      answer.catch(() => { if (last?.answer === answer) last = null; }); // a refusal is asked again next time
    }
    return last.answer;
  };
}

/** Draws the answer into a panel while details is open, and again on each refresh(). */
export function whileOpen(details, answer, { draw, fail }) {
  async function refresh() {
    if (!details.open) return;
    try {
      const r = await answer();
      if (r) draw(r);
    } catch (err) {
      fail(err);
    }
  }
  details.addEventListener('toggle', refresh);
  return refresh;
}
