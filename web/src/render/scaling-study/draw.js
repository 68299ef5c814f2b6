// The scaling study's results drawn from the engine's answer (`scaling`): two tables and two
// charts, nothing but the answer, the divisor's column heading ("q·k / √d") and the keys per trial.

import { h, num, shownText, keyboardScrollable } from '../../dom.js';
import { lineChart, chartFigure } from '../plot.js';

/** The spread of the scores and the mean top weight, one row per width. */
export function studyTables(r, column, keys) {
  const widths = r.widths.map((w) => (typeof w === 'object' ? shownText(w) : String(w)));
  const table = (caption, headings, left, right) => keyboardScrollable(h('div', { class: 'table-wrap' }, h('table', null,
    h('caption', null, caption),
    h('thead', null, h('tr', null, ['d', ...headings].map((t) => h('th', { scope: 'col' }, t)))),
    h('tbody', null, widths.map((w, i) => h('tr', null, h('th', { scope: 'row', class: 'numeric' }, h('span', { class: 'num' }, w)),
      h('td', null, num(left[i])), h('td', null, num(right[i]))))))));
  return [
    table('How far raw scores spread as the width grows', ['std of q·k', `std of ${column}`], r.raw_std, r.scaled_std),
    table(`Mean top attention weight over ${keys} keys`, ['no scaling', `with ${column}`], r.top_unscaled, r.top_scaled),
  ];
}

/** The same numbers as two line charts against d (a log axis when the widths span more than 8x). */
export function studyCharts(r, column, keys) {
  const widths = r.widths.map(Number);
  const ticks = widths.map(String);
  const logX = widths.length > 1 && Math.max(...widths) / Math.min(...widths) > 8;
  const spreadSeries = [
    { name: 'std of q·k', cls: 's-a', points: r.raw_std },
    { name: `std of ${column}`, cls: 's-c', points: r.scaled_std },
    { name: '√d', cls: 's-d', points: r.sqrt_width, dashed: true },
  ];
  const topSeries = [
    { name: 'no scaling', cls: 's-b', points: r.top_unscaled },
    { name: `with ${column}`, cls: 's-c', points: r.top_scaled },
    { name: `1/${keys} (an even split)`, cls: 's-d', points: widths.map(() => r.even_share), dashed: true },
  ];
  return [
    chartFigure('Spread of the raw scores against the width d, beside √d', spreadSeries, lineChart({
      label: `Line chart: the standard deviation of q·k at d = ${ticks.join(', ')} is ${r.raw_std.map(shownText).join(', ')}; √d is ${r.sqrt_width.map(shownText).join(', ')}; as ${column} it is ${r.scaled_std.map(shownText).join(', ')}.`,
      xs: widths, xTicks: ticks, logX, xLabel: 'head width d', yLabel: 'std', series: spreadSeries, yMin: 0 })),
    chartFigure(`Mean top weight over ${keys} keys against d`, topSeries, lineChart({
      label: `Line chart: the mean top weight without scaling is ${r.top_unscaled.map(shownText).join(', ')} and with ${column} ${r.top_scaled.map(shownText).join(', ')} at d = ${ticks.join(', ')}; an even split gives ${shownText(r.even_share)}.`,
      xs: widths, xTicks: ticks, logX, xLabel: 'head width d', yLabel: 'top weight', series: topSeries, yMin: 0, yMax: 1 })),
  ];
}
