// Issue 19, item 11: the depth switch is reachable from anywhere in the notebook, and a hash
// change made inside the page (a link to another depth) is honoured. Before, the switch scrolled
// away with the header, and setting #<id>.depth=researcher after load changed nothing.
import assert from 'node:assert/strict';
import { test, openPage, useSiteAndBrowser, site, browser, waitForDepth } from './harness.mjs';

useSiteAndBrowser();
const ID = 'scaled-dot-product-attention';

for (const width of [390, 1280]) {
  test(`depth switch: in view and usable at the end of the page (${width} px)`, async () => {
    const { page, problems, context } = await openPage(browser, site, `${ID}/`, { viewport: { width, height: 800 } });
    try {
      const radio = page.locator('attention-notebook fieldset.depth input[value="developer"]');
      await radio.waitFor({ state: 'attached' });
      await page.locator('[data-cell-id="knob"] .bar').first().waitFor({ timeout: 20000 });
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForFunction(() => window.scrollY > 500);
      const box = await page.locator('attention-notebook fieldset.depth').boundingBox();
      assert.ok(box.y >= 0 && box.y + box.height <= 800, `the switch is on screen: y = ${box.y}`);
      // What is drawn at the switch's centre is the switch itself (not a cell scrolled over it).
      const onTop = await page.evaluate(({ x, y }) => {
        const root = document.querySelector('attention-notebook').shadowRoot;
        return Boolean(root.elementFromPoint(x, y)?.closest('fieldset.depth'));
      }, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
      assert.ok(onTop, 'nothing covers the switch');
      await page.locator('attention-notebook fieldset.depth label', { hasText: 'Developer' }).click();
      await waitForDepth(page, 'developer');
      assert.deepEqual(await problems(), []);
    } finally {
      await context.close();
    }
  });
}

test('a hash change inside the page switches the depth', async () => {
  const { page, problems, context } = await openPage(browser, site, `${ID}/`);
  try {
    await page.locator('attention-notebook fieldset.depth').waitFor();
    const seen = page.evaluate(() => new Promise((resolve) => {
      document.querySelector('attention-notebook').addEventListener('depthchange', (e) => resolve(e.detail), { once: true });
    }));
    await page.evaluate((id) => { location.hash = `#${id}.depth=researcher`; }, ID);
    await waitForDepth(page, 'researcher', { timeout: 5000 });
    assert.deepEqual(await seen, { depth: 'researcher', previous: 'beginner' });
    assert.equal(await page.locator('attention-notebook fieldset.depth input[value="researcher"]').isChecked(), true);
    // A depth shown for the first time switches once its cells' renderers have loaded and drawn.
    assert.ok(await page.locator('[data-cell-id="jacobian-live"]').isVisible());
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});
