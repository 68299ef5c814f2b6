// The cost calculator: tokens, head widths, heads, layers, batch and bytes per number -> the
// engine's `cost` (score count, score-matrix memory, FLOPs of QKᵀ and of AV). Ranges and
// defaults come from the engine's limits.

import { h, num, uniqueId } from '../dom.js';
import { latestOnly } from '../engine-client.js';
import { wholeIn, changedFields } from './saved.js';
import { staleMarker } from './stale.js';

// [argument, label, the permalink's kind (web/src/permalink.js)]
const FIELDS = [
  ['tokens', 'tokens T', 'tok'], ['head_width', 'head width dₖ', 'dw'], ['value_width', 'value width dᵥ', 'dv'],
  ['heads', 'heads', 'heads'], ['layers', 'layers', 'layers'], ['batch', 'batch', 'batch'], ['bytes', 'bytes per number', 'bytes'],
];

export function renderCost(cell, ctx) {
  const id = uniqueId('cost');
  const lim = ctx.limits.lesson_cells.cost;
  const inputs = FIELDS.map(([name, label, kind]) => {
    const value = ctx.initial?.[kind] ?? cell[name]; // checked by the engine (the `restore` command)
    const input = h('input', { type: 'number', id: `${id}-${name}`, min: lim[name].min, max: lim[name].max, step: 1, value, inputmode: 'numeric' });
    return { name, kind, input, label: h('label', { for: input.id }, label, input) };
  });
  const err = h('p', { class: 'input-error', role: 'alert', hidden: true });
  const out = h('dl', { class: 'result-list', 'aria-live': 'polite' });
  const stale = staleMarker(out);
  let shownFor = ''; // the inputs the numbers on screen belong to
  const el = h('div', { class: 'cost' }, h('div', { class: 'calc-inputs' }, inputs.map((f) => f.label)), err, stale.note, out);
  const run = latestOnly((args) => ctx.call('cost', args));

  async function compute() {
    const args = {};
    for (const f of inputs) {
      const text = f.input.value.trim();
      if (!/^\d+$/.test(text)) {
        f.input.setAttribute('aria-invalid', 'true');
        err.hidden = false;
        err.textContent = `Not computed: ${f.name.replace('_', ' ')} must be a whole number from ${lim[f.name].min} to ${lim[f.name].max}.`;
        stale.mark(shownFor);
        return;
      }
      f.input.removeAttribute('aria-invalid');
      args[f.name] = Number(text);
    }
    try {
      const r = await run(args);
      if (!r) return;
      err.hidden = true;
      stale.clear();
      shownFor = inputs.map((f) => `${f.label.firstChild.textContent} = ${args[f.name]}`).join(', ');
      out.replaceChildren(
        h('dt', null, 'scores (T² per head, layer and sequence)'), h('dd', null, num(r.scores)),
        h('dt', null, 'memory of the score matrices'), h('dd', null, num(r.score_bytes)),
        h('dt', null, 'FLOPs of QKᵀ (2T²dₖ each)'), h('dd', null, num(r.qk_flops)),
        h('dt', null, 'FLOPs of AV (2T²dᵥ each)'), h('dd', null, num(r.av_flops)));
    } catch (e) {
      const f = inputs.find((x) => e.message.includes(`$.${x.name}`));
      f?.input.setAttribute('aria-invalid', 'true');
      err.hidden = false;
      err.textContent = `Not computed: ${e.message}`;
      stale.mark(shownFor);
    }
  }
  for (const f of inputs) f.input.addEventListener('input', () => { ctx.onStateChange?.(); compute(); });
  return {
    el,
    activate: compute,
    /** Permalink state: each field that holds a whole number in the engine's range and differs from the cell's. */
    getState: () => changedFields(
      Object.fromEntries(inputs.map((f) => [f.kind, /^\d+$/.test(f.input.value.trim()) ? wholeIn(Number(f.input.value.trim()), lim[f.name]) : undefined])),
      Object.fromEntries(inputs.map((f) => [f.kind, cell[f.name]]))),
  };
}
