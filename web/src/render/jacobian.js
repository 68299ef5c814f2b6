// The softmax Jacobian diag(p) - p pᵀ for scores the reader types (`jacobian`), as a heatmap and
// a table, and its Frobenius norm against the width d for unscaled and scaled random logits
// (`jacobian_norms`): the gradient that vanishes as softmax saturates.

import { h, num, shownText, uniqueId } from '../dom.js';
import { renderMatrix } from './matrix.js';
import { heatmap, heatKey, lineChart, chartFigure } from './plot.js';
import { latestOnly } from '../engine-client.js';
import { wholeIn } from './saved.js';
import { staleMarker } from './stale.js';

export function renderJacobian(cell, ctx) {
  const id = uniqueId('jacobian');
  const lim = ctx.limits.lesson_cells.jacobian;
  // The multiplier steps are powers of two, 1 … 64 (2^0 … 2^6): saturation arrives within a few of them.
  const steps = { min: 0, max: 6 };
  // Saved scores (the permalink's s, kept by the engine's restore) and step (mult, the page's own:
  // a step whose multiplied scores stay in the engine's range).
  const saved = ctx.initial || {};
  const startScores = saved.s || cell.scores;
  const startStep = wholeIn(saved.mult, steps) !== undefined && startScores.every((x) => Math.abs(x * 2 ** saved.mult) <= lim.max_abs) ? saved.mult : 0;
  const input = h('input', { type: 'text', id: `${id}-scores`, value: startScores.join(', '), size: 24, 'aria-describedby': `${id}-err` });
  const err = h('p', { class: 'input-error', id: `${id}-err`, role: 'alert', hidden: true });
  const scaleBox = h('input', { type: 'range', id: `${id}-mult`, min: steps.min, max: steps.max, step: 1, value: startStep });
  const multOut = h('output', { for: scaleBox.id, class: 'num' }, `× ${2 ** startStep}`);
  if (startStep) scaleBox.setAttribute('aria-valuetext', `scores multiplied by ${2 ** startStep}`);
  const single = h('div', { 'aria-live': 'polite', class: 'jacobian-single' });
  const stale = staleMarker(single);
  let shownFor = ''; // the input the numbers on screen belong to
  const curve = h('div');
  const el = h('div', { class: 'jacobian' },
    h('div', { class: 'controls' }, h('label', { for: input.id }, 'scores s'), input,
      h('label', { for: scaleBox.id }, 'multiply by'), scaleBox, multOut), err, stale.note, single, curve);
  const run = latestOnly((args) => ctx.call('jacobian', args));
  const mult = () => 2 ** Number(scaleBox.value);
  const typed = () => {
    const xs = input.value.split(',').map((x) => (x.trim() === '' ? NaN : Number(x)));
    return xs.every((x) => Number.isFinite(x)) ? xs : null;
  };

  async function compute() {
    const parts = input.value.split(',').map((x) => x.trim());
    const xs = parts.map((x) => (x === '' ? NaN : Number(x)));
    if (xs.some((x) => !Number.isFinite(x))) {
      input.setAttribute('aria-invalid', 'true');
      err.hidden = false;
      err.textContent = 'Not computed: give numbers separated by commas, like 0.1, 4.0, 0, 0.2.';
      stale.mark(shownFor);
      return;
    }
    try {
      const r = await run({ scores: xs.map((x) => x * mult()) });
      if (!r) return;
      input.removeAttribute('aria-invalid');
      err.hidden = true;
      stale.clear();
      shownFor = `s = ${parts.join(', ')} multiplied by ${mult()}`;
      single.replaceChildren(...drawJacobian(r, xs.map((_, i) => `s${i}`)));
    } catch (e) {
      input.setAttribute('aria-invalid', 'true');
      err.hidden = false;
      err.textContent = `Not computed: ${e.message}`;
      stale.mark(shownFor);
    }
  }

  async function computeCurve() {
    curve.setAttribute('aria-busy', 'true');
    try {
      curve.replaceChildren(drawNorms(await ctx.call('jacobian_norms', { widths: cell.widths, seed: cell.seed })));
    } catch (e) {
      curve.replaceChildren(h('p', { class: 'cell-error', role: 'alert' }, `The engine could not measure the norms: ${e.message}`));
    }
    curve.removeAttribute('aria-busy');
  }

  input.addEventListener('change', () => { ctx.onStateChange?.(); compute(); });
  scaleBox.addEventListener('input', () => { multOut.textContent = `× ${mult()}`; scaleBox.setAttribute('aria-valuetext', `scores multiplied by ${mult()}`); ctx.onStateChange?.(); compute(); });
  return {
    el,
    activate() { compute(); computeCurve(); },
    /** Permalink state: the typed scores (when they read as numbers) and the multiplier's step, where they differ from the cell's. */
    getState: () => {
      const out = {};
      const xs = typed();
      if (xs && !(xs.length === cell.scores.length && xs.every((x, i) => x === cell.scores[i]))) out.s = xs;
      if (Number(scaleBox.value) !== 0) out.mult = Number(scaleBox.value);
      return out;
    },
  };
}

/** The Jacobian for one row of scores (labels: the scores' names): p, its norm, a heatmap and the matrix. */
function drawJacobian(r, labels) {
  return [
    h('p', null, 'p = softmax(s) = ', r.weights.map((p, i) => [i ? ', ' : '', num(p)]), '. Frobenius norm ‖J‖ = ', num(r.frobenius), '.'),
    h('div', { class: 'matrices' },
      h('figure', { class: 'heat-figure' },
        heatmap(`Heatmap of the Jacobian: diagonal ${r.jacobian.map((row, i) => shownText(row[i])).join(', ')}; blue positive, red negative, full colour at ±${shownText(r.colour_range)}.`,
          r.jacobian, { rowLabels: labels, colLabels: labels, range: r.colour_range }),
        h('figcaption', { class: 'heat-key' }, heatKey(r.colour_range, 'no entry of a softmax Jacobian can be larger in size'))),
      renderMatrix('J = diag(p) − p pᵀ', r.jacobian, { rowLabels: labels, colLabels: labels })),
    h('p', { class: 'note' }, 'Numbers too small for four decimals are written in scientific notation: one ending in ', h('code', { class: 'nowrap' }, 'e-28'), ' is multiplied by 10⁻²⁸. A plain 0 is exactly zero in double precision.'),
  ];
}

/** The mean Jacobian norm against d, unscaled and scaled, as a chart and a table. */
function drawNorms(r) {
  const series = [
    { name: 'unscaled logits q·k', cls: 's-b', points: r.unscaled },
    { name: 'scaled logits q·k/√d', cls: 's-c', points: r.scaled },
  ];
  return h('div', { class: 'charts' },
    chartFigure('Mean ‖J‖ over random rows of 6 keys', series, lineChart({
      label: `Line chart of the mean Jacobian norm against d = ${r.widths.join(', ')}: unscaled ${r.unscaled.map(shownText).join(', ')}; scaled ${r.scaled.map(shownText).join(', ')}.`,
      xs: r.widths, logX: true, xLabel: 'head width d', yLabel: 'mean ‖J‖', series, yMin: 0 })),
    renderMatrix('Mean ‖J‖ by width', r.widths.map((d, i) => [r.unscaled[i], r.scaled[i]]), { rowLabels: r.widths.map((d) => `d = ${d}`), colLabels: ['unscaled', 'scaled'] }));
}
