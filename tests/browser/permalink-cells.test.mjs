// Every setting a learner can change, in every cell type, comes back from the permalink: change
// the controls in Chromium, read location, open that URL in a fresh page, and the controls and the
// engine's numbers shown there equal the first page's (and differ from the cell's defaults, so the
// change was real). A hand-edited link with garbage or out-of-range values opens those fields at
// the cell's defaults, with no console error.
import assert from 'node:assert/strict';
import { test, openPage, notebooks, screenshot, routeTestFiles, useSiteAndBrowser, site, browser } from './harness.mjs';

useSiteAndBrowser();

const EXPLORABLE = 'attention-explorable';
const LESSON = 'scaled-dot-product-attention';
const cellAt = (page, id) => page.locator(`attention-notebook section[data-cell-id="${id}"]`);

/** What a cell shows: its controls' values, its engine numbers (shown text and exact), its readouts. */
function snapshotIn(page, id) {
  return page.evaluate((cellId) => {
    const sec = document.querySelector('attention-notebook').shadowRoot.querySelector(`section[data-cell-id="${cellId}"]`);
    if (!sec) return null;
    const controls = [...sec.querySelectorAll('input, select')].map((c) => (c.type === 'checkbox' || c.type === 'radio' ? c.checked : c.value));
    // Timings vary run to run: the attention-scale cell is compared by its engine-checked error alone.
    const numbers = sec.querySelector('.attention-scale')
      ? [sec.querySelector('.attention-scale').dataset.maxRelError ?? '']
      : [...sec.querySelectorAll('.num')].map((n) => `${n.textContent.trim()}|${n.getAttribute('title') || ''}`);
    const readouts = [...sec.querySelectorAll('output, .study-counter, .heatmap, .weights-grid')].map((o) => o.textContent.trim());
    const busy = Boolean(sec.querySelector('[aria-busy="true"], .loading')) || /Computing/.test(sec.textContent);
    const error = [...sec.querySelectorAll('.cell-error, .input-error')].filter((e) => !e.hidden).map((e) => e.textContent);
    return { controls, numbers, readouts, busy, error };
  }, id);
}

/** The cell's snapshot once its numbers have stopped changing (three equal polls, nothing running). */
const NO_NUMBERS = new Set(['study']); // a cell that shows no engine numbers until a check is answered

async function settled(page, id, { timeout = 60000, needNumbers = !NO_NUMBERS.has(id), count = 0 } = {}) {
  const end = Date.now() + timeout;
  let last = null;
  let same = 0;
  for (;;) {
    const s = await snapshotIn(page, id);
    // count: as many numbers as the page compared with shows (a cell's second computation, like
    // the Jacobian's curve, has no busy mark of its own)
    const ready = s && !s.busy && (!needNumbers || s.numbers.length > 0) && s.numbers.length >= count;
    const key = JSON.stringify(s);
    same = ready && key === last ? same + 1 : 0;
    last = key;
    if (same >= 2) return { controls: s.controls, numbers: s.numbers, readouts: s.readouts, error: s.error };
    if (Date.now() > end) throw new Error(`cell ${id} did not settle: ${key.slice(0, 400)}`);
    await page.waitForTimeout(250);
  }
}

/** Waits until the page's hash has every key in `keys` (e.g. "ks.explore"), then returns the URL. */
async function hashWith(page, nb, keys) {
  await page.waitForFunction(([n, ks]) => ks.every((k) => decodeURIComponent(location.hash).includes(`${n}.${k}=`)), [nb, keys], { timeout: 10000 });
  await page.waitForTimeout(300); // the last write (150 ms debounce)
  return page.url();
}

/**
 * Opens `path`, lets `change` set the controls, reads the URL, opens it fresh, and compares every
 * cell in `ids`: same snapshot after the reload, and not the default one.
 */
