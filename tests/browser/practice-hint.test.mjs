// A practice cell's hint is optional: without one, the cell shows no hint and no stray text
// (Element.append turns a null child into the word "null").
import assert from 'node:assert/strict';
import { test, openPage, routeTestFiles, notebooks, useSiteAndBrowser, site, browser } from './harness.mjs';

useSiteAndBrowser();

const shippedPractice = Object.values(notebooks()).flatMap((d) => d.cells).filter((c) => c.type === 'practice');

test('practice cells without a hint (typed and choice answers) show no hint and no "null"', async () => {
  const cells = shippedPractice.map((c, i) => {
    const { hint, worked, depths, ...rest } = c; // worked steps are optional help too
    assert.ok(hint, 'the shipped practice cells have hints (the test removes them)');
    return { ...rest, id: `no-hint-${i}` };
  });
  assert.deepEqual(new Set(cells.map((c) => c.answer.kind)), new Set(['number', 'choice']));
  const doc = { format: 'attnbook-notebook/1', id: 'no-hint', title: 'No hints', version: '1.0.0', depths: ['beginner'], cells };
  const { page, context, problems } = await openPage(browser, site, null);
  try {
    const base = await routeTestFiles(context, site, {
      'hint.html': `<!doctype html><html><head><meta charset="utf-8"><title>hint</title>
<script type="module" src="../attention-notebook.js"></script></head><body>
<attention-notebook><script type="application/json">${JSON.stringify(doc)}</script></attention-notebook></body></html>`,
    });
    await page.goto(`${base}hint.html`);
    const practice = page.locator('attention-notebook .practice');
    await practice.nth(cells.length - 1).waitFor();
    for (let i = 0; i < cells.length; i++) {
      const box = practice.nth(i);
      // The cell's own text nodes (prompt and controls aside) must not spell "null".
      const stray = await box.evaluate((el) => [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent));
      assert.deepEqual(stray, [], `cell ${cells[i].id} has stray text`);
      assert.doesNotMatch(await box.textContent(), /\bnull\b/);
      assert.equal(await box.locator('details').count(), 0, 'no hint or worked-step disclosure');
    }
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});
