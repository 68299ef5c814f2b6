// The explorable: one query against n sources. Its state lives in one place (explorable/state.js):
// the query q, the mask, the keys and values (editable) and the reference query. Each panel is a
// small module that draws from that state and the engine's answers: the key plane (match), the
// number line of scores, the share strip, the table with the reference comparison, the value
// plane (mix), the sources as text. The engine's `explore` computes every number shown, once for
// the current state and once for the reference query; JS only places things and listens.

import { h, inputVec, shownText, uniqueId, keyboardScrollable } from '../dom.js';
import { latestOnly } from '../engine-client.js';
import { createState, sameRows, copyRows, sourceEdits } from './explorable/state.js';
import { explorableShape, startState, savedState } from './explorable/start.js';
import { createQueryControls } from './explorable/query-controls.js';
import { createKeyPlane } from './explorable/key-plane.js';
import { createValuePlane } from './explorable/value-plane.js';
import { createNumberLine } from './explorable/number-line.js';
import { createStrips } from './explorable/strips.js';
import { createExactPanel } from './explorable/exact.js';
import { createTable } from './explorable/table.js';
import { createSources } from './explorable/sources.js';
import { createPythonAnswer } from './explorable/python-answer.js';
import { createPythonPanel } from './explorable/python-panel.js';
import { createFormulaPairs } from './explorable/formula-pairs.js';
import { summarySentence, compareSentence, goalMet, UNCHANGED_WITHIN } from './explorable/sentences.js';
import { sourceColour as colour } from './colours.js';
import { linkShared } from '../shared-inputs.js';

const sameShape = (a, b) => a.length === b.length && a.every((r, i) => r.length === b[i].length);

// The query and values shared with the held sequence over the same keys (../shared-inputs.js):
// its first row's query is q, and both mix the same values.
const neighbourPatch = (d) => (f, s) => {
  const patch = {};
  if (f.query?.length === d && !sameRows(f.query, s.q)) patch.q = [...f.query];
  if (f.values && sameShape(f.values, s.values) && !sameRows(f.values, s.values)) patch.values = copyRows(f.values);
  return patch;
};

