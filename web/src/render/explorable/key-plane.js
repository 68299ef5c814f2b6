// The match panel: key space with the keys, the reference ring, the draggable query and the
// projection of q on each key (how far q reaches along it). Pointer drag and arrow keys move q.
// The view never changes scale under a dragging pointer (a view that grows while q is held at its
// edge runs away: q and the grid chase each other); it refits when the drag ends, when a number
// is typed, or when the learner zooms with the buttons, and the caption says the range.

import { h, s, inputVec } from '../../dom.js';
import { createPlane, arrow } from '../plane.js';
import { extentFor, projection } from '../geometry.js';

const tenth = (x) => Math.round(x * 10) / 10;

// The zoom levels the buttons step through (half-widths of the view); the view is never smaller
// than what holds q, the keys and the reference.
const ZOOMS = [3, 6, 12, 25, 50, 100, 250, 500, 1000];

export function createKeyPlane({ id, labels, colour, onMove, onDragEnd }) {
  const plane = createPlane({ label: 'Key space', extent: 3 });
  let zoom = ZOOMS[0];
  const rangeText = h('span', { class: 'view-range', 'aria-live': 'polite' }, '');
  const zoomOut = h('button', { type: 'button', class: 'zoom', 'aria-label': 'Zoom out: show a wider range of q', onclick: () => setZoom(+1) }, '−');
  const zoomIn = h('button', { type: 'button', class: 'zoom', 'aria-label': 'Zoom in: show a narrower range of q', onclick: () => setZoom(-1) }, '+');
  const zoomBar = h('div', { class: 'zoom-bar', role: 'group', 'aria-label': 'Key plane zoom' }, zoomOut, zoomIn, rangeText);
  const svg = plane.svg;
  svg.setAttribute('tabindex', '0');
  svg.setAttribute('role', 'application');
  svg.setAttribute('aria-roledescription', 'draggable query plane');
  svg.setAttribute('aria-describedby', `${id}-howto`);
  const howTo = h('p', { id: `${id}-howto`, class: 'visually-hidden' },
    'Drag anywhere in the key plane to move q, or focus the plane and use the arrow keys: 0.1 per press, 1 with Shift.');
  const figure = h('figure', { class: 'plane' }, svg,
    zoomBar,
    h('figcaption', null, 'Match: key space. Amber is q; drag it or use the arrow keys. Thin dashed lines drop q onto each key: how far q reaches along it. The dashed ring marks the reference query. The scale stays put while you drag; let go at the edge to widen the view by one unit, or zoom out. ', plane.scaleEl), howTo);

  let current = null;
  const view = { figure, dragging: false };

  view.fit = (st) => {
    // Under a dragging pointer the scale is left alone: q is clamped to the view instead.
    if (view.dragging) return;
    const need = extentFor([st.q, st.ref, ...st.keys], 3);
    plane.setExtent(Math.max(zoom, need));
    // aria-disabled, not disabled: the buttons stay in the Tab order (as the study's do), and a
    // press that cannot zoom further does nothing.
    zoomIn.setAttribute('aria-disabled', String(plane.extent <= need || zoom === ZOOMS[0]));
    zoomOut.setAttribute('aria-disabled', String(zoom === ZOOMS[ZOOMS.length - 1]));
    rangeText.textContent = `View: −${plane.extent} to ${plane.extent} on both axes.`;
  };

  function setZoom(dir) {
    if ((dir < 0 ? zoomIn : zoomOut).getAttribute('aria-disabled') === 'true') return;
    // i: the first level at or past the view shown now (a fitted view may lie between levels).
    // Out: that level if it is wider, else the next; in: the level below the view.
    let i = ZOOMS.findIndex((z) => z >= plane.extent);
    if (i < 0) i = ZOOMS.length;
    const next = dir > 0 ? (ZOOMS[i] > plane.extent ? i : i + 1) : i - 1;
    zoom = ZOOMS[Math.max(0, Math.min(ZOOMS.length - 1, next))];
    if (current) view.draw(current);
  }

  view.draw = (st) => {
    current = st;
    view.fit(st);
    plane.layer.replaceChildren(...keySpace(plane, st, labels, colour));
    svg.setAttribute('aria-label', `Key space. Query q at ${inputVec(st.q)}. Keys: ${labels.map((l, i) => `${l} ${inputVec(st.keys[i])}`).join(', ')}. ${plane.scaleEl.textContent}`);
  };

  const clamp = (x) => Math.max(-plane.extent, Math.min(plane.extent, x));
  const moveTo = (event) => {
    const [x, y] = plane.fromEvent(event);
    const q = [tenth(clamp(x)), tenth(clamp(y))];
    if (!current || q[0] !== current.q[0] || q[1] !== current.q[1]) onMove(q);
  };
  svg.addEventListener('pointerdown', (event) => {
    if (event.button !== 0) return;
    view.dragging = true;
    svg.classList.add('dragging');
    svg.setPointerCapture?.(event.pointerId);
    svg.focus({ preventScroll: true });
    moveTo(event);
    event.preventDefault();
  });
  svg.addEventListener('pointermove', (event) => { if (view.dragging) moveTo(event); });
  const stop = () => {
    if (!view.dragging) return;
    view.dragging = false;
    svg.classList.remove('dragging');
    if (current) view.draw(current); // fit both ways now the pointer has let go
    onDragEnd?.();
  };
  svg.addEventListener('pointerup', stop);
  svg.addEventListener('pointercancel', stop);
  svg.addEventListener('keydown', (event) => {
    const step = event.shiftKey ? 10 : 1; // in tenths
    const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    const m = moves[event.key];
    if (!m || !current) return;
    event.preventDefault();
    onMove([Math.round(current.q[0] * 10 + m[0]) / 10, Math.round(current.q[1] * 10 + m[1]) / 10]);
  });
  view.plane = plane;
  return view;
}

/** What the key plane p shows for the state st: each key, q's projection on it, the reference ring, q and its handle. */
function keySpace(p, st, labels, colour) {
  const g = [];
  st.keys.forEach((k, i) => {
    const foot = projection(st.q, k);
    if (foot && st.mask[i]) {
      g.push(s('line', { class: `projection ${colour(i)}`, x1: p.toX(st.q[0]), y1: p.toY(st.q[1]), x2: p.toX(foot[0]), y2: p.toY(foot[1]) }),
        s('line', { class: `reach ${colour(i)}`, x1: p.toX(0), y1: p.toY(0), x2: p.toX(foot[0]), y2: p.toY(foot[1]) }));
    }
  });
  st.keys.forEach((k, i) => g.push(arrow(p, [0, 0], k, `${colour(i)}${st.mask[i] ? '' : ' masked'}`, { label: labels[i] })));
  g.push(s('circle', { class: 'ref-ring', cx: p.toX(st.ref[0]), cy: p.toY(st.ref[1]), r: 9 }));
  g.push(arrow(p, [0, 0], st.q, 'query', { label: 'q', labelGap: 24 }));
  g.push(s('circle', { class: 'handle-halo', cx: p.toX(st.q[0]), cy: p.toY(st.q[1]), r: 14 }));
  g.push(s('circle', { class: 'handle', cx: p.toX(st.q[0]), cy: p.toY(st.q[1]), r: 6.5 }));
  return g;
}
