// The depth switch shows exactly the cells written for the chosen depth, and says so in an event.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  openPage, screenshot, notebooks, useSiteAndBrowser, site, browser,
} from './harness.mjs';

useSiteAndBrowser();

// A notebook where the depths differ in what they show.
const doc = Object.values(notebooks()).find((d) => d.depths.length > 1 && d.cells.some((c) => c.depths && c.depths.length < d.depths.length));

test('the depth switch shows and hides cells by their depths', async () => {
  // A shipped notebook must have depth-specific cells, or this test would check nothing.
  assert.ok(doc, 'no shipped notebook has cells shown at only some of its depths');
  const { page, problems, context } = await openPage(browser, site, `${doc.id}/`);
  try {
    await page.locator('attention-notebook .cells section').first().waitFor({ timeout: 15000 });
    await page.evaluate(() => {
      window.__depthEvents = [];
      document.querySelector('attention-notebook').addEventListener('depthchange', (e) => window.__depthEvents.push(e.detail));
    });
    const visibleCells = () => page.locator('attention-notebook .cells > section').evaluateAll((ss) => ss.map((s) => !s.hidden && s.offsetParent !== null));
    const expected = (depth) => doc.cells.map((c) => (c.depths || doc.depths).includes(depth));

    // Initially the first depth (no depth attribute on the notebook pages).
    assert.deepEqual(await visibleCells(), expected(doc.depths[0]));
    let previous = doc.depths[0];
    for (const depth of [...doc.depths.slice(1), doc.depths[0]]) {
      await page.locator(`attention-notebook fieldset.depth input[value="${depth}"]`).check();
      await page.waitForFunction((d) => document.querySelector('attention-notebook').getAttribute('depth') === d, depth);
      assert.deepEqual(await visibleCells(), expected(depth), `cells shown at ${depth}`);
      assert.deepEqual((await page.evaluate(() => window.__depthEvents)).at(-1), { depth, previous });
      await screenshot(page, `depth-${depth}`);
      previous = depth;
    }
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});
