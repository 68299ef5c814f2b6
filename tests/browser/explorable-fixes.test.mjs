// What a learner hit in the explorable, each checked the way they would hit it: the view fits
// both ways and says its scale, bad input is refused in place, sentences match the numbers
// (ties, all masked), carries are arrows tip to tail, the comparison with the reference query,
// the goal, the link to the other notebook, and a wrong practice option's reason.
import assert from 'node:assert/strict';
import {
  test, openPage, screenshot, explorableRows, waitForExplorable, expectedShares, useSiteAndBrowser, site, browser, notebooks,
} from './harness.mjs';

useSiteAndBrowser();
const doc = notebooks()['attention-explorable'];
const cell = doc.cells.find((c) => c.type === 'explorable');
const n = cell.keys.length;
const ex = (page) => page.locator('attention-notebook .explorable').first();
const qField = (page, j) => ex(page).locator('.controls input[type="number"]').nth(j);
const summary = (page) => ex(page).locator('.summary');

async function open(path = `${doc.id}/`, options = {}) {
  const opened = await openPage(browser, site, path, options);
  await waitForExplorable(opened.page, n);
  return opened;
}

async function waitShares(page, query, mask) {
  const want = expectedShares({ ...cell, query, mask });
  await page.waitForFunction(([w]) => {
    const root = document.querySelector('attention-notebook').shadowRoot;
    const cells = [...root.querySelectorAll('.explorable tbody tr td:nth-of-type(3) > .num')];
    return cells.length === w.length && cells.every((c, i) => c.getAttribute('title') === `exact: ${w[i]}`);
  }, [want], { timeout: 10000 });
}

