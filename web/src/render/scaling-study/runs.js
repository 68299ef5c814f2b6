// The scaling study's runs in the engine worker, and what is on screen. What the reader sees
// always agrees: the tables on screen are for `shown` (the settings and divisor; null: none), and
// a run is in flight (progress bar up) exactly when they are not for the asked divisor. A new
// request supersedes the run in flight, which is cancelled (the engine stops it unless another
// notebook waits for the same study). Answers are kept, so switching back draws at once.

import { h } from '../../dom.js';

/**
 * out: the element for the tables (busy while a run is in flight, a note or an error in it);
 * show(r, asked): draws an answer; program(text): the engine's numpy program for the asked settings.
 */
export function createStudyRuns(ctx, { progress, out, show, program, waitingFor }) {
  const cache = new Map();
  let shown = null;
  let run = null; // AbortController of the run in flight
  let latest = null; // the key last asked for

  function endRun() {
    run = null;
    progress.end();
    out.removeAttribute('aria-busy');
  }
  function stop() {
    run?.abort();
    endRun();
  }
  function draw(r, asked, key) {
    shown = key;
    show(r, asked);
  }

  return {
    /** Shows the study for `asked` (the settings and the divisor): from the cache, or run; redraw: even if shown. */
    compute(asked, { redraw = false } = {}) {
      stop();
      const key = JSON.stringify(asked);
      latest = key;
      if (shown === key && !redraw) return;
      if (cache.has(key)) return draw(cache.get(key), asked, key);
      const mine = new AbortController();
      run = mine;
      shown = null;
      out.setAttribute('aria-busy', 'true');
      out.replaceChildren(h('p', { class: 'note' }, `Computing the tables for ${waitingFor(asked)}…`));
      progress.begin();
      ctx.call('scaling_program', asked).then((p) => { if (latest === key) program(p.program); }, () => {});
      ctx.call('scaling', asked, {
        lane: 'heavy',
        signal: mine.signal,
        onProgress: (f) => { if (run === mine) progress.update(f); },
      }).then((r) => {
        cache.set(key, r);
        if (run !== mine) return;
        endRun();
        draw(r, asked, key);
      }, (err) => {
        if (run !== mine) return; // cancelled, or superseded by a newer choice
        endRun();
        out.replaceChildren(h('p', { class: 'cell-error', role: 'alert' }, `The engine could not run the study: ${err.message}`));
      });
    },
    /** Stops the run in flight; true when one was stopped with nothing drawn for it. */
    stop() {
      if (!run) return false;
      stop();
      return shown === null;
    },
  };
}
