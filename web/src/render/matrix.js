// A matrix as a small table. Entries are engine number pairs (shown text, exact tooltip) or,
// for inputs the author wrote, plain numbers echoed as written.

import { h, num, keyboardScrollable } from '../dom.js';

function isPair(x) {
  return x !== null && typeof x === 'object' && 'shown' in x;
}

/**
 * @param {string} name     caption, e.g. "weights"
 * @param {Array<Array<object|number>>|Array<object|number>} rows  a matrix or a vector
 * @param {{rowLabels?: string[], colLabels?: string[], note?: string}} [options]
 */
export function renderMatrix(name, rows, { rowLabels, colLabels, note } = {}) {
  const matrix = Array.isArray(rows[0]) ? rows : [rows];
  const head = colLabels
    ? h('thead', null, h('tr', null, h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, 'row')),
      colLabels.map((c) => h('th', { scope: 'col' }, c))))
    : null;
  const body = h('tbody', null, matrix.map((row, i) => h('tr', null,
    rowLabels ? h('th', { scope: 'row', class: 'label' }, rowLabels[i]) : null,
    row.map((x) => h('td', null, isPair(x) ? num(x) : h('span', { class: 'num' }, Object.is(x, -0) ? '-0' : String(x)))))));
  return keyboardScrollable(h('div', { class: 'table-wrap matrix' },
    h('table', null, h('caption', null, name, note ? h('span', { class: 'muted' }, ` ${note}`) : null), head, body)));
}
