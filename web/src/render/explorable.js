// The explorable: one query against n sources. The reader moves q (drag in the key plane,
// arrow keys when the plane has focus, or the number fields) and masks sources; the engine's
// `explore` answers with dots, scaled scores, the shared max m and denominator Z, shares,
// carries w_i v_i and the output o. Everything shown is the engine's `shown` text with the
// `exact` double as tooltip; JS only places things on screen.

import { h, s, num, vec, vecText, shownText, exactText, inputVec, uniqueId, keyboardScrollable } from '../dom.js';
import { latestOnly } from '../engine-client.js';
import { createPlane, arrow } from './plane.js';
import { extentFor, hull } from './geometry.js';

const SUB = ['₀', '₁', '₂', '₃', '₄', '₅', '₆', '₇', '₈', '₉'];
const sub = (i) => String(i).split('').map((c) => SUB[c]).join('');
const colour = (i) => `src-${i % 8}`;
/** Round to a multiple of 0.1, exactly as the decimal reads (n/10 is correctly rounded). */
const tenth = (x) => Math.round(x * 10) / 10;

function divisorText(divisor, d) {
  if (divisor === 'd') return ` / ${d}`;
  if (divisor === '1') return '';
  return ` / √${d}`;
}

export function renderExplorable(cell, ctx) {
  const n = cell.keys.length;
  const d = cell.query.length;
  const dv = cell.values[0].length;
  const labels = cell.labels || cell.keys.map((_, i) => String.fromCharCode(65 + i));
  const divisor = cell.divisor;
  const maxAbs = ctx.limits.explorable.cell.max_abs;
  const reference = cell.reference_query || cell.query;
  const id = uniqueId('explore');
  const state = {
    q: validQuery(ctx.initial?.q, d, maxAbs) || [...cell.query],
    mask: validMask(ctx.initial?.m, n) || (cell.mask ? [...cell.mask] : cell.keys.map(() => true)),
  };
  let result = null;

  const el = h('div', { class: 'explorable' });

  // ---- controls: query coordinates, masks, reset
  const qInputs = state.q.map((x, j) => h('input', {
    type: 'number', step: '0.1', id: `${id}-q${j}`, value: String(x),
    oninput: (e) => {
      const v = Number(e.target.value);
      if (e.target.value !== '' && Number.isFinite(v) && Math.abs(v) <= maxAbs) setQuery(state.q.map((old, k) => (k === j ? v : old)), { fromInput: true });
    },
  }));
  const coordName = (j) => (d === 2 ? ['x', 'y'][j] : `q${sub(j + 1)}`);
  const queryControls = h('div', { class: 'controls', role: 'group', 'aria-label': 'Query q' },
    h('span', { class: 'query' }, h('span', { class: 'swatch', 'aria-hidden': 'true' }), h('strong', null, 'Query q')),
    qInputs.map((input, j) => h('label', { for: input.id }, h('span', { class: 'visually-hidden' }, 'Query q, '), coordName(j), input)),
    h('button', { type: 'button', onclick: () => { setQuery([...cell.query]); setMask(cell.mask ? [...cell.mask] : cell.keys.map(() => true)); } }, 'Reset'));
  const maskBoxes = labels.map((label, i) => h('input', {
    type: 'checkbox', id: `${id}-m${i}`, checked: state.mask[i],
    onchange: (e) => setMask(state.mask.map((old, k) => (k === i ? e.target.checked : old))),
  }));
  const maskControls = h('fieldset', { class: 'mask-toggles' },
    h('legend', null, 'Sources q may attend to'),
    maskBoxes.map((box, i) => h('label', { for: box.id, class: colour(i) }, box, h('span', { class: 'swatch', 'aria-hidden': 'true' }), `${labels[i]}`)));

  // ---- planes
  const howTo = h('p', { id: `${id}-howto`, class: 'visually-hidden' },
    'Drag anywhere in the key plane to move q, or focus the plane and use the arrow keys: 0.1 per press, 1 with Shift.');
  let keyPlane = null;
  let keyLayer = null;
  if (d === 2) {
    keyPlane = createPlane({ label: 'Key space', extent: extentFor([state.q, reference, ...cell.keys], 3) });
    keyPlane.svg.setAttribute('tabindex', '0');
    keyPlane.svg.setAttribute('role', 'application');
    keyPlane.svg.setAttribute('aria-roledescription', 'draggable query plane');
    keyPlane.svg.setAttribute('aria-describedby', `${id}-howto`);
    keyLayer = keyPlane.layer;
    wireDrag(keyPlane);
  }
  let valuePlane = null;
  if (dv === 2) valuePlane = createPlane({ label: 'Value space', extent: extentFor(cell.values, 2) });
  const planes = h('div', { class: 'planes' },
    keyPlane ? h('figure', { class: 'plane' }, keyPlane.svg,
      h('figcaption', null, 'Match: key space. Amber is q; drag it or use the arrow keys. The dashed ring marks the reference query.')) : null,
    valuePlane ? h('figure', { class: 'plane' }, valuePlane.svg,
      h('figcaption', null, 'Mix: value space. Each source adds its carry w·v tip to tail; the teal dot is o, always inside the shaded hull.')) : null);
  if (!keyPlane) planes.prepend(h('p', { class: 'note' }, `The key plane is drawn for 2 coordinates; this query has ${d}. Use the fields above.`));

  // ---- numbers
  const strip = h('div', { class: 'share-strip', role: 'img', 'aria-label': 'Shares of attention' });
  const tableBody = h('tbody');
  const scoreHead = `Score q·k${divisorText(divisor, d)}`;
  const table = keyboardScrollable(h('div', { class: 'table-wrap' }, h('table', null,
    h('caption', null, 'One row per source'),
    h('thead', null, h('tr', null,
      h('th', { scope: 'col', class: 'label' }, 'Source'),
      h('th', { scope: 'col' }, 'Dot q·k'),
      h('th', { scope: 'col' }, scoreHead),
      h('th', { scope: 'col' }, 'Share w'),
      h('th', { scope: 'col' }, 'Carry w·v'))),
    tableBody)));
  const stats = h('div', { class: 'stats' });
  const summary = h('p', { class: 'summary', 'aria-live': 'polite' }, 'Computing…');
  const problem = h('p', { class: 'cell-error', role: 'alert', hidden: true });
  const exactList = h('div', { class: 'exact-list' });
  const exactDetails = h('details', null, h('summary', null, 'Exact numbers behind the rounded ones'), exactList);
  const pyCode = h('code', null, '');
  const pyDetails = h('details', null, h('summary', null, 'The same calculation in Python'), keyboardScrollable(h('pre', null, pyCode)));
  pyDetails.addEventListener('toggle', () => { if (pyDetails.open) refreshPython(); });

  el.append(queryControls, maskControls, howTo, planes,
    h(`h${Math.min(6, ctx.headingBase ?? 3)}`, { class: 'visually-hidden' }, 'Shares'), strip, table, stats, summary, problem, exactDetails, pyDetails);

  // ---- engine
  const args = () => ({ query: state.q, keys: cell.keys, values: cell.values, mask: state.mask, divisor });
  const explore = latestOnly((a) => ctx.call('explore', a));
  const python = latestOnly((a) => ctx.call('python', a));
  let summaryTimer = null;

  async function refresh() {
    drawKeys();
    try {
      const r = await explore(args());
      if (!r) return; // superseded by a newer position
      result = r;
      problem.hidden = true;
      drawNumbers();
      drawValues();
      clearTimeout(summaryTimer);
      summaryTimer = setTimeout(writeSummary, dragging ? 500 : 0);
    } catch (err) {
      // The numbers on screen belong to an earlier query: take them away rather than show them
      // beside the new one.
      result = null;
      clearTimeout(summaryTimer);
      clearNumbers();
      drawValues();
      summary.textContent = `No numbers for q = ${inputVec(state.q)}: the engine could not compute them.`;
      problem.hidden = false;
      problem.textContent = `The engine could not compute this: ${err.message}`;
    }
    if (pyDetails.open) refreshPython();
  }
  async function refreshPython() {
    try {
      const r = await python(args());
      if (r) pyCode.textContent = r.program;
    } catch (err) {
      pyCode.textContent = `# the engine could not write the program: ${err.message}`;
    }
  }

  function setQuery(q, { fromInput = false } = {}) {
    state.q = q;
    if (!fromInput) qInputs.forEach((input, j) => { input.value = String(q[j]); });
    if (keyPlane) {
      const need = extentFor([q], 3);
      if (need > keyPlane.extent) keyPlane.setExtent(need);
    }
    ctx.onStateChange?.();
    refresh();
  }
  function setMask(mask) {
    state.mask = mask;
    maskBoxes.forEach((box, i) => { box.checked = mask[i]; });
    ctx.onStateChange?.();
    refresh();
  }

  // ---- drawing
  function drawKeys() {
    if (!keyPlane) return;
    const p = keyPlane;
    const g = [];
    cell.keys.forEach((k, i) => g.push(arrow(p, [0, 0], k, `${colour(i)}${state.mask[i] ? '' : ' masked'}`, { label: labels[i] })));
    g.push(s('circle', { class: 'ref-ring', cx: p.toX(reference[0]), cy: p.toY(reference[1]), r: 9 }));
    // q's label clears the drag halo (r 14) and the reference ring (r 9) around its tip.
    g.push(arrow(p, [0, 0], state.q, 'query', { label: 'q', labelGap: 24 }));
    g.push(s('circle', { class: 'handle-halo', cx: p.toX(state.q[0]), cy: p.toY(state.q[1]), r: 14 }));
    g.push(s('circle', { class: 'handle', cx: p.toX(state.q[0]), cy: p.toY(state.q[1]), r: 6.5 }));
    keyLayer.replaceChildren(...g);
    p.svg.setAttribute('aria-label', `Key space. Query q at ${inputVec(state.q)}. Keys: ${labels.map((l, i) => `${l} ${inputVec(cell.keys[i])}`).join(', ')}.`);
  }

  // Values and their hull always; the carries and o only with a result for the current query.
  function drawValues() {
    if (!valuePlane) return;
    const p = valuePlane;
    const g = [];
    const allowed = cell.values.filter((_, i) => state.mask[i]);
    const region = hull(allowed);
    if (region.length >= 3) g.push(s('polygon', { class: 'hull', points: region.map(([x, y]) => `${p.toX(x)},${p.toY(y)}`).join(' ') }));
    else if (region.length === 2) g.push(s('line', { class: 'hull', x1: p.toX(region[0][0]), y1: p.toY(region[0][1]), x2: p.toX(region[1][0]), y2: p.toY(region[1][1]) }));
    cell.values.forEach((v, i) => g.push(arrow(p, [0, 0], v, `${colour(i)}${state.mask[i] ? '' : ' masked'}`, { label: labels[i], dashed: !state.mask[i] })));
    if (!result) {
      p.layer.replaceChildren(...g);
      p.svg.setAttribute('aria-label', `Value space. Values: ${labels.map((l, i) => `${l} ${inputVec(cell.values[i])}`).join(', ')}.`);
      return;
    }
    // Carries tip to tail, then the output point where the engine put it.
    let at = [0, 0];
    result.carries.forEach((c, i) => {
      if (!state.mask[i]) return;
      const next = [at[0] + c[0].exact, at[1] + c[1].exact];
      g.push(s('line', { class: `carry ${colour(i)}`, x1: p.toX(at[0]), y1: p.toY(at[1]), x2: p.toX(next[0]), y2: p.toY(next[1]) }));
      at = next;
    });
    if (!result.all_masked) {
      const o = result.output.map((x) => x.exact);
      g.push(s('circle', { class: 'out-dot', cx: p.toX(o[0]), cy: p.toY(o[1]), r: 6 }),
        s('text', { class: 'output', x: p.toX(o[0]) + 10, y: p.toY(o[1]) - 8 }, 'o'));
    }
    p.layer.replaceChildren(...g);
    p.svg.setAttribute('aria-label', `Value space. Values: ${labels.map((l, i) => `${l} ${inputVec(cell.values[i])}`).join(', ')}. Output o = ${vecText(result.output)}.`);
  }

  function clearNumbers() {
    strip.replaceChildren();
    strip.setAttribute('aria-label', 'Shares of attention: not computed');
    tableBody.replaceChildren();
    stats.replaceChildren();
    exactList.textContent = '';
  }

  function drawNumbers() {
    const r = result;
    strip.replaceChildren(...r.shares.map((w, i) => {
      const seg = h('div', { class: colour(i), title: `${labels[i]}: ${shownText(w)} (exact ${exactText(w)})` }, w.exact >= 0.08 ? labels[i] : '');
      seg.style.flexGrow = String(Math.max(0, w.exact));
      seg.style.flexBasis = '0';
      return seg;
    }));
    strip.setAttribute('aria-label', `Shares: ${labels.map((l, i) => `${l} ${shownText(r.shares[i])}`).join(', ')}`);
    tableBody.replaceChildren(...labels.map((label, i) => h('tr', { class: state.mask[i] ? null : 'masked' },
      h('th', { scope: 'row', class: `label ${colour(i)}` }, h('span', { class: 'swatch', 'aria-hidden': 'true' }), label,
        state.mask[i] ? null : h('span', { class: 'muted' }, ' (masked)')),
      h('td', null, num(r.dots[i])),
      h('td', null, num(r.scores[i])),
      h('td', null, num(r.shares[i])),
      h('td', null, vec(r.carries[i])))));
    stats.replaceChildren(
      h('span', null, 'Shared max m = ', num(r.max)),
      h('span', null, 'Denominator Z = ', num(r.denominator)),
      h('span', { class: 'output' }, h('strong', null, 'Output o = '), vec(r.output)));
    exactList.textContent = [
      `q = ${inputVec(state.q)}`,
      ...labels.map((l, i) => `${l}: dot=${exactText(r.dots[i])}; score=${exactText(r.scores[i])}; share=${exactText(r.shares[i])}; carry=[${r.carries[i].map(exactText).join(', ')}]`),
      `m=${exactText(r.max)}; Z=${exactText(r.denominator)}`,
      `output=[${r.output.map(exactText).join(', ')}]`,
    ].join('\n');
  }

  function writeSummary() {
    const r = result;
    if (!r) return;
    if (r.all_masked) {
      summary.textContent = 'Every source is masked, so there is nothing to share attention between and this row has no output.';
      return;
    }
    const open = labels.map((_, i) => i).filter((i) => state.mask[i]);
    const best = open.reduce((a, b) => (r.scores[b].exact > r.scores[a].exact ? b : a), open[0]);
    const rest = open.filter((i) => i !== best).sort((a, b) => r.shares[b].exact - r.shares[a].exact);
    const others = rest.map((i) => `${labels[i]} gets ${shownText(r.shares[i])}`);
    const masked = labels.filter((_, i) => !state.mask[i]);
    summary.textContent = `q lines up most with ${labels[best]}’s key (score ${shownText(r.scores[best])}), so ${labels[best]} takes a share of ${shownText(r.shares[best])}` +
      `${others.length ? `; ${listText(others)}` : ''}. Output o = ${vecText(r.output)}.` +
      `${masked.length ? ` Masked: ${listText(masked)}.` : ''}`;
  }

  // ---- pointer and keyboard on the key plane
  let dragging = false;
  function wireDrag(plane) {
    const svgEl = plane.svg;
    const clamp = (x) => Math.max(-plane.extent, Math.min(plane.extent, x));
    const moveTo = (event) => {
      const [x, y] = plane.fromEvent(event);
      const q = [tenth(clamp(x)), tenth(clamp(y))];
      if (q[0] !== state.q[0] || q[1] !== state.q[1]) setQuery(q);
    };
    svgEl.addEventListener('pointerdown', (event) => {
      if (event.button !== 0) return;
      dragging = true;
      svgEl.classList.add('dragging');
      svgEl.setPointerCapture?.(event.pointerId);
      svgEl.focus({ preventScroll: true });
      moveTo(event);
      event.preventDefault();
    });
    svgEl.addEventListener('pointermove', (event) => { if (dragging) moveTo(event); });
    const stop = () => {
      if (!dragging) return;
      dragging = false;
      svgEl.classList.remove('dragging');
      clearTimeout(summaryTimer);
      summaryTimer = setTimeout(writeSummary, 0);
    };
    svgEl.addEventListener('pointerup', stop);
    svgEl.addEventListener('pointercancel', stop);
    svgEl.addEventListener('keydown', (event) => {
      const step = event.shiftKey ? 10 : 1; // in tenths
      const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
      const m = moves[event.key];
      if (!m) return;
      event.preventDefault();
      setQuery([Math.round(state.q[0] * 10 + m[0]) / 10, Math.round(state.q[1] * 10 + m[1]) / 10]);
    });
  }

  let started = false;
  return {
    el,
    activate() {
      if (started) return;
      started = true;
      refresh();
    },
    /** The cell left the page: no timer of it keeps running (its last call just answers into it). */
    dispose() {
      clearTimeout(summaryTimer);
    },
    /** Permalink state: q and mask as plain arrays. */
    getState: () => ({ q: [...state.q], m: state.mask.map((b) => (b ? 1 : 0)) }),
    isDefault: () => sameArray(state.q, cell.query) && sameArray(state.mask, cell.mask || cell.keys.map(() => true)),
  };
}

function listText(items) {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function sameArray(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function validQuery(q, d, maxAbs) {
  return Array.isArray(q) && q.length === d && q.every((x) => Number.isFinite(x) && Math.abs(x) <= maxAbs) ? q : null;
}

function validMask(m, n) {
  return Array.isArray(m) && m.length === n ? m.map((x) => Boolean(Number(x))) : null;
}
