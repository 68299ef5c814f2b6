// Alternatives computed side by side on the same queries, keys and values (`alternatives`):
// each method's weights for the chosen query, its output, its row sum and one line on where it
// is used; the linear attention's reassociation check and the Performer's distance from softmax.

import { h, num, vec, uniqueId } from '../dom.js';
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
    out.replaceChildren(
      h('div', { class: 'controls' }, h('label', { for: select.id }, 'weights of query'), select),
      h('div', { class: 'method-grid' }, r.methods.map((m) => {
        const [title, about] = ABOUT[m.name] || [m.name, ''];
        return h('section', { class: 'method' }, h('h4', null, title),
          renderMatrix('weights', [m.weights[query]], { rowLabels: [`q${query}`], colLabels: keys }),
          h('p', null, 'sum ', num(m.row_sums[query]), ' · output ', vec(m.output[query])),
          m.name === 'linear' ? h('p', null, 'Q(KᵀV) against (QKᵀ)V, unnormalised: largest difference ', num(r.linear.reassociation_difference)) : null,
          m.name === 'performer' ? h('p', null, `${r.performer.features} features: largest weight difference from softmax `, num(r.performer.difference_from_dot)) : null,
          h('p', { class: 'muted' }, about));
      })));
    select.value = String(query);
  }

  let started = false;
  return {
    el,
    async activate() {
      if (started) return;
      started = true;
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
