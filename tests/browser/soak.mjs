// A soak of the element in Chromium: thousands of query moves and setting changes (depth,
// divisor, masks, the explorable's keys, heading level, the Python view, practice answers) on
// each shipped notebook, with notebooks added to and removed from one page all along. Afterwards
// the page's and the workers' memory and the worker count must be back at their level, and the
// numbers a fresh pair of notebooks shows on the soaked page must equal a fresh page's.
//
//   const report = await runSoak({ browser, site, seconds: 20, seed: 1 });
//
// Used by tests/browser/soak.test.mjs (short, in npm test) and scripts/soak (long: SOAK_SECONDS).
// The random choices come from a seeded generator, so a run can be repeated.
import { openPage, routeTestFiles, notebooks, expectedShares, shownNumbers } from './harness.mjs';
import { watchWorkers, MiB } from './engine-watch.mjs';
import { SOAK_PAGE_JS } from './soak-page.mjs';

const DOCS = notebooks();
const IDS = Object.keys(DOCS).sort();
const DEPTHS = ['beginner', 'developer', 'researcher'];
const DIVISORS = ['sqrt', 'd', '1'];
const explorableDoc = Object.values(DOCS).find((d) => d.cells.some((c) => c.type === 'explorable'));
const explorableCell = explorableDoc.cells.find((c) => c.type === 'explorable');
// The state both pages are put in for the final comparison (every interactive cell off its default).
const FINAL = { q: [1.3, -0.7], mask: explorableCell.keys.map((_, i) => i !== 1), divisor: 'd', depth: 'developer' };

function generator(seed) {
  let s = seed >>> 0 || 1;
  const next = () => {
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
    return s / 2 ** 32;
  };
  return { next, int: (n) => Math.floor(next() * n), pick: (xs) => xs[Math.floor(next() * xs.length)] };
}

async function openSoakPage(browser, site) {
  const opened = await openPage(browser, site, null);
  const watch = await watchWorkers(opened.context, opened.page);
  const base = await routeTestFiles(opened.context, site, {
    'soak.html': `<!doctype html><html><head><meta charset="utf-8"><title>soak</title>
<script type="module" src="soak.js"></script></head><body><main id="notebooks"></main></body></html>`,
    'soak.js': SOAK_PAGE_JS,
  });
  await opened.page.goto(`${base}soak.html`);
  await opened.page.waitForFunction(() => window.soak && customElements.get('attention-notebook'));
  return { ...opened, watch };
}

const soak = (page, fn, ...args) => page.evaluate(([f, a]) => window.soak[f](...a), [fn, args]);

/** Waits until no notebook has a scaling run in flight and every explorable shows numbers. */
async function settle(page) {
  await page.waitForFunction(() => window.soak.idle(), null, { timeout: 120000 });
  await page.waitForTimeout(300);
}

/** Both shipped notebooks in FINAL's state; resolves with every number each shows. */
async function finalNumbers(page) {
  const n0 = await soak(page, 'count');
  for (const id of IDS) {
    if (!(await soak(page, 'add', `../notebooks/${id}.json`, FINAL.depth))) throw new Error(`${id} did not open`);
  }
  const want = expectedShares({ ...explorableCell, query: FINAL.q, mask: FINAL.mask });
  for (let i = n0; i < n0 + IDS.length; i++) {
    await soak(page, 'typeQuery', i, FINAL.q);
    await soak(page, 'setMask', i, FINAL.mask);
    await soak(page, 'divisor', i, FINAL.divisor);
  }
  await page.waitForFunction(([first, count, w, column]) => {
    const els = [...document.querySelectorAll('#notebooks attention-notebook')].slice(first, first + count);
    return els.every((el) => {
      const r = el.shadowRoot;
      const shares = [...r.querySelectorAll('.explorable tbody tr td:nth-of-type(3) .num')].map((x) => x.getAttribute('title'));
      const explorableOk = !r.querySelector('.explorable') || (shares.length === w.length && shares.every((t, i) => t === `exact: ${w[i]}`));
      const study = r.querySelector('.scaling-study');
      const studyOk = !study || [...study.querySelectorAll('thead th')].some((th) => th.textContent.endsWith(column));
      return explorableOk && studyOk;
    });
  }, [n0, IDS.length, want, 'q·k / d'], { timeout: 120000 });
  const out = [];
  for (let i = n0; i < n0 + IDS.length; i++) out.push(await shownNumbers(page.locator('#notebooks attention-notebook').nth(i)));
  return out;
}

