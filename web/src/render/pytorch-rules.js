// PyTorch's rules for scaled_dot_product_attention, each computed by the engine's attention on
// one small causal example (`pytorch_rules`): the default and an explicit scale, a boolean and
// an additive mask agreeing, is_causal's triangle, attn_mask with is_causal refused with
// PyTorch's error, grouped-query shapes, and a fully masked row.

import { h, num, uniqueId } from '../dom.js';
import { renderMatrix } from './matrix.js';
import { heatmap } from './plot.js';
import { latestOnly } from '../engine-client.js';
import { staleMarker } from './stale.js';

const toks = (n) => Array.from({ length: n }, (_, i) => `t${i}`);
const shape = (xs) => `(${xs.join(', ')})`;

export function renderPytorchRules(cell, ctx) {
  const id = uniqueId('torch');
  // The permalink's scale where the engine's restore kept it, else the cell's.
  let scale = ctx.initial?.scale ?? cell.scale;
  const input = h('input', { type: 'number', id: `${id}-scale`, min: '0.01', max: '1000', step: '0.05', value: String(scale) });
  const inputError = h('p', { class: 'input-error', role: 'alert', hidden: true });
  const out = h('div', { 'aria-live': 'polite' }, h('p', { class: 'loading' }, 'Computing…'));
  const stale = staleMarker(() => out.querySelector('.scale-weights'));
  let shownFor = ''; // the scale the numbers on screen belong to
  const el = h('div', { class: 'pytorch-rules' }, out);
  const run = latestOnly((args) => ctx.call('pytorch_rules', args));

  input.addEventListener('change', async () => {
    const x = Number(input.value);
    if (input.value.trim() === '' || !Number.isFinite(x)) {
      input.setAttribute('aria-invalid', 'true');
      inputError.hidden = false;
      inputError.textContent = `Not computed: “${input.value}” is not a number.`;
      stale.mark(shownFor);
      return;
    }
    scale = x;
    ctx.onStateChange?.();
    compute();
  });

  async function compute() {
    try {
      const r = await run({ scale });
      if (!r) return;
      input.removeAttribute('aria-invalid');
      inputError.hidden = true;
      stale.clear();
      shownFor = `scale = ${scale}`;
      show(r);
    } catch (err) {
      input.setAttribute('aria-invalid', 'true');
      inputError.hidden = false;
      inputError.textContent = `Not computed: ${err.message}`;
      stale.mark(shownFor);
    }
  }

  function rule(title, ...body) {
    return h('section', { class: 'rule' }, h('h4', null, title), ...body);
  }

  function show(r) {
    const L = r.example.queries.length;
    const t = toks(L);
    const wm = (name, rows) => renderMatrix(name, rows, { rowLabels: t, colLabels: t });
    out.replaceChildren(
      h('p', null, `The example: ${L} tokens t0…t${L - 1}, query and key width E = ${r.example.queries[0].length}, value width ${r.example.values[0].length}. Rows are queries, columns keys.`),
      h('div', { class: 'matrices' },
        renderMatrix('query', r.example.queries, { rowLabels: t }), renderMatrix('key', r.example.keys, { rowLabels: t }),
        renderMatrix('value', r.example.values, { rowLabels: t })),
      rule('1. scale=None means 1/√E',
        h('p', null, 'Left out, the scale is ', num(r.scale.default), ` = 1/√${r.example.queries[0].length}. An explicit `, h('code', null, 'scale'), ' replaces it:'),
        h('div', { class: 'controls' }, h('label', { for: input.id }, 'scale ='), input), inputError, stale.note,
        h('div', { class: 'matrices scale-weights' }, wm('weights, scale=None', r.scale.weights_default), wm(`weights, scale=${r.scale.explicit.shown}`, r.scale.weights_explicit))),
      rule('2. A boolean mask and an additive mask agree',
        h('p', null, 'True means “may attend” in a boolean ', h('code', null, 'attn_mask'), '; a float mask is added to the logits, 0 to keep and −∞ to mask. The largest difference between the two results: ', num(r.masks.max_difference), '.'),
        h('div', { class: 'matrices' }, wm('bool mask (tril)', r.masks.weights_bool), wm('float mask (0 / −∞)', r.masks.weights_additive))),
      rule('3. is_causal=True: the lower triangle',
        h('p', null, 'Token i may attend to keys 0…i only. Difference from the boolean mask above: ', num(r.causal.max_difference_from_bool), '.'),
        heatmap('Heatmap of the causal weights: every entry above the diagonal is 0.', r.causal.weights, { rowLabels: t, colLabels: t })),
      rule('4. attn_mask together with is_causal=True is refused',
        h('p', null, 'PyTorch raises:'), h('div', { class: 'message' }, r.mask_and_causal.pytorch),
        h('p', null, 'The engine refuses the same call:'), h('div', { class: 'message' }, r.mask_and_causal.engine)),
      rule('5. Grouped-query attention (enable_gqa=True)',
        h('p', null, `query ${shape(r.gqa.query_shape)}, key and value ${shape(r.gqa.kv_shape)} → output ${shape(r.gqa.output_shape)}. ` +
          `Query heads read key/value heads ${r.gqa.kv_head_of_query_head.map((g, hq) => `${hq}→${g}`).join(', ')}; ` +
          'the result equals repeating each key/value head for its group (largest difference ', num(r.gqa.max_difference_from_repeated), ').'),
        h('p', null, 'Without enable_gqa the engine refuses these shapes:'), h('div', { class: 'message' }, r.gqa.without_enable_gqa)),
      rule('6. A fully masked row',
        h('p', null, `Here t0 may attend to nothing. PyTorch’s softmax over a row of −∞ gives NaN; the engine gives zero weights and a zero output and lists the row (rows ${r.fully_masked.rows.join(', ')}).`),
        h('div', { class: 'matrices' }, wm('weights', r.fully_masked.weights), renderMatrix('output', r.fully_masked.output, { rowLabels: t }))));
  }

  return {
    el,
    activate: compute,
    /** Permalink state: the explicit scale, where it differs from the cell's. */
    getState: () => (scale === cell.scale ? {} : { scale }),
  };
}
