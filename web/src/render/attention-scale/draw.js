// The result of one "attention at scale" run drawn from the engine's answer (`scale_run`): the
// facts (backend, time, speed, memory, error), the first weights as a heatmap, and each sampled
// row's largest weight with the divisor and without.

import { h, s, num, shownText, keyboardScrollable } from '../../dom.js';
import { divisorSymbol } from '../divisors.js';

/** "T = 4096, d = 64, 2 heads": the size of a run. */
export const sizeText = (args) => `T = ${args.tokens}, d = ${args.head_width}, ${args.heads} head${args.heads > 1 ? 's' : ''}`;

/** Where the run ran, in words. */
export const whereText = (r) => (r.backend === 'webgpu' ? `WebGPU on ${r.adapter}` : 'WebAssembly SIMD');

/** The elements that show answer r for the run's arguments. */
export function drawScaleResult(r, args) {
  const rep = r.report;
  const facts = keyboardScrollable(h('div', { class: 'table-wrap' }, h('table', null,
    h('caption', null, `${sizeText(args)}${args.causal ? ', causal' : ''}`),
    h('tbody', null,
      h('tr', null, h('th', { scope: 'row' }, 'Backend'), h('td', { class: 'backend' }, whereText(r), h('br'), h('span', { class: 'muted' }, r.kernel))),
      h('tr', null, h('th', { scope: 'row' }, 'Time'), h('td', null, num(rep.ms), ' ms')),
      h('tr', null, h('th', { scope: 'row' }, 'Speed'), h('td', null, num(rep.gflops), ' GFLOP/s (', num(rep.gflop), ' GFLOP)')),
      h('tr', null, h('th', { scope: 'row' }, 'Memory'), h('td', null, num(rep.memory.used_mib), ' MiB used; the T × T weights alone would need ', num(rep.memory.matrix_mib), ' MiB')),
      h('tr', null, h('th', { scope: 'row' }, 'Engine memory'), h('td', { class: 'wasm-memory' }, num(rep.wasm_memory.mib),
        ' MiB of WebAssembly memory held by the engine now; it cannot shrink, and the next run reuses it')),
      h('tr', null, h('th', { scope: 'row' }, 'Largest relative error'), h('td', { class: 'max-rel-error' }, num(rep.max_rel_error), ` over ${rep.rows_checked} sampled rows, against float64`))))));
  return [
    r.note ? h('p', { class: 'note fallback', role: 'note' }, r.note) : null,
    facts, h('div', { class: 'scale-figures' }, heatmap(rep.window, args), topWeights(rep.top_weight, args)),
  ].filter(Boolean);
}

/** The weights of the first rows and keys of head 0 as a grid of squares, darker = larger. */
function heatmap(window, args) {
  const n = window.size;
  const cellSize = 14;
  const max = Math.max(...window.weights.flat().map((p) => p.exact), 1e-300);
  const svg = s('svg', { viewBox: `0 0 ${n * cellSize} ${n * cellSize}`, width: n * cellSize, height: n * cellSize, role: 'img',
    'aria-label': `Weights of rows 0 to ${n - 1} over keys 0 to ${n - 1} (head 0); the darkest square is ${shownText(window.weights.flat().find((p) => p.exact === max) || '')}` });
  window.weights.forEach((row, i) => row.forEach((p, j) => {
    svg.append(s('rect', { x: j * cellSize, y: i * cellSize, width: cellSize - 1, height: cellSize - 1, class: 'heat',
      'fill-opacity': (0.05 + 0.95 * (p.exact / max)).toFixed(3) }, s('title', null, `row ${i}, key ${j}: ${shownText(p)}`)));
  }));
  return h('figure', { class: 'heatmap' }, svg,
    h('figcaption', null, `Weights, rows 0–${n - 1} × keys 0–${n - 1} of head 0 (of ${args.tokens} keys), shaded against the largest here.`));
}

/** Two histograms of each sampled row's largest weight: with the chosen divisor and with none. */
function topWeights(top, args) {
  const bins = top.scaled.bins.length;
  const most = Math.max(1, ...top.scaled.bins, ...top.unscaled.bins);
  const w = 16, hgt = 60;
  const chart = (hist, name) => {
    const svg = s('svg', { viewBox: `0 0 ${bins * w} ${hgt + 14}`, width: bins * w, height: hgt + 14, role: 'img',
      'aria-label': `${name}: rows per tenth of top weight, from 0–0.1 to 0.9–1: ${hist.bins.join(', ')}` });
    hist.bins.forEach((count, b) => {
      const bh = (count / most) * hgt;
      svg.append(s('rect', { x: b * w + 1, y: hgt - bh, width: w - 2, height: bh, class: 'bar' }, s('title', null, `${count} rows with top weight ${(b / bins).toFixed(1)}–${((b + 1) / bins).toFixed(1)}`)));
    });
    svg.append(s('text', { x: 0, y: hgt + 12, class: 'axis' }, '0'), s('text', { x: bins * w - 8, y: hgt + 12, class: 'axis' }, '1'));
    return h('div', { class: 'hist' }, h('div', null, name, ': mean ', num(hist.mean)), svg);
  };
  return h('figure', { class: 'top-weights' },
    chart(top.scaled, `Divided by ${divisorSymbol(args.divisor)}`),
    chart(top.unscaled, 'Not divided'),
    h('figcaption', null, 'Each sampled row’s largest weight. Without the divisor the softmax saturates: many rows put most of their weight on a single key.'));
}
