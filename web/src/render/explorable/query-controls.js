// The explorable's query controls: a box per coordinate of q (refused in place, entry.js), the
// Reset button, the normaliser menu and the preset queries. Each writes to the state; draw(s)
// shows the state's query and normaliser.

import { h, inputVec } from '../../dom.js';
import { numberBox } from './entry.js';

const SUB = ['₀', '₁', '₂', '₃', '₄', '₅', '₆', '₇', '₈', '₉'];
const sub = (i) => String(i).split('').map((c) => SUB[c]).join('');

/** { query, norm, errors, presets (null: none), draw(s) }: the elements to place, and the redraw. */
export function createQueryControls({ id, cell, shape, store }) {
  const { d, maxAbs, normalizers } = shape;
  const st = () => store.get();
  const coordName = (j) => (d === 2 ? ['x', 'y'][j] : `q${sub(j + 1)}`);
  const boxes = st().q.map((x, j) => numberBox({
    label: 'Query q, ', visibleLabel: coordName(j), value: x, maxAbs, what: coordName(j),
    onValue: (v) => store.set({ q: st().q.map((old, k) => (k === j ? v : old)) }),
  }));
  boxes.forEach((b, j) => { b.input.id = `${id}-q${j}`; b.el.setAttribute('for', b.input.id); });
  const query = h('div', { class: 'controls', role: 'group', 'aria-label': 'Query q' },
    h('span', { class: 'query' }, h('span', { class: 'swatch', 'aria-hidden': 'true' }), h('strong', null, 'Query q')),
    boxes.map((b) => b.el),
    h('button', { type: 'button', onclick: () => store.set({ q: [...cell.query], mask: shape.defaultMask() }) }, 'Reset'));

  const normId = `${id}-norm`;
  const normSelect = h('select', { id: normId, onchange: (e) => store.set({ norm: e.target.value }) },
    normalizers.map((name) => h('option', { value: name }, name)));
  normSelect.value = st().norm;
  const norm = h('div', { class: 'controls normalizer' },
    h('label', { for: normId }, 'Shares by '), normSelect,
    h('span', { class: 'muted' }, ' (softmax is attention’s; sparsemax and entmax15 can give a source exactly 0; softmax1 lets the shares add up to less than 1)'));

  const presetButtons = (cell.presets || []).map((p) => h('button', { type: 'button', class: 'preset', onclick: () => store.set({ q: [...p] }) },
    `q = ${inputVec(p)}`));
  const presets = presetButtons.length ? h('div', { class: 'controls presets', role: 'group', 'aria-label': 'Preset queries' },
    h('span', { class: 'muted' }, 'Try:'), presetButtons) : null;

  return {
    query, norm, presets,
    errors: h('div', { class: 'entry-errors' }, boxes.map((b) => b.message)),
    draw(s, changed) {
      if (changed.has('norm') && normSelect.value !== s.norm) normSelect.value = s.norm;
      if (changed.has('q')) boxes.forEach((b, j) => b.set(s.q[j]));
    },
  };
}
