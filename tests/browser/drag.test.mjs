// The query follows the pointer: dragging across the key-space plane moves q, and after every
// drag the table shows the engine's shares for the query the inputs now hold.
import assert from 'node:assert/strict';
import {
  test, openPage, findCell, expectedShares, explorableRows, waitForExplorable, useSiteAndBrowser, site, browser,
} from './harness.mjs';

useSiteAndBrowser();
const { doc, cell } = findCell('explorable');

async function queryInputs(page) {
  return page.locator('attention-notebook .explorable').first().evaluate((el) =>
    [...el.querySelectorAll('.controls input[type="number"]')].map((i) => Number(i.value)));
}

test('dragging in the key plane moves q and the shares follow', async () => {
  const { page, problems, context } = await openPage(browser, site, `${doc.id}/`);
  try {
    await waitForExplorable(page, cell.keys.length);
    const plane = page.locator('attention-notebook .explorable svg[role="application"]').first();
    await plane.scrollIntoViewIfNeeded();
    const box = await plane.boundingBox();
    assert.ok(box, 'the key plane is visible');
    const start = await queryInputs(page);
    const seen = [];
    // Two drags to opposite quadrants: upper left, then lower right.
    for (const [fx, fy] of [[0.25, 0.25], [0.8, 0.75]]) {
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * fx, box.y + box.height * fy, { steps: 8 });
      await page.mouse.up();
      const q = await queryInputs(page);
      seen.push(q);
      // Wait for the engine's answer for this exact query, then compare with the formula.
      const want = expectedShares({ ...cell, query: q });
      await page.waitForFunction(([w]) => {
        const rows = document.querySelector('attention-notebook').shadowRoot
          .querySelector('.explorable tbody').querySelectorAll('tr');
        return [...rows].every((tr, i) =>
          Number(tr.querySelectorAll('td')[2].querySelector('.num').getAttribute('title').replace(/^exact:\s*/, '')) === w[i]);
      }, [want], { timeout: 10000 });
      const rows = await explorableRows(page);
      rows.forEach((row, i) => assert.equal(row.share.exact, want[i], `share of ${row.label} at q=${q}`));
    }
    // Screen y grows downward, so the upper-left drag gives x < 0 < y and the lower right x > 0 > y.
    assert.notDeepEqual(seen[0], start);
    assert.ok(seen[0][0] < 0 && seen[0][1] > 0, `upper left: ${seen[0]}`);
    assert.ok(seen[1][0] > 0 && seen[1][1] < 0, `lower right: ${seen[1]}`);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});
