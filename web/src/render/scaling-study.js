// The scaling study: the engine draws numpy-compatible random queries and keys in the worker
// (its own lane, with a progress bar) and returns two tables: how far raw dot products spread
// as the width d grows, and how peaked softmax gets over a few keys with and without the
// divisor. The reader can switch the divisor between sqrt(d), d and 1.

import { h, num, shownText, uniqueId, keyboardScrollable } from '../dom.js';
import { createProgress } from '../progress.js';

// How each of the engine's divisor names (ctx.limits.divisors) reads here; a name without
// wording of its own shows as itself.
const WORDING = {
  sqrt: { label: '√d (the standard)', column: 'q·k / √d' },
  d: { label: 'd (divides too much)', column: 'q·k / d' },
  1: { label: '1 (no scaling)', column: 'q·k / 1' },
};
const divisorInfo = (name) => WORDING[name] || { label: name, column: `q·k / ${name}` };

export function renderScalingStudy(cell, ctx) {
  const id = uniqueId('scaling');
  const params = {
    seed: cell.seed, widths: cell.widths, pairs: cell.pairs, trials: cell.trials, keys: cell.keys,
  };
  let divisor = ctx.limits.divisors.includes(ctx.initial?.div) ? ctx.initial.div : cell.divisor;
  const cache = new Map();

  const select = h('select', { id: `${id}-div` }, ctx.limits.divisors.map((name) => h('option', { value: name, selected: name === divisor }, divisorInfo(name).label)));
  const setup = h('p', { class: 'note' },
    `Seed ${params.seed}; widths d = ${params.widths.join(', ')}; ${params.pairs} random query–key pairs per width; ` +
    `${params.trials} trials of one query against ${params.keys} keys. Same draws, same order as the lesson’s numpy program.`);
  const progress = createProgress('Drawing random vectors…');
  const out = h('div', { 'aria-live': 'polite' });
  const el = h('div', { class: 'scaling-study' },
    setup,
    h('div', { class: 'controls' }, h('label', { for: select.id }, 'Divide the scores by'), select),
    progress.el, out);

  select.addEventListener('change', () => {
    divisor = select.value;
    ctx.onStateChange?.();
    compute();
  });

  // What the reader sees always agrees: the tables on screen are for `shownDivisor` (null: none),
  // and a run is in flight (progress bar up) exactly when they are not for the menu's divisor. The
  // menu is never disabled: a new choice supersedes the run in flight, which is cancelled (the
  // engine stops it unless another notebook waits for the same study).
  let shownDivisor = null;
  let run = null; // AbortController of the run in flight
  function endRun() {
    run = null;
    progress.end();
    out.removeAttribute('aria-busy');
  }
  function stopRun() {
    run?.abort();
    endRun();
  }

  function compute() {
    stopRun();
    const wanted = divisor;
    if (shownDivisor === wanted) return;
    if (cache.has(wanted)) {
      show(cache.get(wanted), wanted);
      return;
    }
    const mine = new AbortController();
    run = mine;
    shownDivisor = null;
    out.setAttribute('aria-busy', 'true');
    out.replaceChildren(h('p', { class: 'note' }, `Computing the tables for ${divisorInfo(wanted).column}…`));
    progress.begin();
    ctx.call('scaling', { ...params, divisor: wanted }, {
      lane: 'heavy',
      signal: mine.signal,
      onProgress: (f) => { if (run === mine) progress.update(f); },
    }).then((r) => {
      cache.set(wanted, r);
      if (run !== mine) return;
      endRun();
      show(r, wanted);
    }, (err) => {
      if (run !== mine) return; // cancelled, or superseded by a newer choice
      endRun();
      out.replaceChildren(h('p', { class: 'cell-error', role: 'alert' }, `The engine could not run the study: ${err.message}`));
    });
  }

  function show(r, shownFor) {
    shownDivisor = shownFor;
    const info = divisorInfo(shownFor);
    const widths = r.widths.map((w) => (typeof w === 'object' ? shownText(w) : String(w)));
    const widthCell = (i) => h('th', { scope: 'row', class: 'numeric' }, h('span', { class: 'num' }, widths[i]));
    const spread = keyboardScrollable(h('div', { class: 'table-wrap' }, h('table', null,
      h('caption', null, 'How far raw scores spread as the width grows'),
      h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'd'), h('th', { scope: 'col' }, 'std of q·k'), h('th', { scope: 'col' }, `std of ${info.column}`))),
      h('tbody', null, widths.map((_, i) => h('tr', null, widthCell(i), h('td', null, num(r.raw_std[i])), h('td', null, num(r.scaled_std[i]))))))));
    const peak = keyboardScrollable(h('div', { class: 'table-wrap' }, h('table', null,
      h('caption', null, `Mean top attention weight over ${params.keys} keys`),
      h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'd'), h('th', { scope: 'col' }, 'no scaling'), h('th', { scope: 'col' }, `with ${info.column}`))),
      h('tbody', null, widths.map((_, i) => h('tr', null, widthCell(i), h('td', null, num(r.top_unscaled[i])), h('td', null, num(r.top_scaled[i]))))))));
    out.replaceChildren(spread, peak);
  }

  let started = false;
  return {
    el,
    activate() {
      if (started) return;
      started = true;
      compute();
    },
    /** The cell left the page: stop its run (activate() picks up where it stopped). */
    dispose() {
      started = false;
      if (run) {
        stopRun();
        if (shownDivisor === null) out.replaceChildren();
      }
    },
    getState: () => ({ div: divisor }),
    isDefault: () => divisor === cell.divisor,
  };
}
