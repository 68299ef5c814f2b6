// Issue 19, item 5: no stale numbers under "Not computed". Before, the Jacobian with scores
// "1, x" kept the previous table unmarked, and the cost calculator with T = -5 kept "20 GB"
// beside "tokens must be a whole number". Now every cell that computes from a learner's input,
// given input it cannot compute, keeps its last numbers but marks them (data-stale, dimmed) and
// says which input they are still for; good input again clears the mark. One test per cell.
import assert from 'node:assert/strict';
import { test, openPage, useSiteAndBrowser, site, browser, waitForDepth } from './harness.mjs';

useSiteAndBrowser();
const ID = 'scaled-dot-product-attention';

async function atDepth(depth) {
  const opened = await openPage(browser, site, `${ID}/`);
  await opened.page.locator(`attention-notebook fieldset.depth input[value="${depth}"]`).check();
  await waitForDepth(opened.page, depth);
  return opened;
}

/** The cell's stale state: the marked box's number texts and the note, or null when unmarked. */
function staleState(page, cellId) {
  return page.evaluate((idOf) => {
    const cell = document.querySelector('attention-notebook').shadowRoot.querySelector(`[data-cell-id="${idOf}"]`);
    const marked = cell.querySelector('[data-stale="true"]');
    const note = cell.querySelector('.stale-note');
    if (!marked) return { marked: false, note: note.hidden ? '' : note.textContent };
    return { marked: true, numbers: marked.querySelectorAll('.num').length, opacity: Number(getComputedStyle(marked).opacity), note: note.hidden ? '' : note.textContent };
  }, cellId);
}

async function expectStale(page, cellId, forText) {
  await page.waitForFunction((idOf) => document.querySelector('attention-notebook').shadowRoot
    .querySelector(`[data-cell-id="${idOf}"] [data-stale="true"]`), cellId, { timeout: 10000 });
  const st = await staleState(page, cellId);
  assert.equal(st.marked, true);
  assert.ok(st.numbers > 0, 'the old numbers stay on screen, marked');
  assert.ok(st.opacity < 1, 'and dimmed');
  assert.match(st.note, forText);
}

async function expectFresh(page, cellId) {
  await page.waitForFunction((idOf) => !document.querySelector('attention-notebook').shadowRoot
    .querySelector(`[data-cell-id="${idOf}"] [data-stale="true"]`), cellId, { timeout: 10000 });
  assert.deepEqual(await staleState(page, cellId), { marked: false, note: '' });
}

test('Jacobian: scores "1, x" mark the table as still for the last scores', async () => {
  const { page, problems, context } = await atDepth('researcher');
  try {
    const cell = page.locator('[data-cell-id="jacobian-live"]');
    await cell.locator('svg.heatmap').waitFor({ timeout: 20000 });
    const box = cell.getByRole('textbox', { name: 'scores s' });
    await box.fill('1, x');
    await box.press('Enter');
    await expectStale(page, 'jacobian-live', /still for s = 0\.1, 4, 0, 0\.2 multiplied by 1/);
    await box.fill('1, 2');
    await box.press('Enter');
    await expectFresh(page, 'jacobian-live');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('cost calculator: T = -5 marks the numbers as still for T = 100000', async () => {
  const { page, problems, context } = await atDepth('researcher');
  try {
    const cell = page.locator('[data-cell-id="cost-calculator"]');
    await cell.locator('dd .num').first().waitFor({ timeout: 20000 });
    const tokens = cell.getByRole('spinbutton', { name: 'tokens T' });
    await tokens.fill('-5');
    await expectStale(page, 'cost-calculator', /still for tokens T = 100000/);
    assert.match(await cell.locator('.input-error').textContent(), /tokens must be a whole number from 1 to/);
    await tokens.fill('0');  // a whole number the engine refuses
    await expectStale(page, 'cost-calculator', /still for tokens T = 100000/);
    await tokens.fill('1000');
    await expectFresh(page, 'cost-calculator');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('PyTorch rules: a scale the engine refuses marks the explicit-scale weights', async () => {
  const { page, problems, context } = await atDepth('developer');
  try {
    const cell = page.locator('[data-cell-id="torch-rules"]');
    await cell.locator('.message').first().waitFor({ timeout: 20000 });
    const scale = cell.getByRole('spinbutton', { name: 'scale =' });
    await scale.fill('-1');
    await scale.press('Enter');
    await expectStale(page, 'torch-rules', /still for scale = 1/);
    await scale.fill('0.5');
    await scale.press('Enter');
    await expectFresh(page, 'torch-rules');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('hand example: a field that is not a number marks the matrices', async () => {
  const { page, problems, context } = await atDepth('developer');
  try {
    const cell = page.locator('[data-cell-id="by-hand"]');
    await cell.locator('.hand-results .num').first().waitFor({ timeout: 20000 });
    const q = page.getByRole('textbox', { name: 'Q (queries), row q1, column 1' });
    await q.fill('abc');
    await expectStale(page, 'by-hand', /still for Q = \[\[/);
    await q.fill('2');
    await expectFresh(page, 'by-hand');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('scaling study: settings that cannot run mark the tables as still for the last settings', async () => {
  const { page, problems, context } = await atDepth('developer');
  try {
    const cell = page.locator('[data-cell-id="scaling"]');
    await cell.locator('table .num').first().waitFor({ timeout: 60000 });
    await cell.getByRole('textbox', { name: 'widths d' }).fill('4, x');
    await cell.getByRole('button', { name: 'Run with these settings' }).click();
    await expectStale(page, 'scaling', /still for seed \d+, widths [\d, ]+/);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});
