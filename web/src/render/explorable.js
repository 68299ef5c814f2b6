// The explorable: one query against n sources. Its state lives in one place (explorable/state.js):
// the query q, the mask, the keys and values (editable) and the reference query. Each panel is a
// small module that draws from that state and the engine's answers: the key plane (match), the
// number line of scores, the share strip, the table with the reference comparison, the value
// plane (mix), the sources as text. The engine's `explore` computes every number shown, once for
// the current state and once for the reference query; JS only places things and listens.

import { h, inputVec, shownText, exactText, uniqueId, keyboardScrollable } from '../dom.js';
import { latestOnly } from '../engine-client.js';
import { renderMarkdown } from './prose.js';
import { createState, sameRows } from './explorable/state.js';
import { matrix, changedFields } from './saved.js';
import { numberBox } from './explorable/entry.js';
import { createKeyPlane } from './explorable/key-plane.js';
import { createValuePlane } from './explorable/value-plane.js';
import { createNumberLine } from './explorable/number-line.js';
import { createTable } from './explorable/table.js';
import { createSources } from './explorable/sources.js';
import { createPythonPanel } from './explorable/python-panel.js';
import { createFormulaPairs } from './explorable/formula-pairs.js';
import { summarySentence, compareSentence, goalMet, UNCHANGED_WITHIN } from './explorable/sentences.js';

const SUB = ['₀', '₁', '₂', '₃', '₄', '₅', '₆', '₇', '₈', '₉'];
const sub = (i) => String(i).split('').map((c) => SUB[c]).join('');
const colour = (i) => `src-${i % 8}`;
const copyRows = (rows) => rows.map((r) => [...r]);
const sameShape = (a, b) => a.length === b.length && a.every((r, i) => r.length === b[i].length);

