// The softmax Jacobian diag(p) - p pᵀ for scores the reader types (`jacobian`), as a heatmap and
// a table, and its Frobenius norm against the width d for unscaled and scaled random logits
// (`jacobian_norms`): the gradient that vanishes as softmax saturates.

import { h, num, shownText, uniqueId } from '../dom.js';
import { renderMatrix } from './matrix.js';
import { heatmap, lineChart, legend } from './plot.js';
import { latestOnly } from '../engine-client.js';

export function renderJacobian(cell, ctx) {
  const id = uniqueId('jacobian');
  const input = h('input', { type: 'text', id: `${id}-scores`, value: cell.scores.join(', '), size: 24, 'aria-describedby': `${id}-err` });
  const err = h('p', { class: 'input-error', id: `${id}-err`, role: 'alert', hidden: true });
  const scaleBox = h('input', { type: 'range', id: `${id}-mult`, min: 0, max: 6, step: 1, value: 0 });
  const multOut = h('output', { for: scaleBox.id, class: 'num' }, '× 1');
  const single = h('div', { 'aria-live': 'polite' });
  const curve = h('div');
  const el = h('div', { class: 'jacobian' },
    h('div', { class: 'controls' }, h('label', { for: input.id }, 'scores s'), input,
      h('label', { for: scaleBox.id }, 'multiply by'), scaleBox, multOut), err, single, curve);
  const run = latestOnly((args) => ctx.call('jacobian', args));
  // The multiplier steps are powers of two, 1 … 64: saturation arrives within a few of them.
  const mult = () => 2 ** Number(scaleBox.value);

  async function compute() {
    const parts = input.value.split(',').map((x) => x.trim());
    const xs = parts.map((x) => (x === '' ? NaN : Number(x)));
    if (xs.some((x) => !Number.isFinite(x))) {
      input.setAttribute('aria-invalid', 'true');
      err.hidden = false;
      err.textContent = 'Not computed: give numbers separated by commas, like 0.1, 4.0, 0, 0.2.';
      return;
    }
    try {
      const r = await run({ scores: xs.map((x) => x * mult()) });
      if (!r) return;
      input.removeAttribute('aria-invalid');
      err.hidden = true;
      const labels = xs.map((_, i) => `s${i}`);
      single.replaceChildren(
        h('p', null, 'p = softmax(s) = ', r.weights.map((p, i) => [i ? ', ' : '', num(p)]), '. Frobenius norm ‖J‖ = ', num(r.frobenius), '.'),
        h('div', { class: 'matrices' },
          heatmap(`Heatmap of the Jacobian: diagonal ${r.jacobian.map((row, i) => shownText(row[i])).join(', ')}; blue positive, red negative.`, r.jacobian, { rowLabels: labels, colLabels: labels }),
          renderMatrix('J = diag(p) − p pᵀ', r.jacobian, { rowLabels: labels, colLabels: labels })));
    } catch (e) {
      input.setAttribute('aria-invalid', 'true');
      err.hidden = false;
      err.textContent = `Not computed: ${e.message}`;
    }
  }

  async function computeCurve() {
    try {
      const r = await ctx.call('jacobian_norms', { widths: cell.widths, seed: cell.seed });
      const series = [
        { name: 'unscaled logits q·k', cls: 's-b', points: r.unscaled },
        { name: 'scaled logits q·k/√d', cls: 's-c', points: r.scaled },
      ];
      curve.replaceChildren(h('div', { class: 'charts' },
        h('figure', null, lineChart({
          label: `Line chart of the mean Jacobian norm against d = ${r.widths.join(', ')}: unscaled ${r.unscaled.map(shownText).join(', ')}; scaled ${r.scaled.map(shownText).join(', ')}.`,
          xs: r.widths, logX: true, xLabel: 'head width d', yLabel: 'mean ‖J‖', series, yMin: 0 }),
        h('figcaption', null, 'Mean ‖J‖ over random rows of 6 keys', h('div', { class: 'legend' }, series.map((se, i) => h('span', null, legend(series)[i], se.name))))),
        renderMatrix('Mean ‖J‖ by width', r.widths.map((d, i) => [r.unscaled[i], r.scaled[i]]), { rowLabels: r.widths.map((d) => `d = ${d}`), colLabels: ['unscaled', 'scaled'] })));
    } catch (e) {
      curve.replaceChildren(h('p', { class: 'cell-error', role: 'alert' }, `The engine could not measure the norms: ${e.message}`));
    }
  }

  input.addEventListener('change', compute);
  scaleBox.addEventListener('input', () => { multOut.textContent = `× ${mult()}`; scaleBox.setAttribute('aria-valuetext', `scores multiplied by ${mult()}`); compute(); });
  let started = false;
  return { el, activate() { if (!started) { started = true; compute(); computeCurve(); } } };
}
