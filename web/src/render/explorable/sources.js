// The sources as text (k_A = [-1, 2]; v_A = [2, 0]), so a dot product can be checked by hand,
// the mask box of each, and an editor for keys and values: typed exactly, refused in place like
// the query, reset to the notebook's example.

import { h, inputVec } from '../../dom.js';
import { numberBox } from './entry.js';

export function createSources({ id, labels, colour, keys, values, maxAbs, onMask, onKey, onValue, onResetSources }) {
  const list = h('ul', { class: 'source-text' });
  const maskBoxes = labels.map((label, i) => h('input', {
    type: 'checkbox', id: `${id}-m${i}`, checked: true,
    onchange: (e) => onMask(i, e.target.checked),
  }));
  const maskControls = h('fieldset', { class: 'mask-toggles' },
    h('legend', null, 'Sources q may attend to'),
    maskBoxes.map((box, i) => h('label', { for: box.id, class: colour(i) }, box, h('span', { class: 'swatch', 'aria-hidden': 'true' }), `${labels[i]}`)));

  const keyBoxes = keys.map((k, i) => k.map((x, j) => numberBox({
    label: `Key of ${labels[i]}, coordinate ${j + 1}, `, visibleLabel: '', value: x, maxAbs, what: `k${labels[i]}[${j + 1}]`,
    onValue: (v) => onKey(i, j, v),
  })));
  const valueBoxes = values.map((v, i) => v.map((x, j) => numberBox({
    label: `Value of ${labels[i]}, coordinate ${j + 1}, `, visibleLabel: '', value: x, maxAbs, what: `v${labels[i]}[${j + 1}]`,
    onValue: (val) => onValue(i, j, val),
  })));
  const rows = labels.map((label, i) => h('div', { class: `source-edit ${colour(i)}`, role: 'group', 'aria-label': `Source ${label}` },
    h('span', { class: 'name' }, h('span', { class: 'swatch', 'aria-hidden': 'true' }), label),
    h('span', { class: 'vec-edit' }, `k${label} = [`, keyBoxes[i].map((b) => b.el), ']'),
    h('span', { class: 'vec-edit' }, `v${label} = [`, valueBoxes[i].map((b) => b.el), ']'),
    h('span', { class: 'entry-errors' }, keyBoxes[i].map((b) => b.message), valueBoxes[i].map((b) => b.message))));
  const editor = h('details', { class: 'source-editor' },
    h('summary', null, 'Edit keys and values'),
    h('p', { class: 'note' }, 'Type any number; a value the page cannot take is refused where you typed it.'),
    rows,
    h('button', { type: 'button', onclick: onResetSources }, 'Back to the example’s keys and values'));

  function draw(st) {
    maskBoxes.forEach((box, i) => { box.checked = st.mask[i]; });
    keyBoxes.forEach((row, i) => row.forEach((b, j) => b.set(st.keys[i][j])));
    valueBoxes.forEach((row, i) => row.forEach((b, j) => b.set(st.values[i][j])));
    list.replaceChildren(...labels.map((label, i) => h('li', { class: `${colour(i)}${st.mask[i] ? '' : ' masked'}` },
      h('span', { class: 'swatch', 'aria-hidden': 'true' }),
      h('code', null, `k${sub(label)} = ${inputVec(st.keys[i])}`), '; ',
      h('code', null, `v${sub(label)} = ${inputVec(st.values[i])}`),
      st.mask[i] ? null : h('span', { class: 'muted' }, ' (masked)'))));
  }
  return { list, maskControls, editor, draw };
}

const sub = (label) => `_${label}`;
