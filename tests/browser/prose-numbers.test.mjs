// Issue 19, item 8: the beginner's prose quotes the numbers of the live cell beneath it with the
// cell's rounding. Before, the prose said "0.0, 1.4, 0.0 and 0.1" above a cell showing
// 0.04 1.41 0.00 0.07. The three lists in the prose are read here and compared with the pipeline
// cell's texts at its starting knob (√d), which come from the engine.
import assert from 'node:assert/strict';
import { test, openPage, useSiteAndBrowser, site, browser } from './harness.mjs';

useSiteAndBrowser();

test('beginner prose: raw, divided and shared numbers are the pipeline cell’s texts', async () => {
  const { page, problems, context } = await openPage(browser, site, 'scaled-dot-product-attention/');
  try {
    await page.waitForFunction(() => document.querySelector('attention-notebook').shadowRoot.querySelectorAll('[data-cell-id="knob"] .bar').length === 4, null, { timeout: 20000 });
    const { prose, rows } = await page.evaluate(() => {
      const root = document.querySelector('attention-notebook').shadowRoot;
      const rowsOf = {};
      for (const r of root.querySelectorAll('[data-cell-id="knob"] .flow-row')) {
        rowsOf[r.querySelector('.what').textContent] = [...r.querySelectorAll('.flow-cells .num')].map((n) => n.textContent);
      }
      return { prose: root.querySelector('[data-cell-id="three-steps"]').textContent, rows: rowsOf };
    });
    const list = (label) => {
      const m = new RegExp(`${label}: ([-\\d.]+), ([-\\d.]+), ([-\\d.]+) and ([-\\d.]+)`).exec(prose);
      assert.ok(m, `the prose lists the ${label}`);
      return m.slice(1);
    };
    assert.deepEqual(list('raw scores'), rows['raw scores']);
    assert.deepEqual(list('after turning the volume down'), rows.divided);
    assert.deepEqual(list('after softmax'), rows.shares);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});
