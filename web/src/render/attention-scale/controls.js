// The settings of an "attention at scale" cell: T and d from powers of two in the engine's
// range (limits.attention_scale), heads, causal, the divisor, the seed and the backend; restored
// from the permalink (each setting checked by the engine's `restore`), read back as the arguments
// of a run.

import { h } from '../../dom.js';
import { wholeIn, oneOf, changedFields, wholeText } from '../saved.js';
import { divisorChoice } from '../divisors.js';

export const BACKEND_LABEL = { auto: 'automatic', webgpu: 'WebGPU', wasm: 'WebAssembly SIMD' };
// The permalink's kinds for this cell's settings (web/src/permalink.js).
const KIND = { tokens: 'tok', head_width: 'dw', heads: 'heads', causal: 'causal', divisor: 'div', seed: 'seed', backend: 'be' };

/** Powers of two from lo to hi (both included when they are powers of two). */
function powers(lo, hi) {
  const out = [];
  for (let x = 1; x <= hi; x *= 2) if (x >= lo) out.push(x);
  return out;
}

function select(id, values, current, label = String) {
  return h('select', { id }, values.map((v) => h('option', { value: String(v), selected: String(v) === String(current) }, label(v))));
}

/** { el, controls, read(), getState() }: read() returns a run's arguments or throws naming the field. */
export function createScaleControls(id, cell, ctx) {
  const lim = ctx.limits.attention_scale;
  // The permalink's settings come checked by the engine (the `restore` command: the cell's ranges);
  // the backend is the page's own, checked here. A restored length or width that is no power of two
  // is offered beside the powers, as the cell's own is.
  const saved = ctx.initial || {};
  const choices = (r, ...own) => [...new Set([...powers(r.min, r.max), ...own.filter((x) => x !== undefined)])].sort((a, b) => a - b);
  const tokenChoices = choices(lim.cell.tokens, cell.tokens, saved.tok);
  const widthChoices = choices(lim.cell.head_width, cell.head_width, saved.dw);
  const pick = (key) => (key === 'backend' ? oneOf(saved.be, lim.backends) : saved[KIND[key]]) ?? cell[key];

  const controls = {
    tokens: select(`${id}-t`, tokenChoices, pick('tokens')),
    head_width: select(`${id}-d`, widthChoices, pick('head_width')),
    heads: h('input', { id: `${id}-h`, type: 'number', min: lim.cell.heads.min, max: lim.cell.heads.max, step: 1, value: pick('heads') }),
    causal: h('input', { id: `${id}-c`, type: 'checkbox', checked: Boolean(pick('causal')) }),
    divisor: select(`${id}-div`, ctx.limits.divisors, pick('divisor'), divisorChoice),
    seed: h('input', { id: `${id}-seed`, type: 'number', min: lim.seed.min, max: lim.seed.max, step: 1, value: pick('seed') }),
    backend: select(`${id}-b`, lim.backends, pick('backend'), (v) => BACKEND_LABEL[v] || v),
  };
  const label = (control, text) => h('label', { for: control.id }, text, control);
  const el = h('div', { class: 'controls' },
    label(controls.tokens, 'Tokens T'), label(controls.head_width, 'Head width d'), label(controls.heads, 'Heads'),
    label(controls.causal, 'Causal'), label(controls.divisor, 'Divide by'), label(controls.seed, 'Seed'),
    label(controls.backend, 'Backend'));
  for (const c of Object.values(controls)) c.addEventListener('change', () => ctx.onStateChange?.());

  const whole = (input, r) => {
    const x = wholeText(input.value);
    if (x === undefined || x < r.min || x > r.max) throw new Error(`${input.labels?.[0]?.firstChild?.textContent || input.id}: a whole number from ${r.min} to ${r.max}`);
    return x;
  };
  return {
    el,
    read: () => ({
      tokens: Number(controls.tokens.value),
      head_width: Number(controls.head_width.value),
      heads: whole(controls.heads, lim.cell.heads),
      causal: controls.causal.checked,
      divisor: controls.divisor.value,
      seed: whole(controls.seed, lim.seed),
      backend: controls.backend.value,
    }),
    /** Permalink state: the settings that differ from the cell's (a field the reader left unreadable is not kept). */
    getState() {
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
