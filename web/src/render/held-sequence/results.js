// The held sequence's results from the engine's answer (`sequence`): the weights as a heatmap and
// as a table with each row's output; a row whose every source is masked says so instead.

import { h, num, vec, keyboardScrollable } from '../../dom.js';
import { sourceColour as colour } from '../colours.js';

/** { el, draw(s) }: draw shows s.result (null: nothing) for the mask s.mask. */
export function createResults(labels, n) {
  const heatmap = h('div', { class: 'weights-grid', role: 'img', 'aria-label': 'Attention weights: not computed' });
  const table = h('tbody');
  const el = h('div', { class: 'sequence-results', 'aria-live': 'polite' },
    h('div', { class: 'heat-wrap' }, h('p', { class: 'note' }, 'Weights as a heatmap (stronger colour = larger share; a crossed cell is masked)'), heatmap),
    keyboardScrollable(h('div', { class: 'table-wrap' }, h('table', null,
      h('caption', null, 'Weights and outputs, one row per position'),
      h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Row'), labels.map((l, c) => h('th', { scope: 'col', class: colour(c) }, `w → ${l}`)), h('th', { scope: 'col' }, 'Output o'))),
      table))));
  return {
    el,
    draw(s) {
      const r = s.result;
      if (!r) {
        heatmap.replaceChildren();
        table.replaceChildren();
        return;
      }
      heatmap.style.gridTemplateColumns = `auto repeat(${n}, minmax(2.6rem, 1fr))`;
      heatmap.replaceChildren(...heatCells(r, s.mask, labels, n));
      heatmap.setAttribute('aria-label', `Attention weights: ${r.shares.map((row, i) => (r.all_masked[i] ? `row ${labels[i]} has every source masked` : `row ${labels[i]}: ${row.map((w, c) => `${labels[c]} ${s.mask[i][c] ? w.shown : 'masked'}`).join(', ')}`)).join('; ')}`);
      table.replaceChildren(...r.shares.map((row, i) => h('tr', { class: r.all_masked[i] ? 'masked' : null },
        h('th', { scope: 'row', class: colour(i) }, labels[i]),
        r.all_masked[i]
          ? h('td', { colspan: String(n + 1), class: 'none' }, 'Every source is masked for this row: no weights and no output.')
          : [row.map((w, c) => h('td', null, s.mask[i][c] ? num(w) : h('span', { class: 'muted' }, 'masked'))), h('td', null, vec(r.outputs[i]))])));
    },
  };
}

/** The heatmap's cells, row by row after a row of headings: shaded by weight, × where masked. */
function heatCells(r, mask, labels, n) {
  return [h('span', null, ''), labels.map((l) => h('span', { class: 'heat-head' }, l)),
    r.shares.map((row, i) => [h('span', { class: 'heat-head' }, labels[i]),
      r.all_masked[i]
        ? spanAll(h('span', { class: 'heat-none' }, 'all masked: no weights'), n)
        : row.map((w, c) => {
          const cellEl = h('span', { class: `heat${mask[i][c] ? '' : ' masked'}`, title: `${labels[i]} → ${labels[c]}: ${mask[i][c] ? w.shown : 'masked'}` }, mask[i][c] ? w.shown : '×');
          cellEl.style.setProperty('--w', String(w.exact));
          return cellEl;
        })])].flat(Infinity);
}

/** Spans n grid columns (set through CSSOM: the page's CSP refuses style attributes). */
function spanAll(el, n) {
  el.style.gridColumn = `span ${n}`;
  return el;
}
