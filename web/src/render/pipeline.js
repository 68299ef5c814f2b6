// The beginner's pipeline: raw scores -> divided by the volume knob -> shares -> the blend,
// drawn as rows that the numbers flow through. The knob is a range input over the engine's
// stops (a log scale from winner-takes-all to an even mush) with the sqrt(d) setting marked;
// every number comes from the engine's `pipeline` command.

import { h, num, shownText, uniqueId, vec } from '../dom.js';
import { latestOnly } from '../engine-client.js';
import { sourceColour as colour } from './colours.js';

// Styles through the CSSOM: the page's CSP (style-src 'self') refuses style attributes.
function styled(el, props) {
  for (const [k, v] of Object.entries(props)) el.style.setProperty(k, v);
  return el;
}


export function renderPipeline(cell, ctx) {
  const id = uniqueId('pipeline');
  const n = cell.scores.length;
  const labels = cell.labels || cell.scores.map((_, i) => `word ${i + 1}`);
  // an index into the engine's stops; null: the sqrt(d) stop. A saved index (the permalink's
  // knob) is tried once; if the engine refuses it (not one of its stops), the knob starts at sqrt(d).
  let knob = Number.isInteger(ctx.initial?.knob) && ctx.initial.knob >= 0 ? ctx.initial.knob : null;
  let trying = knob !== null;
  let meta = null; // {stops, sqrt_index}

  const slider = h('input', { type: 'range', id: `${id}-knob`, min: 0, max: 1, step: 1, value: 0, disabled: true,
    'aria-describedby': `${id}-knob-help` });
  const readout = h('output', { for: slider.id, class: 'num' }, '…');
  const scale = h('div', { class: 'knob-scale', 'aria-hidden': 'true' });
  const reset = h('button', { type: 'button' }, `Back to √${cell.width}`);
  const knobBox = h('div', { class: 'knob' },
    h('div', { class: 'knob-row' },
      h('label', { for: slider.id }, h('strong', null, 'Volume knob'), ': divide every score by'), readout, reset),
    slider, scale,
    h('div', { class: 'knob-ends', id: `${id}-knob-help` },
      h('span', null, '◀ louder: the top score wins outright'), h('span', null, 'quieter: every share alike ▶')));
  const flow = h('div', { class: 'flow', 'aria-live': 'polite' }, h('p', { class: 'loading' }, 'Computing…'));
  const el = h('div', { class: 'pipeline' }, knobBox, flow);

  const run = latestOnly((args) => ctx.call('pipeline', args));
  async function compute() {
    const args = { scores: cell.scores, width: cell.width, values: cell.values };
    if (knob !== null) args.knob = knob;
    try {
      const r = await run(args);
      if (!r) return;
      trying = false;
      show(r);
    } catch (err) {
      if (trying) {
        trying = false;
        knob = null;
        return compute();
      }
      flow.replaceChildren(h('p', { class: 'cell-error', role: 'alert' }, `The engine could not compute the pipeline: ${err.message}`));
    }
  }

  function row(what, items, { bars } = {}) {
    return h('div', { class: 'flow-row' }, h('div', { class: 'what' }, what),
      styled(h('div', { class: 'flow-cells' }, items.map((it, i) => (bars
        ? h('div', { class: `bar ${colour(i)}` }, styled(h('i'), { width: `${(Math.max(0, Math.min(1, it.exact)) * 100).toFixed(1)}%` }), h('span', null, num(it)))
        : h('div', null, it.nodeType ? it : num(it))))), { '--n': String(n) }));
  }

  function show(r) {
    meta = r.knob;
    slider.max = String(meta.stops - 1);
    slider.value = String(meta.index);
    slider.disabled = false;
    slider.setAttribute('aria-valuetext', `divide by ${shownText(r.divisor)}${meta.index === meta.sqrt_index ? `, the standard √${cell.width}` : ''}`);
    readout.replaceChildren(num(r.divisor), meta.index === meta.sqrt_index ? ` (= √${cell.width}, the standard)` : '');
    scale.replaceChildren(styled(h('span', null, `▲ √${cell.width}`), { left: `${(meta.sqrt_index / (meta.stops - 1)) * 100}%` }));
    const arrow = (t) => h('div', { class: 'flow-arrow', 'aria-hidden': 'true' }, `▼ ${t}`);
    flow.replaceChildren(
      h('div', { class: 'flow-row' }, h('div', { class: 'what' }, 'words'),
        styled(h('div', { class: 'flow-cells' }, labels.map((l, i) => h('div', { class: `word ${colour(i)}` }, h('span', { class: 'swatch', 'aria-hidden': 'true' }), l))), { '--n': String(n) })),
      row('raw scores', cell.scores.map((x) => h('span', { class: 'num' }, String(x)))),
      arrow(`divide by ${shownText(r.divisor)}`),
      row('divided', r.divided),
      arrow('softmax'),
      row('shares', r.shares, { bars: true }),
      h('p', { class: 'note' }, 'The shares add up to ', num(r.sum), '.'),
      arrow('blend the values in those shares'),
      h('p', null, 'Blend: ', vec(r.blend), h('span', { class: 'muted' }, `  (the values were ${cell.values.map((v) => `[${v.join(', ')}]`).join(', ')})`)));
  }

  slider.addEventListener('input', () => {
    knob = Number(slider.value);
    ctx.onStateChange?.();
    compute();
  });
  reset.addEventListener('click', () => {
    knob = null;
    ctx.onStateChange?.();
    compute();
  });

  return {
    el,
    activate() {
      compute();
    },
    /** Permalink state: the knob's stop, unless it is at sqrt(d). */
    getState: () => (knob === null || knob === meta?.sqrt_index ? {} : { knob }),
  };
}
