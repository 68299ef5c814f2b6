// The held sequence: several positions, each with its own query row against the same keys and
// values. The learner picks the row to edit, edits the values (shared by every row), toggles the
// mask per cell (or applies the causal preset), and reads the weights as a heatmap and a table.
// The engine's `sequence` command computes every number; a row whose every source is masked
// says so instead of showing numbers.

import { h, inputVec, uniqueId } from '../dom.js';
import { latestOnly } from '../engine-client.js';
import { createState, sameRows, copyRows } from './explorable/state.js';
import { numberBox } from './explorable/entry.js';
import { wholeIn, changedFields } from './saved.js';
import { sourceColour as colour } from './colours.js';
import { createMaskMatrix } from './held-sequence/mask.js';
import { createResults } from './held-sequence/results.js';
import { linkShared } from '../shared-inputs.js';

export function renderHeldSequence(cell, ctx) {
  const labels = cell.labels;
  const m = cell.queries.length;
  const n = cell.keys.length;
  const maxAbs = ctx.limits.explorable.cell.max_abs; // what an entry the reader types may be
  const id = uniqueId('sequence');
  // The permalink's matrices come checked by the engine (the `restore` command: the cell's shapes,
  // its limits); the row on view is the page's own, checked here against the rows drawn.
  const saved = ctx.initial || {};
  const store = createState({
    queries: copyRows(saved.qs ?? cell.queries),
    values: copyRows(saved.vs ?? cell.values),
    mask: copyRows(saved.ms ?? cell.mask),
    row: wholeIn(saved.row, { min: 0, max: m - 1 }) ?? 0,
    result: null,
  });
  const st = () => store.get();
  const el = h('div', { class: 'held-sequence' });
  // Shared with the explorable over the same keys (../shared-inputs.js): its query is this
  // sequence's first row, and the values are the same values.
  const shared = linkShared(ctx.shared, id, store, () => cell.keys, (f, s) => {
    const patch = {};
    if (f.query?.length === s.queries[0].length && !sameRows(f.query, s.queries[0])) patch.queries = s.queries.map((row, r) => (r === 0 ? [...f.query] : row));
    if (f.values && f.values.length === n && f.values.every((r, i) => r.length === s.values[i].length) && !sameRows(f.values, s.values)) patch.values = copyRows(f.values);
    return patch;
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

  const mask = createMaskMatrix({ id, cell, labels, m, n, store });
  const results = createResults(labels, n);
  const problem = h('p', { class: 'cell-error', role: 'alert', hidden: true });
  el.append(picker, queryEditor, valueEditor, ...mask.els, results.el, problem);

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

  store.subscribe((s, changed) => {
    if (changed.has('mask')) mask.draw(s.mask);
    if (changed.has('row')) drawQueryEditor(s);
    if (changed.has('values')) valueBoxes.forEach((row, i) => row.forEach((b, j) => b.set(s.values[i][j])));
    if (changed.has('queries') && !changed.has('row')) {
      // a Reset rewrites the picked row's boxes; typing leaves them alone
      const boxes = queryEditor.querySelectorAll('input');
      boxes.forEach((box, j) => { if (box.getRootNode().activeElement !== box) box.value = String(s.queries[s.row][j]); });
    }
    if (changed.has('queries') || changed.has('values')) shared.publish({ keys: cell.keys, query: s.queries[0], values: s.values });
    if (['queries', 'values', 'mask', 'row'].some((k) => changed.has(k))) ctx.onStateChange?.();
    if (['queries', 'values', 'mask'].some((k) => changed.has(k))) refresh();
    if (changed.has('result')) results.draw(s);
  });

  return {
    el,
    activate() {
      mask.draw(st().mask);
      drawQueryEditor(st());
      refresh();
    },
    /** Permalink state: the queries, values and mask where they differ from the cell's, and the row picked. */
    getState: () => changedFields({ qs: st().queries, vs: st().values, ms: st().mask, row: st().row },
      { qs: cell.queries, vs: cell.values, ms: cell.mask, row: 0 }),
  };
}