/** Sum of the workers' figures, and how many there are. */
function summary(m) {
  return {
    pageHeap: m.pageHeap,
    workers: m.workers.length,
    workerHeap: m.workers.reduce((s, w) => s + w.heap, 0),
    wasm: m.workers.reduce((s, w) => s + w.wasm, 0),
    wasmEach: m.workers.map((w) => w.wasm),
    started: m.started, // workers started since the page opened (a cancelled run costs one)
  };
}

export const mib = (bytes) => `${(bytes / MiB).toFixed(1)} MiB`;

/**
 * Runs the soak for `seconds`; `onSample(figures)` is called every `sampleEvery` seconds (with
 * notebooks open). Returns { baseline, pair, end, bounds, counts, soakedNumbers, freshNumbers, errors, problems }.
 */
export async function runSoak({ browser, site, seconds, seed = 1, sampleEvery = 0, onSample = () => {} }) {
  const rng = generator(seed);
  const { page, context, watch, problems } = await openSoakPage(browser, site);
  const counts = { moves: 0, typed: 0, masks: 0, divisors: 0, depths: 0, keys: 0, headings: 0, python: 0, answers: 0, added: 0, removed: 0 };
  const errors = [];
  try {
    // ---- warm-up: every notebook, every divisor and depth once, then an empty page: the level.
    await finalNumbers(page);
    for (let i = 0; i < IDS.length; i++) {
      for (const div of DIVISORS) await soak(page, 'divisor', i, div);
      for (const depth of DEPTHS) await soak(page, 'depth', i, depth);
      await soak(page, 'python', i);
      counts.moves += await soak(page, 'moves', i, 100, rng.int(2 ** 31));
    }
    await settle(page);
    await soak(page, 'removeAll');
    await settle(page);
    const baseline = summary(await watch.measure());
    for (const id of IDS) await soak(page, 'add', `../notebooks/${id}.json`, 'developer');
    await settle(page);
    const pair = summary(await watch.measure()); // what one open pair of notebooks holds
    await soak(page, 'removeAll');

    // ---- the soak
    const deadline = Date.now() + seconds * 1000;
    let nextSample = sampleEvery ? Date.now() + sampleEvery * 1000 : Infinity;
    while (Date.now() < deadline) {
      const open = await soak(page, 'count');
      const i = open ? rng.int(open) : 0;
      const r = rng.next();
      if (open === 0 || (r < 0.04 && open < 4)) {
        const id = IDS[counts.added % IDS.length]; // each shipped notebook in turn
        await soak(page, 'add', `../notebooks/${id}.json`, rng.pick(DEPTHS));
        counts.added += 1;
      } else if (r < 0.07 && open > 1) {
        await soak(page, 'remove', i);
        counts.removed += 1;
      } else if (r < 0.32) {
        counts.moves += await soak(page, 'moves', i, 20 + rng.int(100), rng.int(2 ** 31));
      } else if (r < 0.40) {
        const q = [rng.int(101) / 10 - 5, rng.int(101) / 10 - 5];
        if (await soak(page, 'typeQuery', i, q)) counts.typed += 1;
      } else if (r < 0.55) {
        if (await soak(page, 'toggleMask', i, rng.int(8))) counts.masks += 1;
      } else if (r < 0.70) {
        if (await soak(page, 'divisorAny', i, rng.pick(DIVISORS))) counts.divisors += 1;
      } else if (r < 0.80) {
        if (await soak(page, 'depth', i, rng.pick(DEPTHS))) counts.depths += 1;
      } else if (r < 0.85) {
        // Other keys for the explorable: the notebook again with its keys moved by tenths.
        const doc = structuredClone(explorableDoc);
        const cell = doc.cells.find((c) => c.type === 'explorable');
        cell.keys = cell.keys.map((k) => k.map((x) => Math.round((x + (rng.int(21) - 10) / 10) * 10) / 10));
        await soak(page, 'addText', JSON.stringify(doc), rng.pick(DEPTHS));
        if (open >= 4) await soak(page, 'remove', 0);
        counts.keys += 1;
      } else if (r < 0.88) {
        await soak(page, 'heading', i, 1 + rng.int(4));
        counts.headings += 1;
      } else if (r < 0.92) {
        await soak(page, 'python', i);
        counts.python += 1;
      } else if (await soak(page, 'answer', i, rng.pick(['0.284', '284/1000', '1e999', 'abc', '0.3']))) {
        counts.answers += 1;
      }
      if (rng.next() < 0.2) await page.waitForTimeout(rng.int(30));
      if (Date.now() >= nextSample) {
        nextSample += sampleEvery * 1000;
        onSample({ t: Math.round((Date.now() - deadline) / 1000 + seconds), open: await soak(page, 'count'), ...summary(await watch.measure()) });
      }
    }
    errors.push(...(await soak(page, 'errors')).filter((e) => !/answer/i.test(e)));

    // ---- back to an empty page: the same level as before
    await settle(page);
    await soak(page, 'removeAll');
    // A removed notebook's workers are stopped, but a stopped worker leaves the browser's list of
    // targets a moment later (longer on a busy machine): up to 5 s for the count to come back.
    let end;
    for (const until = Date.now() + 5000; ;) {
      await page.waitForTimeout(500);
      end = summary(await watch.measure());
      if (end.workers <= Math.max(baseline.workers, 2) || Date.now() >= until) break;
    }
    const soakedNumbers = await finalNumbers(page);
    const fresh = await openSoakPage(browser, site);
    let freshNumbers;
    try {
      freshNumbers = await finalNumbers(fresh.page);
    } finally {
      await fresh.watch.detach();
      await fresh.context.close();
    }
    return { baseline, pair, end, counts, soakedNumbers, freshNumbers, errors, problems: await problems() };
  } finally {
    await watch.detach();
    await context.close();
  }
}

