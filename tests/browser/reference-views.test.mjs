// Issue 19, what the source document still asks for: the reference query drawn in every view, not
// only the key plane (the value plane rings the reference output, a thin strip under the shares
// shows the reference shares), and the tolerance behind "= same" stated where the marks are
// explained. The reference numbers are checked against softmax computed here.
import assert from 'node:assert/strict';
import { test, openPage, waitForExplorable, expectedShares, useSiteAndBrowser, site, browser, notebooks } from './harness.mjs';

useSiteAndBrowser();
const doc = notebooks()['attention-explorable'];
const cell = doc.cells.find((c) => c.type === 'explorable');
const ex = (page) => page.locator('attention-notebook .explorable').first();

test('the reference query shows in the value plane and the share strip, and the 1e-12 tolerance is stated', async () => {
  const { page, problems, context } = await openPage(browser, site, `${doc.id}/`);
  try {
    await waitForExplorable(page, cell.keys.length);
    await ex(page).locator('.controls input[type="number"]').first().fill('-2');
    await page.waitForFunction(() => document.querySelector('attention-notebook').shadowRoot
      .querySelectorAll('.explorable tbody .ref.changed').length >= 4, null, { timeout: 10000 });
    const ref = cell.reference_query || cell.query;
    const w = expectedShares({ ...cell, query: ref });
    const o = [0, 1].map((j) => w.reduce((acc, wi, i) => acc + wi * cell.values[i][j], 0));
    const r3 = (x) => String(Math.round(x * 1000) / 1000);
    const valuePlane = ex(page).locator('.plane svg').nth(1);
    assert.equal(await valuePlane.locator('.ref-ring').count(), 1, 'the value plane rings the reference output');
    assert.match(await valuePlane.getAttribute('aria-label'), new RegExp(`reference query, \\[${r3(o[0])}, ${r3(o[1])}\\]`.replace(/\./g, '\\.')));
    const strip = ex(page).locator('.ref-strip');
    assert.equal(await strip.locator('div').count(), cell.keys.length);
    const label = await strip.getAttribute('aria-label');
    cell.labels.forEach((l, i) => assert.match(label, new RegExp(`${l} ${r3(w[i]).replace('.', '\\.')}`), `${l}'s reference share`));
    assert.match(await ex(page).locator('.comparison').textContent(), /differ by at most 1e-12/);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});
