// The scaling study's runs are cancelled when they stop mattering and shared when identical:
//   - a divisor chosen during a run supersedes it (the menu stays enabled; the running request's
//     worker is terminated and the next run starts in a fresh one);
//   - a cached answer chosen during a run shows at once, and the menu, the progress bar and the
//     tables then agree with each other for good;
//   - a notebook removed from the page cancels its run, so another notebook's study does not
//     wait for it on the shared 'heavy' worker;
//   - two notebooks asking for the same study on one page cause one engine run.
// The test page starts the real engine worker through setWorkerFactory and logs, per worker, the
// calls posted to it, the messages it sends back and whether it was terminated.
import assert from 'node:assert/strict';
import { test, openPage, routeTestFiles, notebooks, useSiteAndBrowser, site, browser } from './harness.mjs';

useSiteAndBrowser();

// The shipped study, shown at the test notebook's only depth.
const { depths: _depths, ...shipped } = notebooks()['scaled-dot-product-attention'].cells.find((c) => c.type === 'scaling-study');
// Several seconds of draws (each width at the engine's per-width limit, pairs x width = 2^23).
const heavy = { type: 'scaling-study', id: 'study', seed: 0, widths: [4096, 4096, 4096, 4096, 4096, 4096, 4096, 4096], pairs: 2048, trials: 250, keys: 6 };
// About half a second to two seconds here: long enough to act during a run.
const medium = { type: 'scaling-study', id: 'study', seed: 1, widths: [1024, 2048, 4096], pairs: 2048, trials: 250, keys: 6 };

const notebookWith = (cell, id = 'study-nb') => ({
  format: 'attnbook-notebook/1', id, title: `Study ${id}`, version: '1.0.0', depths: ['beginner'], cells: [{ ...cell }],
});

const WATCH = `import { setWorkerFactory } from '../attention-notebook.js';
window.__engineLog = [];
let count = 0;
const log = (entry) => window.__engineLog.push({ t: performance.now(), ...entry });
setWorkerFactory((lane) => {
  const worker = new Worker(new URL('../engine-worker.js', location.href), { type: 'module', name: 'attnbook-engine' });
  const n = ++count;
  log({ lane, worker: n, type: 'created' });
  const post = worker.postMessage.bind(worker);
  worker.postMessage = (msg, ...rest) => {
    if (msg && msg.type === 'call') log({ lane, worker: n, type: 'call', command: msg.command, id: msg.id });
    return post(msg, ...rest);
  };
  const terminate = worker.terminate.bind(worker);
  worker.terminate = () => { log({ lane, worker: n, type: 'terminated' }); terminate(); };
  worker.addEventListener('message', (e) => log({ lane, worker: n, type: e.data && e.data.type, id: e.data && e.data.id }));
  return worker;
});
window.addNotebook = (doc, key) => {
  const el = document.createElement('attention-notebook');
  el.dataset.key = key;
  const script = document.createElement('script');
  script.type = 'application/json';
  script.textContent = JSON.stringify(doc);
  el.append(script);
  document.body.append(el);
  return el;
};
`;

async function openWatched() {
  const opened = await openPage(browser, site, null);
  const base = await routeTestFiles(opened.context, site, {
    'watch.html': `<!doctype html><html><head><meta charset="utf-8"><title>studies</title>
<script type="module" src="watch.js"></script></head><body></body></html>`,
    'watch.js': WATCH,
  });
  await opened.page.goto(`${base}watch.html`);
  await opened.page.waitForFunction(() => typeof window.addNotebook === 'function');
  return opened;
}

const study = (page, key) => page.locator(`attention-notebook[data-key="${key}"] .scaling-study`);
const engineLog = (page) => page.evaluate(() => window.__engineLog);

/** What one study shows: menu, bar, the scaled column's header and every number's exact value. */
async function view(page, key) {
  return study(page, key).evaluate((el) => ({
    divisor: el.querySelector('select').value,
    disabled: el.querySelector('select').disabled,
    barVisible: !el.querySelector('.progress').hidden,
    headers: [...el.querySelectorAll('thead th')].map((th) => th.textContent),
    numbers: [...el.querySelectorAll('table .num')].map((n) => n.getAttribute('title')),
  }));
}

