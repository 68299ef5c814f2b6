// The held sequence's mask: a matrix of boxes (may the row's position attend to the column's
// source?) and the presets beside it: causal, allow every cell, and Reset to the cell's inputs.

import { h } from '../../dom.js';
import { sourceColour as colour } from '../colours.js';
import { copyRows } from '../explorable/state.js';

/** { els, draw(mask) }: the elements to place; draw sets the boxes from a mask. */
export function createMaskMatrix({ id, cell, labels, m, n, store }) {
  const st = () => store.get();
  const causal = () => Array.from({ length: m }, (_, r) => Array.from({ length: n }, (_, c) => c <= r));
  const allowAll = () => Array.from({ length: m }, () => Array.from({ length: n }, () => true));
  const boxes = [];
  const title = h('p', { class: 'mask-title', id: `${id}-mask-title` }, 'Mask: may the row’s position attend to the column’s source?');
  const table = h('table', { class: 'mask-matrix', 'aria-labelledby': title.id },
    h('thead', null, h('tr', null, h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, 'row')), labels.map((l, c) => h('th', { scope: 'col', class: colour(c) }, l)))),
    h('tbody', null, Array.from({ length: m }, (_, r) => h('tr', null, h('th', { scope: 'row' }, labels[r]),
      Array.from({ length: n }, (_, c) => {
        const box = h('input', { type: 'checkbox', 'aria-label': `${labels[r]} may attend to ${labels[c]}`, onchange: (e) => store.set({ mask: st().mask.map((row, i) => (i === r ? row.map((old, j) => (j === c ? e.target.checked : old)) : row)) }) });
        (boxes[r] ||= [])[c] = box;
        return h('td', null, box);
      })))));
  const presets = h('div', { class: 'controls' },
    h('button', { type: 'button', onclick: () => store.set({ mask: causal() }) }, 'Causal: each position sees itself and earlier ones'),
    h('button', { type: 'button', onclick: () => store.set({ mask: allowAll() }) }, 'Allow every cell'),
    h('button', { type: 'button', onclick: () => store.set({ queries: copyRows(cell.queries), values: copyRows(cell.values), mask: copyRows(cell.mask) }) }, 'Reset'));
  return {
    els: [title, table, presets],
    draw(mask) { boxes.forEach((row, r) => row.forEach((box, c) => { box.checked = mask[r][c]; })); },
  };
}
