// "Attention at scale": one large self-attention on WebGPU (the tiled WGSL kernel) or on the
// engine's WebAssembly SIMD kernel, checked against float64 on sampled rows by the engine.
// The reader picks T, d, heads, causal, the divisor, the seed and the backend, then runs it;
// a run shows progress and can be cancelled. The whole run happens in the engine worker
// ('scale_run', web/src/scale-job.js) on its own lane, so cancelling stops that worker.
//
// The root element carries data-backend="webgpu|wasm" and data-max-rel-error="<number>" once a
// run has finished (and neither while one runs), for tests and for pages that embed the cell.

import { h, s, num, shownText, uniqueId, keyboardScrollable } from '../dom.js';
import { createProgress } from '../progress.js';
import { wholeIn, oneOf, changedFields, wholeText } from './saved.js';
import { staleMarker } from './stale.js';

const DIVISOR_LABEL = { sqrt: '√d', d: 'd', 1: '1 (none)' };
const BACKEND_LABEL = { auto: 'automatic', webgpu: 'WebGPU', wasm: 'WebAssembly SIMD' };

/** Powers of two from lo to hi (both included when they are powers of two). */
function powers(lo, hi) {
  const out = [];
  for (let x = 1; x <= hi; x *= 2) if (x >= lo) out.push(x);
  return out;
}

function select(id, values, current, label = String) {
  return h('select', { id }, values.map((v) => h('option', { value: String(v), selected: String(v) === String(current) }, label(v))));
}

