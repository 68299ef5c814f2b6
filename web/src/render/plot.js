// Small SVG charts for the lesson cells: a line chart over a few x positions (log or linear x)
// and a heatmap of a small matrix. Every number drawn comes from the engine (pairs); the chart
// only places them. Each chart has a text alternative (role="img" + aria-label) and the numbers
// are also in a table next to it.

import { h, s, shownText } from '../dom.js';
import { niceTicks } from './ticks.js';

const W = 320, H = 200, PAD = { l: 44, r: 12, t: 12, b: 34 };

const exact = (p) => (p && typeof p === 'object' ? p.exact : p);

/**
 * @param {{label: string, xs: number[], xLabel: string, yLabel: string, logX?: boolean,
 *   series: {name: string, cls: string, points: object[], dashed?: boolean}[], yMin?: number, yMax?: number,
 *   xTicks?: string[]}} spec  points are engine pairs, one per x
 */
export function lineChart(spec) {
  const xs = spec.xs.map((x) => (spec.logX ? Math.log2(x) : x));
  const x0 = Math.min(...xs), x1 = Math.max(...xs);
  const ys = spec.series.flatMap((se) => se.points.map(exact));
  // Round ticks (ticks.js): the axis runs from one round number to another, e.g. 0 to 20 by 5.
  const yt = niceTicks(spec.yMin ?? Math.min(0, ...ys), spec.yMax ?? (Math.max(...ys) || 1), 4);
  const y0 = yt.lo, y1 = yt.hi;
  const px = (x) => PAD.l + (x1 === x0 ? 0.5 : (x - x0) / (x1 - x0)) * (W - PAD.l - PAD.r);
  const py = (y) => H - PAD.b - ((y - y0) / (y1 - y0 || 1)) * (H - PAD.t - PAD.b);
  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': `${spec.label} Vertical axis from ${yt.texts[0]} to ${yt.texts[yt.texts.length - 1]} in steps of ${yt.step}${spec.logX ? '; the horizontal axis is on a log scale' : ''}.`, class: 'chart' });
  // axes and ticks
  svg.append(s('line', { class: 'axis', x1: PAD.l, y1: H - PAD.b, x2: W - PAD.r, y2: H - PAD.b }));
  svg.append(s('line', { class: 'axis', x1: PAD.l, y1: PAD.t, x2: PAD.l, y2: H - PAD.b }));
  xs.forEach((x, i) => {
    svg.append(s('line', { class: 'tick', x1: px(x), y1: H - PAD.b, x2: px(x), y2: H - PAD.b + 4 }));
    svg.append(s('text', { class: 'tick-label', x: px(x), y: H - PAD.b + 15, 'text-anchor': 'middle' }, spec.xTicks?.[i] ?? String(spec.xs[i])));
  });
  yt.values.forEach((y, i) => {
    svg.append(s('line', { class: 'grid', x1: PAD.l, y1: py(y), x2: W - PAD.r, y2: py(y) }));
    svg.append(s('text', { class: 'tick-label', x: PAD.l - 5, y: py(y) + 4, 'text-anchor': 'end' }, yt.texts[i]));
  });
  // A log-spaced x axis says so: equal steps along it are equal ratios, not equal differences.
  const xLabel = spec.logX ? `${spec.xLabel} (log scale)` : spec.xLabel;
  svg.append(s('text', { class: 'axis-label', x: (PAD.l + W - PAD.r) / 2, y: H - 4, 'text-anchor': 'middle' }, xLabel));
  svg.append(s('text', { class: 'axis-label', x: 10, y: PAD.t + (H - PAD.t - PAD.b) / 2, transform: `rotate(-90 10 ${PAD.t + (H - PAD.t - PAD.b) / 2})`, 'text-anchor': 'middle' }, spec.yLabel));
  for (const se of spec.series) {
    const pts = se.points.map((p, i) => `${px(xs[i]).toFixed(1)},${py(exact(p)).toFixed(1)}`).join(' ');
    const g = s('g', { class: `series ${se.cls}` });
    g.append(s('polyline', { points: pts, class: se.dashed ? 'line dashed' : 'line' }));
    se.points.forEach((p, i) => g.append(s('circle', { cx: px(xs[i]), cy: py(exact(p)), r: se.dashed ? 0 : 3 },
      s('title', null, `${se.name} at ${spec.xTicks?.[i] ?? spec.xs[i]}: ${shownText(p)}`))));
    svg.append(g);
  }
  return svg;
}

