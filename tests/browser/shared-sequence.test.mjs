// Issue 19, items 9 and 10. The explorable and the held sequence share their inputs as the source
// document ties them: the explorable's query is the held sequence's first row, and the values are
// the same values, so an edit in one shows in the other (and the other rows and the mask stay).
// And the transformer block's input is named for what it is, not "the held sequence".
import assert from 'node:assert/strict';
import { test, openPage, waitForExplorable, useSiteAndBrowser, site, browser, notebooks } from './harness.mjs';

useSiteAndBrowser();
const doc = notebooks()['attention-explorable'];
const cell = doc.cells.find((c) => c.type === 'explorable');

const ex = (page) => page.locator('attention-notebook .explorable').first();
const held = (page) => page.locator('attention-notebook .held-sequence').first();

test('explorable and held sequence: query row 0 and values are shared both ways', async () => {
  const { page, problems, context } = await openPage(browser, site, `${doc.id}/#${doc.id}.depth=developer`);
  try {
    await waitForExplorable(page, cell.keys.length);
    await held(page).locator('.weights-grid .heat').first().waitFor({ timeout: 15000 });
    const heldQuery = () => held(page).locator('[role="group"][aria-label="Query of the picked row"] input').evaluateAll((xs) => xs.map((x) => Number(x.value)));
    const heldValues = () => held(page).locator('.value-editor input').evaluateAll((xs) => xs.map((x) => Number(x.value)));
    const exQuery = () => ex(page).locator('.controls input[type="number"]').evaluateAll((xs) => xs.slice(0, 2).map((x) => Number(x.value)));
    const heldRows = () => held(page).locator('.sequence-results tbody tr').evaluateAll((trs) => trs.map((tr) => tr.textContent));
    assert.deepEqual(await heldQuery(), await exQuery(), 'they start from the same query');
    const otherRowsBefore = (await heldRows()).slice(1);

    // The explorable's x -> the held sequence's row A query.
    await ex(page).locator('.controls input[type="number"]').first().fill('-1.5');
    await page.waitForFunction(() => Number(document.querySelector('attention-notebook').shadowRoot
      .querySelector('.held-sequence [aria-label="Query of the picked row"] input').value) === -1.5, null, { timeout: 5000 });
    assert.deepEqual(await heldQuery(), [-1.5, 1]);

    // The held sequence's value of C -> the explorable's value of C.
    const vC = held(page).locator('.value-editor input').nth(4);
    await vC.fill('3');
    const exVC = ex(page).getByRole('spinbutton', { name: /^Value of C, coordinate 1/, includeHidden: true });
    for (let i = 0; i < 50 && (await exVC.inputValue()) !== '3'; i += 1) await page.waitForTimeout(100);
    assert.equal(await exVC.inputValue(), '3', 'the explorable mixes the same values');
    // Rows B and C of the held sequence keep their queries and mask: their weights are unchanged
    // by the query edit (the value edit changes only their outputs).
    const after = (await heldRows()).slice(1);
    assert.deepEqual(after.map((r) => r.split('[')[0]), otherRowsBefore.map((r) => r.split('[')[0]));
    assert.notDeepEqual(await heldValues(), cell.values.flat());
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('the transformer block names its input as its own example', async () => {
  const { page, problems, context } = await openPage(browser, site, `${doc.id}/#${doc.id}.depth=developer`, { viewport: { width: 390, height: 900 } });
  try {
    const caption = page.locator('attention-notebook .transformer-block .matrix caption').first();
    await caption.waitFor({ timeout: 15000 });
    assert.equal(await caption.textContent(), 'H, the block’s own input');
    assert.match(await page.locator('attention-notebook .transformer-block .block-input-note').textContent(),
      /^H is this block’s own example, 3 positions of 4 numbers each: a different matrix from the held sequence above\.$/);
    // At 390 px the caption does not widen the table past its box (captions do not wrap).
    const fits = await page.locator('attention-notebook .transformer-block .matrix').first().evaluate((w) => w.scrollWidth <= w.clientWidth + 1);
    assert.ok(fits, 'the input matrix fits its box');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});
