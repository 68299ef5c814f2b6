// The scaling study: the engine draws numpy-compatible random queries and keys in the worker
// (its own lane, with a progress bar) and returns two tables: how far raw dot products spread
// as the width d grows, and how peaked softmax gets over a few keys with and without the
// divisor. The reader can switch the divisor between sqrt(d), d and 1, and change the seed,
// widths, pairs, trials and keys (a value the engine refuses is named beside its field). Two
// charts redraw with every run: the spread of q·k against d beside the sqrt(d) curve, and the
// mean top weight against d for no scaling and the chosen divisor beside the 1/keys line. The
// engine's numpy program for the current settings (`scaling_program`) prints the same tables.

import { h, num, shownText, uniqueId, keyboardScrollable } from '../dom.js';
import { createProgress } from '../progress.js';
import { lineChart, legend } from './plot.js';
import { wholeIn, changedFields } from './saved.js';
import { staleMarker } from './stale.js';

// How each of the engine's divisor names (ctx.limits.divisors) reads here; a name without
// wording of its own shows as itself.
const WORDING = {
  sqrt: { label: '√d (the standard)', column: 'q·k / √d' },
  d: { label: 'd (divides too much)', column: 'q·k / d' },
  1: { label: '1 (no scaling)', column: 'q·k / 1' },
};
const divisorInfo = (name) => (Object.hasOwn(WORDING, name) && WORDING[name]) || { label: name, column: `q·k / ${name}` };

