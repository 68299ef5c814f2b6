// The four common mistakes, each run by the engine (`mistakes`) with its symptom computed: a
// heads control for the wrong divisor, the wrong softmax axis flagged, masking after versus
// before the softmax, and a scale tuned at one width used at others.

import { h, num, shownText, uniqueId } from '../dom.js';
import { renderMatrix } from './matrix.js';
import { latestOnly } from '../engine-client.js';

export function renderMistakes(cell, ctx) {
  const id = uniqueId('mistakes');
  const lim = ctx.limits.lesson_cells.mistakes;
  // The permalink's heads and tuned width, checked by the engine (the `restore` command).
  let heads = ctx.initial?.heads ?? cell.heads;
  let tuned = ctx.initial?.tuned ?? cell.tuned_width;
  const headsInput = h('input', { type: 'range', id: `${id}-heads`, min: lim.heads.min, max: lim.heads.max, step: 1, value: heads });
  const headsOut = h('output', { for: headsInput.id, class: 'num' }, String(heads));
  const tunedSelect = h('select', { id: `${id}-tuned` }, lim.tuned_width.choices.map((w) => h('option', { value: w, selected: w === tuned }, `d = ${w}`)));
  const out = h('div', { 'aria-live': 'polite' }, h('p', { class: 'loading' }, 'Computing…'));
  const el = h('div', { class: 'mistakes' }, out);
  const run = latestOnly((args) => ctx.call('mistakes', args));

  headsInput.addEventListener('input', () => { heads = Number(headsInput.value); headsOut.textContent = String(heads); ctx.onStateChange?.(); compute(); });
  tunedSelect.addEventListener('change', () => { tuned = Number(tunedSelect.value); ctx.onStateChange?.(); compute(); });

  async function compute() {
    try {
      const r = await run({ heads, head_width: cell.head_width, tuned_width: tuned });
      if (r) show(r);
    } catch (err) {
      out.replaceChildren(h('p', { class: 'cell-error', role: 'alert' }, `The engine could not run the mistakes: ${err.message}`));
    }
  }

  const rule = (title, ...body) => h('section', { class: 'rule' }, h('h4', null, title), ...body);
  const flag = (ok, good, bad) => h('span', { class: ok ? 'flag-ok' : 'flag-bad' }, ok ? `✓ ${good}` : `✗ ${bad}`);
  const allOne = (pairs) => pairs.every((p) => p.shown === '1.000');

  function show(r) {
    const w = r.wrong_width, ax = r.wrong_axis, ma = r.mask_after, ts = r.tuned_scale;
    const q = ax.scores.map((_, i) => `q${i}`), k = ax.scores.map((_, j) => `k${j}`);
    const m = (name, rows) => renderMatrix(name, rows, { rowLabels: q, colLabels: k });
    headsInput.setAttribute('aria-valuetext', `${heads} heads, model width ${w.model_width}`);
    out.replaceChildren(
      rule('1. Scaling by d_model where d_head belongs',
        h('div', { class: 'controls' }, h('label', { for: headsInput.id }, 'heads'), headsInput, headsOut),
        h('p', null, `A head is ${cell.head_width} wide; with ${heads} heads the model is ${w.model_width} wide. The right divisor is √${cell.head_width} = `, num(w.right_divisor),
          `; the mistake divides by √${w.model_width} = `, num(w.wrong_divisor), '.'),
        h('table', null, h('caption', null, `Mean top weight over ${w.keys} random keys (${w.trials} trials)`),
          h('tbody', null,
            h('tr', null, h('th', { scope: 'row' }, 'no scaling'), h('td', null, num(w.top_unscaled))),
            h('tr', null, h('th', { scope: 'row' }, `÷ √${cell.head_width} (right)`), h('td', null, num(w.top_right))),
            h('tr', null, h('th', { scope: 'row' }, `÷ √${w.model_width} (the mistake)`), h('td', null, num(w.top_wrong))),
            h('tr', null, h('th', { scope: 'row' }, `an even split, 1/${w.keys}`), h('td', null, num(w.uniform))))),
        h('p', null, heads > 1
          ? `Symptom: the shares flatten towards an even split (${shownText(w.top_wrong)} against ${shownText(w.top_right)}): every key gets a similar weight and gradients through the softmax shrink. Nothing crashes.`
          : 'With one head the two widths agree and so do the shares. Move the slider.')),
      rule('2. Softmax over the query axis',
        h('div', { class: 'matrices' }, m('scores', ax.scores), m('softmax over keys (right)', ax.weights_key_axis), m('softmax over queries (the mistake)', ax.weights_query_axis)),
        h('p', null, 'Row sums, over keys: ', ax.row_sums_key_axis.map((p, i) => [i ? ', ' : '', num(p)]), ' ', flag(allOne(ax.row_sums_key_axis), 'every row is a distribution', '')),
        h('p', null, 'Row sums, over queries: ', ax.row_sums_query_axis.map((p, i) => [i ? ', ' : '', num(p)]), ' ',
          flag(ax.rows_sum_to_one, 'rows sum to one', 'weights.sum(-1) is not all ones: the check catches it')),
        h('p', null, 'Column sums of the mistake: ', ax.column_sums_query_axis.map((p, i) => [i ? ', ' : '', num(p)]), ' (the columns are what sums to one).')),
      rule('3. Masking after the softmax',
        h('div', { class: 'matrices' }, m('softmax, then zero j > i (the mistake)', ma.weights_after), m('−∞ on the logits, then softmax', ma.weights_before)),
        h('p', null, 'Row sums after: ', ma.row_sums_after.map((p, i) => [i ? ', ' : '', num(p)]), ' ', flag(allOne(ma.row_sums_after), '', 'rows no longer sum to one')),
        h('p', null, 'Row sums before: ', ma.row_sums_before.map((p, i) => [i ? ', ' : '', num(p)]), ' ', flag(allOne(ma.row_sums_before), 'every row sums to one', ''))),
      rule('4. Treating the scale as a hyperparameter',
        h('div', { class: 'controls' }, h('label', { for: tunedSelect.id }, 'scale tuned at'), tunedSelect),
        h('p', null, `Tuning at d = ${ts.tuned_width} finds 1/√${ts.tuned_width} = `, num(ts.scale), '. Kept as a constant at other widths:'),
        h('table', null, h('caption', null, 'Mean top weight over random keys'),
          h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'd'), h('th', { scope: 'col' }, `× ${ts.scale.shown} (tuned)`), h('th', { scope: 'col' }, '÷ √d'))),
          h('tbody', null, ts.widths.map((d, i) => h('tr', null, h('th', { scope: 'row', class: 'numeric' }, String(d)), h('td', null, num(ts.top_tuned[i])), h('td', null, num(ts.top_sqrt[i])))))),
        h('p', null, 'Symptom: wider than where it was tuned, the constant under-divides and the shares sharpen towards one key; narrower, it flattens them. ÷√d stays level.')));
    out.querySelectorAll('table:not(.matrix table)').forEach((t) => t.classList.add('plain'));
  }

  return {
    el,
    activate: compute,
    /** Permalink state: heads and the tuning width, where they differ from the cell's. */
    getState: () => ({ ...(heads === cell.heads ? {} : { heads }), ...(tuned === cell.tuned_width ? {} : { tuned }) }),
  };
}
