// The training lab: a tiny transformer (lessons/train.hpp) trained in the engine worker while the
// page draws it. Controls for the task, the model's size, the divisor, the learning rate and the
// seed; Start / Pause / Step / Reset; the loss curves (each step's batch, and the held-out set)
// drawn as it trains; every head's attention on a probe sequence, updated as it learns, with a
// timeline back to earlier steps and a probe the learner types. In the "divisors" mode the same
// model and seed train three times, with √d, d and 1, side by side: the divisor experiment
// (held-out loss, the largest attention weight per row, and the gradient reaching the query and
// key weights). Every number drawn is the engine's; the page only places them.
//
// The worker trains in slices of about 40 ms (web/src/train-job.js); between slices this code
// draws and asks for the next, so the page never waits on the engine and Pause stops within a
// slice. Changing a setting starts a fresh run (the old one's session is freed in the worker).

import { h, num, shownText, uniqueId } from '../../dom.js';
import { wholeText, wholeIn, oneOf, changedFields } from '../saved.js';
import { curveChart } from './curves.js';
import { createAttentionMaps } from './attention-maps.js';
import { createRun } from './run.js';
import { labStyles } from './lab-styles.js';
import { adoptStyles } from '../../stylesheet.js';

const TASKS = {
  previous: 'copy the previous token',
  largest: 'the largest token so far',
  induction: 'induction: a sequence repeated',
};
const DIVISORS = { sqrt: '√d', d: 'd', 1: '1' };
const RATES = [0.001, 0.003, 0.01, 0.03, 0.1];
const SERIES = ['s-a', 's-b', 's-c'];
const FIELDS = ['task', 'layers', 'heads', 'width', 'mlp', 'divisor', 'learning_rate', 'seed', 'probe'];

const nextFrame = () => new Promise((resolve) => setTimeout(resolve, 0));

