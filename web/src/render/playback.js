// Guided playback: about 30 seconds, captioned and silent, of the lesson's source example: match,
// then share, then mix. Play / pause / seek by pointer and keyboard (a button and a slider).
// With reduced motion the captions step and each shows its finished picture. It draws its own
// small planes from the engine's answer for the example and never touches the learner's state.

import { h, s, inputVec } from '../dom.js';
import { createPlane, arrow } from './plane.js';
import { projection, extentFor } from './geometry.js';
import { captionAt, frameAt, clockText } from './playback-timeline.js';

const colour = (i) => `src-${i % 8}`;
const lerp = (a, b, p) => [a[0] + (b[0] - a[0]) * p, a[1] + (b[1] - a[1]) * p];

export function renderPlayback(cell, ctx) {
  const ex = ctx.limits.explorable.defaults; // the lesson's example, as the engine defines it
  const labels = ex.keys.map((_, i) => String.fromCharCode(65 + i));
  const duration = cell.duration;
  const keyPlane = createPlane({ label: 'Playback: key space', extent: extentFor([ex.query, ...ex.keys], 3) });
  const valuePlane = createPlane({ label: 'Playback: value space', extent: extentFor(ex.values, 2) });
  const bars = h('div', { class: 'share-strip playback-strip', 'aria-hidden': 'true' });
  const caption = h('p', { class: 'playback-caption', 'aria-live': 'polite' }, 'Loading the example…');
  const play = h('button', { type: 'button', class: 'primary', disabled: true }, 'Play');
  const seek = h('input', { type: 'range', min: '0', max: String(duration), step: '0.1', value: '0', 'aria-label': 'Playback position', disabled: true });
  const clock = h('span', { class: 'playback-clock' }, clockText(0, duration));
  const el = h('div', { class: 'playback' },
    h('p', { class: 'note' }, `A ${duration}-second guided run through the starting example (q = ${inputVec(ex.query)}). It is silent, captioned, and does not change your own experiment above.`),
    h('div', { class: 'planes' }, h('figure', { class: 'plane' }, keyPlane.svg), h('figure', { class: 'plane' }, valuePlane.svg)),
    bars, caption, h('div', { class: 'row playback-controls' }, play, seek, clock));

  let r = null;
  // The position, in seconds: the permalink's t when it is inside the run (tenths), else 0.
  const savedT = ctx.initial?.t;
  let t = Number.isFinite(savedT) && savedT >= 0 && savedT <= duration ? Math.round(savedT * 10) / 10 : 0;
  let playing = false;
  let raf = 0;
  let last = 0;
  const reduced = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

  function captions() {
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

  function draw() {
    if (!r) return;
    const f = frameAt(t, duration, reduced());
    const texts = captions();
    caption.textContent = texts[captionAt(t, duration)];
    clock.textContent = clockText(t, duration);
    seek.value = String(t);
    seek.setAttribute('aria-valuetext', `${clockText(t, duration)}: ${caption.textContent}`);
    // match: keys, q, and q's reach along each key growing
    const p = keyPlane;
    const g = ex.keys.map((k, i) => arrow(p, [0, 0], k, colour(i), { label: labels[i] }));
    g.push(arrow(p, [0, 0], ex.query, 'query', { label: 'q', labelGap: 16 }));
    ex.keys.forEach((k, i) => {
      const foot = projection(ex.query, k);
      if (!foot || f.match === 0) return;
      const end = lerp(ex.query, foot, Math.min(1, f.match * 2));
      g.push(s('line', { class: `projection ${colour(i)}`, x1: p.toX(ex.query[0]), y1: p.toY(ex.query[1]), x2: p.toX(end[0]), y2: p.toY(end[1]) }));
      if (f.match >= 0.5) g.push(s('line', { class: `reach ${colour(i)}`, x1: p.toX(0), y1: p.toY(0), x2: p.toX(foot[0]), y2: p.toY(foot[1]) }));
    });
    p.layer.replaceChildren(...g);
    // share: bars grow to their shares
    bars.replaceChildren(...r.shares.map((w, i) => {
      const seg = h('div', { class: colour(i) }, f.share > 0.5 && w.exact >= 0.08 ? labels[i] : '');
      seg.style.flexGrow = String(w.exact * f.share);
      seg.style.flexBasis = '0';
      return seg;
    }), (() => { const rest = h('div', { class: 'rest' }); rest.style.flexGrow = String(1 - f.share); rest.style.flexBasis = '0'; return rest; })());
    // mix: values, then the carries drawn one after another
    const v = valuePlane;
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
    v.layer.replaceChildren(...gv);
  }

  function tick(now) {
    if (!playing) return;
    const dt = last ? (now - last) / 1000 : 0;
    last = now;
    t = Math.min(duration, t + dt);
    draw();
    if (t >= duration) return pause();
    raf = requestAnimationFrame(tick);
  }
  function start() {
    if (t >= duration) t = 0;
    playing = true;
    last = 0;
    play.textContent = 'Pause';
    raf = requestAnimationFrame(tick);
  }
  function pause({ quiet = false } = {}) {
    playing = false;
    cancelAnimationFrame(raf);
    play.textContent = t >= duration ? 'Play again' : 'Play';
    if (!quiet) ctx.onStateChange?.();
  }
  play.addEventListener('click', () => (playing ? pause() : start()));
  seek.addEventListener('input', () => {
    t = Number(seek.value);
    draw();
    ctx.onStateChange?.();
  });
  el.addEventListener('keydown', (e) => {
    if (e.target === seek) return; // the slider has its own arrow keys
    if (e.key === ' ' && e.target !== play) { e.preventDefault(); play.click(); }
  });

  let started = false;
  return {
    el,
    async activate() {
      if (started) return;
      started = true;
      try {
        r = await ctx.call('explore', { query: ex.query, keys: ex.keys, values: ex.values });
        play.disabled = false;
        seek.disabled = false;
        if (t >= duration) play.textContent = 'Play again';
        draw();
      } catch (err) {
        started = false;
        caption.textContent = `The engine could not compute the example: ${err.message}`;
      }
    },
    dispose() {
      pause({ quiet: true });
    },
    /** Permalink state: the position, when the run is not at its start (tenths of a second). */
    getState: () => (t > 0 ? { t: Math.round(t * 10) / 10 } : {}),
  };
}
