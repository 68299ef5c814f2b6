// The hand-checkable example: Q, K, V as given (and editable: every entry is a field; a value
// that is not a number, or that the engine refuses, is marked in place and the last good result
// stays), then the engine's logits QK^T/sqrt(d_k), the row-wise softmax weights, their row sums
// and the output weights·V.

import { h, uniqueId } from '../dom.js';
import { renderMatrix } from './matrix.js';
import { latestOnly } from '../engine-client.js';
import { changedFields } from './saved.js';
import { staleMarker } from './stale.js';

// A matrix as the learner typed it (their own numbers, not computed ones): [[1, 0], [0, 1]].
const rowsText = (rows) => `[${rows.map((r) => `[${r.map((x) => (Object.is(x, -0) ? '-0' : String(x))).join(', ')}]`).join(', ')}]`;
const letters = (n, prefix) => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);

function matrixEditor(id, title, rows, prefix, onChange) {
  const cols = rows[0].length;
  const inputs = rows.map((row, i) => row.map((x, j) => h('input', {
    type: 'text', inputmode: 'decimal', id: `${id}-${prefix}${i}-${j}`, value: Object.is(x, -0) ? '-0' : String(x),
    'aria-label': `${title}, row ${prefix}${i + 1}, column ${j + 1}`, 'aria-describedby': `${id}-error`,
    oninput: onChange,
  })));
  const grid = h('div', { class: 'grid-input' }, inputs.flat());
  grid.style.setProperty('--cols', String(cols)); // CSSOM: the CSP refuses style attributes
  const el = h('fieldset', null, h('legend', null, title), grid);
  return { el, inputs };
}

export function renderHandExample(cell, ctx) {
  const id = uniqueId('hand');
  const el = h('div', { class: 'hand-example' });
  const results = h('div', { class: 'hand-results', 'aria-live': 'polite' }, h('p', { class: 'loading' }, 'Computing…'));
  const error = h('p', { class: 'input-error', id: `${id}-error`, role: 'alert', hidden: true });
  const stale = staleMarker(results);
  let shownFor = 'the matrices Q, K and V as they were before this edit'; // refined once a result is shown
  const m = cell.queries.length;
  const n = cell.keys.length;
  // The permalink's kinds for Q, K and V; a saved matrix comes checked by the engine (the
  // `restore` command: the cell's shape, every entry within the cell's limit).
  const KIND = { queries: 'qs', keys: 'ks', values: 'vs' };
  const start = Object.fromEntries(Object.entries(KIND).map(([name, kind]) => [name, ctx.initial?.[kind] ?? cell[name]]));
  const editors = {
    queries: matrixEditor(id, 'Q (queries)', start.queries, 'q', () => changed()),
    keys: matrixEditor(id, 'K (keys)', start.keys, 'k', () => changed()),
    values: matrixEditor(id, 'V (values)', start.values, 'v', () => changed()),
  };
  const reset = h('button', { type: 'button', onclick: () => {
    for (const [name, ed] of Object.entries(editors)) ed.inputs.forEach((row, i) => row.forEach((input, j) => { input.value = String(cell[name][i][j]); }));
    changed();
  } }, 'Reset');
  el.append(
    h('p', { class: 'note' }, 'Every entry below is editable: change one and the engine recomputes the rest.'),
    h('div', { class: 'editor' }, editors.queries.el, editors.keys.el, editors.values.el),
    h('div', { class: 'controls' }, reset), error, stale.note, results);

  const run = latestOnly((args) => ctx.call('hand_example', args));
  async function changed() {
    ctx.onStateChange?.();
    const { args, bad } = readEditors(editors);
    if (bad.length) return refuse(`Not recomputed. ${bad[0]}${bad.length > 1 ? ` (and ${bad.length - 1} more)` : ''}.`);
    try {
      const r = await run(args);
      if (!r) return;
      error.hidden = true;
      stale.clear();
      shownFor = `Q = ${rowsText(args.queries)}, K = ${rowsText(args.keys)}, V = ${rowsText(args.values)}`;
      show(r);
    } catch (err) {
      refuse(`Not recomputed: the engine refused these numbers: ${err.message}`);
    }
  }
  function refuse(text) {
    error.hidden = false;
    error.textContent = text;
    stale.mark(shownFor);
  }

  const show = (r) => results.replaceChildren(drawHandResult(r, m, n));

  let failed = false;
  async function activate() {
    failed = false;
    try {
      show(await ctx.call('hand_example', start));
      shownFor = `Q = ${rowsText(start.queries)}, K = ${rowsText(start.keys)}, V = ${rowsText(start.values)}`;
    } catch (err) {
      failed = true;
      results.replaceChildren(h('p', { class: 'cell-error', role: 'alert' }, `The engine could not compute this example: ${err.message}`));
    }
  }
  return {
    el,
    activate,
    /** Put back on the page: a call the engine refused is tried again. */
    resume() { if (failed) activate(); },
    /** Permalink state: Q, K and V as typed, each where every entry reads as a number and the matrix differs from the cell's. */
    getState: () => {
      const now = {};
      for (const [name, kind] of Object.entries(KIND)) {
        const rows = editors[name].inputs.map((row) => row.map(typed));
        if (rows.every((r) => r.every(Number.isFinite))) now[kind] = rows;
      }
      return changedFields(now, { qs: cell.queries, ks: cell.keys, vs: cell.values });
    },
  };
}

/** A field's number as typed (NaN when it is empty or not a number). */
function typed(input) {
  const text = input.value.trim();
  return text === '' ? NaN : Number(text);
}

/** Typed text -> numbers; a field that is not a finite number is refused here and marked. */
function readEditors(editors) {
  const out = {};
  const bad = [];
  for (const [name, ed] of Object.entries(editors)) {
    out[name] = ed.inputs.map((row) => row.map((input) => {
      const x = typed(input);
      if (Number.isFinite(x)) input.removeAttribute('aria-invalid');
      else {
        input.setAttribute('aria-invalid', 'true');
        bad.push(`${input.getAttribute('aria-label')}: “${input.value.trim()}” is not a number`);
      }
      return x;
    }));
  }
  return { args: out, bad };
}

/** The engine's answer for an m x n example: logits, weights, their row sums and the output. */
export function drawHandResult(r, m, n) {
  const cols = letters(n, 'k');
  const rowNames = letters(m, 'q');
  const sums = Array.isArray(r.row_sums[0]) ? r.row_sums.map((row) => row[0]) : r.row_sums;
  return h('div', { class: 'matrices' },
    renderMatrix('Logits QKᵀ / √dₖ', r.logits, { rowLabels: rowNames, colLabels: cols }),
    renderMatrix('Weights: softmax of each row', r.weights, { rowLabels: rowNames, colLabels: cols }),
    renderMatrix('Row sums of the weights', sums.map((x) => [x]), { rowLabels: rowNames }),
    renderMatrix('Output: weights · V', r.output, { rowLabels: rowNames }));
}