export function renderExplorable(cell, ctx) {
  const n = cell.keys.length;
  const d = cell.query.length;
  const dv = cell.values[0].length;
  const labels = cell.labels || cell.keys.map((_, i) => String.fromCharCode(65 + i));
  const divisor = cell.divisor;
  const maxAbs = ctx.limits.explorable.cell.max_abs;
  const defaultMask = () => (cell.mask ? [...cell.mask] : cell.keys.map(() => true));
  const defaultRef = () => [...(cell.reference_query || cell.query)];
  const id = uniqueId('explore');
  const normalizers = ctx.limits.explorable.normalizers;
  const defaultNorm = cell.normalizer || ctx.limits.explorable.defaults.normalizer;
  const store = createState({
    q: validQuery(ctx.initial?.q, d, maxAbs) || [...cell.query],
    mask: validMask(ctx.initial?.m, n) || defaultMask(),
    // keys and values the learner edited (ks, vs), each kept whole or not at all
    keys: copyRows(matrix(ctx.initial?.ks, n, d, maxAbs) || cell.keys),
    values: copyRows(matrix(ctx.initial?.vs, n, dv, maxAbs) || cell.values),
    ref: validQuery(ctx.initial?.r, d, maxAbs) || defaultRef(),
    norm: normalizers.includes(ctx.initial?.norm) ? ctx.initial.norm : defaultNorm,
    result: null, // the engine's answer for the current state (null: none yet, or it failed)
    refResult: null, // ... for the reference query with the same keys, values and mask
  });
  const st = () => store.get();
  // The query and values shared with the held sequence over the same keys (ctx.shared, see
  // ../shared-inputs.js): its first row's query is q, and both mix the same values.
  let fromShared = false;
  ctx.shared?.subscribe(id, () => st().keys, (f) => {
    const patch = {};
    if (f.query?.length === d && !sameRows(f.query, st().q)) patch.q = [...f.query];
    if (f.values && sameShape(f.values, st().values) && !sameRows(f.values, st().values)) patch.values = copyRows(f.values);
    fromShared = true;
    try { store.set(patch); } finally { fromShared = false; }
  });
  const goal = cell.goal ? { source: labels.indexOf(cell.goal.source), above: cell.goal.share_above } : null;

  const el = h('div', { class: 'explorable' });

  // ---- controls: query coordinates, presets, reference, reset
  const coordName = (j) => (d === 2 ? ['x', 'y'][j] : `q${sub(j + 1)}`);
  const qBoxes = st().q.map((x, j) => numberBox({
    label: 'Query q, ', visibleLabel: coordName(j), value: x, maxAbs, what: coordName(j),
    onValue: (v) => store.set({ q: st().q.map((old, k) => (k === j ? v : old)) }),
  }));
  qBoxes.forEach((b, j) => { b.input.id = `${id}-q${j}`; b.el.setAttribute('for', b.input.id); });
  const presets = (cell.presets || []).map((p) => h('button', { type: 'button', class: 'preset', onclick: () => store.set({ q: [...p] }) },
    `q = ${inputVec(p)}`));
  const queryControls = h('div', { class: 'controls', role: 'group', 'aria-label': 'Query q' },
    h('span', { class: 'query' }, h('span', { class: 'swatch', 'aria-hidden': 'true' }), h('strong', null, 'Query q')),
    qBoxes.map((b) => b.el),
    h('button', { type: 'button', onclick: () => store.set({ q: [...cell.query], mask: defaultMask() }) }, 'Reset'));
  const normId = `${id}-norm`;
  const normSelect = h('select', { id: normId, onchange: (e) => store.set({ norm: e.target.value }) },
    normalizers.map((name) => h('option', { value: name }, name)));
  normSelect.value = st().norm;
  const normControl = h('div', { class: 'controls normalizer' },
    h('label', { for: normId }, 'Shares by '), normSelect,
    h('span', { class: 'muted' }, ' (softmax is attention’s; sparsemax and entmax15 can give a source exactly 0; softmax1 lets the shares add up to less than 1)'));
  const qErrors = h('div', { class: 'entry-errors' }, qBoxes.map((b) => b.message));
  const presetRow = presets.length ? h('div', { class: 'controls presets', role: 'group', 'aria-label': 'Preset queries' },
    h('span', { class: 'muted' }, 'Try:'), presets) : null;

  const sources = createSources({
    id, labels, colour, keys: cell.keys, values: cell.values, maxAbs,
    onMask: (i, on) => store.set({ mask: st().mask.map((old, k) => (k === i ? on : old)) }),
    onKey: (i, j, v) => store.set({ keys: st().keys.map((row, r) => (r === i ? row.map((x, c) => (c === j ? v : x)) : row)) }),
    onValue: (i, j, v) => store.set({ values: st().values.map((row, r) => (r === i ? row.map((x, c) => (c === j ? v : x)) : row)) }),
    onResetSources: () => store.set({ keys: copyRows(cell.keys), values: copyRows(cell.values) }),
  });

  // ---- goal
  const goalEl = goal ? h('p', { class: 'goal', 'aria-live': 'polite' }) : null;
  let goalWasMet = false;

  // ---- planes, number line, strip, table
  const keyPlane = d === 2 ? createKeyPlane({ id, labels, colour, onMove: (q) => moveQuery(q), onDragEnd: () => writeSentences() }) : null;
  const valuePlane = dv === 2 ? createValuePlane({ labels, colour }) : null;
  const planes = h('div', { class: 'planes' }, keyPlane?.figure, valuePlane?.figure);
  if (!keyPlane) planes.prepend(h('p', { class: 'note' }, `The key plane is drawn for 2 coordinates; this query has ${d}. Use the fields above.`));
  const line = createNumberLine({ labels, colour });
  const strip = h('div', { class: 'share-strip', role: 'img', 'aria-label': 'Shares of attention' });
  // The reference query's shares, a thin strip under q's, so the comparison is visible here too.
  const refStrip = h('div', { class: 'share-strip ref-strip', role: 'img', 'aria-label': 'Shares for the reference query' });
  const refStripLabel = h('p', { class: 'note ref-strip-label' }, '');
  const table = createTable({ labels, colour, divisor, d });
  const summary = h('p', { class: 'summary', 'aria-live': 'polite' }, 'Computing…');

  // ---- comparison with the reference query
  const refText = h('span', null, '');
  const comparison = h('div', { class: 'comparison' },
    h('p', { class: 'compare-line' }, refText, ' ',
      h('button', { type: 'button', onclick: () => store.set({ ref: [...st().q] }) }, 'Pin current q as reference'),
      ' ',
      h('button', { type: 'button', onclick: () => store.set({ ref: defaultRef() }) }, 'Reference back to default')),
    h('p', { class: 'compare-summary', 'aria-live': 'polite' }, ''),
    h('p', { class: 'note' }, `In the table, “= same” means the exact values for q and for the reference differ by at most ${UNCHANGED_WITHIN} (the rounding of double arithmetic, not a real change); “≠ changed” means they differ by more.`));
  const compareSummary = comparison.children[1];

  const problem = h('p', { class: 'cell-error', role: 'alert', hidden: true });
  const exactList = h('div', { class: 'exact-list' });
  const exactDetails = h('details', null, h('summary', null, 'Exact numbers behind the rounded ones'),
    h('p', { class: 'note' }, 'Under softmax, a share of exactly 0 for an allowed source means it underflowed in double precision; that is not a mask. Under sparsemax or entmax15 an exact 0 is the normaliser’s choice: that source scored too far below the top.'), exactList);
  exactDetails.addEventListener('toggle', () => { if (exactDetails.open) ctx.help?.consult('numbers panel'); });
  const python = createPythonPanel({ call: (a) => ctx.call('python', a), args: () => ({ ...args(st()), labels }) });
  const pairs = createFormulaPairs({ call: (a) => ctx.call('python', a), args: () => ({ ...args(st()), labels }) });

  el.append(queryControls, normControl, qErrors, presetRow || '', goalEl || '', sources.maskControls, planes,
    h(`h${Math.min(6, ctx.headingBase ?? 3)}`, { class: 'visually-hidden' }, 'Scores and shares'),
    line.figure, strip, refStrip, refStripLabel, keyboardScrollable(h('div', { class: 'table-wrap' }, table.table)), table.stats, summary, comparison, pairs.details,
    h('div', { class: 'sources' }, h('p', { class: 'note' }, 'The sources, to check a dot product by hand:'), sources.list, sources.editor),
    problem, exactDetails, python.details);

  // ---- engine
  const args = (s, q = s.q) => ({ query: q, keys: s.keys, values: s.values, mask: s.mask, divisor, normalizer: s.norm });
  const explore = latestOnly((a) => ctx.call('explore', a));
  const exploreRef = latestOnly((a) => ctx.call('explore', a));
  let sentenceTimer = null;

  function moveQuery(q) {
    if (q.every((x) => Number.isFinite(x) && Math.abs(x) <= maxAbs)) store.set({ q });
  }

  async function refresh() {
    const s = st();
    try {
      const [r, ref] = await Promise.all([explore(args(s)), exploreRef(args(s, s.ref))]);
      if (!r || !ref) return; // superseded by a newer state
      problem.hidden = true;
      store.set({ result: r, refResult: ref });
    } catch (err) {
      // The numbers on screen belong to an earlier state: take them away rather than show them
      // beside the new one.
      store.set({ result: null, refResult: null });
      summary.textContent = `No numbers for q = ${inputVec(s.q)}: the engine could not compute them.`;
      problem.hidden = false;
      problem.textContent = `The engine could not compute this: ${err.message}`;
    }
  }

  store.subscribe((s, changed) => {
    if (changed.has('norm') && normSelect.value !== s.norm) normSelect.value = s.norm;
    const inputsChanged = ['q', 'mask', 'keys', 'values', 'ref', 'norm'].some((k) => changed.has(k));
    if (changed.has('q')) qBoxes.forEach((b, j) => b.set(s.q[j]));
    if (['mask', 'keys', 'values'].some((k) => changed.has(k))) sources.draw(s);
    if (!fromShared && (changed.has('q') || changed.has('values'))) ctx.shared?.publish(id, { keys: s.keys, query: s.q, values: s.values });
    if (inputsChanged) {
      keyPlane?.draw(s);
      refText.textContent = `Compared with the reference query q = ${inputVec(s.ref)} (same keys, values and mask):`;
      ctx.onStateChange?.();
      python.refresh();
      pairs.refresh();
      refresh();
    }
    if (changed.has('result') || changed.has('refResult')) drawNumbers(s);
  });

  function drawNumbers(s) {
    const r = s.result;
    valuePlane?.draw(s, r, s.refResult);
    line.draw(s, r);
    drawRefStrip(s.refResult, s.ref);
    table.draw(s, r, s.refResult);
    if (!r) {
      strip.replaceChildren();
      strip.setAttribute('aria-label', 'Shares of attention: not computed');
      exactList.textContent = '';
      return;
    }
    strip.replaceChildren(...r.shares.map((w, i) => {
      const seg = h('div', { class: colour(i), title: `${labels[i]}: ${shownText(w)} (exact ${exactText(w)})` }, w.exact >= 0.08 ? labels[i] : '');
      seg.style.flexGrow = String(Math.max(0, w.exact));
      seg.style.flexBasis = '0';
      return seg;
    }));
    strip.setAttribute('aria-label', r.all_masked ? 'Shares: none, every source is masked'
      : `Shares: ${labels.map((l, i) => `${l} ${shownText(r.shares[i])}`).join(', ')}`);
    exactList.textContent = [
      `q = ${inputVec(s.q)}`,
      ...labels.map((l, i) => `${l}: key=${inputVec(s.keys[i])}; value=${inputVec(s.values[i])}; dot=${exactText(r.dots[i])}; score=${exactText(r.scores[i])}; share=${exactText(r.shares[i])}; carry=[${r.carries[i].map(exactText).join(', ')}]`),
      r.all_masked ? 'every source masked: no m, Z or output'
        : r.normalizer ? `normaliser=${r.normalizer}; m=${exactText(r.max)}; shares add up to ${exactText(r.total)}` : `m=${exactText(r.max)}; Z=${exactText(r.denominator)}`,
      r.all_masked ? '' : `output=[${r.output.map(exactText).join(', ')}]`,
    ].filter(Boolean).join('\n');
    clearTimeout(sentenceTimer);
    sentenceTimer = setTimeout(writeSentences, keyPlane?.dragging ? 500 : 0);
  }

  function drawRefStrip(ref, q) {
    if (!ref || ref.all_masked) {
      refStrip.replaceChildren();
      refStripLabel.textContent = '';
      refStrip.setAttribute('aria-label', 'Shares for the reference query: none');
      return;
    }
    refStrip.replaceChildren(...ref.shares.map((w, i) => {
      const seg = h('div', { class: colour(i), title: `reference, ${labels[i]}: ${shownText(w)}` });
      seg.style.flexGrow = String(Math.max(0, w.exact));
      seg.style.flexBasis = '0';
      return seg;
    }));
    refStrip.setAttribute('aria-label', `Shares for the reference query q = ${inputVec(q)}: ${labels.map((l, i) => `${l} ${shownText(ref.shares[i])}`).join(', ')}`);
    refStripLabel.textContent = `Thin strip: the shares for the reference query q = ${inputVec(q)}.`;
  }

  function writeSentences() {
    const s = st();
    if (!s.result) return;
    summary.textContent = summarySentence(s.result, labels, s.mask);
    compareSummary.textContent = s.refResult ? compareSentence(s.result, s.refResult) : '';
    if (goalEl) {
      const met = goalMet(s.result, goal);
      const share = s.result.shares[goal.source];
      goalEl.className = `goal${met ? ' met' : ''}`;
      goalEl.textContent = met
        ? `Goal reached: ${cell.goal.source} has ${shownText(share)} of the attention, more than ${cell.goal.share_above}.`
        : `Goal: give source ${cell.goal.source} more than ${cell.goal.share_above} of the attention (now ${s.result.all_masked ? 'none: every source is masked' : shownText(share)}).`;
      if (met && !goalWasMet) ctx.onGoal?.(cell.id);
      goalWasMet = met;
    }
  }

  let started = false;
  return {
    el,
    activate() {
      if (started) return;
      started = true;
      const s = st();
      sources.draw(s);
      keyPlane?.draw(s);
      valuePlane?.draw(s, null);
      refText.textContent = `Compared with the reference query q = ${inputVec(s.ref)} (same keys, values and mask):`;
      refresh();
    },
    /** The cell left the page: no timer of it keeps running (its last call just answers into it). */
    dispose() {
      clearTimeout(sentenceTimer);
    },
    /** Permalink state: what differs from the cell's query, mask, keys, values, reference and normaliser. */
    getState: () => changedFields({ q: st().q, m: st().mask, ks: st().keys, vs: st().values, r: st().ref, norm: st().norm },
      { q: cell.query, m: defaultMask(), ks: cell.keys, vs: cell.values, r: defaultRef(), norm: defaultNorm }),
  };
}

function validQuery(q, d, maxAbs) {
  return Array.isArray(q) && q.length === d && q.every((x) => Number.isFinite(x) && Math.abs(x) <= maxAbs) ? q : null;
}

function validMask(m, n) {
  return Array.isArray(m) && m.length === n ? m.map((x) => Boolean(Number(x))) : null;
}