export function renderTrainingLab(cell, ctx) {
  const id = uniqueId('train');
  const lim = ctx.limits.train;
  const divisorMode = cell.mode === 'divisors';
  const defaults = Object.fromEntries(FIELDS.map((k) => [k, cell[k]]));
  const settings = restored(fieldsOf(ctx.initial || {}), cell, lim);

  // ---- controls ----------------------------------------------------------------------------------
  const select = (name, label, options, value) => {
    const el = h('select', { id: `${id}-${name}` }, options.map(([v, text]) => h('option', { value: String(v), selected: String(v) === String(value) }, text)));
    return { el, label: h('label', { for: el.id }, label, ' ', el) };
  };
  const task = select('task', 'Task', lim.tasks.map((t) => [t, TASKS[t] || t]), settings.task);
  const layers = select('layers', 'Layers', [1, 2].filter((n) => n <= lim.layers.max).map((n) => [n, String(n)]), settings.layers);
  const heads = select('heads', 'Heads', [1, 2, 4].filter((n) => n <= lim.heads.max).map((n) => [n, String(n)]), settings.heads);
  const widths = [...new Set([8, 16, 32, 64, settings.width])].filter((w) => w >= lim.width.min && w <= lim.width.max).sort((a, b) => a - b);
  const width = select('width', 'Width d', widths.map((w) => [w, String(w)]), settings.width);
  const rates = [...new Set([...RATES, settings.learning_rate])].sort((a, b) => a - b);
  const rate = select('rate', 'Learning rate', rates.map((r) => [r, String(r)]), settings.learning_rate);
  const divisor = select('divisor', 'Divide scores by', ctx.limits.divisors.map((d) => [d, DIVISORS[d] || d]), settings.divisor);
  const mlp = h('input', { type: 'checkbox', id: `${id}-mlp`, checked: settings.mlp });
  const seed = h('input', { type: 'text', inputmode: 'numeric', id: `${id}-seed`, value: String(settings.seed), size: 6 });
  const startButton = h('button', { type: 'button', class: 'primary' }, 'Start');
  const stepButton = h('button', { type: 'button' }, 'Step');
  const resetButton = h('button', { type: 'button' }, 'Reset');
  const settingsError = h('p', { class: 'input-error', role: 'alert', hidden: true });
  const controls = h('div', { class: 'controls', role: 'group', 'aria-label': 'Settings of the training run' },
    task.label, layers.label, heads.label, width.label, h('label', { for: mlp.id }, mlp, ' MLP'),
    divisorMode ? null : divisor.label, rate.label, h('label', { for: seed.id }, 'Seed ', seed));
  const buttons = h('div', { class: 'controls lab-buttons' }, startButton, stepButton, resetButton);
  const status = h('p', { class: 'lab-status', role: 'status' });
  const counter = h('p', { class: 'lab-counter', 'aria-hidden': 'true' });
  const memoryNote = h('p', { class: 'note lab-memory' });
  const charts = h('div', { class: 'charts lab-charts' });
  const summary = h('div', { class: 'lab-summary' });

  // ---- timeline and probe ------------------------------------------------------------------------
  const timeline = h('input', { type: 'range', id: `${id}-timeline`, min: 0, max: 0, step: 1, value: 0 });
  const timelineLabel = h('output', { for: timeline.id, class: 'num' }, 'step 0');
  const probeBox = h('input', { type: 'text', id: `${id}-probe`, size: 28, spellcheck: 'false', autocomplete: 'off',
    'aria-describedby': `${id}-probe-error` });
  const probeButton = h('button', { type: 'button' }, 'Show this probe');
  const probeError = h('p', { class: 'input-error', id: `${id}-probe-error`, role: 'alert', hidden: true });
  const mapsBox = h('div', { class: 'lab-maps' });
  const mapsPart = h('div', { class: 'lab-maps-part' },
    h('div', { class: 'controls' },
      h('label', { for: timeline.id }, 'Maps at ', timelineLabel), timeline),
    h('div', { class: 'controls' },
      h('label', { for: probeBox.id }, `Probe tokens (0 to ${settings.vocab - 1}, at most ${settings.context})`), probeBox, probeButton),
    probeError, mapsBox);

  const el = h('div', { class: 'training-lab' }, controls, settingsError, buttons, counter, status, memoryNote, charts, mapsPart, summary);

  // ---- state ---------------------------------------------------------------------------------------
  let runs = [];         // one run, or three in the divisor experiment
  let maps = [];         // one createAttentionMaps per run
  let probe = settings.probe ?? null; // null: the engine's default (the first held-out sequence)
  let running = false;
  let loopToken = 0;
  let scrubbed = null;   // the step the maps show when not live
  let started = false;

  const configOf = (div) => ({
    task: settings.task, layers: settings.layers, heads: settings.heads, width: settings.width, context: settings.context,
    vocab: settings.vocab, mlp: settings.mlp, divisor: div, learning_rate: settings.learning_rate, batch: settings.batch,
    steps: settings.steps, seed: settings.seed, ...(probe ? { probe } : {}),
  });

  function freshRuns() {
    for (const r of runs) r.close();
    const divisors = divisorMode ? ctx.limits.divisors : [settings.divisor];
    runs = divisors.map((d) => Object.assign(createRun(ctx.call, configOf(d)), { divisor: d }));
    maps = runs.map(() => createAttentionMaps());
    mapsBox.replaceChildren(...runs.map((r, i) => (divisorMode
      ? h('div', { class: 'lab-run-maps' }, h('p', { class: 'lab-run-name' }, `divided by ${DIVISORS[r.divisor] || r.divisor}`), maps[i].el)
      : maps[i].el)));
    scrubbed = null;
    summary.replaceChildren();
    charts.replaceChildren();
    draw();
  }

  // ---- running -------------------------------------------------------------------------------------
  function setRunning(on) {
    running = on;
    startButton.textContent = on ? 'Pause' : runs.some((r) => r.step > 0) ? 'Resume' : 'Start';
    startButton.setAttribute('aria-pressed', on ? 'true' : 'false');
    el.dataset.running = on ? 'true' : 'false';
  }

  async function loop(token, { steps = Infinity } = {}) {
    el.setAttribute('aria-busy', 'true');
    try {
      let left = steps;
      while (token === loopToken && left > 0) {
        const live = runs.filter((r) => !r.done);
        if (!live.length) break;
        // The first run's slice is bounded by time; the others then take exactly as many steps, so
        // the three runs of the experiment stay at one step (and keep the same timeline).
        let quota = Math.min(left, settings.steps);
        for (const [i, r] of live.entries()) {
          const before = r.step;
          await tracked(r.slice(quota, probe, { budgetMs: i === 0 ? 40 : 1e9 }));
          if (token !== loopToken) return;
          if (i === 0) quota = r.step - before;
        }
        left -= quota;
        draw();
        await nextFrame();
      }
    } catch (err) {
      if (token !== loopToken) return;
      settingsError.hidden = false;
      settingsError.textContent = `The engine could not train: ${err.message}`;
    } finally {
      if (token === loopToken) {
        el.removeAttribute('aria-busy');
        setRunning(false);
        announce();
      }
    }
  }

  // Slices out in the worker: while any is, the cell says so (data-busy); when the last answers
  // after a pause, the numbers it brought are drawn.
  let inFlight = 0;
  async function tracked(promise) {
    inFlight++;
    el.dataset.busy = 'true';
    try {
      return await promise;
    } finally {
      if (--inFlight === 0) {
        delete el.dataset.busy;
        if (!running) {
          draw();
          announce();
        }
      }
    }
  }

  function start() {
    if (running) return pause();
    if (runs.every((r) => r.done)) return;
    scrubbed = null;
    setRunning(true);
    loop(++loopToken);
  }
  function pause() {
    loopToken++;
    setRunning(false);
    el.removeAttribute('aria-busy');
    announce();
  }
  function stepOnce() {
    if (running) pause();
    scrubbed = null;
    loop(++loopToken, { steps: 1 });
  }
  function reset() {
    pause();
    probeError.hidden = true;
    freshRuns();
    showStart();
    announce();
  }

  // ---- drawing ---------------------------------------------------------------------------------------
  const stepOf = () => Math.max(...runs.map((r) => r.step));

  function draw() {
    const step = stepOf();
    counter.textContent = `Step ${step} of ${settings.steps}`;
    const mem = runs[0]?.memory;
    if (mem) {
      memoryNote.replaceChildren(
        `Memory in the worker: ${runs.length > 1 ? `${runs.length} runs of ` : ''}${shownText(mem.parameters)} parameters, `,
        num(mem.model.kib), ' KiB each model, ', num(mem.optimiser.kib), ' KiB Adam and gradients, ', num(mem.checkpoints.kib),
        ' KiB of earlier models for the timeline; at most ', num(mem.most.kib), ` KiB ${runs.length > 1 ? 'each run' : 'for the run'}.`);
    }
    drawCharts(step);
    drawTimeline();
    if (scrubbed === null) {
      runs.forEach((r, i) => { if (r.attention) maps[i].update(r.attention.attention, r.attention.probe, `step ${r.step}`); });
      const p = runs[0]?.attention?.probe;
      if (p && document.activeElement !== probeBox && probeBox.dataset.typed !== 'true') probeBox.value = p.join(' ');
    }
  }

  function drawCharts(step) {
    const named = (r) => (divisorMode ? ` ÷${DIVISORS[r.divisor] || r.divisor}` : '');
    const lossSeries = runs.flatMap((r, i) => [
      ...(divisorMode ? [] : [{ name: 'training batch', cls: 's-d', xs: r.rows.steps, ys: r.rows.train_loss, thin: true }]),
      { name: `held-out${named(r)}`, cls: divisorMode ? SERIES[i] : 's-a', xs: r.eval.steps, ys: r.eval.loss },
    ]);
    const lossLabel = runs.map((r) => `held-out loss${named(r)}: ${r.eval.loss.length ? `${shownText(r.eval.loss[0])} at step 0, ${shownText(r.eval.loss.at(-1))} at step ${r.eval.steps.at(-1)}` : 'not measured yet'}`).join('; ');
    const figures = [figure('Loss (cross-entropy) against the step', lossSeries, curveChart({
      label: `Line chart of the loss while training. ${lossLabel}.`, xLabel: 'step', yLabel: 'loss', xMax: settings.steps,
      yMin: 0, series: lossSeries, marker: scrubbed ?? undefined }))];
    if (divisorMode) {
      const sat = runs.map((r, i) => ({ name: `÷${DIVISORS[r.divisor]}`, cls: SERIES[i], xs: r.rows.steps, ys: r.rows.max_weight, thin: true }));
      const grad = runs.map((r, i) => ({ name: `÷${DIVISORS[r.divisor]}`, cls: SERIES[i], xs: r.rows.steps, ys: r.rows.query_key_grad, thin: true }));
      const last = (r, k) => (r.rows[k].length ? shownText(r.rows[k].at(-1)) : 'none yet');
      figures.push(figure('Largest attention weight per row (mean): 1 means saturated', sat, curveChart({
        label: `Line chart of saturation: ${runs.map((r) => `÷${DIVISORS[r.divisor]} now ${last(r, 'max_weight')}`).join('; ')}.`,
        xLabel: 'step', yLabel: 'largest weight', xMax: settings.steps, yMin: 0, yMax: 1, series: sat })));
      figures.push(figure('Gradient reaching the query and key weights (norm, log scale)', grad, curveChart({
        label: `Line chart of the query and key gradient norm on a log scale: ${runs.map((r) => `÷${DIVISORS[r.divisor]} now ${last(r, 'query_key_grad')}`).join('; ')}.`,
        xLabel: 'step', yLabel: 'norm', xMax: settings.steps, logY: true, series: grad })));
    }
    charts.replaceChildren(...figures);
    drawSummary();
  }

  function figure(caption, series, chart) {
    return h('figure', null, chart, h('figcaption', null, caption,
      h('div', { class: 'legend' }, series.map((se) => h('span', { class: `legend-item ${se.cls}` }, h('span', { class: `legend-swatch${se.thin ? ' thin' : ''}`, 'aria-hidden': 'true' }), se.name)))));
  }

  function drawSummary() {
    if (!runs.some((r) => r.eval.loss.length)) return summary.replaceChildren();
    const rows = runs.map((r) => {
      const e = r.eval;
      const n = e.loss.length;
      return h('tr', null,
        divisorMode ? h('th', { scope: 'row' }, `÷${DIVISORS[r.divisor]}`) : null,
        h('td', { class: 'numeric' }, String(e.steps[n - 1])),
        h('td', null, num(e.loss[0])), h('td', null, num(e.loss[n - 1])), h('td', null, num(e.accuracy[n - 1])),
        h('td', null, r.rows.max_weight.length ? num(r.rows.max_weight.at(-1)) : '–'),
        h('td', null, r.rows.query_key_grad.length ? num(r.rows.query_key_grad.at(-1)) : '–'));
    });
    summary.replaceChildren(h('div', { class: 'table-wrap' }, h('table', null,
      h('caption', null, 'The held-out check (32 sequences the run never trains on) and the last step'),
      h('thead', null, h('tr', null, divisorMode ? h('th', { scope: 'col' }, 'divisor') : null,
        h('th', { scope: 'col' }, 'step'), h('th', { scope: 'col' }, 'loss at 0'), h('th', { scope: 'col' }, 'loss now'),
        h('th', { scope: 'col' }, 'accuracy now'), h('th', { scope: 'col' }, 'largest weight'), h('th', { scope: 'col' }, 'q/k gradient'))),
      h('tbody', null, rows))));
  }

  // The timeline: the steps whose models the engine keeps, then "now".
  function timelineSteps() {
    const kept = runs[0]?.checkpoints ?? [0];
    const now = stepOf();
    return kept.at(-1) === now ? kept : [...kept, now];
  }
  function drawTimeline() {
    const steps = timelineSteps();
    timeline.max = String(steps.length - 1);
    if (scrubbed === null) timeline.value = timeline.max;
    const at = scrubbed ?? steps.at(-1);
    timelineLabel.textContent = `step ${at}${scrubbed === null ? ' (now)' : ''}`;
    timeline.setAttribute('aria-valuetext', timelineLabel.textContent);
  }
  async function scrub() {
    const steps = timelineSteps();
    const i = Number(timeline.value);
    if (i >= steps.length - 1) {
      scrubbed = null;
      return draw();
    }
    if (running) pause();
    const at = steps[i];
    scrubbed = at;
    drawTimeline();
    drawCharts(stepOf());
    try {
      const answers = await Promise.all(runs.map((r) => r.attentionAt(at, probe)));
      if (scrubbed !== at) return;
      answers.forEach((a, k) => maps[k].update(a.attention, a.probe, `step ${at}`));
    } catch (err) {
      probeError.hidden = false;
      probeError.textContent = err.message;
    }
  }
  timeline.addEventListener('input', scrub);

  // The learner's probe: tokens separated by spaces or commas; the engine checks them.
  async function applyProbe() {
    const parts = probeBox.value.trim().split(/[\s,]+/).filter(Boolean);
    const tokens = parts.map(wholeText);
    probeBox.removeAttribute('aria-invalid');
    if (!parts.length || tokens.some((t) => t === undefined)) return refuseProbe(`“${probeBox.value}” is not a list of whole numbers`);
    try {
      const at = scrubbed ?? undefined;
      const answers = await Promise.all(runs.map((r) => r.attentionAt(at, tokens)));
      probe = tokens;
      probeBox.dataset.typed = 'true';
      probeError.hidden = true;
      answers.forEach((a, k) => maps[k].update(a.attention, a.probe, `step ${a.step}`));
      ctx.onStateChange?.();
    } catch (err) {
      refuseProbe(err.message);
    }
  }
  function refuseProbe(message) {
    probeError.hidden = false;
    probeError.textContent = `Not shown: ${message}`;
    probeBox.setAttribute('aria-invalid', 'true');
  }
  probeButton.addEventListener('click', applyProbe);
  probeBox.addEventListener('keydown', (e) => { if (e.key === 'Enter') applyProbe(); });

  function announce() {
    const r = runs[0];
    if (!r) return;
    const e = r.eval;
    const n = e.loss.length;
    const where = r.done ? 'Finished' : running ? 'Training' : r.step ? 'Paused' : 'Ready';
    status.textContent = `${where} at step ${stepOf()} of ${settings.steps}.` +
      (n ? ` Held-out loss ${shownText(e.loss[n - 1])} (step ${e.steps[n - 1]}), accuracy ${shownText(e.accuracy[n - 1])}.` : '');
  }

  // ---- settings ----------------------------------------------------------------------------------
  function readSettings() {
    const s = wholeText(seed.value);
    if (s === undefined || s > lim.seed.max) return { error: `seed: “${seed.value}” is not a whole number from 0 to ${lim.seed.max}` };
    return {
      next: {
        ...settings, task: task.el.value, layers: Number(layers.el.value), heads: Number(heads.el.value), width: Number(width.el.value),
        mlp: mlp.checked, divisor: divisor.el.value, learning_rate: Number(rate.el.value), seed: s,
      },
    };
  }
  async function applySettings() {
    const { next, error } = readSettings();
    seed.removeAttribute('aria-invalid');
    if (error) {
      seed.setAttribute('aria-invalid', 'true');
      settingsError.hidden = false;
      settingsError.textContent = `Not changed: ${error}`;
      return;
    }
    if (next.width % next.heads !== 0) {
      settingsError.hidden = false;
      settingsError.textContent = `Not changed: width ${next.width} does not split into ${next.heads} heads of equal width (choose a multiple of the heads).`;
      return;
    }
    settingsError.hidden = true;
    Object.assign(settings, next);
    ctx.onStateChange?.();
    reset();
  }
  for (const c of [task.el, layers.el, heads.el, width.el, rate.el, divisor.el, mlp]) c.addEventListener('change', applySettings);
  seed.addEventListener('change', applySettings);
  seed.addEventListener('keydown', (e) => { if (e.key === 'Enter') applySettings(); });
  startButton.addEventListener('click', start);
  stepButton.addEventListener('click', stepOnce);
  resetButton.addEventListener('click', reset);

  // The maps at step 0, before any training: the engine draws the model and answers for the probe.
  function showStart() {
    const mine = runs;
    Promise.all(mine.map((r) => r.attentionAt(0, probe))).then((answers) => {
      if (runs !== mine || scrubbed !== null || runs.some((r) => r.step)) return;
      answers.forEach((a, k) => { runs[k].attention = a; });
      draw();
      announce();
    }, (err) => {
      if (runs !== mine) return;
      settingsError.hidden = false;
      settingsError.textContent = `The engine could not start the run: ${err.message}`;
    });
  }

  return {
    el,
    activate() {
      if (started) return;
      started = true;
      adoptStyles(el.getRootNode(), labStyles);
      freshRuns();
      showStart();
    },
    dispose() {
      started = false;
      pause();
      for (const r of runs) r.close();
      runs = [];
    },
    getState: () => linkKinds(changedFields({ ...pick(settings), probe: probe ?? undefined }, pick(defaults))),
  };
}

