// A number box that refuses what it cannot take, in place: the message sits under the box,
// the box gets aria-invalid, and the state (and so every number on the page) stays the last
// accepted one, which the message names. When the box loses focus it shows that value again,
// so the box and the numbers never disagree for longer than the learner is typing.

import { h, uniqueId } from '../../dom.js';
import { parseEntry, entryText } from './parse.js';

/**
 * @param {{label: string, visibleLabel: string, value: number, maxAbs: number, onValue: (x: number) => void, what: string}} o
 */
export function numberBox({ label, visibleLabel, value, maxAbs, onValue, what }) {
  const id = uniqueId('entry');
  let good = value;
  const message = h('span', { class: 'entry-error', id: `${id}-msg`, role: 'status' }, '');
  const input = h('input', { type: 'number', step: '0.1', id, value: entryText(value), 'aria-describedby': `${id}-msg` });
  const refuse = (text) => {
    input.setAttribute('aria-invalid', 'true');
    message.textContent = `${text} The numbers shown are still for ${what} = ${entryText(good)}.`;
  };
  const accept = () => {
    input.removeAttribute('aria-invalid');
    message.textContent = '';
  };
  input.addEventListener('input', () => {
    // A type="number" box reports unreadable text ("abc", "1e") as badInput with an empty value.
    const r = input.validity.badInput ? { ok: false, message: 'That is not a number.' } : parseEntry(input.value, maxAbs);
    if (!r.ok) return refuse(r.message);
    accept();
    if (r.value !== good) {
      good = r.value;
      onValue(r.value);
    }
  });
  input.addEventListener('change', () => {
    // Leaving a refused box shows the value the numbers belong to again. The message stays as it
    // was (same text, so nothing below it moves under the pointer) until the next accepted entry.
    if (input.getAttribute('aria-invalid') === 'true') {
      input.value = entryText(good);
      input.removeAttribute('aria-invalid');
    }
  });
  const el = h('label', { for: id, class: 'entry' }, h('span', { class: 'visually-hidden' }, label), visibleLabel, input);
  return {
    el,
    message,
    input,
    /** The state changed elsewhere (drag, keys, reset): show it and drop any refusal. */
    set(x) {
      good = x;
      // The learner's own text stays while they type it ("2." is 2 already; "1e7" is refused).
      const focused = input.getRootNode().activeElement === input;
      if (focused && (input.getAttribute('aria-invalid') === 'true' || parseEntry(input.value, maxAbs).value === x)) return;
      if (input.value !== entryText(x)) input.value = entryText(x);
      accept();
    },
  };
}
