// Issue 19, item 1: the key plane's scale never changes under a dragging pointer. Before, a
// pointer held at the plane's edge and nudged by a pixel grew the view, which moved q further out,
// which grew the view again: q ran [2.5, 2.5] -> [17, 17] in about a second. Now q is clamped to
// the view while the pointer is down; letting go widens the view by one unit, and the zoom buttons
// change the range on purpose, with the range said under the plane.
import assert from 'node:assert/strict';
import { test, openPage, waitForExplorable, useSiteAndBrowser, site, browser, notebooks } from './harness.mjs';

useSiteAndBrowser();
const doc = notebooks()['attention-explorable'];
const cell = doc.cells.find((c) => c.type === 'explorable');
const ex = (page) => page.locator('attention-notebook .explorable').first();

const queryNow = (page) => ex(page).evaluate((el) =>
  [...el.querySelectorAll('.controls input[type="number"]')].slice(0, 2).map((i) => Number(i.value)));

test('a pointer held at the edge of the key plane leaves the scale unchanged', async () => {
  const { page, problems, context } = await openPage(browser, site, `${doc.id}/`);
  try {
    await waitForExplorable(page, cell.keys.length);
    const plane = ex(page).locator('svg[role="application"]');
    await plane.scrollIntoViewIfNeeded();
    const box = await plane.boundingBox();
    const scale = ex(page).locator('.plane').first().locator('.scale-text');
    const range = ex(page).locator('.view-range');
    assert.equal(await range.textContent(), 'View: −3 to 3 on both axes.');
    const before = await scale.textContent();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    // To the upper-right corner, then held there for 1.5 s, nudged by a pixel every 50 ms.
    const cx = box.x + box.width - 2; const cy = box.y + 2;
    await page.mouse.move(cx, cy, { steps: 10 });
    for (let i = 0; i < 30; i += 1) {
      await page.mouse.move(cx + (i % 2), cy + (i % 2));
      await page.waitForTimeout(50);
    }
    assert.equal(await scale.textContent(), before, 'grid interval unchanged while dragging');
    assert.equal(await range.textContent(), 'View: −3 to 3 on both axes.', 'view range unchanged while dragging');
    const held = await queryNow(page);
    assert.deepEqual(held, [3, 3], 'q stays at the corner of the view: it does not run away');
    await page.mouse.up();
    // Letting go at the edge widens the view by one unit (3 + 0.6 margin, rounded up).
    await assert.doesNotReject(page.waitForFunction(() => document.querySelector('attention-notebook').shadowRoot
      .querySelector('.view-range').textContent === 'View: −4 to 4 on both axes.', null, { timeout: 5000 }));
    // The zoom control reaches far queries on purpose and says so.
    await ex(page).getByRole('button', { name: /Zoom out/ }).click();
    assert.equal(await range.textContent(), 'View: −6 to 6 on both axes.');
    await ex(page).getByRole('button', { name: /Zoom in/ }).click();
    assert.equal(await range.textContent(), 'View: −4 to 4 on both axes.', 'never narrower than what holds q');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});
