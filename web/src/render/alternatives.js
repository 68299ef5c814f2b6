// Alternatives computed side by side on the same queries, keys and values (`alternatives`): the
// inputs the engine used, then one table with a row per method (its weights for the chosen
// query, key by key, its row sum and its output; an exact zero marked as such), then one line per
// method on where it is used, with the linear attention's reassociation check and the
// Performer's distance from softmax.

import { h, num, vec, uniqueId, keyboardScrollable } from '../dom.js';
import { renderMatrix } from './matrix.js';

const ABOUT = {
  dot: ['Scaled dot product (the standard)', 'softmax(q·k/√d): one matrix product, which is why it won.'],
  additive: ['Additive (Bahdanau)', 'wᵀ tanh(W₁q + W₂k), here with W₁ = W₂ = I and w = 1: the first attention in translation (2015); a small network per pair, no single matrix product.'],
  cosine: ['Cosine with a scale', 'g · cos(q, k): logits bounded by ±g; Swin Transformer V2 uses it for stable training at scale.'],
  linear: ['Linear (elu + 1 features)', 'φ(q)·φ(k) with φ = elu + 1: reassociating the product makes the cost linear in T (Katharopoulos et al. 2020).'],
  performer: ['Performer random features', 'positive random features whose dot product estimates exp(q·k/√d): softmax approximated in linear time (Choromanski et al. 2021).'],
  sparsemax: ['Sparsemax', 'projection onto the simplex: exact zeros, so a head can ignore a token outright (Martins & Astudillo 2016).'],
  entmax15: ['1.5-entmax', 'between softmax and sparsemax: sparse, but smoother near the top (Peters et al. 2019).'],
  softmax1: ['Softmax plus one', 'an extra 1 in the denominator: a row may sum below one, so a head can decline to attend (the attention-sink idea).'],
};

export function renderAlternatives(cell, ctx) {
  const id = uniqueId('alt');
  const savedQuery = ctx.initial?.row; // the permalink's row: checked against the engine's rows once they come
  let query = 0;
  const select = h('select', { id: `${id}-q` });
  const out = h('div', { 'aria-live': 'polite' }, h('p', { class: 'loading' }, 'Computing…'));
  const el = h('div', { class: 'alternatives' }, out);
  let result = null;
  select.addEventListener('change', () => { query = Number(select.value); ctx.onStateChange?.(); show(); });

  function show() {
    const r = result;
    const keys = r.methods[0].weights[0].map((_, j) => `k${j}`);
    const rows = (n, prefix) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
    // A weight of exactly 0 (the engine shows it as "0") is marked: sparsemax and entmax give
    // them on purpose; a small share prints in scientific notation instead, never as 0.000.
    const weight = (p) => (p.exact === 0
      ? h('span', { class: 'exact-zero' }, num(p), h('span', { class: 'zero-mark', 'aria-hidden': 'true' }, '∅'), h('span', { class: 'visually-hidden' }, ' (exactly zero)'))
      : num(p));
    const table = h('table', { class: 'alt-table stack' },
      h('caption', null, `Weights of query q${query} on each key, by method (∅ marks an exact zero)`),
      h('thead', null, h('tr', null, h('th', { scope: 'col', class: 'label' }, 'Method'),
        keys.map((k) => h('th', { scope: 'col' }, k)), h('th', { scope: 'col' }, 'sum'), h('th', { scope: 'col' }, 'output'))),
      h('tbody', null, r.methods.map((m) => h('tr', null,
        h('th', { scope: 'row', class: 'label' }, (ABOUT[m.name] || [m.name])[0]),
        m.weights[query].map((p, j) => h('td', { 'data-label': keys[j] }, weight(p))),
        h('td', { 'data-label': 'sum' }, num(m.row_sums[query])), h('td', { 'data-label': 'output' }, vec(m.output[query]))))));
    out.replaceChildren(
      h('p', { class: 'note' }, 'Every method gets the same inputs:'),
      h('div', { class: 'matrices alt-inputs' },
        renderMatrix('queries Q', r.inputs.queries, { rowLabels: rows(r.inputs.queries.length, 'q') }),
        renderMatrix('keys K', r.inputs.keys, { rowLabels: keys }),
        renderMatrix('values V', r.inputs.values, { rowLabels: rows(r.inputs.values.length, 'v') })),
      h('div', { class: 'controls' }, h('label', { for: select.id }, 'weights of query'), select),
      keyboardScrollable(h('div', { class: 'table-wrap' }, table)),
      h('dl', { class: 'method-notes' }, r.methods.map((m) => {
        const [title, about] = ABOUT[m.name] || [m.name, ''];
        return [h('dt', null, title), h('dd', null, about,
          m.name === 'linear' ? [' Q(KᵀV) against (QKᵀ)V, unnormalised: largest difference ', num(r.linear.reassociation_difference), '.'] : null,
          m.name === 'performer' ? [` With ${r.performer.features} features the largest weight difference from softmax is `, num(r.performer.difference_from_dot), '.'] : null)];
      })));
    select.value = String(query);
  }

  return {
    el,
    async activate() {
      try {
        result = await ctx.call('alternatives', { cosine_scale: cell.cosine_scale, features: cell.features, seed: cell.seed });
        select.replaceChildren(...result.methods[0].weights.map((_, i) => h('option', { value: i }, `q${i}`)));
        if (Number.isInteger(savedQuery) && savedQuery >= 0 && savedQuery < result.methods[0].weights.length) query = savedQuery;
        show();
      } catch (e) {
        out.replaceChildren(h('p', { class: 'cell-error', role: 'alert' }, `The engine could not compute the alternatives: ${e.message}`));
      }
    },
    /** Permalink state: the query whose weights are shown, unless it is the first. */
    getState: () => {
      // Not drawn yet (another depth): the saved row stays as it was.
      const row = result ? query : (Number.isInteger(savedQuery) && savedQuery > 0 ? savedQuery : 0);
      return row === 0 ? {} : { row };
    },
  };
}
