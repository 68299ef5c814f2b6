// The hand-checkable example: Q, K, V as given, then the engine's logits QK^T/sqrt(d_k),
// the row-wise softmax weights, their row sums and the output weights·V.

import { h } from '../dom.js';
import { renderMatrix } from './matrix.js';

const letters = (n, prefix) => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);

export function renderHandExample(cell, ctx) {
  const el = h('div', { class: 'hand-example' });
  const results = h('div', { class: 'hand-results', 'aria-live': 'polite' }, h('p', { class: 'loading' }, 'Computing…'));
  const { queries, keys, values } = cell;
  const m = queries.length;
  const n = keys.length;
  el.append(
    h('div', { class: 'matrices' },
      renderMatrix('Q (queries)', queries, { rowLabels: letters(m, 'q') }),
      renderMatrix('K (keys)', keys, { rowLabels: letters(n, 'k') }),
      renderMatrix('V (values)', values, { rowLabels: letters(n, 'v') })),
    results);

  let started = false;
  async function activate() {
    if (started) return;
    started = true;
    try {
      const r = await ctx.call('hand_example', { queries, keys, values });
      const cols = letters(n, 'k');
      const rowNames = letters(m, 'q');
      const sums = Array.isArray(r.row_sums[0]) ? r.row_sums.map((row) => row[0]) : r.row_sums;
      results.replaceChildren(h('div', { class: 'matrices' },
        renderMatrix('Logits QKᵀ / √dₖ', r.logits, { rowLabels: rowNames, colLabels: cols }),
        renderMatrix('Weights: softmax of each row', r.weights, { rowLabels: rowNames, colLabels: cols }),
        renderMatrix('Row sums of the weights', sums.map((x) => [x]), { rowLabels: rowNames }),
        renderMatrix('Output: weights · V', r.output, { rowLabels: rowNames })));
    } catch (err) {
      started = false;
      results.replaceChildren(h('p', { class: 'cell-error', role: 'alert' }, `The engine could not compute this example: ${err.message}`));
    }
  }
  return { el, activate };
}