/** A legend for the series of a chart: swatch + name. */
function legend(series) {
  return series.map((se) => s('svg', { class: `legend-key ${se.cls}`, viewBox: '0 0 18 10', width: 18, height: 10, 'aria-hidden': 'true' },
    s('line', { x1: 0, y1: 5, x2: 18, y2: 5, class: se.dashed ? 'line dashed' : 'line' })));
}

/** A chart in a figure, its caption followed by the legend of its series. */
export function chartFigure(caption, series, chart) {
  const keys = legend(series);
  return h('figure', null, chart,
    h('figcaption', null, caption, h('div', { class: 'legend' }, series.map((se, i) => h('span', null, keys[i], se.name)))));
}

/**
 * Heatmap of a small matrix of engine pairs. Colour by sign (blue positive, red negative) and by
 * size: against `range` (an engine pair: a fixed scale, full colour at ±range, 0 uncoloured) when
 * given, so that a faint cell is a small number whatever the input; otherwise relative to the
 * largest magnitude shown. Labels show the engine's text; the cells widen for the longest one.
 */
export function heatmap(label, rows, { rowLabels, colLabels, range } = {}) {
  const n = rows.length, m = rows[0].length, off = 26;
  const longest = Math.max(...rows.flat().map((p) => shownText(p).length));
  const cell = Math.max(46, Math.ceil(longest * 6.2) + 8); // 10px monospace: about 6 px a character
  const svg = s('svg', { viewBox: `0 0 ${off + m * cell} ${off + n * cell}`, role: 'img', 'aria-label': label, class: 'heatmap' });
  if (range) svg.style.maxWidth = `${Math.max(18, (off + m * cell) / 16)}rem`;
  const big = range ? exact(range) : Math.max(1e-300, ...rows.flat().map((p) => Math.abs(exact(p))));
  rows.forEach((row, i) => row.forEach((p, j) => {
    const v = Math.max(-1, Math.min(1, exact(p) / big));
    const opacity = range ? 0.9 * Math.abs(v) : 0.08 + 0.85 * Math.abs(v);
    const g = s('g', null,
      s('rect', { x: off + j * cell, y: off + i * cell, width: cell - 2, height: cell - 2, rx: 3,
        class: v >= 0 ? 'pos' : 'neg', 'fill-opacity': opacity.toFixed(3) }),
      s('text', { x: off + j * cell + (cell - 2) / 2, y: off + i * cell + cell / 2 + 3, 'text-anchor': 'middle', class: 'heat-text' }, shownText(p)));
    if (range) g.prepend(s('rect', { x: off + j * cell, y: off + i * cell, width: cell - 2, height: cell - 2, rx: 3, class: 'heat-empty' }));
    svg.append(g);
  }));
  (colLabels || []).forEach((c, j) => svg.append(s('text', { x: off + j * cell + cell / 2, y: 16, 'text-anchor': 'middle', class: 'tick-label' }, c)));
  (rowLabels || []).forEach((r, i) => svg.append(s('text', { x: 4, y: off + i * cell + cell / 2 + 3, class: 'tick-label' }, r)));
  return svg;
}

/** The key of a fixed colour scale: red at -range, uncoloured at 0, blue at +range (engine texts). */
export function heatKey(range, what) {
  const r = shownText(range);
  const box = (cls, opacity) => s('rect', { x: 0, y: 0, width: 14, height: 10, rx: 2, class: cls, 'fill-opacity': opacity });
  const swatch = (cls, opacity) => {
    const svg = s('svg', { class: 'heatmap-key', viewBox: '0 0 14 10', width: 14, height: 10, 'aria-hidden': 'true' }, s('rect', { x: 0, y: 0, width: 14, height: 10, rx: 2, class: 'heat-empty' }), box(cls, opacity));
    return svg;
  };
  return [
    'Colour scale, the same for every input: ',
    swatch('neg', 0.9), ` full red at −${r}, `, swatch('pos', 0), ' no colour at 0, ', swatch('pos', 0.9), ` full blue at +${r}`,
    what ? `; ${what}` : '', '. A cell too faint to see holds a number too small to matter.',
  ];
}
