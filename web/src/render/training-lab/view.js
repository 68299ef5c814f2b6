// The training lab's elements, laid out: the settings (made by settings.js), the buttons, the
// counter, status and memory note, the charts, the maps with their timeline and probe box, the
// summary. The lab (lab.js) fills them and listens to them.

import { h } from '../../dom.js';

/** Shows message in one of the lab's error lines (settingsError, probeError). */
export function showError(box, message) {
  box.hidden = false;
  box.textContent = message;
}

export function createLabView(id, settings, settingsEl) {
  const v = {
    startButton: h('button', { type: 'button', class: 'primary' }, 'Start'),
    stepButton: h('button', { type: 'button' }, 'Step'),
    resetButton: h('button', { type: 'button' }, 'Reset'),
    settingsError: h('p', { class: 'input-error', role: 'alert', hidden: true }),
    status: h('p', { class: 'lab-status', role: 'status' }),
    counter: h('p', { class: 'lab-counter', 'aria-hidden': 'true' }),
    memoryNote: h('p', { class: 'note lab-memory' }),
    charts: h('div', { class: 'charts lab-charts' }),
    summary: h('div', { class: 'lab-summary' }),
    timeline: h('input', { type: 'range', id: `${id}-timeline`, min: 0, max: 0, step: 1, value: 0 }),
    // A box that wraps: a probe of the longest context (32 tokens, about 90 characters) must show
    // whole at 320 px, where a one-line input would scroll its end out of sight.
    probeBox: h('textarea', { class: 'lab-probe', id: `${id}-probe`, rows: 2, spellcheck: 'false', autocomplete: 'off',
      'aria-describedby': `${id}-probe-error` }),
    probeButton: h('button', { type: 'button' }, 'Show this probe'),
    probeError: h('p', { class: 'input-error', id: `${id}-probe-error`, role: 'alert', hidden: true }),
    mapsBox: h('div', { class: 'lab-maps' }),
  };
  v.timelineLabel = h('output', { for: v.timeline.id, class: 'num' }, 'step 0');
  const buttons = h('div', { class: 'controls lab-buttons' }, v.startButton, v.stepButton, v.resetButton);
  const mapsPart = h('div', { class: 'lab-maps-part' },
    h('div', { class: 'controls' },
      h('label', { for: v.timeline.id }, 'Maps at ', v.timelineLabel), v.timeline),
    h('div', { class: 'controls' },
      h('label', { for: v.probeBox.id }, `Probe tokens (0 to ${settings.vocab - 1}, at most ${settings.context})`), v.probeBox, v.probeButton),
    v.probeError, v.mapsBox);
  v.el = h('div', { class: 'training-lab' }, settingsEl, v.settingsError, buttons, v.counter, v.status, v.memoryNote, v.charts, mapsPart, v.summary);
  return v;
}