async function roundTrip({ nb, depth, ids, change, keys, shot }) {
  const start = `${nb}/#${nb}.depth=${depth}`;
  const first = await openPage(browser, site, start);
  let url;
  const before = {};
  const after = {};
  try {
    for (const id of ids) before[id] = await settled(first.page, id);
    await change(first.page);
    url = await hashWith(first.page, nb, keys);
    for (const id of ids) after[id] = await settled(first.page, id);
    assert.deepEqual(await first.problems(), []);
  } finally {
    await first.context.close();
  }
  const hash = compactHash(url, nb, keys);
  const second = await openPage(browser, site, url);
  try {
    for (const id of ids) {
      const restored = await settled(second.page, id, { count: after[id].numbers.length });
      assert.deepEqual(restored, after[id], `cell ${id} restored from ${hash}`);
      assert.notDeepEqual([restored.controls, restored.readouts], [before[id].controls, before[id].readouts], `cell ${id}: the change moved its controls`);
      assert.deepEqual(restored.error, [], `cell ${id} shows no error`);
    }
    if (shot) await screenshot(second.page, shot);
    assert.deepEqual(await second.problems(), []);
  } finally {
    await second.context.close();
  }
  return hash;
}

// The link's hash, decoded, after checking it is compact: only this notebook's depth and the
// changed settings' keys are in it.
function compactHash(url, nb, keys) {
  const hash = decodeURIComponent(new URL(url).hash);
  const written = hash.slice(1).split('&').map((p) => p.split('=')[0]).sort();
  assert.deepEqual(written, [`${nb}.depth`, ...keys.map((k) => `${nb}.${k}`)].sort(), hash);
  return hash;
}

test('attention-explorable: explorable keys, values, query, mask, normaliser; held sequence; block; study step', async () => {
  const hash = await roundTrip({
    nb: EXPLORABLE,
    depth: 'developer',
    ids: ['explore', 'held', 'block', 'study'],
    keys: ['q.explore', 'm.explore', 'ks.explore', 'vs.explore', 'norm.explore',
      'qs.held', 'vs.held', 'ms.held', 'row.held', 'heads.block', 'act.block', 'causal.block', 'step.study'],
    shot: 'permalink-cells-explorable',
    async change(page) {
      const ex = cellAt(page, 'explore');
      await ex.locator('.controls input[type="number"]').first().fill('1.5');
      await ex.locator('.mask-toggles input[type="checkbox"]').nth(2).uncheck();
      await ex.locator('.source-editor summary').click();
      await ex.locator('.source-edit').nth(1).locator('.vec-edit').nth(0).locator('input').nth(1).fill('0.5');
      await ex.locator('.source-edit').nth(0).locator('.vec-edit').nth(1).locator('input').nth(0).fill('-3');
      await ex.locator('.normalizer select').selectOption('sparsemax');

      const held = cellAt(page, 'held');
      await held.locator('.row-picker input').nth(1).check();
      await held.locator('[aria-label="Query of the picked row"] input').first().fill('2.5');
      await held.locator('.value-editor input').first().fill('4');
      await held.locator('.mask-matrix input').nth(1).click();

      const block = cellAt(page, 'block');
      const heads = await block.locator('select').first().inputValue();
      await block.locator('select').first().selectOption(heads === '1' ? '2' : '1');
      await block.locator('select').nth(1).selectOption('relu');
      await block.locator('input[type="checkbox"]').click();

      const study = cellAt(page, 'study');
      await study.locator('.study-nav button', { hasText: 'Next' }).click();
      await study.locator('.study-nav button', { hasText: 'Next' }).click();
    },
  });
  assert.match(hash, /\.ks\.explore=-?[\d.]+,[\d.-]+;/, 'keys as rows split by ;');
});

