// The match panel: key space with the keys, the reference ring, the draggable query and the
// projection of q on each key (how far q reaches along it). Pointer drag and arrow keys move q;
// the view refits both ways (grows while dragging, fits again when the drag ends or a number
// is typed).

import { h, s, inputVec } from '../../dom.js';
import { createPlane, arrow } from '../plane.js';
import { extentFor, projection } from '../geometry.js';

const tenth = (x) => Math.round(x * 10) / 10;

export function createKeyPlane({ id, labels, colour, onMove, onDragEnd }) {
  const plane = createPlane({ label: 'Key space', extent: 3 });
  const svg = plane.svg;
  svg.setAttribute('tabindex', '0');
  svg.setAttribute('role', 'application');
  svg.setAttribute('aria-roledescription', 'draggable query plane');
  svg.setAttribute('aria-describedby', `${id}-howto`);
  const howTo = h('p', { id: `${id}-howto`, class: 'visually-hidden' },
    'Drag anywhere in the key plane to move q, or focus the plane and use the arrow keys: 0.1 per press, 1 with Shift.');
  const figure = h('figure', { class: 'plane' }, svg,
    h('figcaption', null, 'Match: key space. Amber is q; drag it or use the arrow keys. Thin dashed lines drop q onto each key: how far q reaches along it. The dashed ring marks the reference query. ', plane.scaleEl), howTo);

  let current = null;
  const view = { figure, dragging: false };

  view.fit = (st) => {
    const need = extentFor([st.q, st.ref, ...st.keys], 3);
    // While dragging the view only grows (shrinking under the pointer would make q jump).
    if (!view.dragging || need > plane.extent) plane.setExtent(need);
  };

  view.draw = (st) => {
    current = st;
    view.fit(st);
    const p = plane;
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
    p.layer.replaceChildren(...g);
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
