// The training lab's numbers drawn from its runs (what the engine answered, kept in run.js): the
// loss curves, and in the divisor experiment the saturation and gradient curves; the summary
// table; the memory note; the status line. Nothing here asks the engine or keeps state.

import { h, num, shownText } from '../../dom.js';
import { curveChart } from './curves.js';
import { divisorSymbol } from '../divisors.js';

const SERIES = ['s-a', 's-b', 's-c'];

/** "÷√d" for a run of the divisor experiment; '' for the lab's one run. */
const runName = (r, divisorMode) => (divisorMode ? `÷${divisorSymbol(r.divisor)}` : '');

function figure(caption, series, chart) {
  return h('figure', null, chart, h('figcaption', null, caption,
    h('div', { class: 'legend' }, series.map((se) => h('span', { class: `legend-item ${se.cls}` }, h('span', { class: `legend-swatch${se.thin ? ' thin' : ''}`, 'aria-hidden': 'true' }), se.name)))));
}

/** The charts for runs; steps: the run's length (the x axis); marker: the step the maps show, if not now. */
export function labCharts(runs, { divisorMode, steps, marker }) {
  const named = (r) => (divisorMode ? ` ${runName(r, divisorMode)}` : '');
  const lossSeries = runs.flatMap((r, i) => [
    ...(divisorMode ? [] : [{ name: 'training batch', cls: 's-d', xs: r.rows.steps, ys: r.rows.train_loss, thin: true }]),
    { name: `held-out${named(r)}`, cls: divisorMode ? SERIES[i] : 's-a', xs: r.eval.steps, ys: r.eval.loss },
  ]);
  const lossLabel = runs.map((r) => `held-out loss${named(r)}: ${r.eval.loss.length ? `${shownText(r.eval.loss[0])} at step 0, ${shownText(r.eval.loss.at(-1))} at step ${r.eval.steps.at(-1)}` : 'not measured yet'}`).join('; ');
  const figures = [figure('Loss (cross-entropy) against the step', lossSeries, curveChart({
    label: `Line chart of the loss while training. ${lossLabel}.`, xLabel: 'step', yLabel: 'loss', xMax: steps,
    yMin: 0, series: lossSeries, marker }))];
  if (!divisorMode) return figures;
  const curves = (key) => runs.map((r, i) => ({ name: runName(r, divisorMode), cls: SERIES[i], xs: r.rows.steps, ys: r.rows[key], thin: true }));
  const now = (key) => runs.map((r) => `${runName(r, divisorMode)} now ${r.rows[key].length ? shownText(r.rows[key].at(-1)) : 'none yet'}`).join('; ');
  const sat = curves('max_weight');
  const grad = curves('query_key_grad');
  figures.push(figure('Largest attention weight per row (mean): 1 means saturated', sat, curveChart({
    label: `Line chart of saturation: ${now('max_weight')}.`,
    xLabel: 'step', yLabel: 'largest weight', xMax: steps, yMin: 0, yMax: 1, series: sat })));
  figures.push(figure('Gradient reaching the query and key weights (norm, log scale)', grad, curveChart({
    label: `Line chart of the query and key gradient norm on a log scale: ${now('query_key_grad')}.`,
    xLabel: 'step', yLabel: 'norm', xMax: steps, logY: true, series: grad })));
  return figures;
}

/** The held-out check and the last step of each run as a table; none before the first check. */
export function labSummary(runs, divisorMode) {
  if (!runs.some((r) => r.eval.loss.length)) return [];
  const last = (xs) => (xs.length ? num(xs.at(-1)) : '–');
  const rows = runs.map((r) => {
    const e = r.eval;
    const n = e.loss.length;
    return h('tr', null,
      divisorMode ? h('th', { scope: 'row' }, runName(r, divisorMode)) : null,
      h('td', { class: 'numeric' }, String(e.steps[n - 1])),
      h('td', null, num(e.loss[0])), h('td', null, num(e.loss[n - 1])), h('td', null, num(e.accuracy[n - 1])),
      h('td', null, last(r.rows.max_weight)), h('td', null, last(r.rows.query_key_grad)));
  });
  const headings = [...(divisorMode ? ['divisor'] : []), 'step', 'loss at 0', 'loss now', 'accuracy now', 'largest weight', 'q/k gradient'];
  return [h('div', { class: 'table-wrap' }, h('table', null,
    h('caption', null, 'The held-out check (32 sequences the run never trains on) and the last step'),
    h('thead', null, h('tr', null, headings.map((t) => h('th', { scope: 'col' }, t)))),
    h('tbody', null, rows)))];
}

/** What the runs hold in the worker, from the engine's memory report (null before it answers). */
export function memoryText(runs) {
  const mem = runs[0]?.memory;
  if (!mem) return null;
  return [
    `Memory in the worker: ${runs.length > 1 ? `${runs.length} runs of ` : ''}${shownText(mem.parameters)} parameters, `,
    num(mem.model.kib), ' KiB each model, ', num(mem.optimiser.kib), ' KiB Adam and gradients, ', num(mem.checkpoints.kib),
    ' KiB of earlier models for the timeline; at most ', num(mem.most.kib), ` KiB ${runs.length > 1 ? 'each run' : 'for the run'}.`,
  ];
}

/** "Paused at step 120 of 600. Held-out loss 1.2 (step 100), accuracy 0.6.": the first run's state. */
export function statusText(runs, running, steps) {
  const r = runs[0];
  const e = r.eval;
  const n = e.loss.length;
  const where = r.done ? 'Finished' : running ? 'Training' : r.step ? 'Paused' : 'Ready';
  return `${where} at step ${Math.max(...runs.map((x) => x.step))} of ${steps}.` +
    (n ? ` Held-out loss ${shownText(e.loss[n - 1])} (step ${e.steps[n - 1]}), accuracy ${shownText(e.accuracy[n - 1])}.` : '');
}
