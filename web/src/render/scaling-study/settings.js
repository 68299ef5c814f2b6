// The scaling study's settings form: seed, widths, pairs, trials and keys as typed text. read()
// accepts whole numbers only ("20000", "4, 16") and refuses anything else before the engine; the
// engine then checks the ranges, and fieldNamed() finds the field its message names.

import { h } from '../../dom.js';

const FIELDS = [['seed', 'seed', 5], ['widths', 'widths d', 14], ['pairs', 'pairs', 7], ['trials', 'trials', 7], ['keys', 'keys', 3]];

export function createStudySettings(id, params) {
  const fields = FIELDS.map(([name, label, size]) => {
    const input = h('input', { type: 'text', inputmode: name === 'widths' ? 'text' : 'numeric', id: `${id}-${name}`,
      value: name === 'widths' ? params.widths.join(', ') : String(params[name]), size, 'aria-describedby': `${id}-settings-error` });
    return { name, input, label: h('label', { for: input.id }, label, input) };
  });
  const error = h('p', { class: 'input-error', id: `${id}-settings-error`, role: 'alert', hidden: true });
  const apply = h('button', { type: 'button' }, 'Run with these settings');
  const group = h('div', { class: 'controls', role: 'group', 'aria-label': 'Settings of the study' }, fields.map((f) => f.label), apply);

  return {
    group, error, apply, fields,
    /** { next } with the settings typed, or { error, field } naming the first that is not whole numbers. */
    read() {
      for (const f of fields) f.input.removeAttribute('aria-invalid');
      const next = {};
      for (const f of fields) {
        const text = f.input.value.trim();
        const parts = f.name === 'widths' ? text.split(',').map((x) => x.trim()) : [text];
        const values = parts.map((x) => (/^\d+$/.test(x) ? Number(x) : NaN));
        if (values.some((x) => !Number.isSafeInteger(x))) return { error: `${f.name}: “${text}” is not ${f.name === 'widths' ? 'a list of whole numbers' : 'a whole number'}`, field: f };
        next[f.name] = f.name === 'widths' ? values : values[0];
      }
      return { next };
    },
    /** The field an engine message names ("$.pairs", "pairs: ..."), if any. */
    fieldNamed: (message) => fields.find((f) => message.includes(`$.${f.name}`) || message.startsWith(`${f.name}:`) || message.includes(` ${f.name} `)),
    refuse(message, field) {
      error.hidden = false;
      error.textContent = `Not run: ${message}`;
      if (field) field.input.setAttribute('aria-invalid', 'true');
    },
    accept() {
      error.hidden = true;
    },
  };
}