test('scaled-dot-product-attention, developer: scaling-study settings, hand example, PyTorch scale, mistakes', async () => {
  await roundTrip({
    nb: LESSON,
    depth: 'developer',
    ids: ['scaling', 'by-hand', 'torch-rules', 'mistakes-live'],
    keys: ['div.scaling', 'seed.scaling', 'widths.scaling', 'pairs.scaling', 'trials.scaling', 'keys.scaling',
      'qs.by-hand', 'vs.by-hand', 'scale.torch-rules', 'heads.mistakes-live', 'tuned.mistakes-live'],
    shot: 'permalink-cells-developer',
    async change(page) {
      const sc = cellAt(page, 'scaling');
      await sc.locator('input[id$="-seed"]').fill('3');
      await sc.locator('input[id$="-widths"]').fill('4, 16');
      await sc.locator('input[id$="-pairs"]').fill('500');
      await sc.locator('input[id$="-trials"]').fill('300');
      await sc.locator('input[id$="-keys"]').fill('4');
      await sc.locator('button', { hasText: 'Run with these settings' }).click();
      await sc.locator('select').selectOption('d');

      const hand = cellAt(page, 'by-hand');
      await hand.locator('input[aria-label^="Q (queries), row q1, column 1"]').fill('2');
      await hand.locator('input[aria-label^="V (values), row v3, column 2"]').fill('-1.25');

      const torch = cellAt(page, 'torch-rules');
      await torch.locator('input[type="number"]').fill('0.5');
      await torch.locator('input[type="number"]').dispatchEvent('change');

      const mis = cellAt(page, 'mistakes-live');
      await mis.locator('input[type="range"]').focus();
      await mis.locator('input[type="range"]').press('ArrowLeft');
      await mis.locator('input[type="range"]').press('ArrowLeft');
      await mis.locator('select').selectOption({ index: 0 });
    },
  });
});

test('scaled-dot-product-attention, beginner: the pipeline\'s knob', async () => {
  await roundTrip({
    nb: LESSON,
    depth: 'beginner',
    ids: ['knob'],
    keys: ['knob.knob'],
    async change(page) {
      const slider = cellAt(page, 'knob').locator('input[type="range"]');
      await slider.focus();
      for (let i = 0; i < 3; i++) await slider.press('ArrowLeft');
    },
  });
});

test('scaled-dot-product-attention, researcher: jacobian, cost, online softmax, alternatives, attention at scale', async () => {
  const keys = ['s.jacobian-live', 'mult.jacobian-live', 'tok.cost-calculator', 'heads.cost-calculator', 'bytes.cost-calculator',
    'tile.online-softmax', 'row.alternatives', 'tok.at-scale', 'dw.at-scale', 'causal.at-scale', 'div.at-scale', 'seed.at-scale', 'be.at-scale'];
  const runScale = async (page) => {
    const cell = cellAt(page, 'at-scale');
    await cell.locator('button.run').click();
    await cell.locator('.attention-scale[data-max-rel-error]').waitFor({ timeout: 60000 });
  };
  const nb = LESSON;
  const first = await openPage(browser, site, `${nb}/#${nb}.depth=researcher`);
  const ids = ['jacobian-live', 'cost-calculator', 'online-softmax', 'alternatives'];
  const after = {};
  let url;
  try {
    for (const id of ids) await settled(first.page, id);
    const jac = cellAt(first.page, 'jacobian-live');
    await jac.locator('input[type="text"]').fill('1, -2, 0.5');
    await jac.locator('input[type="text"]').dispatchEvent('change');
    await jac.locator('input[type="range"]').focus();
    await jac.locator('input[type="range"]').press('ArrowRight');
    const cost = cellAt(first.page, 'cost-calculator');
    await cost.locator('input[id$="-tokens"]').fill('4096');
    await cost.locator('input[id$="-heads"]').fill('12');
    await cost.locator('input[id$="-bytes"]').fill('4');
    const online = cellAt(first.page, 'online-softmax').locator('input[type="range"]');
    await online.focus();
    await online.press('ArrowRight');
    await cellAt(first.page, 'alternatives').locator('select').selectOption({ index: 1 });
    const sc = cellAt(first.page, 'at-scale');
    await sc.locator('select[id$="-t"]').selectOption({ index: 0 });
    await sc.locator('select[id$="-d"]').selectOption({ index: 0 });
    await sc.locator('input[type="checkbox"]').check();
    await sc.locator('select[id$="-div"]').selectOption('1');
    await sc.locator('input[id$="-seed"]').fill('5');
    await sc.locator('input[id$="-seed"]').dispatchEvent('change');
    await sc.locator('select[id$="-b"]').selectOption('wasm');
    url = await hashWith(first.page, nb, keys);
    await runScale(first.page);
    for (const id of [...ids, 'at-scale']) after[id] = await settled(first.page, id);
    assert.deepEqual(await first.problems(), []);
  } finally {
    await first.context.close();
  }
  const hash = compactHash(url, nb, keys);
  assert.match(hash, /\.s\.jacobian-live=1,-2,0\.5(&|$)/);
  const second = await openPage(browser, site, url);
  try {
    for (const id of ids) assert.deepEqual(await settled(second.page, id, { count: after[id].numbers.length }), after[id], `cell ${id} restored from ${hash}`);
    await runScale(second.page);
    const scale = await settled(second.page, 'at-scale');
    assert.deepEqual(scale, after['at-scale'], 'attention at scale: same settings, same engine-checked error');
    assert.ok(Number(scale.numbers[0]) > 0 && Number(scale.numbers[0]) < 1e-3, `float32 error against float64: ${scale.numbers[0]}`);
    await screenshot(second.page, 'permalink-cells-researcher');
    assert.deepEqual(await second.problems(), []);
  } finally {
    await second.context.close();
  }
});

