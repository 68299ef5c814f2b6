// Guided playback: about 30 seconds, captioned and silent, of the lesson's source example: match,
// then share, then mix. Play / pause / seek by pointer and keyboard (a button and a slider).
// With reduced motion the captions step and each shows its finished picture. It draws its own
// small planes from the engine's answer for the example and never touches the learner's state.

import { h, inputVec } from '../dom.js';
import { createPlane } from './plane.js';
import { extentFor } from './geometry.js';
import { captionAt, frameAt, clockText } from './playback-timeline.js';
import { playbackCaptions, matchShapes, shareBars, mixShapes } from './playback-frame.js';

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

  function draw() {
    if (!r) return;
    const f = frameAt(t, duration, reduced());
    caption.textContent = playbackCaptions(r, ex, labels)[captionAt(t, duration)];
    clock.textContent = clockText(t, duration);
    seek.value = String(t);
    seek.setAttribute('aria-valuetext', `${clockText(t, duration)}: ${caption.textContent}`);
    keyPlane.layer.replaceChildren(...matchShapes(keyPlane, ex, labels, f));
    bars.replaceChildren(...shareBars(r, labels, f));
    valuePlane.layer.replaceChildren(...mixShapes(valuePlane, ex, r, labels, f));
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

  let failed = false;
  async function activate() {
    failed = false;
    try {
      r = await ctx.call('explore', { query: ex.query, keys: ex.keys, values: ex.values });
      play.disabled = false;
      seek.disabled = false;
      if (t >= duration) play.textContent = 'Play again';
      draw();
    } catch (err) {
      failed = true;
      caption.textContent = `The engine could not compute the example: ${err.message}`;
    }
  }
  return {
    el,
    activate,
    dispose() {
      pause({ quiet: true });
    },
    /** Put back on the page: a call the engine refused is tried again. */
    resume() { if (failed) activate(); },
    /** Permalink state: the position, when the run is not at its start (tenths of a second). */
    getState: () => (t > 0 ? { t: Math.round(t * 10) / 10 } : {}),
  };
}