test('the key plane fits both ways and names its scale', async () => {
  const { page, problems, context } = await open();
  try {
    const scale = ex(page).locator('.plane').first().locator('.scale-text');
    assert.equal(await scale.textContent(), 'Each grid interval is 1 unit, the same on both axes.');
    assert.ok(await ex(page).locator('.plane svg text.tick').count() >= 4, 'axis ticks are labelled');
    await qField(page, 0).fill('50');
    await waitShares(page, [50, 1]);
    assert.equal(await scale.textContent(), 'Each grid interval is 10 units, the same on both axes.');
    await ex(page).getByRole('button', { name: 'Reset', exact: true }).click();
    await waitShares(page, cell.query);
    assert.equal(await scale.textContent(), 'Each grid interval is 1 unit, the same on both axes.', 'the view shrinks back');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('bad input is refused in place and the numbers stay those of the last good query', async () => {
  const { page, problems, context } = await open();
  try {
    const x = qField(page, 0);
    await x.fill('1e7');
    assert.equal(await x.getAttribute('aria-invalid'), 'true');
    const message = ex(page).locator('.entry-error').first();
    assert.match(await message.textContent(), /out of range.*still for x = 2/);
    const rows = await explorableRows(page);
    assert.deepEqual(rows.map((r) => r.share.exact), expectedShares(cell), 'still the numbers of q = [2, 1]');
    await x.fill('');
    assert.match(await message.textContent(), /Type a number here/);
    await screenshot(page, 'explorable-refused');
    await x.blur();
    assert.equal(await x.inputValue(), '2', 'leaving the box shows the value the numbers belong to');
    assert.equal(await x.getAttribute('aria-invalid'), null);
    await x.fill('1.5');
    await waitShares(page, [1.5, 1]);
    assert.equal(await message.textContent(), '');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('a tie is called a tie; every source masked says there is no output', async () => {
  const { page, problems, context } = await open();
  try {
    await qField(page, 0).fill('1');
    await waitShares(page, [1, 1]);
    await page.waitForFunction(() => /equally/.test(document.querySelector('attention-notebook').shadowRoot.querySelector('.explorable .summary').textContent));
    const text = await summary(page).textContent();
    assert.doesNotMatch(text, /most/);
    assert.match(text, /all allowed keys equally \(score 0\.707 each\)/);
    for (let i = 0; i < n; i++) await ex(page).locator('.mask-toggles input[type="checkbox"]').nth(i).uncheck();
    await page.waitForFunction(() => /Every source is masked/.test(document.querySelector('attention-notebook').shadowRoot.querySelector('.explorable .summary').textContent));
    const stats = await ex(page).locator('.stats').textContent();
    assert.match(stats, /No output/);
    assert.doesNotMatch(stats, /Output o =/);
    await screenshot(page, 'explorable-all-masked');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('carries are arrows with heads, tip to tail, ending at o', async () => {
  const { page, problems, context } = await open();
  try {
    const values = ex(page).locator('.plane').nth(1);
    await values.locator('.carry').first().waitFor();
    assert.equal(await values.locator('.carry').count(), n);
    assert.equal(await values.locator('.carry .arrow-head').count(), n);
    // Tip to tail: each carry's line starts where the previous one's head ended.
    const ends = await values.locator('.carry').evaluateAll((gs) => gs.map((g) => {
      const line = g.querySelector('line');
      const head = g.querySelector('polygon').getAttribute('points').split(' ')[0].split(',').map(Number);
      return { start: [Number(line.getAttribute('x1')), Number(line.getAttribute('y1'))], tip: head };
    }));
    for (let i = 1; i < ends.length; i++) {
      assert.ok(Math.abs(ends[i].start[0] - ends[i - 1].tip[0]) < 1e-6 && Math.abs(ends[i].start[1] - ends[i - 1].tip[1]) < 1e-6, `carry ${i} starts at the tip of carry ${i - 1}`);
    }
    const dot = await values.locator('.out-dot').evaluate((c) => [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))]);
    assert.ok(Math.abs(dot[0] - ends.at(-1).tip[0]) < 1e-6 && Math.abs(dot[1] - ends.at(-1).tip[1]) < 1e-6, 'the last carry ends at o');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('moving q along (1, 1) changes the scores and leaves shares and output: the comparison says so', async () => {
  const { page, problems, context } = await open();
  try {
    const compare = ex(page).locator('.compare-summary');
    await page.waitForFunction(() => document.querySelector('attention-notebook').shadowRoot.querySelector('.explorable .compare-summary').textContent !== '');
    assert.equal(await compare.textContent(), 'Scores unchanged; shares unchanged; output unchanged.');
    await qField(page, 0).fill('3');
    await qField(page, 1).fill('2');
    await waitShares(page, [3, 2]);
    await page.waitForFunction(() => /Scores changed/.test(document.querySelector('attention-notebook').shadowRoot.querySelector('.explorable .compare-summary').textContent));
    // k_A, k_B, k_C all have coordinates summing to 1, so q + t(1, 1) adds t/sqrt 2 to every score.
    assert.equal(await compare.textContent(), 'Scores changed; shares unchanged; output unchanged.');
    assert.ok(await ex(page).locator('.ref.changed').count() >= n, 'changed marks beside the scores');
    assert.ok(await ex(page).locator('.ref.same').count() >= n, 'unchanged marks beside the shares');
    await screenshot(page, 'explorable-compared');
    // Re-pin: the reference becomes the current q and everything reads unchanged.
    await ex(page).getByRole('button', { name: 'Pin current q as reference' }).click();
    await page.waitForFunction(() => /^Scores unchanged/.test(document.querySelector('attention-notebook').shadowRoot.querySelector('.explorable .compare-summary').textContent));
    await page.waitForFunction(() => /r\.explore=3,2/.test(decodeURIComponent(location.hash)), null, { timeout: 5000 });
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('the goal is announced when B passes 0.9, by a preset, by typing', async () => {
  const { page, problems, context } = await open();
  try {
    const goal = ex(page).locator('.goal');
    await page.waitForFunction(() => /now 0\.576/.test(document.querySelector('attention-notebook').shadowRoot.querySelector('.explorable .goal').textContent));
    await ex(page).getByRole('button', { name: 'q = [6, 0]' }).click();
    await page.waitForFunction(() => /Goal reached/.test(document.querySelector('attention-notebook').shadowRoot.querySelector('.explorable .goal').textContent));
    assert.match(await goal.textContent(), /Goal reached: B has 0\.986/);
    await qField(page, 0).fill('3');
    await page.waitForFunction(() => /^Goal: /.test(document.querySelector('attention-notebook').shadowRoot.querySelector('.explorable .goal').textContent));
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('the other notebook is named and linked where it is cited; a wrong option gets its reason', async () => {
  const { page, problems, context } = await open(`${doc.id}/#${doc.id}.depth=researcher`);
  try {
    const links = page.locator('attention-notebook a[href*="scaled-dot-product-attention"]');
    assert.ok(await links.count() >= 2);
    assert.match(await links.first().textContent(), /Scaled dot-product attention/);
    const practice = page.locator('attention-notebook section[data-cell-id="push-b"]');
    await practice.locator('input[type="radio"]').nth(1).check();
    await practice.getByRole('button', { name: 'Check' }).click();
    await practice.locator('.feedback.incorrect').waitFor();
    const text = await practice.locator('.feedback').textContent();
    assert.match(text, /only about 0\.88/);
    await practice.locator('input[type="radio"]').nth(2).check();
    await practice.getByRole('button', { name: 'Check' }).click();
    await practice.locator('.feedback.correct').waitFor();
    const right = await practice.locator('.feedback').textContent();
    assert.equal(right.match(/Correct/g).length, 1, `"Correct" once: ${right}`);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('keys and values are editable, refused in place like the query, and reset to the example', async () => {
  const { page, problems, context } = await open();
  try {
    await ex(page).locator('summary', { hasText: 'Edit keys and values' }).click();
    const editor = ex(page).locator('.source-editor');
    // k_B = [1, 0] -> [1, 1]
    const kB2 = editor.getByLabel('Key of B, coordinate 2,');
    await kB2.fill('1');
    const keys = [[-1, 2], [1, 1], [0, 1]];
    const want = expectedShares({ ...cell, keys, query: cell.query });
    await page.waitForFunction(([w]) => {
      const cells = [...document.querySelector('attention-notebook').shadowRoot.querySelectorAll('.explorable tbody tr td:nth-of-type(3) > .num')];
      return cells.every((c, i) => c.getAttribute('title') === `exact: ${w[i]}`);
    }, [want], { timeout: 10000 });
    assert.match(await ex(page).locator('.source-text').textContent(), /k_B = \[1, 1\]/);
    // Unreadable typing ("1e" is not a number yet) is refused and, on leaving, the box shows 1 again.
    await kB2.fill('');
    await kB2.pressSequentially('1e');
    assert.equal(await kB2.getAttribute('aria-invalid'), 'true');
    assert.match(await editor.locator('.entry-error', { hasText: 'not a number' }).textContent(), /still for kB\[2\] = 1/);
    await kB2.blur();
    assert.equal(await kB2.inputValue(), '1');
    await editor.getByLabel('Value of C, coordinate 1,').fill('2e6');
    assert.equal(await editor.getByLabel('Value of C, coordinate 1,').getAttribute('aria-invalid'), 'true');
    assert.match(await editor.locator('.entry-error', { hasText: 'out of range' }).textContent(), /still for vC\[1\] = -1/);
    await editor.getByRole('button', { name: /Back to the example/ }).click();
    await waitShares(page, cell.query);
    assert.match(await ex(page).locator('.source-text').textContent(), /k_B = \[1, 0\]/);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('the Python panel copies the whole program, helper included, and shows it folded', async () => {
  const { page, problems, context } = await open();
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.origin });
    const panel = ex(page).locator('details', { hasText: 'The same calculation in Python' }).first();
    await panel.locator('summary').first().click();
    await panel.locator('code').first().filter({ hasText: 'running_total' }).waitFor();
    const shown = await panel.locator('pre code').first().textContent();
    assert.match(shown, /engine_exp\(x\): the exp the engine uses/);
    assert.doesNotMatch(shown, /0x40862E42/, 'the helper body is folded away');
    await panel.getByRole('button', { name: 'Copy the program' }).click();
    await panel.locator('.copy-status', { hasText: 'Copied.' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(copied, /def engine_exp\(x\):[^]*0x40862E42/);
    assert.match(copied, /query = \[2\.0, 1\.0\]/);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});