export function renderExplorable(cell, ctx) {
  const shape = explorableShape(cell, ctx);
  const { d, dv, labels, maxAbs } = shape;
  const divisor = cell.divisor;
  const id = uniqueId('explore');
  const store = createState(startState(cell, ctx.initial, shape));
  const st = () => store.get();
  const shared = linkShared(ctx.shared, id, store, () => st().keys, neighbourPatch(d));

  const query = createQueryControls({ id, cell, shape, store });
  const sources = createSources({ id, labels, colour, keys: cell.keys, values: cell.values, maxAbs, ...sourceEdits(store, cell) });
  const goal = cell.goal ? createGoal(cell, labels, () => ctx.onGoal?.(cell.id)) : null;

  // ---- planes, number line, strips, table
  const moveQuery = (q) => { if (q.every((x) => Number.isFinite(x) && Math.abs(x) <= maxAbs)) store.set({ q }); };
  const keyPlane = d === 2 ? createKeyPlane({ id, labels, colour, onMove: moveQuery, onDragEnd: () => writeSentences() }) : null;
  const valuePlane = dv === 2 ? createValuePlane({ labels, colour }) : null;
  const planes = h('div', { class: 'planes' }, keyPlane?.figure, valuePlane?.figure);
  if (!keyPlane) planes.prepend(h('p', { class: 'note' }, `The key plane is drawn for 2 coordinates; this query has ${d}. Use the fields above.`));
  const line = createNumberLine({ labels, colour });
  const strips = createStrips(labels);
  const table = createTable({ labels, colour, divisor, d });
  const summary = h('p', { class: 'summary', 'aria-live': 'polite' }, 'Computing…');
  const comparison = createComparison(store, shape);

  // The engine's arguments for the state s (for its query, or the reference query q).
  const args = (s, q = s.q) => ({ query: q, keys: s.keys, values: s.values, mask: s.mask, divisor, normalizer: s.norm });
  const problem = h('p', { class: 'cell-error', role: 'alert', hidden: true });
  const exact = createExactPanel(labels, () => ctx.help?.consult('numbers panel'));
  const answer = createPythonAnswer({ call: (a) => ctx.call('python', a), args: () => ({ ...args(st()), labels }) });
  const python = createPythonPanel({ answer });
  const pairs = createFormulaPairs({ answer });

  const el = h('div', { class: 'explorable' }, query.query, query.norm, query.errors, query.presets || '', goal?.el || '', sources.maskControls, planes,
    h(`h${Math.min(6, ctx.headingBase ?? 3)}`, { class: 'visually-hidden' }, 'Scores and shares'),
    line.figure, ...strips.els, keyboardScrollable(h('div', { class: 'table-wrap' }, table.table)), table.stats, summary, comparison.el, pairs.details,
    h('div', { class: 'sources' }, h('p', { class: 'note' }, 'The sources, to check a dot product by hand:'), sources.list, sources.editor),
    problem, exact.details, python.details);

  let sentenceTimer = null;

  const refresh = askExplore(ctx, store, args, (s, err) => {
    problem.hidden = !err;
    if (!err) return;
    summary.textContent = `No numbers for q = ${inputVec(s.q)}: the engine could not compute them.`;
    problem.textContent = `The engine could not compute this: ${err.message}`;
  });

  store.subscribe((s, changed) => {
    query.draw(s, changed);
    if (['mask', 'keys', 'values'].some((k) => changed.has(k))) sources.draw(s);
    if (changed.has('q') || changed.has('values')) shared.publish({ keys: s.keys, query: s.q, values: s.values });
    if (['q', 'mask', 'keys', 'values', 'ref', 'norm'].some((k) => changed.has(k))) {
      keyPlane?.draw(s);
      comparison.draw(s);
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
    strips.draw(r, s.refResult, s.ref);
    table.draw(s, r, s.refResult);
    exact.draw(s, r);
    if (!r) return;
    clearTimeout(sentenceTimer);
    sentenceTimer = setTimeout(writeSentences, keyPlane?.dragging ? 500 : 0);
  }

  function writeSentences() {
    const s = st();
    if (!s.result) return;
    summary.textContent = summarySentence(s.result, labels, s.resultMask); // the answer's own mask (start.js)
    comparison.write(s);
    goal?.write(s.result);
  }

  return {
    el,
    activate() {
      const s = st();
      sources.draw(s);
      keyPlane?.draw(s);
      valuePlane?.draw(s, null);
      comparison.draw(s);
      refresh();
    },
    /** The cell left the page: no timer of it keeps running (its last call just answers into it). */
    dispose() {
      clearTimeout(sentenceTimer);
    },
    getState: () => savedState(st(), cell, shape),
  };
}

/**
 * The engine's answers for the state now (q, and the reference query with the same keys, values
 * and mask), into the state; an answer a newer state superseded is dropped. A refusal takes the
 * numbers on screen away (they belong to an earlier state) rather than show them beside the new
 * one. told(s, err): err undefined when the answers came.
 */
function askExplore(ctx, store, args, told) {
  const explore = latestOnly((a) => ctx.call('explore', a));
  const exploreRef = latestOnly((a) => ctx.call('explore', a));
  return async () => {
    const s = store.get();
    try {
      const [r, ref] = await Promise.all([explore(args(s)), exploreRef(args(s, s.ref))]);
      if (!r || !ref) return; // superseded by a newer state
      told(s);
      store.set({ result: r, refResult: ref, resultMask: s.mask });
    } catch (err) {
      store.set({ result: null, refResult: null });
      told(s, err);
    }
  };
}

/** The comparison with the reference query: its buttons, and the sentence on what changed. */
function createComparison(store, shape) {
  const refText = h('span', null, '');
  const summary = h('p', { class: 'compare-summary', 'aria-live': 'polite' }, '');
  const el = h('div', { class: 'comparison' },
    h('p', { class: 'compare-line' }, refText, ' ',
      h('button', { type: 'button', onclick: () => store.set({ ref: [...store.get().q] }) }, 'Pin current q as reference'),
      ' ',
      h('button', { type: 'button', onclick: () => store.set({ ref: shape.defaultRef() }) }, 'Reference back to default')),
    summary,
    h('p', { class: 'note' }, `In the table, “= same” means the exact values for q and for the reference differ by at most ${UNCHANGED_WITHIN} (the rounding of double arithmetic, not a real change); “≠ changed” means they differ by more.`));
  return {
    el,
    draw(s) { refText.textContent = `Compared with the reference query q = ${inputVec(s.ref)} (same keys, values and mask):`; },
    write(s) { summary.textContent = s.refResult ? compareSentence(s.result, s.refResult) : ''; },
  };
}

/** The cell's goal (a source's share above a bound): its line, and onMet() the first time it is met after not being met. */
function createGoal(cell, labels, onMet) {
  const goal = { source: labels.indexOf(cell.goal.source), above: cell.goal.share_above };
  const el = h('p', { class: 'goal', 'aria-live': 'polite' });
  let wasMet = false;
  return {
    el,
    write(r) {
      const met = goalMet(r, goal);
      const share = r.shares[goal.source];
      el.className = `goal${met ? ' met' : ''}`;
      el.textContent = met
        ? `Goal reached: ${cell.goal.source} has ${shownText(share)} of the attention, more than ${cell.goal.share_above}.`
        : `Goal: give source ${cell.goal.source} more than ${cell.goal.share_above} of the attention (now ${r.all_masked ? 'none: every source is masked' : shownText(share)}).`;
      if (met && !wasMet) onMet();
      wasMet = met;
    },
  };
}
