// The scaling study: the engine draws numpy-compatible random queries and keys in the worker
// (its own lane, with a progress bar) and returns two tables: how far raw dot products spread
// as the width d grows, and how peaked softmax gets over a few keys with and without the
// divisor. The reader can switch the divisor between sqrt(d), d and 1, and change the seed,
// widths, pairs, trials and keys (a value the engine refuses is named beside its field). Two
// charts redraw with every run: the spread of q·k against d beside the sqrt(d) curve, and the
// mean top weight against d for no scaling and the chosen divisor beside the 1/keys line. The
// engine's numpy program for the current settings (`scaling_program`) prints the same tables.

import { h, uniqueId, keyboardScrollable } from '../dom.js';
import { createProgress } from '../progress.js';
import { changedFields } from './saved.js';
import { staleMarker } from './stale.js';
import { divisorSymbol, divisorChoice } from './divisors.js';
import { studyTables, studyCharts } from './scaling-study/draw.js';
import { createStudySettings } from './scaling-study/settings.js';
import { createStudyRuns } from './scaling-study/runs.js';

const columnOf = (divisor) => `q·k / ${divisorSymbol(divisor)}`;

export function renderScalingStudy(cell, ctx) {
  const id = uniqueId('scaling');
  const defaults = { seed: cell.seed, widths: cell.widths, pairs: cell.pairs, trials: cell.trials, keys: cell.keys };
  // The permalink's settings, each checked by the engine (the `restore` command, max_block included).
  const saved = ctx.initial || {};
  let params = Object.fromEntries(Object.entries(defaults).map(([k, v]) => [k, saved[k] ?? v]));
  let divisor = saved.div ?? cell.divisor;

  const select = h('select', { id: `${id}-div` }, ctx.limits.divisors.map((name) => h('option', { value: name, selected: name === divisor }, divisorChoice(name))));
  const settings = createStudySettings(id, params);
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
    setup, settings.group, settings.error, stale.note,
    h('div', { class: 'controls' }, h('label', { for: select.id }, 'Divide the scores by'), select),
    progress.el, charts, out, program);

  select.addEventListener('change', () => {
    divisor = select.value;
    ctx.onStateChange?.();
    compute();
  });

  async function applySettings() {
    const { next, error, field } = settings.read();
    if (error) return refuse(error, field);
    try {
      await ctx.call('scaling_program', { ...next, divisor }); // the engine checks every limit
    } catch (err) {
      return refuse(err.message, settings.fieldNamed(err.message));
    }
    settings.accept();
    stale.clear();
    params = next;
    ctx.onStateChange?.();
    describe();
    compute({ redraw: true });
  }
  function refuse(message, field) {
    settings.refuse(message, field);
    stale.mark(`seed ${params.seed}, widths ${params.widths.join(', ')}, ${params.pairs} pairs, ${params.trials} trials, ${params.keys} keys`);
  }
  settings.apply.addEventListener('click', applySettings);
  for (const f of settings.fields) f.input.addEventListener('keydown', (e) => { if (e.key === 'Enter') applySettings(); });

  const runs = createStudyRuns(ctx, {
    progress, out,
    show: (r, asked) => {
      charts.replaceChildren(...studyCharts(r, columnOf(asked.divisor), asked.keys));
      out.replaceChildren(...studyTables(r, columnOf(asked.divisor), asked.keys));
    },
    program: (text) => { programText.textContent = text; },
    waitingFor: (asked) => columnOf(asked.divisor),
  });
  const compute = (options) => runs.compute({ ...params, divisor }, options);

  return {
    el,
    activate: () => compute(),
    /** Put back on the page: the run dispose() stopped starts again. */
    resume: () => compute(),
    /** The cell left the page: stop its run (resume() picks up where it stopped). */
    dispose() {
      if (runs.stop()) { out.replaceChildren(); charts.replaceChildren(); }
    },
    /** Permalink state: the divisor and the settings last run, where they differ from the cell's. */
    getState: () => changedFields({ div: divisor, ...params }, { div: cell.divisor, ...defaults }),
  };
}
