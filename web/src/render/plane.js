// An SVG coordinate plane with equal units on both axes: grid, axes, arrows, points.
// Only drawing happens here; the coordinates come from the notebook or the engine, and the
// geometry (view extent, convex hull) from geometry.js.

import { h, s } from '../dom.js';
import { gridStep, scaleText, ticks } from './explorable/scale.js';

const SIZE = 300;
const PAD = 14;

export function createPlane({ label, extent }) {
  const svgEl = s('svg', { viewBox: `0 0 ${SIZE} ${SIZE}`, role: 'img', 'aria-label': label });
  // The scale in words, under the drawing; kept up to date as the view is refitted.
  const scaleEl = h('span', { class: 'scale-text' }, '');
  const grid = s('g', { 'aria-hidden': 'true' });
  const layer = s('g');
  svgEl.append(grid, layer);
  const plane = {
    svg: svgEl,
    scaleEl,
    layer,
    extent,
    toX: (x) => PAD + ((x + plane.extent) / (2 * plane.extent)) * (SIZE - 2 * PAD),
    toY: (y) => PAD + ((plane.extent - y) / (2 * plane.extent)) * (SIZE - 2 * PAD),
    /** Pointer event -> data coordinates. */
    fromEvent(event) {
      const rect = svgEl.getBoundingClientRect();
      const px = ((event.clientX - rect.left) / rect.width) * SIZE;
      const py = ((event.clientY - rect.top) / rect.height) * SIZE;
      const unit = (SIZE - 2 * PAD) / (2 * plane.extent);
      return [(px - PAD) / unit - plane.extent, plane.extent - (py - PAD) / unit];
    },
    setExtent(r) {
      if (r === plane.extent) return;
      plane.extent = r;
      drawGrid();
    },
    step: 1,
  };
  function drawGrid() {
    grid.replaceChildren();
    const r = plane.extent;
    const step = gridStep(r);
    plane.step = step;
    const line = (v, cls) => [
      s('line', { class: cls, x1: plane.toX(v), x2: plane.toX(v), y1: plane.toY(-r), y2: plane.toY(r) }),
      s('line', { class: cls, y1: plane.toY(v), y2: plane.toY(v), x1: plane.toX(-r), x2: plane.toX(r) })];
    grid.append(...line(0, 'axis'));
    // Tick labels on the axes, every other grid line when they would crowd.
    const all = ticks(r, step);
    const every = all.length > 12 ? 2 : 1;
    all.forEach((v, i) => {
      grid.prepend(...line(v, 'grid'));
      if ((Math.round(v / step)) % every !== 0) return;
      grid.append(
        s('text', { class: 'tick', x: plane.toX(v), y: Math.min(SIZE - 2, plane.toY(0) + 11), 'text-anchor': 'middle' }, String(v)),
        s('text', { class: 'tick', x: plane.toX(0) - 3, y: plane.toY(v) + 3, 'text-anchor': 'end' }, String(v)));
    });
    scaleEl.textContent = scaleText(step);
  }
  drawGrid();
  return plane;
}

/**
 * An arrow from `from` to `to` (data coordinates) in the colour class `cls`. The label sits
 * `labelGap` px beyond the tip along the arrow (more for a tip with a handle or ring around it).
 */
export function arrow(plane, from, to, cls, { label, dashed = false, labelGap = 12 } = {}) {
  const x1 = plane.toX(from[0]); const y1 = plane.toY(from[1]);
  const x2 = plane.toX(to[0]); const y2 = plane.toY(to[1]);
  const g = s('g', { class: cls });
  const len = Math.hypot(x2 - x1, y2 - y1);
  if (len > 0.5) {
    const ux = (x2 - x1) / len; const uy = (y2 - y1) / len;
    const head = Math.min(10, len * 0.5);
    const bx = x2 - ux * head; const by = y2 - uy * head;
    g.append(
      s('line', { class: 'arrow', x1, y1, x2: bx, y2: by, 'stroke-dasharray': dashed ? '4 4' : null }),
      s('polygon', { class: 'arrow-head', points: `${x2},${y2} ${bx - uy * head * 0.45},${by + ux * head * 0.45} ${bx + uy * head * 0.45},${by - ux * head * 0.45}` }));
  }
  if (label) {
    const dx = x2 - x1; const dy = y2 - y1; const d = Math.hypot(dx, dy) || 1;
    // Kept inside the view (a tip dragged to the edge would push its label out of sight).
    const lx = Math.min(SIZE - 8, Math.max(8, x2 + (dx / d) * labelGap));
    const ly = Math.min(SIZE - 4, Math.max(13, y2 + (dy / d) * labelGap + 4));
    g.append(s('text', { x: lx, y: ly, 'text-anchor': 'middle' }, label));
  }
  return g;
}
