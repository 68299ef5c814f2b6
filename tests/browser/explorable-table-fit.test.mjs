// Issue 19, item 2: the explorable's table fits its box at every width a learner uses. Before,
// once the "changed" marks appeared the table was 703 px in a 670 px box at 1280 px (the Carry
// column cut to "[1.689" and "chang"), and at 390 px the Share and Carry columns were off-screen
// behind a scrollbar. Checked the way a reader sees it: every cell's ink lies inside the table's
// box and the box does not scroll.
import assert from 'node:assert/strict';
import { test, openPage, waitForExplorable, useSiteAndBrowser, site, browser, notebooks } from './harness.mjs';

useSiteAndBrowser();
const doc = notebooks()['attention-explorable'];
const cell = doc.cells.find((c) => c.type === 'explorable');

/** Every table cell whose content pokes out of it or out of the table's box (1 px of rounding allowed). */
function clipped(page) {
  return page.evaluate(() => {
    const root = document.querySelector('attention-notebook').shadowRoot;
    const wrap = root.querySelector('.explorable .table-wrap');
    const box = wrap.getBoundingClientRect();
    const out = [];
    if (wrap.scrollWidth > wrap.clientWidth + 1) out.push(`table box scrolls: ${wrap.scrollWidth} > ${wrap.clientWidth}`);
    for (const c of wrap.querySelectorAll('th, td')) {
      if (c.scrollWidth > c.clientWidth + 1) out.push(`${c.textContent.trim()}: overflows its cell`);
      // The ink: every text-bearing descendant's box, compared with the visible table box.
      for (const el of [c, ...c.querySelectorAll('*')]) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || el.closest('.visually-hidden') || el.closest('thead')?.offsetHeight <= 1) continue;
        if (r.right > box.right + 1 || r.left < box.left - 1) out.push(`"${el.textContent.trim()}" at ${r.left}..${r.right} outside ${box.left}..${box.right}`);
      }
    }
    return out;
  });
}

for (const width of [320, 390, 768, 1280, 1440]) {
  test(`the explorable's table: nothing clipped at ${width} px, with the changed marks shown`, async () => {
    const { page, problems, context } = await openPage(browser, site, `${doc.id}/`, { viewport: { width, height: 900 } });
    try {
      await waitForExplorable(page, cell.keys.length);
      // A far query makes every number wider and every mark "changed" (the longest texts).
      const x = page.locator('attention-notebook .explorable .controls input[type="number"]').first();
      await x.fill('-2.75');
      await page.waitForFunction(() => document.querySelector('attention-notebook').shadowRoot
        .querySelectorAll('.explorable tbody .ref.changed').length >= 8, null, { timeout: 10000 });
      assert.deepEqual(await clipped(page), []);
      assert.deepEqual(await problems(), []);
    } finally {
      await context.close();
    }
  });
}
