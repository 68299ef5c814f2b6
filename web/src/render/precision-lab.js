// The precision lab: the engine runs one attention in float32, bfloat16 and float16 (every
// operation rounded to the format) and compares it with float64, at several lengths T, with the
// divisor and without. Shown as a table (largest error; where the naive softmax overflows) and a
// log-log plot of error against T. Every number is the engine's (`precision` command).

import { h, s, num, shownText, uniqueId, keyboardScrollable } from '../dom.js';
import { createProgress } from '../progress.js';

const SCALINGS = [{ unscaled: false, label: 'divided by √d' }, { unscaled: true, label: 'not divided' }];

export function renderPrecisionLab(cell, ctx) {
  const id = uniqueId('precision');
  const formats = ctx.limits.precision.formats;
  const progress = createProgress('Running the precision lab…');
  const out = h('div', { 'aria-live': 'polite' });
  const el = h('div', { class: 'precision-lab', id },
    h('p', { class: 'note' }, `Self-attention of T random tokens, width d = ${cell.head_width}, seed ${cell.seed}: every product, sum, exp and division rounded to the format, compared with float64.`),
    progress.el, out);
  let run = null;
  let results = null;

  const endRun = () => {
    run = null;
    progress.end();
    out.removeAttribute('aria-busy');
  };
  async function compute() {
    const mine = new AbortController();
    run = mine;
    out.setAttribute('aria-busy', 'true');
    progress.begin();
    try {
      const got = await runAll(cell, ctx, mine.signal, (f) => { if (run === mine) progress.update(f); });
      if (run !== mine) return;
      endRun();
      results = got;
      show(got);
    } catch (err) {
      if (run !== mine) return;
      endRun();
      out.replaceChildren(h('p', { class: 'cell-error', role: 'alert' }, `The engine could not run the lab: ${err.message}`));
    }
  }
  const show = (all) => out.replaceChildren(...drawPrecision(all, cell.tokens, formats));

  return {
    el,
    activate: compute,
    resume() {
      if (results) show(results);
      else compute();
    },
    dispose() {
      if (!run) return;
      run.abort();
      endRun();
    },
  };
}

/** The engine's answers for every T, with the divisor and without; onProgress gets the fraction done. */
async function runAll(cell, ctx, signal, onProgress) {
  const total = cell.tokens.length * SCALINGS.length;
  const got = [];
  for (const tokens of cell.tokens) {
    for (const sc of SCALINGS) {
      const done = got.length;
      got.push(await ctx.call('precision', { tokens, head_width: cell.head_width, seed: cell.seed, unscaled: sc.unscaled },
        { lane: 'heavy', signal, onProgress: (f) => onProgress((done + f) / total) }));
      onProgress(got.length / total);
    }
  }
  return got;
}

/** The lab's results drawn: the error table, the overflow and logit notes, the plot. */
export function drawPrecision(all, tokens, formats) {
  const at = (t, unscaled) => all.find((r) => r.tokens === t && r.unscaled === unscaled);
  const first = at(tokens[0], false).formats;
  const limits = h('p', { class: 'note' }, '“naive: ∞”: the softmax without its maximum overflowed. exp(x) overflows above ',
    formats.map((f, i) => [i ? (i === formats.length - 1 ? ' and ' : ', ') : '', num(first[f].exp_overflows_above), ` in ${f}`]), '.');
  const logits = h('p', { class: 'note' }, 'Largest logit at the longest T: ',
    num(at(tokens.at(-1), false).max_logit), ' divided, ', num(at(tokens.at(-1), true).max_logit), ' not divided.');
  return [errorTable(at, tokens, formats), limits, logits, errorPlot(at, tokens, formats)];
}

function errorTable(at, tokens, formats) {
  const head = h('tr', null, h('th', { scope: 'col' }, 'format, logits'),
    tokens.map((t) => h('th', { scope: 'col', class: 'numeric' }, `T = ${t}`)));
  const rows = formats.flatMap((f) => SCALINGS.map((sc) => h('tr', { 'data-format': f, 'data-unscaled': String(sc.unscaled) },
    h('th', { scope: 'row' }, f, h('br'), h('span', { class: 'muted' }, sc.label)),
    tokens.map((t) => {
      const r = at(t, sc.unscaled).formats[f];
      return h('td', { class: 'numeric' }, num(r.max_abs_error),
        r.naive_overflow ? [h('br'), h('span', { class: 'overflow', title: 'the naive softmax (no maximum subtracted) overflowed to infinity' }, 'naive: ∞')] : null);
    }))));
  return keyboardScrollable(h('div', { class: 'table-wrap' }, h('table', null,
    h('caption', null, 'Largest error against float64 (stable softmax)'),
    h('thead', null, head), h('tbody', null, rows))));
}

function errorPlot(at, tokens, formats) {
  const W = 420, H = 220, L = 48, B = 28, T0 = 8, R = 110;
  const errs = tokens.flatMap((t) => SCALINGS.flatMap((sc) => formats.map((f) => at(t, sc.unscaled).formats[f].max_abs_error.exact))).filter((x) => x > 0);
  const lo = Math.floor(Math.log10(Math.min(...errs))), hi = Math.ceil(Math.log10(Math.max(...errs)));
  const tl = Math.log2(tokens[0]), th = Math.log2(tokens.at(-1));
  const x = (t) => L + (th === tl ? 0.5 : (Math.log2(t) - tl) / (th - tl)) * (W - L - R);
  const y = (e) => T0 + (1 - (Math.log10(Math.max(e, 10 ** lo)) - lo) / Math.max(1, hi - lo)) * (H - T0 - B);
  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: 'img',
    'aria-label': 'Largest error against T, log scales, one line per format; dashed: not divided. The table above has the same numbers.' });
  for (let p = lo; p <= hi; p++) {
    svg.append(s('line', { x1: L, x2: W - R, y1: y(10 ** p), y2: y(10 ** p), class: 'grid' }),
      s('text', { x: 4, y: y(10 ** p) + 4, class: 'axis' }, `1e${p}`));
  }
  for (const t of tokens) svg.append(s('text', { x: x(t) - 8, y: H - 8, class: 'axis' }, String(t)));
  formats.forEach((f, fi) => {
    for (const sc of SCALINGS) {
      const pts = tokens.map((t) => {
        const r = at(t, sc.unscaled).formats[f];
        return [x(t), y(r.max_abs_error.exact), r];
      });
      svg.append(s('polyline', { points: pts.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(' '),
        class: `line f${fi}${sc.unscaled ? ' dashed' : ''}` }));
      for (const [px, py, r] of pts) svg.append(s('circle', { cx: px, cy: py, r: 3, class: `dot f${fi}` }, s('title', null, `${f}, ${sc.label}: ${shownText(r.max_abs_error)}`)));
    }
    svg.append(s('line', { x1: W - R + 10, x2: W - R + 30, y1: 20 + fi * 18, y2: 20 + fi * 18, class: `line f${fi}` }),
      s('text', { x: W - R + 34, y: 24 + fi * 18, class: 'axis' }, f));
  });
  svg.append(s('line', { x1: W - R + 10, x2: W - R + 30, y1: 20 + formats.length * 18, y2: 20 + formats.length * 18, class: 'line dashed' }),
    s('text', { x: W - R + 34, y: 24 + formats.length * 18, class: 'axis' }, 'not divided'));
  return h('figure', { class: 'precision-plot' }, svg, h('figcaption', null, 'Largest error against float64 as T grows (log scales).'));
}
