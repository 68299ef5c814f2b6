// The held sequence: several positions, each with its own query row against the same keys and
// values. The learner picks the row to edit, edits the values (shared by every row), toggles the
// mask per cell (or applies the causal preset), and reads the weights as a heatmap and a table.
// The engine's `sequence` command computes every number; a row whose every source is masked
// says so instead of showing numbers.

import { h, num, vec, inputVec, uniqueId, keyboardScrollable } from '../dom.js';
import { latestOnly } from '../engine-client.js';
import { createState, sameRows } from './explorable/state.js';
import { numberBox } from './explorable/entry.js';
import { matrix, flags, wholeIn, changedFields } from './saved.js';

const colour = (i) => `src-${i % 8}`;
const copyRows = (rows) => rows.map((r) => [...r]);

export function renderHeldSequence(cell, ctx) {
  const labels = cell.labels;
  const m = cell.queries.length;
  const n = cell.keys.length;
  const maxAbs = ctx.limits.explorable.cell.max_abs;
  const id = uniqueId('sequence');
  const causal = () => Array.from({ length: m }, (_, r) => Array.from({ length: n }, (_, c) => c <= r));
  const allowAll = () => Array.from({ length: m }, () => Array.from({ length: n }, () => true));
  const saved = ctx.initial || {};
  const store = createState({
    queries: copyRows(matrix(saved.qs, m, cell.queries[0].length, maxAbs) || cell.queries),
    values: copyRows(matrix(saved.vs, n, cell.values[0].length, maxAbs) || cell.values),
    mask: copyRows(flags(saved.ms, m, n) || cell.mask),
    row: wholeIn(saved.row, { min: 0, max: m - 1 }) ?? 0,
    result: null,
  });
  const st = () => store.get();
  const el = h('div', { class: 'held-sequence' });
  // Shared with the explorable over the same keys (../shared-inputs.js): its query is this
  // sequence's first row, and the values are the same values.
  let fromShared = false;
  ctx.shared?.subscribe(id, () => cell.keys, (f) => {
    const patch = {};
    if (f.query?.length === st().queries[0].length && !sameRows(f.query, st().queries[0])) patch.queries = st().queries.map((row, r) => (r === 0 ? [...f.query] : row));
    if (f.values && f.values.length === n && f.values.every((r, i) => r.length === st().values[i].length) && !sameRows(f.values, st().values)) patch.values = copyRows(f.values);
    fromShared = true;
    try { store.set(patch); } finally { fromShared = false; }
  });

  // ---- row picker and the picked row's query
  const picker = h('fieldset', { class: 'row-picker' }, h('legend', null, 'Row to edit (its query)'),
    labels.slice(0, m).map((label, r) => {
      const input = h('input', { type: 'radio', name: `${id}-row`, id: `${id}-row${r}`, value: String(r), checked: r === st().row, onchange: () => store.set({ row: r }) });
      return h('label', { for: input.id, class: colour(r) }, input, ` ${label}`);
    }));
  const queryEditor = h('div', { class: 'controls', role: 'group', 'aria-label': 'Query of the picked row' });
  function drawQueryEditor(s) {
    const boxes = s.queries[s.row].map((x, j) => numberBox({
      label: `Query of row ${labels[s.row]}, coordinate ${j + 1}, `, visibleLabel: `q${labels[s.row]}[${j + 1}]`, value: x, maxAbs, what: `q${labels[s.row]}[${j + 1}]`,
      onValue: (v) => store.set({ queries: st().queries.map((row, r) => (r === st().row ? row.map((old, c) => (c === j ? v : old)) : row)) }),
    }));
    queryEditor.replaceChildren(h('strong', null, `Query of ${labels[s.row]}`), ...boxes.map((b) => b.el), h('div', { class: 'entry-errors' }, boxes.map((b) => b.message)));
  }
  // ---- values, shared by every row
  const valueBoxes = st().values.map((v, i) => v.map((x, j) => numberBox({
    label: `Value of ${labels[i]}, coordinate ${j + 1}, `, visibleLabel: '', value: x, maxAbs, what: `v${labels[i]}[${j + 1}]`,
    onValue: (val) => store.set({ values: st().values.map((row, r) => (r === i ? row.map((old, c) => (c === j ? val : old)) : row)) }),
  })));
  const valueEditor = h('div', { class: 'value-editor', role: 'group', 'aria-label': 'Values (shared by every row)' },
    h('p', { class: 'note' }, 'Values are shared: every row mixes the same values. Keys: ',
      labels.map((l, i) => h('code', null, `k_${l} = ${inputVec(cell.keys[i])} `))),
    cell.values.map((_, i) => h('span', { class: `vec-edit ${colour(i)}` }, `v_${labels[i]} = [`, valueBoxes[i].map((b) => b.el), '] ')),
    h('div', { class: 'entry-errors' }, valueBoxes.flat().map((b) => b.message)));

  // ---- mask matrix
  const maskBoxes = [];
  const maskTitle = h('p', { class: 'mask-title', id: `${id}-mask-title` }, 'Mask: may the row’s position attend to the column’s source?');
  const maskTable = h('table', { class: 'mask-matrix', 'aria-labelledby': maskTitle.id },
    h('thead', null, h('tr', null, h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, 'row')), labels.map((l, c) => h('th', { scope: 'col', class: colour(c) }, l)))),
    h('tbody', null, Array.from({ length: m }, (_, r) => h('tr', null, h('th', { scope: 'row' }, labels[r]),
      Array.from({ length: n }, (_, c) => {
        const box = h('input', { type: 'checkbox', 'aria-label': `${labels[r]} may attend to ${labels[c]}`, onchange: (e) => store.set({ mask: st().mask.map((row, i) => (i === r ? row.map((old, j) => (j === c ? e.target.checked : old)) : row)) }) });
        (maskBoxes[r] ||= [])[c] = box;
        return h('td', null, box);
      })))));
  const presets = h('div', { class: 'controls' },
    h('button', { type: 'button', onclick: () => store.set({ mask: causal() }) }, 'Causal: each position sees itself and earlier ones'),
    h('button', { type: 'button', onclick: () => store.set({ mask: allowAll() }) }, 'Allow every cell'),
    h('button', { type: 'button', onclick: () => store.set({ queries: copyRows(cell.queries), values: copyRows(cell.values), mask: copyRows(cell.mask) }) }, 'Reset'));

  // ---- results
  const heatmap = h('div', { class: 'weights-grid', role: 'img', 'aria-label': 'Attention weights: not computed' });
  const table = h('tbody');
  const results = h('div', { class: 'sequence-results', 'aria-live': 'polite' },
    h('div', { class: 'heat-wrap' }, h('p', { class: 'note' }, 'Weights as a heatmap (stronger colour = larger share; a crossed cell is masked)'), heatmap),
    keyboardScrollable(h('div', { class: 'table-wrap' }, h('table', null,
      h('caption', null, 'Weights and outputs, one row per position'),
      h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Row'), labels.map((l, c) => h('th', { scope: 'col', class: colour(c) }, `w → ${l}`)), h('th', { scope: 'col' }, 'Output o'))),
      table))));
  const problem = h('p', { class: 'cell-error', role: 'alert', hidden: true });
  el.append(picker, queryEditor, valueEditor, maskTitle, maskTable, presets, results, problem);

  const sequence = latestOnly((a) => ctx.call('sequence', a));
  async function refresh() {
    const s = st();
    try {
      const r = await sequence({ queries: s.queries, keys: cell.keys, values: s.values, mask: s.mask, divisor: cell.divisor });
      if (!r) return;
      problem.hidden = true;
      store.set({ result: r });
    } catch (err) {
      store.set({ result: null });
      problem.hidden = false;
      problem.textContent = `The engine could not compute this: ${err.message}`;
    }
  }

  function drawResult(s) {
    const r = s.result;
    if (!r) {
      heatmap.replaceChildren();
      table.replaceChildren();
      return;
    }
    heatmap.style.gridTemplateColumns = `auto repeat(${n}, minmax(2.6rem, 1fr))`;
    heatmap.replaceChildren(...[h('span', null, ''), labels.map((l) => h('span', { class: 'heat-head' }, l)),
      r.shares.map((row, i) => [h('span', { class: 'heat-head' }, labels[i]),
        r.all_masked[i]
          ? spanAll(h('span', { class: 'heat-none' }, 'all masked: no weights'), n)
          : row.map((w, c) => {
            const cellEl = h('span', { class: `heat${s.mask[i][c] ? '' : ' masked'}`, title: `${labels[i]} → ${labels[c]}: ${s.mask[i][c] ? w.shown : 'masked'}` }, s.mask[i][c] ? w.shown : '×');
            cellEl.style.setProperty('--w', String(w.exact));
            return cellEl;
          })])].flat(Infinity));
    heatmap.setAttribute('aria-label', `Attention weights: ${r.shares.map((row, i) => (r.all_masked[i] ? `row ${labels[i]} has every source masked` : `row ${labels[i]}: ${row.map((w, c) => `${labels[c]} ${s.mask[i][c] ? w.shown : 'masked'}`).join(', ')}`)).join('; ')}`);
    table.replaceChildren(...r.shares.map((row, i) => h('tr', { class: r.all_masked[i] ? 'masked' : null },
      h('th', { scope: 'row', class: colour(i) }, labels[i]),
      r.all_masked[i]
        ? h('td', { colspan: String(n + 1), class: 'none' }, 'Every source is masked for this row: no weights and no output.')
        : [row.map((w, c) => h('td', null, s.mask[i][c] ? num(w) : h('span', { class: 'muted' }, 'masked'))), h('td', null, vec(r.outputs[i]))])));
  }

  store.subscribe((s, changed) => {
    if (changed.has('mask')) maskBoxes.forEach((row, r) => row.forEach((box, c) => { box.checked = s.mask[r][c]; }));
    if (changed.has('row')) drawQueryEditor(s);
    if (changed.has('values')) valueBoxes.forEach((row, i) => row.forEach((b, j) => b.set(s.values[i][j])));
    if (changed.has('queries') && !changed.has('row')) {
      // a Reset rewrites the picked row's boxes; typing leaves them alone
      const boxes = queryEditor.querySelectorAll('input');
      boxes.forEach((box, j) => { if (box.getRootNode().activeElement !== box) box.value = String(s.queries[s.row][j]); });
    }
    if (!fromShared && (changed.has('queries') || changed.has('values'))) ctx.shared?.publish(id, { keys: cell.keys, query: s.queries[0], values: s.values });
    if (['queries', 'values', 'mask', 'row'].some((k) => changed.has(k))) ctx.onStateChange?.();
    if (['queries', 'values', 'mask'].some((k) => changed.has(k))) refresh();
    if (changed.has('result')) drawResult(s);
  });

  let started = false;
  return {
    el,
    activate() {
      if (started) return;
      started = true;
      maskBoxes.forEach((row, r) => row.forEach((box, c) => { box.checked = st().mask[r][c]; }));
      drawQueryEditor(st());
      refresh();
    },
    /** Permalink state: the queries, values and mask where they differ from the cell's, and the row picked. */
    getState: () => changedFields({ qs: st().queries, vs: st().values, ms: st().mask, row: st().row },
      { qs: cell.queries, vs: cell.values, ms: cell.mask, row: 0 }),
  };
}

/** Spans n grid columns (set through CSSOM: the page's CSP refuses style attributes). */
function spanAll(el, n) {
  el.style.gridColumn = `span ${n}`;
  return el;
}
