// The training lab's settings: the controls (task, layers, heads, width, MLP, divisor, learning
// rate, seed), read back as the run's settings; and the permalink's form of them, restored field
// by field where the engine accepts each (the `restore` command).

import { h } from '../../dom.js';
import { wholeText, changedFields } from '../saved.js';
import { divisorChoice } from '../divisors.js';

const TASKS = {
  previous: 'copy the previous token',
  largest: 'the largest token so far',
  induction: 'induction: a sequence repeated',
};
const RATES = [0.001, 0.003, 0.01, 0.03, 0.1];
export const FIELDS = ['task', 'layers', 'heads', 'width', 'mlp', 'divisor', 'learning_rate', 'seed', 'probe'];

/**
 * { el, error, read(), onChange(fn) }: read() returns { next } (the settings with the controls'
 * values) or { error } for a seed that is no whole number in range or a width that does not
 * split into the heads.
 */
export function createLabSettings(id, settings, ctx, { divisorMode }) {
  const lim = ctx.limits.train;
  const select = (name, label, options, value) => {
    const el = h('select', { id: `${id}-${name}` }, options.map(([v, text]) => h('option', { value: String(v), selected: String(v) === String(value) }, text)));
    return { el, label: h('label', { for: el.id }, label, ' ', el) };
  };
  const numbers = (list) => list.map((n) => [n, String(n)]);
  const task = select('task', 'Task', lim.tasks.map((t) => [t, TASKS[t] || t]), settings.task);
  const layers = select('layers', 'Layers', numbers([1, 2].filter((n) => n <= lim.layers.max)), settings.layers);
  const heads = select('heads', 'Heads', numbers([1, 2, 4].filter((n) => n <= lim.heads.max)), settings.heads);
  const widths = [...new Set([8, 16, 32, 64, settings.width])].filter((w) => w >= lim.width.min && w <= lim.width.max).sort((a, b) => a - b);
  const width = select('width', 'Width d', numbers(widths), settings.width);
  const rate = select('rate', 'Learning rate', numbers([...new Set([...RATES, settings.learning_rate])].sort((a, b) => a - b)), settings.learning_rate);
  const divisor = select('divisor', 'Divide scores by', ctx.limits.divisors.map((d) => [d, divisorChoice(d)]), settings.divisor);
  const mlp = h('input', { type: 'checkbox', id: `${id}-mlp`, checked: settings.mlp });
  const seed = h('input', { type: 'text', inputmode: 'numeric', id: `${id}-seed`, value: String(settings.seed), size: 6 });
  const el = h('div', { class: 'controls', role: 'group', 'aria-label': 'Settings of the training run' },
    task.label, layers.label, heads.label, width.label, h('label', { for: mlp.id }, mlp, ' MLP'),
    divisorMode ? null : divisor.label, rate.label, h('label', { for: seed.id }, 'Seed ', seed));

  function read() {
    seed.removeAttribute('aria-invalid');
    const s = wholeText(seed.value);
    if (s === undefined || s > lim.seed.max) {
      seed.setAttribute('aria-invalid', 'true');
      return { error: `seed: “${seed.value}” is not a whole number from 0 to ${lim.seed.max}` };
    }
    const next = {
      ...settings, task: task.el.value, layers: Number(layers.el.value), heads: Number(heads.el.value), width: Number(width.el.value),
      mlp: mlp.checked, divisor: divisor.el.value, learning_rate: Number(rate.el.value), seed: s,
    };
    if (next.width % next.heads !== 0) return { error: `width ${next.width} does not split into ${next.heads} heads of equal width (choose a multiple of the heads).` };
    return { next };
  }
  return {
    el,
    read,
    /** fn runs when the reader changes a setting (Enter in the seed box too). */
    onChange(fn) {
      for (const c of [task.el, layers.el, heads.el, width.el, rate.el, divisor.el, mlp, seed]) c.addEventListener('change', fn);
      seed.addEventListener('keydown', (e) => { if (e.key === 'Enter') fn(); });
    },
  };
}

/** The engine's config of one run: the settings, with this divisor and the probe (null: the engine's). */
export const runConfig = (settings, divisor, probe) => ({
  task: settings.task, layers: settings.layers, heads: settings.heads, width: settings.width, context: settings.context,
  vocab: settings.vocab, mlp: settings.mlp, divisor, learning_rate: settings.learning_rate, batch: settings.batch,
  steps: settings.steps, seed: settings.seed, ...(probe ? { probe } : {}),
});

const pick = (o) => Object.fromEntries(FIELDS.map((k) => [k, o[k]]));
// The permalink's kinds (web/src/permalink.js) for the cell's fields, and back.
const KIND = { divisor: 'div', learning_rate: 'lr' };
const linkKinds = (fields) => Object.fromEntries(Object.entries(fields).map(([k, v]) => [KIND[k] || k, v]));
const fieldsOf = (saved) => Object.fromEntries(Object.entries(saved).map(([k, v]) => [Object.keys(KIND).find((f) => KIND[f] === k) || k, v]));

/** The permalink state for settings (and the probe typed) where they differ from the cell's. */
export const savedState = (settings, probe, cell) =>
  linkKinds(changedFields({ ...pick(settings), probe: probe ?? undefined }, pick(cell)));

/**
 * The lab's settings: the cell's, with the permalink's (ctx.initial), each checked by the engine
 * (the `restore` command: the lab's ranges, heads that divide the width, a probe within the
 * context and the vocabulary).
 */
export function restoredSettings(cell, ctx) {
  return { ...cell, ...fieldsOf(ctx.initial || {}) };
}
