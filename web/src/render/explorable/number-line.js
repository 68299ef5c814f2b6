// The scaled scores on a number line (from -4.5 to 4.5, growing when a score is further out), so
// that "only differences matter" can be seen: moving every score by the same amount keeps the
// gaps, and the shares. A masked source is drawn hollow.

import { h, s } from '../../dom.js';
import { lineRange } from './scale.js';

const W = 600;
const H = 64;
const PAD = 18;

export function createNumberLine({ labels, colour }) {
  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': 'Scaled scores on a number line', class: 'number-line' });
  const figure = h('figure', { class: 'line-figure' }, svg,
    h('figcaption', null, 'Scaled scores s on a number line. Softmax only sees the gaps between them.'));

  function draw(st, result) {
    if (!result) {
      svg.replaceChildren();
      svg.setAttribute('aria-label', 'Scaled scores: not computed');
      return;
    }
    const scores = result.scores.map((p) => p.exact);
    const r = lineRange(scores);
    const x = (v) => PAD + ((v + r) / (2 * r)) * (W - 2 * PAD);
    const g = [s('line', { class: 'axis', x1: x(-r), x2: x(r), y1: 40, y2: 40 })];
    const step = r > 12 ? Math.ceil(r / 6) : 1;
    for (let v = -Math.floor(r / step) * step; v <= r; v += step) {
      g.push(s('line', { class: 'tick-mark', x1: x(v), x2: x(v), y1: 36, y2: 44 }),
        s('text', { class: 'tick', x: x(v), y: 58, 'text-anchor': 'middle' }, String(v)));
    }
    // Ties and near ties stack their labels instead of printing on top of each other.
    const placed = [];
    result.scores.forEach((p, i) => {
      const cx = x(p.exact);
      const row = placed.filter((px) => Math.abs(px - cx) < 16).length;
      placed.push(cx);
      g.push(s('g', { class: `${colour(i)}${st.mask[i] ? '' : ' masked'}` },
        s('circle', { class: 'score-dot', cx, cy: 40, r: 5.5 }),
        s('text', { x: cx, y: 26 - row * 13, 'text-anchor': 'middle' }, labels[i])));
    });
    svg.replaceChildren(...g);
    svg.setAttribute('aria-label', `Scaled scores on a number line from ${-r} to ${r}: ${labels.map((l, i) => `${l} ${result.scores[i].shown}${st.mask[i] ? '' : ' (masked)'}`).join(', ')}`);
  }
  return { figure, draw };
}