/**
 * The bounds the soak asserts, and why each is generous yet catches a leak:
 *   - page heap: the level plus what one open pair of notebooks holds, plus 2 MiB for caches that
 *     fill once (compiled code, KaTeX's metrics, style data); a soak adds and removes dozens of
 *     notebooks (hundreds in the long run), so leaking even a few of them would pass the bound;
 *   - workers: at most the level, which is one per lane (main and heavy): a cancelled run's
 *     worker is terminated, a stopped probe lane closed;
 *   - WebAssembly memory (all workers): the level, or what one open pair of notebooks holds when
 *     that is more (an engine's memory never shrinks, and whether the heavy lane's engine is alive
 *     when the level is taken depends on timing: a run cancelled by the removal ends its worker),
 *     plus 16 MiB (one engine's initial memory: the heavy lane may be on a fresh engine that grew
 *     again, or on the old one); a leak in the engine or an instance kept after it was replaced
 *     grows without end;
 *   - workers' heap: the level plus 4 MiB (the JSON of the answers in flight, compiled code).
 */
export function checkBounds({ baseline, pair, end }) {
  const failures = [];
  const pageBound = baseline.pageHeap + Math.max(0, pair.pageHeap - baseline.pageHeap) + 2 * MiB;
  if (end.pageHeap > pageBound) failures.push(`page heap ${mib(end.pageHeap)} > ${mib(pageBound)}`);
  if (end.workers > Math.max(baseline.workers, 2)) failures.push(`${end.workers} workers > ${Math.max(baseline.workers, 2)}`);
  const wasmBound = Math.max(baseline.wasm, pair.wasm) + 16 * MiB;
  if (end.wasm > wasmBound) failures.push(`WebAssembly memory ${mib(end.wasm)} > ${mib(wasmBound)}`);
  const workerHeapBound = baseline.workerHeap + 4 * MiB;
  if (end.workerHeap > workerHeapBound) failures.push(`workers' heap ${mib(end.workerHeap)} > ${mib(workerHeapBound)}`);
  return failures;
}
