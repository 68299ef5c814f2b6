// Online softmax step by step (`online_softmax`): a row split into tiles; after each tile the
// running max, the running sum and the rescaled partial output; the final result beside the
// unfused one and their difference; then the memory each way needs as T grows (`tiling_memory`).

import { h, num, vec, uniqueId, keyboardScrollable } from '../dom.js';
import { latestOnly } from '../engine-client.js';

export function renderOnlineSoftmax(cell, ctx) {
  const id = uniqueId('online');
  const n = cell.scores.length;
  let tile = ctx.initial?.tile ?? cell.tile; // checked by the engine (the `restore` command): 1..n
  const slider = h('input', { type: 'range', id: `${id}-tile`, min: 1, max: n, step: 1, value: tile });
  const tileOut = h('output', { for: slider.id, class: 'num' }, String(tile));
  const steps = h('div', { 'aria-live': 'polite' });
  const memory = h('div');
  const el = h('div', { class: 'online-softmax' },
    h('p', null, 'Scores: ', h('span', { class: 'num' }, `[${cell.scores.join(', ')}]`), '; one value row per key: ',
      cell.values.map((v, i) => [i ? ' ' : '', h('span', { class: 'num' }, `[${v.join(', ')}]`)])),
    h('div', { class: 'controls' }, h('label', { for: slider.id }, 'keys per tile'), slider, tileOut), steps, memory);
  const run = latestOnly((args) => ctx.call('online_softmax', args));

  async function compute() {
    try {
      const r = await run({ scores: cell.scores, values: cell.values, tile });
      if (!r) return;
      steps.replaceChildren(
        keyboardScrollable(h('div', { class: 'table-wrap' }, h('table', null,
          h('caption', null, `The row read ${tile} key${tile === 1 ? '' : 's'} at a time`),
          h('thead', null, h('tr', null, ['tile', 'keys', 'running max m', 'running sum ℓ', 'output so far'].map((c) => h('th', { scope: 'col' }, c)))),
          h('tbody', null, r.steps.map((s, i) => h('tr', null,
            h('th', { scope: 'row', class: 'numeric' }, String(i + 1)),
            h('td', null, s.tile[0] === s.tile[1] ? `${s.tile[0]}` : `${s.tile[0]}–${s.tile[1]}`),
            h('td', null, num(s.running_max)), h('td', null, num(s.running_sum)), h('td', null, vec(s.partial_output)))))))),
        h('p', null, 'Tiled result ', vec(r.output), ', unfused softmax(s)·V ', vec(r.unfused_output),
          ': largest difference ', num(r.max_abs_difference), ' (rounding only).'));
    } catch (e) {
      steps.replaceChildren(h('p', { class: 'cell-error', role: 'alert' }, `The engine could not run the tiles: ${e.message}`));
    }
  }
  async function computeMemory() {
    memory.setAttribute('aria-busy', 'true');
    try {
      const r = await ctx.call('tiling_memory', {});
      memory.replaceChildren(keyboardScrollable(h('div', { class: 'table-wrap' }, h('table', null,
        h('caption', null, 'Score memory for one head in 16-bit, tiles of 128 × 128'),
        h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'tokens T'), h('th', { scope: 'col' }, 'unfused: T × T scores'), h('th', { scope: 'col' }, 'tiled: one tile + m and ℓ per row'))),
        h('tbody', null, r.rows.map((row) => h('tr', null, h('th', { scope: 'row', class: 'numeric' }, num(row.tokens)), h('td', null, num(row.unfused_bytes)), h('td', null, num(row.tiled_bytes)))))))));
    } catch (e) {
      memory.replaceChildren(h('p', { class: 'cell-error', role: 'alert' }, e.message));
    }
    memory.removeAttribute('aria-busy');
  }
  slider.addEventListener('input', () => { tile = Number(slider.value); tileOut.textContent = String(tile); ctx.onStateChange?.(); compute(); });
  return {
    el,
    activate() { compute(); computeMemory(); },
    /** Permalink state: the tile size, where it differs from the cell's. */
    getState: () => (tile === cell.tile ? {} : { tile }),
  };
}
