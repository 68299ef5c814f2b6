// The scaling study runs in the engine worker: a Worker exists, the page's main thread keeps
// running while the engine draws millions of normals, the progress bar shows, and the tables
// carry the engine's numbers.
import assert from 'node:assert/strict';
import {
  test, openPage, screenshot, routeTestFiles, useSiteAndBrowser, site, browser,
} from './harness.mjs';

useSiteAndBrowser();

// Big enough that the study takes well over the progress bar's 200 ms delay (seconds here), within
// the engine's limits (pairs x width and trials x keys x width at most 2^23 numbers):
// 2048 pairs x 27648 coordinates x 2 + 300 trials x 7 vectors x 27648 = 171 million normal draws.
const heavyNotebook = {
  format: 'attnbook-notebook/1',
  id: 'scaling-heavy',
  title: 'Scaling study (test size)',
  version: '1.0.0',
  depths: ['beginner'],
  cells: [{ type: 'scaling-study', id: 'study', seed: 0, widths: [1024, 2048, 4096, 4096, 4096, 4096, 4096, 4096], pairs: 2048, trials: 300, keys: 6 }],
};

test('the scaling tables come from the worker, with a progress bar and a responsive page', async () => {
  const { page, problems, context } = await openPage(browser, site, null);
  try {
    const base = await routeTestFiles(context, site, {
      'scaling.html': `<!doctype html><html><head><meta charset="utf-8"><title>scaling</title>
<script type="module" src="../attention-notebook.js"></script><script type="module" src="ticker.js"></script></head><body>
<attention-notebook><script type="application/json">${JSON.stringify(heavyNotebook)}</script></attention-notebook>
</body></html>`,
      // Measures the longest gap between 10 ms timer ticks on the page's main thread.
      'ticker.js': `window.__maxGap = 0; let last = performance.now();
setInterval(() => { const now = performance.now(); window.__maxGap = Math.max(window.__maxGap, now - last); last = now; }, 10);`,
    });
    await page.goto(`${base}scaling.html`);
    const bar = page.locator('attention-notebook .scaling-study .progress');
    await bar.waitFor({ state: 'visible', timeout: 15000 });
    await page.waitForFunction(() => {
      const p = document.querySelector('attention-notebook').shadowRoot.querySelector('.scaling-study progress');
      return p && p.hasAttribute('value') && p.value > 0;
    }, null, { timeout: 30000 });
    await screenshot(page, 'scaling-progress');
    // Reset the gap measure once the study is running: loading and parsing the page do not count.
    await page.evaluate(() => { window.__maxGap = 0; });
    await page.locator('attention-notebook .scaling-study table').first().waitFor({ timeout: 120000 });
    const maxGap = await page.evaluate(() => window.__maxGap);
    // A study on the main thread would stall the timer for its whole run (several seconds of
    // 171 million draws). The bound only has to separate that from a worker run, so it is generous:
    // 1 s leaves room for garbage collection, table layout and a busy 2-core CI machine.
    assert.ok(maxGap < 1000, `main thread stalled for ${Math.round(maxGap)} ms while the study ran`);
    assert.equal(await bar.isVisible(), false, 'progress bar hidden after the study');

    const workers = page.workers().map((w) => w.url());
    assert.ok(workers.some((u) => u.endsWith('/engine-worker.js')), `engine worker running (workers: ${workers.join(', ')})`);

    const rows = await page.locator('attention-notebook .scaling-study table').first().locator('tbody tr').evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('.num')].map((n) => ({ shown: n.textContent, exact: n.getAttribute('title') }))));
    assert.equal(rows.length, heavyNotebook.cells[0].widths.length);
    for (const row of rows) {
      // width, std of q.k, std of scaled scores; the two stds are engine pairs with an exact tooltip.
      assert.equal(row.length, 3);
      for (const cell of row.slice(1)) assert.match(cell.exact, /^exact: -?\d/);
    }
    // std of q.k for standard normal q, k of width d is sqrt(d); 2048 pairs give a relative
    // standard error of about 1/sqrt(2*2048) = 1.6 %, so 8 % is 5 standard errors.
    heavyNotebook.cells[0].widths.forEach((d, i) => {
      const raw = Number(rows[i][1].exact.replace('exact: ', ''));
      const scaled = Number(rows[i][2].exact.replace('exact: ', ''));
      assert.ok(Math.abs(raw / Math.sqrt(d) - 1) < 0.08, `std of q.k at d=${d}: ${raw}`);
      assert.ok(Math.abs(scaled - 1) < 0.08, `std of q.k/sqrt(d) at d=${d}: ${scaled}`);
    });
    await screenshot(page, 'scaling-tables');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});