export function renderAttentionScale(cell, ctx) {
  const id = uniqueId('scale');
  const lim = ctx.limits.attention_scale;
  const tokenChoices = [...new Set([...powers(lim.cell.tokens.min, lim.cell.tokens.max), cell.tokens])].sort((a, b) => a - b);
  const widthChoices = [...new Set([...powers(lim.cell.head_width.min, lim.cell.head_width.max), cell.head_width])].sort((a, b) => a - b);
  // The permalink's kinds for this cell's settings (web/src/permalink.js), and each one's check.
  const KIND = { tokens: 'tok', head_width: 'dw', heads: 'heads', causal: 'causal', divisor: 'div', seed: 'seed', backend: 'be' };
  const saved = ctx.initial || {};
  const restored = {
    tokens: oneOf(saved.tok, tokenChoices),
    head_width: oneOf(saved.dw, widthChoices),
    heads: wholeIn(saved.heads, lim.cell.heads),
    causal: oneOf(saved.causal, [true, false]),
    divisor: oneOf(saved.div, ctx.limits.divisors),
    seed: wholeIn(saved.seed, lim.seed),
    backend: oneOf(saved.be, lim.backends),
  };
  const pick = (key) => restored[key] ?? cell[key];

  const controls = {
    tokens: select(`${id}-t`, tokenChoices, pick('tokens')),
    head_width: select(`${id}-d`, widthChoices, pick('head_width')),
    heads: h('input', { id: `${id}-h`, type: 'number', min: lim.cell.heads.min, max: lim.cell.heads.max, step: 1, value: pick('heads') }),
    causal: h('input', { id: `${id}-c`, type: 'checkbox', checked: Boolean(pick('causal')) }),
    divisor: select(`${id}-div`, ctx.limits.divisors, pick('divisor'), (v) => DIVISOR_LABEL[v] || v),
    seed: h('input', { id: `${id}-seed`, type: 'number', min: lim.seed.min, max: lim.seed.max, step: 1, value: pick('seed') }),
    backend: select(`${id}-b`, lim.backends, pick('backend'), (v) => BACKEND_LABEL[v] || v),
  };
  const label = (control, text) => h('label', { for: control.id }, text, control);
  const runButton = h('button', { type: 'button', class: 'run' }, 'Run');
  const cancelButton = h('button', { type: 'button', class: 'cancel', hidden: true }, 'Cancel'); // shown while a run is in flight
  const progress = createProgress('Running attention…', { delay: 0 });
  const status = h('p', { class: 'note status', role: 'status', 'aria-live': 'polite' }, 'Choose a size and press Run.');
  const out = h('div', { class: 'scale-results' });
  const stale = staleMarker(out);
  let shownFor = ''; // the settings of the results on screen
  const el = h('div', { class: 'attention-scale' },
    h('div', { class: 'controls' },
      label(controls.tokens, 'Tokens T'), label(controls.head_width, 'Head width d'), label(controls.heads, 'Heads'),
      label(controls.causal, 'Causal'), label(controls.divisor, 'Divide by'), label(controls.seed, 'Seed'),
      label(controls.backend, 'Backend')),
    h('div', { class: 'controls' }, runButton, cancelButton, progress.el),
    status, stale.note, out);

  for (const c of Object.values(controls)) c.addEventListener('change', () => ctx.onStateChange?.());

  function readArgs() {
    const whole = (input, r) => {
      const x = wholeText(input.value);
      if (x === undefined || x < r.min || x > r.max) throw new Error(`${input.labels?.[0]?.firstChild?.textContent || input.id}: a whole number from ${r.min} to ${r.max}`);
      return x;
    };
    return {
      tokens: Number(controls.tokens.value),
      head_width: Number(controls.head_width.value),
      heads: whole(controls.heads, lim.cell.heads),
      causal: controls.causal.checked,
      divisor: controls.divisor.value,
      seed: whole(controls.seed, lim.seed),
      backend: controls.backend.value,
    };
  }

  let run = null; // AbortController of the run in flight
  function setRunning(on) {
    // Keyboard focus follows the button that can act: Run is disabled during a run, Cancel hidden after.
    const hadFocus = el.getRootNode().activeElement;
    runButton.disabled = on;
    cancelButton.hidden = !on;
    if (on && hadFocus === runButton) cancelButton.focus();
    if (!on && hadFocus === cancelButton) runButton.focus();
    if (on) {
      el.removeAttribute('data-backend');
      el.removeAttribute('data-max-rel-error');
      out.setAttribute('aria-busy', 'true');
      progress.begin();
    } else {
      out.removeAttribute('aria-busy');
      progress.end();
    }
  }

  function start() {
    let args;
    try {
      args = readArgs();
    } catch (err) {
      status.textContent = `Not run: ${err.message}`;
      stale.mark(shownFor);
      return;
    }
    stale.clear();
    run?.abort();
    const mine = new AbortController();
    run = mine;
    setRunning(true);
    status.textContent = `Running T = ${args.tokens}, d = ${args.head_width}, ${args.heads} head${args.heads > 1 ? 's' : ''} (${BACKEND_LABEL[args.backend]})…`;
    ctx.call('scale_run', args, {
      lane: 'scale',
      signal: mine.signal,
      onProgress: (f) => { if (run === mine) progress.update(f); },
    }).then((r) => {
      if (run !== mine) return;
      run = null;
      setRunning(false);
      show(r, args);
    }, (err) => {
      if (run !== mine) return;
      run = null;
      setRunning(false);
      status.textContent = '';
      out.replaceChildren(h('p', { class: 'cell-error', role: 'alert' }, `The run failed: ${err.message}`));
    });
  }

  function cancel() {
    if (!run) return;
    run.abort();
    run = null;
    setRunning(false);
    status.textContent = 'Cancelled.';
  }

  runButton.addEventListener('click', start);
  cancelButton.addEventListener('click', cancel);

  function show(r, args) {
    shownFor = `T = ${args.tokens}, d = ${args.head_width}, ${args.heads} head${args.heads > 1 ? 's' : ''}, seed ${args.seed}`;
    const rep = r.report;
    el.dataset.backend = r.backend;
    el.dataset.maxRelError = String(rep.max_rel_error.exact);
    const where = r.backend === 'webgpu' ? `WebGPU on ${r.adapter}` : 'WebAssembly SIMD';
    status.textContent = `Finished on ${where}.`;
    const facts = keyboardScrollable(h('div', { class: 'table-wrap' }, h('table', null,
      h('caption', null, `T = ${args.tokens}, d = ${args.head_width}, ${args.heads} head${args.heads > 1 ? 's' : ''}${args.causal ? ', causal' : ''}`),
      h('tbody', null,
        h('tr', null, h('th', { scope: 'row' }, 'Backend'), h('td', { class: 'backend' }, where, h('br'), h('span', { class: 'muted' }, r.kernel))),
        h('tr', null, h('th', { scope: 'row' }, 'Time'), h('td', null, num(rep.ms), ' ms')),
        h('tr', null, h('th', { scope: 'row' }, 'Speed'), h('td', null, num(rep.gflops), ' GFLOP/s (', num(rep.gflop), ' GFLOP)')),
        h('tr', null, h('th', { scope: 'row' }, 'Memory'), h('td', null, num(rep.memory.used_mib), ' MiB used; the T × T weights alone would need ', num(rep.memory.matrix_mib), ' MiB')),
        h('tr', null, h('th', { scope: 'row' }, 'Engine memory'), h('td', { class: 'wasm-memory' }, num(rep.wasm_memory.mib),
          ' MiB of WebAssembly memory held by the engine now; it cannot shrink, and the next run reuses it')),
        h('tr', null, h('th', { scope: 'row' }, 'Largest relative error'), h('td', { class: 'max-rel-error' }, num(rep.max_rel_error), ` over ${rep.rows_checked} sampled rows, against float64`))))));
    const parts = [];
    if (r.note) parts.push(h('p', { class: 'note fallback', role: 'note' }, r.note));
    parts.push(facts, h('div', { class: 'scale-figures' }, heatmap(rep.window, args), topWeights(rep.top_weight, args)));
    out.replaceChildren(...parts);
  }

  return {
    el,
    activate() {},
    dispose() { if (run) cancel(); },
    /** Permalink state: the settings that differ from the cell's (a field the reader left unreadable is not kept). */
    getState: () => {
      const now = {};
      for (const [key, kind] of Object.entries(KIND)) {
        const c = controls[key];
        const value = c.type === 'checkbox' ? c.checked : c.tagName === 'SELECT' ? c.value : wholeText(c.value);
        now[kind] = key === 'tokens' || key === 'head_width' ? Number(value) : value;
      }
      if (wholeIn(now.heads, lim.cell.heads) === undefined) delete now.heads;
      if (wholeIn(now.seed, lim.seed) === undefined) delete now.seed;
      return changedFields(now, Object.fromEntries(Object.entries(KIND).map(([key, kind]) => [kind, cell[key]])));
    },
  };
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
    chart(top.scaled, `Divided by ${DIVISOR_LABEL[args.divisor] || args.divisor}`),
    chart(top.unscaled, 'Not divided'),
    h('figcaption', null, 'Each sampled row’s largest weight. Without the divisor the softmax saturates: many rows put most of their weight on a single key.'));
}
