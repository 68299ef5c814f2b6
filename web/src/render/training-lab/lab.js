// The training lab: a tiny transformer (lessons/train.hpp) trained in the engine worker while the
// page draws it. Controls for the task, the model's size, the divisor, the learning rate and the
// seed; Start / Pause / Step / Reset; the loss curves (each step's batch, and the held-out set)
// drawn as it trains; every head's attention on a probe sequence, updated as it learns, with a
// timeline back to earlier steps and a probe the learner types. In the "divisors" mode the same
// model and seed train three times, with √d, d and 1, side by side: the divisor experiment
// (held-out loss, the largest attention weight per row, and the gradient reaching the query and
// key weights). Every number drawn is the engine's; the page only places them.
//
// The parts: settings.js (the controls and the permalink), view.js (the elements), loop.js
// (training in slices), probe.js (the maps' timeline and probe), charts.js (the numbers drawn).
// Changing a setting starts a fresh run (the old one's session is freed in the worker).

import { h, uniqueId } from '../../dom.js';
import { createAttentionMaps } from './attention-maps.js';
import { createRun } from './run.js';
import { labStyles } from './lab-styles.js';
import { adoptStyles } from '../../stylesheet.js';
import { divisorSymbol } from '../divisors.js';
import { createLabSettings, restoredSettings, savedState, runConfig } from './settings.js';
import { labCharts, labSummary, memoryText, statusText } from './charts.js';
import { createLabView, showError } from './view.js';
import { createLoop } from './loop.js';
import { createProbe } from './probe.js';

export function renderTrainingLab(cell, ctx) {
  const id = uniqueId('train');
  const divisorMode = cell.mode === 'divisors';
  const settings = restoredSettings(cell, ctx);
  // The lab's state, shared with loop.js and probe.js. runs: one, or three in the divisor
  // experiment; maps: one createAttentionMaps per run; probe: null for the engine's default (the
  // first held-out sequence); scrubbed: the step the maps show when not live (null: now).
  const lab = { settings, runs: [], maps: [], probe: settings.probe ?? null, running: false, scrubbed: null };
  const controls = createLabSettings(id, settings, ctx, { divisorMode });
  const v = createLabView(id, settings, controls.el);
  const { el } = v;
  const stepOf = () => Math.max(...lab.runs.map((r) => r.step));

  function draw() {
    v.counter.textContent = `Step ${stepOf()} of ${settings.steps}`;
    loop.showButtons();
    const mem = memoryText(lab.runs);
    if (mem) v.memoryNote.replaceChildren(...mem);
    drawCharts();
    probe.drawTimeline();
    if (lab.scrubbed === null) probe.drawLive();
  }
  function drawCharts() {
    v.charts.replaceChildren(...labCharts(lab.runs, { divisorMode, steps: settings.steps, marker: lab.scrubbed ?? undefined }));
    v.summary.replaceChildren(...labSummary(lab.runs, divisorMode));
  }
  function announce() {
    if (lab.runs.length) v.status.textContent = statusText(lab.runs, lab.running, settings.steps);
  }

  const loop = createLoop(lab, {
    el, buttons: { start: v.startButton, step: v.stepButton, reset: v.resetButton }, draw, announce,
    failed: (message) => showError(v.settingsError, message),
  });
  const probe = createProbe(lab, v, { pause: loop.pause, draw, drawCharts, onStateChange: () => ctx.onStateChange?.() });

  function freshRuns() {
    for (const r of lab.runs) r.close();
    const divisors = divisorMode ? ctx.limits.divisors : [settings.divisor];
    lab.runs = divisors.map((d) => Object.assign(createRun(ctx.call, runConfig(settings, d, lab.probe)), { divisor: d }));
    lab.maps = lab.runs.map(() => createAttentionMaps());
    v.mapsBox.replaceChildren(...lab.runs.map((r, i) => (divisorMode
      ? h('div', { class: 'lab-run-maps' }, h('p', { class: 'lab-run-name' }, `divided by ${divisorSymbol(r.divisor)}`), lab.maps[i].el)
      : lab.maps[i].el)));
    lab.scrubbed = null;
    v.summary.replaceChildren();
    v.charts.replaceChildren();
    draw();
  }

  // The maps at step 0, before any training: the engine draws the model and answers for the probe.
  function showStart() {
    const mine = lab.runs;
    Promise.all(mine.map((r) => r.attentionAt(0, lab.probe))).then((answers) => {
      if (lab.runs !== mine || lab.scrubbed !== null || mine.some((r) => r.step)) return;
      answers.forEach((a, k) => { mine[k].attention = a; });
      draw();
      announce();
    }, (err) => {
      if (lab.runs === mine) showError(v.settingsError, `The engine could not start the run: ${err.message}`);
    });
  }

  function reset() {
    loop.pause();
    v.probeError.hidden = true;
    freshRuns();
    showStart();
    announce();
  }
  controls.onChange(() => {
    const { next, error } = controls.read();
    if (error) return showError(v.settingsError, `Not changed: ${error}`);
    v.settingsError.hidden = true;
    Object.assign(settings, next);
    ctx.onStateChange?.();
    reset();
  });
  v.startButton.addEventListener('click', loop.toggle);
  v.stepButton.addEventListener('click', loop.stepOnce);
  v.resetButton.addEventListener('click', reset);

  // On the page: fresh runs at step 0 (dispose() closed the last ones in the worker).
  function begin() {
    adoptStyles(el.getRootNode(), labStyles);
    freshRuns();
    showStart();
  }
  return {
    el,
    activate: begin,
    resume: begin,
    dispose() {
      loop.pause();
      for (const r of lab.runs) r.close();
      lab.runs = [];
    },
    getState: () => savedState(settings, lab.probe, cell),
  };
}
