// A line chart for training curves: hundreds to thousands of points per series, redrawn as a run
// grows, so one polyline per series and no marker per point (plot.js's lineChart draws a circle
// with a tooltip for each of a few points). Axes on round ticks (ticks.js); every y is an engine
// pair's exact value, placed, never computed here. `logY` places log10 of the values (gradient
// norms span orders of magnitude); its ticks are powers of ten.

import { s } from '../../dom.js';
import { niceTicks } from '../ticks.js';

const W = 360, H = 210, PAD = { l: 46, r: 10, t: 10, b: 34 };
const exact = (p) => (p && typeof p === 'object' ? p.exact : p);

/**
 * spec: { label, xLabel, yLabel, xMax, yMin?, yMax?, logY?, series: [{ name, cls, xs: number[],
 *   ys: pairs[], dashed?, thin? }], marker?: x (a vertical line: the step the maps show) }
 */
export function curveChart(spec) {
  const place = (y) => (spec.logY ? Math.log10(Math.max(exact(y), 1e-300)) : exact(y));
  const ys = spec.series.flatMap((se) => se.ys.map(place)).filter(Number.isFinite);
  const lo = spec.yMin ?? (ys.length ? Math.min(...ys) : 0);
  const hi = spec.yMax ?? (ys.length ? Math.max(...ys) : 1);
  const yt = spec.logY ? logTicks(lo, hi) : niceTicks(Math.min(lo, spec.logY ? lo : 0), hi > lo ? hi : lo + 1, 4);
  const xt = niceTicks(0, Math.max(1, spec.xMax), 4);
  const px = (x) => PAD.l + (x / xt.hi) * (W - PAD.l - PAD.r);
  const py = (y) => H - PAD.b - ((y - yt.lo) / (yt.hi - yt.lo || 1)) * (H - PAD.t - PAD.b);
  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': spec.label, class: 'chart curves' });
  svg.append(s('line', { class: 'axis', x1: PAD.l, y1: H - PAD.b, x2: W - PAD.r, y2: H - PAD.b }));
  svg.append(s('line', { class: 'axis', x1: PAD.l, y1: PAD.t, x2: PAD.l, y2: H - PAD.b }));
  xt.values.forEach((x, i) => {
    svg.append(s('line', { class: 'tick', x1: px(x), y1: H - PAD.b, x2: px(x), y2: H - PAD.b + 4 }));
    svg.append(s('text', { class: 'tick-label', x: px(x), y: H - PAD.b + 15, 'text-anchor': 'middle' }, xt.texts[i]));
  });
  yt.values.forEach((y, i) => {
    svg.append(s('line', { class: 'grid', x1: PAD.l, y1: py(y), x2: W - PAD.r, y2: py(y) }));
    svg.append(s('text', { class: 'tick-label', x: PAD.l - 5, y: py(y) + 4, 'text-anchor': 'end' }, yt.texts[i]));
  });
  svg.append(s('text', { class: 'axis-label', x: (PAD.l + W - PAD.r) / 2, y: H - 4, 'text-anchor': 'middle' }, spec.xLabel));
  const mid = PAD.t + (H - PAD.t - PAD.b) / 2;
  svg.append(s('text', { class: 'axis-label', x: 10, y: mid, transform: `rotate(-90 10 ${mid})`, 'text-anchor': 'middle' }, spec.yLabel));
  if (Number.isFinite(spec.marker)) {
    svg.append(s('line', { class: 'marker', x1: px(spec.marker), y1: PAD.t, x2: px(spec.marker), y2: H - PAD.b }));
  }
  for (const se of spec.series) {
    if (!se.ys.length) continue;
    const pts = [];
    for (let i = 0; i < se.ys.length; i++) {
      const y = place(se.ys[i]);
      if (Number.isFinite(y)) pts.push(`${px(se.xs[i]).toFixed(1)},${py(Math.min(yt.hi, Math.max(yt.lo, y))).toFixed(1)}`);
    }
    const cls = `line${se.dashed ? ' dashed' : ''}${se.thin ? ' thin' : ''}`;
    svg.append(s('g', { class: `series ${se.cls}` }, s('polyline', { points: pts.join(' '), class: cls })));
  }
  return svg;
}

// Powers of ten around [lo, hi] (log10 values): 1e-3, 1e-2, ... as labels.
function logTicks(lo, hi) {
  let a = Math.floor(lo), b = Math.ceil(hi);
  if (b <= a) b = a + 1;
  const step = Math.max(1, Math.ceil((b - a) / 4));
  a = Math.floor(a / step) * step;
  b = a + Math.ceil((b - a) / step) * step;
  const values = [];
  for (let e = a; e <= b; e += step) values.push(e);
  return { values, texts: values.map((e) => (e === 0 ? '1' : `1e${e}`)), lo: a, hi: b };
}
