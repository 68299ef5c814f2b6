// One frame of the guided playback, drawn from the engine's answer r for the lesson's example ex
// and the frame's progress f (playback-timeline.js: how far match, share and mix have gone). The
// captions say the engine's numbers; nothing here keeps state or asks the engine.

import { h, s, inputVec } from '../dom.js';
import { arrow } from './plane.js';
import { projection } from './geometry.js';
import { sourceColour as colour } from './colours.js';

const lerp = (a, b, p) => [a[0] + (b[0] - a[0]) * p, a[1] + (b[1] - a[1]) * p];

/** The captions, in order: two for each phase. */
export function playbackCaptions(r, ex, labels) {
  const sc = r.scores.map((p) => p.shown).join(', ');
  const dots = r.dots.map((p) => p.shown).join(', ');
  const sh = r.shares.map((p, i) => `${labels[i]} ${p.shown}`).join(', ');
  return [
    `Match. The query q = ${inputVec(ex.query)} meets three keys: ${labels.map((l, i) => `${l} = ${inputVec(ex.keys[i])}`).join(', ')}.`,
    `Each dot product q·k measures how far q reaches along a key: ${dots}. Divided by √2 they become the scores ${sc}.`,
    `Share. Softmax subtracts the largest score (m = ${r.max.shown}), exponentiates, and divides by the total Z = ${r.denominator.shown}.`,
    `The shares are ${sh}. They are positive and add up to one, and the largest score gets the largest share.`,
    `Mix. Each value is multiplied by its share; these carries are laid tip to tail.`,
    `The carries end at the output o = [${r.output.map((p) => p.shown).join(', ')}], inside the triangle the values span.`,
  ];
}

/** Match, on the key plane p: the keys, q, and q's reach along each key growing. */
export function matchShapes(p, ex, labels, f) {
  const g = ex.keys.map((k, i) => arrow(p, [0, 0], k, colour(i), { label: labels[i] }));
  g.push(arrow(p, [0, 0], ex.query, 'query', { label: 'q', labelGap: 16 }));
  ex.keys.forEach((k, i) => {
    const foot = projection(ex.query, k);
    if (!foot || f.match === 0) return;
    const end = lerp(ex.query, foot, Math.min(1, f.match * 2));
    g.push(s('line', { class: `projection ${colour(i)}`, x1: p.toX(ex.query[0]), y1: p.toY(ex.query[1]), x2: p.toX(end[0]), y2: p.toY(end[1]) }));
    if (f.match >= 0.5) g.push(s('line', { class: `reach ${colour(i)}`, x1: p.toX(0), y1: p.toY(0), x2: p.toX(foot[0]), y2: p.toY(foot[1]) }));
  });
  return g;
}

/** Share: the bars grow to their shares; the rest of the strip is empty until they are full. */
export function shareBars(r, labels, f) {
  const grow = (el, x) => {
    el.style.flexGrow = String(x);
    el.style.flexBasis = '0';
    return el;
  };
  return [...r.shares.map((w, i) => grow(h('div', { class: colour(i) }, f.share > 0.5 && w.exact >= 0.08 ? labels[i] : ''), w.exact * f.share)),
    grow(h('div', { class: 'rest' }), 1 - f.share)];
}

/** Mix, on the value plane v: the values, then the carries drawn one after another, then the output. */
export function mixShapes(v, ex, r, labels, f) {
  const gv = ex.values.map((val, i) => arrow(v, [0, 0], val, `value ${colour(i)}`, { label: `v${labels[i]}` }));
  let at = [0, 0];
  const per = 1 / r.carries.length;
  r.carries.forEach((c, i) => {
    const part = Math.min(1, Math.max(0, (f.mix - i * per) / per));
    if (part <= 0) return;
    const next = [at[0] + c[0].exact * part, at[1] + c[1].exact * part];
    gv.push(arrow(v, at, next, `carry ${colour(i)}`));
    at = [at[0] + c[0].exact, at[1] + c[1].exact];
  });
  if (f.mix >= 1) {
    const o = r.output.map((x) => x.exact);
    gv.push(s('circle', { class: 'out-dot', cx: v.toX(o[0]), cy: v.toY(o[1]), r: 6 }),
      s('text', { class: 'output', x: v.toX(o[0]) + 12, y: v.toY(o[1]) + 16 }, 'o'));
  }
  return gv;
}