async function chooseDivisor(page, key, value) {
  // Set through the DOM, as assistive technology or a script may do even while a control is busy.
  await study(page, key).evaluate((el, v) => {
    const select = el.querySelector('select');
    select.value = v;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }, value);
}

async function waitForRunning(page, key) {
  await page.waitForFunction((k) => {
    const p = document.querySelector(`attention-notebook[data-key="${k}"]`)?.shadowRoot?.querySelector('.scaling-study progress');
    return p && p.hasAttribute('value') && p.value > 0;
  }, key, { timeout: 60000 });
}

async function waitForTables(page, key, timeout = 120000) {
  await page.waitForFunction((k) => {
    const s = document.querySelector(`attention-notebook[data-key="${k}"]`)?.shadowRoot?.querySelector('.scaling-study');
    return s && s.querySelectorAll('table').length === 2 && s.querySelector('.progress').hidden;
  }, key, { timeout });
}

test('a cached answer chosen during a run: menu enabled, bar gone, tables of that divisor', async () => {
  const { page, context, problems } = await openWatched();
  try {
    await page.evaluate((doc) => window.addNotebook(doc, 'a'), notebookWith(medium));
    await waitForTables(page, 'a');
    const first = await view(page, 'a');
    assert.equal(first.divisor, 'sqrt');

    await chooseDivisor(page, 'a', 'd');
    await waitForRunning(page, 'a');
    await chooseDivisor(page, 'a', 'sqrt'); // cached: shown at once
    const now = await view(page, 'a');
    assert.deepEqual(now.numbers, first.numbers);
    assert.deepEqual(now.headers, first.headers);
    // Whatever happens to the 'd' run, the state settles into one that matches what is shown.
    await page.waitForFunction(() => !window.__engineLog.some((e) => e.type === 'call') ||
      window.__engineLog.filter((e) => e.type === 'result' || e.type === 'error' || e.type === 'terminated').length >=
      window.__engineLog.filter((e) => e.type === 'call' && e.command === 'scaling').length, null, { timeout: 120000 });
    await page.waitForTimeout(300); // past the progress bar's delay
    const settled = await view(page, 'a');
    assert.equal(settled.divisor, 'sqrt');
    assert.equal(settled.disabled, false, 'the divisor menu is enabled');
    assert.equal(settled.barVisible, false, 'no progress bar once nothing runs for the chosen divisor');
    assert.deepEqual(settled.numbers, first.numbers);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('a divisor chosen during a run supersedes it: the run is cancelled and the menu never locks', async () => {
  const { page, context, problems } = await openWatched();
  try {
    await page.evaluate((doc) => window.addNotebook(doc, 'a'), notebookWith(heavy));
    await waitForRunning(page, 'a');
    assert.equal((await view(page, 'a')).disabled, false, 'the menu stays enabled during a run');
    await study(page, 'a').locator('select').selectOption('d');
    await waitForTables(page, 'a', 180000);
    const shown = await view(page, 'a');
    assert.equal(shown.divisor, 'd');
    assert.ok(shown.headers.some((t) => /q·k \/ d$/.test(t)), `headers name the divisor d: ${shown.headers}`);
    const log = await engineLog(page);
    const heavyCalls = log.filter((e) => e.lane === 'heavy' && e.type === 'call');
    assert.equal(heavyCalls.length, 2, 'one run for √d, one for d');
    const firstWorker = heavyCalls[0].worker;
    assert.ok(log.some((e) => e.worker === firstWorker && e.type === 'terminated'), 'the superseded run was stopped');
    assert.ok(!log.some((e) => e.worker === firstWorker && e.type === 'result'), 'the superseded run never finished');
    assert.notEqual(heavyCalls[1].worker, firstWorker, 'the new run went to a fresh worker');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('a removed notebook stops its run; another notebook does not wait for it', async (t) => {
  const { page, context, problems } = await openWatched();
  try {
    // The normal case first: the shipped study alone.
    const t0 = Date.now();
    await page.evaluate((doc) => window.addNotebook(doc, 'alone'), notebookWith(shipped, 'alone'));
    await waitForTables(page, 'alone');
    const alone = Date.now() - t0;
    await page.evaluate(() => document.querySelector('attention-notebook[data-key="alone"]').remove());

    await page.evaluate((doc) => window.addNotebook(doc, 'heavy'), notebookWith(heavy, 'heavy'));
    await waitForRunning(page, 'heavy');
    await page.evaluate((doc) => window.addNotebook(doc, 'b'), notebookWith(shipped, 'b'));
    await page.waitForTimeout(100);
    const t1 = Date.now();
    await page.evaluate(() => document.querySelector('attention-notebook[data-key="heavy"]').remove());
    await waitForTables(page, 'b', 180000);
    const waited = Date.now() - t1;
    const log = await engineLog(page);
    // The engine reload cost: a fresh heavy worker's creation to its first progress message (its
    // run starts as soon as its engine has loaded).
    const created = log.filter((e) => e.lane === 'heavy' && e.type === 'created');
    const fresh = created.length > 1 ? created.at(-1) : null;
    const ready = fresh && log.find((e) => e.worker === fresh.worker && e.type === 'progress');
    t.diagnostic(`shipped study alone: ${alone} ms; after removing the heavy notebook: ${waited} ms` +
      (ready ? `; a fresh worker's engine ready after ${Math.round(ready.t - fresh.t)} ms` : ''));
    assert.ok(log.some((e) => e.type === 'terminated' && e.lane === 'heavy'), 'the removed notebook\'s run was stopped');
    // The heavy study has several seconds left when it is removed; waiting for it takes that long.
    // 3x the normal case plus 2 s for a fresh worker's engine load is generous.
    assert.ok(waited < 3 * alone + 2000, `the study waited ${waited} ms (alone it took ${alone} ms)`);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('identical studies in two notebooks on one page run once and show the same numbers', async () => {
  const { page, context, problems } = await openWatched();
  try {
    await page.evaluate((doc) => { window.addNotebook(doc, 'x'); window.addNotebook(doc, 'y'); }, notebookWith(shipped));
    await waitForTables(page, 'x');
    await waitForTables(page, 'y');
    const calls = (await engineLog(page)).filter((e) => e.type === 'call' && e.command === 'scaling');
    assert.equal(calls.length, 1, `scaling runs: ${calls.length}`);
    assert.deepEqual((await view(page, 'x')).numbers, (await view(page, 'y')).numbers);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('a notebook moved in the page keeps its run; one removed and put back starts it again', async () => {
  const { page, context, problems } = await openWatched();
  try {
    await page.evaluate((doc) => window.addNotebook(doc, 'm'), notebookWith(medium));
    await waitForRunning(page, 'm');
    // Moved: disconnected and connected in one go.
    await page.evaluate(() => {
      const holder = document.createElement('div');
      document.body.prepend(holder);
      holder.append(document.querySelector('attention-notebook[data-key="m"]'));
    });
    await waitForTables(page, 'm');
    let log = await engineLog(page);
    assert.equal(log.filter((e) => e.type === 'terminated' && e.lane === 'heavy').length, 0, 'a move cancels nothing');
    assert.equal(log.filter((e) => e.type === 'call' && e.command === 'scaling').length, 1);

    // Removed during a run: cancelled. Put back: the run starts again and finishes.
    await chooseDivisor(page, 'm', '1');
    await waitForRunning(page, 'm');
    await page.evaluate(() => {
      window.__parked = document.querySelector('attention-notebook[data-key="m"]');
      window.__parked.remove();
    });
    await page.waitForFunction(() => window.__engineLog.some((e) => e.type === 'terminated' && e.lane === 'heavy'), null, { timeout: 10000 });
    await page.evaluate(() => document.body.append(window.__parked));
    await waitForTables(page, 'm');
    const shown = await view(page, 'm');
    assert.equal(shown.divisor, '1');
    assert.ok(shown.headers.some((t) => /q·k \/ 1$/.test(t)), `headers: ${shown.headers}`);
    log = await engineLog(page);
    assert.equal(log.filter((e) => e.type === 'call' && e.command === 'scaling').length, 3, '√d, then 1 twice');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});