/** Every cell of a notebook at a depth as it opens without a hash. */
async function defaults(nb, depth, ids) {
  const { page, problems, context } = await openPage(browser, site, `${nb}/#${nb}.depth=${depth}`);
  try {
    const out = {};
    for (const id of ids) out[id] = await settled(page, id);
    assert.deepEqual(await problems(), []);
    return out;
  } finally {
    await context.close();
  }
}

async function opensAtDefaults(nb, depth, ids, garbage) {
  const want = await defaults(nb, depth, ids);
  const hash = `#${nb}.depth=${depth}&${garbage.map(([k, v]) => `${nb}.${k}=${v}`).join('&')}`;
  const { page, problems, context } = await openPage(browser, site, `${nb}/${hash}`);
  try {
    for (const id of ids) assert.deepEqual(await settled(page, id, { count: want[id].numbers.length }), want[id], `cell ${id} from ${hash}`);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
}

test('hand-edited garbage and out-of-range values open at the defaults, with no console error', async () => {
  const nbEx = notebooks()[EXPLORABLE];
  const explore = nbEx.cells.find((c) => c.id === 'explore');
  await opensAtDefaults(EXPLORABLE, 'developer', ['explore', 'held', 'block', 'study'], [
    ['q.explore', '1,x'], ['m.explore', '1,0'], ['ks.explore', explore.keys.map(() => '1,2').join(';') + ';1,1'],
    ['vs.explore', explore.values.map(() => '1e7,0').join(';')], ['r.explore', '1,2,3'], ['norm.explore', 'nosuch'],
    ['qs.held', '1,2'], ['vs.held', 'a,b;c,d'], ['ms.held', '1,1,1;0,2,1;1,1,1'], ['row.held', '9'],
    ['heads.block', '3'], ['act.block', 'tanh'], ['causal.block', 'yes'], ['step.study', '99'],
  ]);
  await opensAtDefaults(LESSON, 'developer', ['by-hand', 'torch-rules', 'mistakes-live'], [
    ['qs.by-hand', '1,0;0,1;1,1'], ['ks.by-hand', '1e9,0;0,1;1,1'], ['vs.by-hand', 'x'],
    ['scale.torch-rules', '0'], ['heads.mistakes-live', '1000'], ['tuned.mistakes-live', '17'],
  ]);
  await opensAtDefaults(LESSON, 'beginner', ['knob'], [['knob.knob', '100000']]);
  await opensAtDefaults(LESSON, 'researcher', ['jacobian-live', 'cost-calculator', 'online-softmax', 'alternatives'], [
    ['s.jacobian-live', '1,,2'], ['mult.jacobian-live', '7'], ['tok.cost-calculator', '0'], ['heads.cost-calculator', '-1'],
    ['bytes.cost-calculator', '99999999'], ['dv.cost-calculator', '1.5'], ['tile.online-softmax', '0'], ['row.alternatives', '50'],
  ]);
});

test('an out-of-range field is dropped alone: the valid ones beside it still come back', async () => {
  const nb = LESSON;
  const { page, problems, context } = await openPage(browser, site,
    `${nb}/#${nb}.depth=researcher&${nb}.tok.cost-calculator=4096&${nb}.heads.cost-calculator=0&${nb}.tile.online-softmax=3` +
    `&${nb}.tok.at-scale=3&${nb}.seed.at-scale=11&${nb}.be.at-scale=cuda&${nb}.scale.torch-rules=2`);
  try {
    const cost = await settled(page, 'cost-calculator');
    const cell = notebooks()[nb].cells.find((c) => c.id === 'cost-calculator');
    assert.deepEqual(cost.controls, ['4096', String(cell.head_width), String(cell.value_width), String(cell.heads),
      String(cell.layers), String(cell.batch), String(cell.bytes)]);
    assert.equal((await settled(page, 'online-softmax')).readouts[0], '3');
    const scale = await snapshotIn(page, 'at-scale');
    const at = notebooks()[nb].cells.find((c) => c.id === 'at-scale');
    // tokens, head width, heads, causal, divisor, seed, backend: only the seed was valid
    assert.deepEqual(scale.controls, [String(at.tokens), String(at.head_width), String(at.heads), at.causal, at.divisor, '11', at.backend]);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

// The engine checks a restored state (the `restore` command) with the rules between a cell's
// fields too: 4096 is a width the study takes, but with the cell's 20000 pairs one table would
// hold 81,920,000 numbers, over max_block (2^23). The widths are dropped alone; the seed beside
// them comes back (the page used to drop the whole set for that).
test('a setting against a rule between fields is dropped alone: the scaling study\'s max_block', async () => {
  const nb = LESSON;
  const cell = notebooks()[nb].cells.find((c) => c.id === 'scaling');
  const { page, problems, context } = await openPage(browser, site,
    `${nb}/#${nb}.depth=developer&${nb}.widths.scaling=4096&${nb}.seed.scaling=5`);
  try {
    const sc = cellAt(page, 'scaling');
    await settled(page, 'scaling');
    assert.equal(await sc.locator('input[id$="-seed"]').inputValue(), '5');
    assert.deepEqual((await sc.locator('input[id$="-widths"]').inputValue()).split(/[\s,]+/).map(Number), cell.widths);
    assert.match(await sc.textContent(), new RegExp(`Seed 5; widths d = ${cell.widths.join(', ')};`));
    // The reader is told which setting was left out and why: one line, naming the field.
    const note = sc.locator('.link-refused');
    assert.match(await note.locator('p').textContent(), /^One setting of this link was not used/);
    const lines = await note.locator('li').allTextContents();
    assert.equal(lines.length, 1);
    assert.match(lines[0], new RegExp(`^scaling-study: \\$\\.widths: .*${cell.pairs} x 4096 .*${2 ** 23}`));
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('the playback\'s position comes back, paused, with the same caption', async () => {
  const nb = EXPLORABLE;
  const first = await openPage(browser, site, `${nb}/`);
  let url;
  let want;
  try {
    const cell = cellAt(first.page, 'playback');
    const seek = cell.locator('input[type="range"]');
    await first.page.waitForFunction(() => !document.querySelector('attention-notebook').shadowRoot?.querySelector('.playback input[type="range"]')?.disabled === false);
    await seek.focus();
    await first.page.keyboard.press('End');
    for (let i = 0; i < 5; i++) await first.page.keyboard.press('PageDown');
    url = await hashWith(first.page, nb, ['t.playback']);
    want = await cell.evaluate((el) => ({ t: el.querySelector('input[type="range"]').value, caption: el.querySelector('.playback-caption').textContent,
      clock: el.querySelector('.playback-clock').textContent, carries: el.querySelectorAll('.carry').length }));
    assert.ok(Number(want.t) > 0, `moved: ${want.t}`);
    assert.deepEqual(await first.problems(), []);
  } finally {
    await first.context.close();
  }
  assert.match(decodeURIComponent(url), new RegExp(`[#&]${nb}\\.t\\.playback=[0-9.]+$`));
  const second = await openPage(browser, site, url);
  try {
    const cell = cellAt(second.page, 'playback');
    await second.page.waitForFunction(() => !document.querySelector('attention-notebook').shadowRoot?.querySelector('.playback input[type="range"]')?.disabled === false);
    const got = await cell.evaluate((el) => ({ t: el.querySelector('input[type="range"]').value, caption: el.querySelector('.playback-caption').textContent,
      clock: el.querySelector('.playback-clock').textContent, carries: el.querySelectorAll('.carry').length }));
    assert.deepEqual(got, want);
    assert.equal(await cell.locator('button.primary').textContent(), 'Play');
    assert.deepEqual(await second.problems(), []);
  } finally {
    await second.context.close();
  }
});

test('two cells of one type keep their own settings (keyed by cell id)', async () => {
  const lesson = notebooks()[LESSON];
  const cost = lesson.cells.find((c) => c.type === 'cost');
  const online = lesson.cells.find((c) => c.type === 'online-softmax');
  const { depths, ...costCell } = cost;
  const { depths: d2, ...onlineCell } = online;
  const doc = { format: lesson.format, id: 'twins', title: 'Two of each', version: '1.0.0', depths: ['beginner'],
    cells: [{ ...costCell, id: 'cost-a' }, { ...costCell, id: 'cost-b' }, { ...onlineCell, id: 'tiles-a' }, { ...onlineCell, id: 'tiles-b' }] };
  const { page, context, problems } = await openPage(browser, site, null);
  try {
    const base = await routeTestFiles(context, site, {
      'twins.html': `<!doctype html><html><head><meta charset="utf-8"><title>twins</title>
<script type="module" src="../attention-notebook.js"></script></head><body>
<attention-notebook permalink><script type="application/json">${JSON.stringify(doc)}</script></attention-notebook></body></html>`,
    });
    await page.goto(`${base}twins.html`);
    const ids = ['cost-a', 'cost-b', 'tiles-a', 'tiles-b'];
    for (const id of ids) await settled(page, id);
    await cellAt(page, 'cost-a').locator('input[id$="-tokens"]').fill('2048');
    await cellAt(page, 'cost-b').locator('input[id$="-heads"]').fill('16');
    const slider = cellAt(page, 'tiles-b').locator('input[type="range"]');
    await slider.focus();
    await slider.press('ArrowRight');
    const url = await hashWith(page, 'twins', ['tok.cost-a', 'heads.cost-b', 'tile.tiles-b']);
    assert.equal(decodeURIComponent(new URL(url).hash), `#twins.depth=beginner&twins.tok.cost-a=2048&twins.heads.cost-b=16&twins.tile.tiles-b=${online.tile + 1}`);
    const want = {};
    for (const id of ids) want[id] = await settled(page, id);
    assert.notDeepEqual(want['cost-a'].numbers, want['cost-b'].numbers);
    const fresh = await context.newPage();
    const freshErrors = [];
    fresh.on('console', (msg) => { if (msg.type() === 'error') freshErrors.push(msg.text()); });
    fresh.on('pageerror', (err) => freshErrors.push(err.message));
    await fresh.goto(url);
    for (const id of ids) assert.deepEqual(await settled(fresh, id, { count: want[id].numbers.length }), want[id], `cell ${id}`);
    assert.equal((await settled(fresh, 'tiles-a')).readouts[0], String(online.tile), 'the other tiles cell kept its default');
    assert.deepEqual(await problems(), []);
    assert.deepEqual(freshErrors, []);
  } finally {
    await context.close();
  }
});