const pick = (o) => Object.fromEntries(FIELDS.map((k) => [k, o[k]]));
// The permalink's kinds (web/src/permalink.js) for the cell's fields, and back.
const KIND = { divisor: 'div', learning_rate: 'lr' };
const linkKinds = (fields) => Object.fromEntries(Object.entries(fields).map(([k, v]) => [KIND[k] || k, v]));
const fieldsOf = (saved) => Object.fromEntries(Object.entries(saved).map(([k, v]) => [Object.keys(KIND).find((f) => KIND[f] === k) || k, v]));

/** The lab's settings: the cell's, with the permalink's where each is valid on its own. */
function restored(saved, cell, lim) {
  const out = { ...cell };
  out.task = oneOf(saved.task, lim.tasks) ?? cell.task;
  out.layers = wholeIn(saved.layers, { min: 1, max: lim.layers.max }) ?? cell.layers;
  out.heads = wholeIn(saved.heads, { min: 1, max: lim.heads.max }) ?? cell.heads;
  out.width = wholeIn(saved.width, lim.width) ?? cell.width;
  if (out.width % out.heads !== 0) Object.assign(out, { width: cell.width, heads: cell.heads });
  out.mlp = typeof saved.mlp === 'boolean' ? saved.mlp : cell.mlp;
  out.divisor = typeof saved.divisor === 'string' && ['sqrt', 'd', '1'].includes(saved.divisor) ? saved.divisor : cell.divisor;
  out.learning_rate = typeof saved.learning_rate === 'number' && saved.learning_rate > 0 && saved.learning_rate <= lim.learning_rate.max ? saved.learning_rate : cell.learning_rate;
  out.seed = wholeIn(saved.seed, { min: 0, max: lim.seed.max }) ?? cell.seed;
  const p = saved.probe;
  out.probe = Array.isArray(p) && p.length >= 1 && p.length <= cell.context && p.every((t) => wholeIn(t, { min: 0, max: cell.vocab - 1 }) !== undefined) ? p : cell.probe;
  return out;
}