export function renderScalingStudy(cell, ctx) {
  const id = uniqueId('scaling');
  const defaults = { seed: cell.seed, widths: cell.widths, pairs: cell.pairs, trials: cell.trials, keys: cell.keys };
  let params = restoredParams(ctx.initial || {}, defaults, ctx.limits.scaling);
  let divisor = ctx.limits.divisors.includes(ctx.initial?.div) ? ctx.initial.div : cell.divisor;
  const cache = new Map();
  const keyOf = (d) => JSON.stringify({ ...params, divisor: d });

  const select = h('select', { id: `${id}-div` }, ctx.limits.divisors.map((name) => h('option', { value: name, selected: name === divisor }, divisorInfo(name).label)));
  // The settings: typed text, sent to the engine as numbers; the engine names what it refuses.
  const field = (name, label, value, size = 7) => {
    const input = h('input', { type: 'text', inputmode: name === 'widths' ? 'text' : 'numeric', id: `${id}-${name}`, value: String(value), size,
      'aria-describedby': `${id}-settings-error` });
    return { name, input, label: h('label', { for: input.id }, label, input) };
  };
  const fields = [
    field('seed', 'seed', params.seed, 5), field('widths', 'widths d', params.widths.join(', '), 14),
    field('pairs', 'pairs', params.pairs), field('trials', 'trials', params.trials), field('keys', 'keys', params.keys, 3),
  ];
  const settingsError = h('p', { class: 'input-error', id: `${id}-settings-error`, role: 'alert', hidden: true });
  const apply = h('button', { type: 'button' }, 'Run with these settings');
  const setup = h('p', { class: 'note' });
  const describe = () => setup.replaceChildren(
    `Seed ${params.seed}; widths d = ${params.widths.join(', ')}; ${params.pairs} random query–key pairs per width; ` +
    `${params.trials} trials of one query against ${params.keys} keys. Same draws, same order as the numpy program below.`);
  describe();
  const progress = createProgress('Drawing random vectors…');
  const out = h('div', { 'aria-live': 'polite' });
  const stale = staleMarker(out);
  const charts = h('div', { class: 'charts' });
  const programText = h('code', null, '');
  const program = h('details', { class: 'program' },
    h('summary', null, 'The numpy program behind these tables'),
    h('p', { class: 'note' }, 'The engine writes this program for the settings above (', h('code', null, 'attnbook scaling-program'),
      ' on the command line). Run it with Python 3 and numpy: it prints the same tables, then the four columns as JSON.'),
    keyboardScrollable(h('pre', null, programText)));
  const el = h('div', { class: 'scaling-study' },
    setup,
    h('div', { class: 'controls', role: 'group', 'aria-label': 'Settings of the study' }, fields.map((f) => f.label), apply),
    settingsError, stale.note,
    h('div', { class: 'controls' }, h('label', { for: select.id }, 'Divide the scores by'), select),
    progress.el, charts, out, program);

  select.addEventListener('change', () => {
    divisor = select.value;
    ctx.onStateChange?.();
    compute();
  });

  // Whole numbers as typed ("20000", "4, 16"): anything else is refused here, before the engine;
  // the engine then checks the ranges and names the field it refuses.
  function readSettings() {
    const next = {};
    for (const f of fields) {
      const text = f.input.value.trim();
      const parts = f.name === 'widths' ? text.split(',').map((x) => x.trim()) : [text];
      const values = parts.map((x) => (/^\d+$/.test(x) ? Number(x) : NaN));
      if (values.some((x) => !Number.isSafeInteger(x))) return { error: `${f.name}: “${text}” is not ${f.name === 'widths' ? 'a list of whole numbers' : 'a whole number'}`, field: f };
      next[f.name] = f.name === 'widths' ? values : values[0];
    }
    return { next };
  }
  async function applySettings() {
    for (const f of fields) f.input.removeAttribute('aria-invalid');
    const { next, error, field: bad } = readSettings();
    if (error) return refuse(error, bad);
    try {
      await ctx.call('scaling_program', { ...next, divisor }); // the engine checks every limit
    } catch (err) {
      const name = fields.find((f) => err.message.includes(`$.${f.name}`) || err.message.startsWith(`${f.name}:`) || err.message.includes(` ${f.name} `));
      return refuse(err.message, name);
    }
    settingsError.hidden = true;
    stale.clear();
    params = next;
    ctx.onStateChange?.();
    describe();
    shownDivisor = null;
    compute();
  }
  function refuse(message, f) {
    settingsError.hidden = false;
    settingsError.textContent = `Not run: ${message}`;
    if (f) f.input.setAttribute('aria-invalid', 'true');
    stale.mark(`seed ${params.seed}, widths ${params.widths.join(', ')}, ${params.pairs} pairs, ${params.trials} trials, ${params.keys} keys`);
  }
  apply.addEventListener('click', applySettings);
  for (const f of fields) f.input.addEventListener('keydown', (e) => { if (e.key === 'Enter') applySettings(); });

  // What the reader sees always agrees: the tables on screen are for `shownDivisor` (null: none),
  // and a run is in flight (progress bar up) exactly when they are not for the menu's divisor. The
  // menu is never disabled: a new choice supersedes the run in flight, which is cancelled (the
  // engine stops it unless another notebook waits for the same study).
  let shownDivisor = null;
  let run = null; // AbortController of the run in flight
  function endRun() {
    run = null;
    progress.end();
    out.removeAttribute('aria-busy');
  }
  function stopRun() {
    run?.abort();
    endRun();
  }

  function compute() {
    stopRun();
    const wanted = divisor;
    const key = keyOf(wanted);
    if (shownDivisor === key) return;
    if (cache.has(key)) {
      show(cache.get(key), wanted, key);
      return;
    }
    const mine = new AbortController();
    run = mine;
    shownDivisor = null;
    out.setAttribute('aria-busy', 'true');
    out.replaceChildren(h('p', { class: 'note' }, `Computing the tables for ${divisorInfo(wanted).column}…`));
    progress.begin();
    const asked = { ...params, divisor: wanted };
    ctx.call('scaling_program', asked).then((p) => { if (keyOf(divisor) === key) programText.textContent = p.program; }, () => {});
    ctx.call('scaling', asked, {
      lane: 'heavy',
      signal: mine.signal,
      onProgress: (f) => { if (run === mine) progress.update(f); },
    }).then((r) => {
      cache.set(key, r);
      if (run !== mine) return;
      endRun();
      show(r, wanted, key);
    }, (err) => {
      if (run !== mine) return; // cancelled, or superseded by a newer choice
      endRun();
      out.replaceChildren(h('p', { class: 'cell-error', role: 'alert' }, `The engine could not run the study: ${err.message}`));
    });
  }

  function show(r, shownFor, key) {
    shownDivisor = key;
    const info = divisorInfo(shownFor);
    drawCharts(r, info);
    const widths = r.widths.map((w) => (typeof w === 'object' ? shownText(w) : String(w)));
    const widthCell = (i) => h('th', { scope: 'row', class: 'numeric' }, h('span', { class: 'num' }, widths[i]));
    const spread = keyboardScrollable(h('div', { class: 'table-wrap' }, h('table', null,
      h('caption', null, 'How far raw scores spread as the width grows'),
      h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'd'), h('th', { scope: 'col' }, 'std of q·k'), h('th', { scope: 'col' }, `std of ${info.column}`))),
      h('tbody', null, widths.map((_, i) => h('tr', null, widthCell(i), h('td', null, num(r.raw_std[i])), h('td', null, num(r.scaled_std[i]))))))));
    const peak = keyboardScrollable(h('div', { class: 'table-wrap' }, h('table', null,
      h('caption', null, `Mean top attention weight over ${params.keys} keys`),
      h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'd'), h('th', { scope: 'col' }, 'no scaling'), h('th', { scope: 'col' }, `with ${info.column}`))),
      h('tbody', null, widths.map((_, i) => h('tr', null, widthCell(i), h('td', null, num(r.top_unscaled[i])), h('td', null, num(r.top_scaled[i]))))))));
    out.replaceChildren(spread, peak);
  }

  function drawCharts(r, info) {
    const widths = r.widths.map(Number);
    const ticks = widths.map(String);
    const logX = widths.length > 1 && Math.max(...widths) / Math.min(...widths) > 8;
    const spreadSeries = [
      { name: 'std of q·k', cls: 's-a', points: r.raw_std },
      { name: `std of ${info.column}`, cls: 's-c', points: r.scaled_std },
      { name: '√d', cls: 's-d', points: r.sqrt_width, dashed: true },
    ];
    const topSeries = [
      { name: 'no scaling', cls: 's-b', points: r.top_unscaled },
      { name: `with ${info.column}`, cls: 's-c', points: r.top_scaled },
      { name: `1/${params.keys} (an even split)`, cls: 's-d', points: widths.map(() => r.even_share), dashed: true },
    ];
    const figure = (caption, series, chart) => h('figure', null, chart,
      h('figcaption', null, caption, h('div', { class: 'legend' }, series.map((se, i) => h('span', null, legend(series)[i], se.name)))));
    charts.replaceChildren(
      figure('Spread of the raw scores against the width d, beside √d', spreadSeries, lineChart({
        label: `Line chart: the standard deviation of q·k at d = ${ticks.join(', ')} is ${r.raw_std.map(shownText).join(', ')}; √d is ${r.sqrt_width.map(shownText).join(', ')}; as ${info.column} it is ${r.scaled_std.map(shownText).join(', ')}.`,
        xs: widths, xTicks: ticks, logX, xLabel: 'head width d', yLabel: 'std', series: spreadSeries, yMin: 0 })),
      figure(`Mean top weight over ${params.keys} keys against d`, topSeries, lineChart({
        label: `Line chart: the mean top weight without scaling is ${r.top_unscaled.map(shownText).join(', ')} and with ${info.column} ${r.top_scaled.map(shownText).join(', ')} at d = ${ticks.join(', ')}; an even split gives ${shownText(r.even_share)}.`,
        xs: widths, xTicks: ticks, logX, xLabel: 'head width d', yLabel: 'top weight', series: topSeries, yMin: 0, yMax: 1 })));
  }

  let started = false;
  return {
    el,
    activate() {
      if (started) return;
      started = true;
      compute();
    },
    /** The cell left the page: stop its run (activate() picks up where it stopped). */
    dispose() {
      started = false;
      if (run) {
        stopRun();
        if (shownDivisor === null) { out.replaceChildren(); charts.replaceChildren(); }
      }
    },
    /** Permalink state: the divisor and the settings last run, where they differ from the cell's. */
    getState: () => changedFields({ div: divisor, ...params }, { div: cell.divisor, ...defaults }),
  };
}

/**
 * The study's settings from the permalink: each field in the engine's range (limits.scaling) or
 * the cell's own; a set whose blocks the engine would refuse (pairs x width, trials x keys x
 * width over max_block) falls back to the cell's settings whole.
 */
function restoredParams(saved, defaults, lim) {
  const widths = Array.isArray(saved.widths) && saved.widths.length >= lim.widths.min_count && saved.widths.length <= lim.widths.max_count &&
    saved.widths.every((w) => wholeIn(w, lim.widths) !== undefined) ? saved.widths : undefined;
  const p = {
    seed: wholeIn(saved.seed, lim.seed) ?? defaults.seed,
    widths: widths ?? defaults.widths,
    pairs: wholeIn(saved.pairs, lim.pairs) ?? defaults.pairs,
    trials: wholeIn(saved.trials, lim.trials) ?? defaults.trials,
    keys: wholeIn(saved.keys, lim.keys) ?? defaults.keys,
  };
  const widest = Math.max(...p.widths);
  return p.pairs * widest <= lim.max_block && p.trials * p.keys * widest <= lim.max_block ? p : { ...defaults };
}
