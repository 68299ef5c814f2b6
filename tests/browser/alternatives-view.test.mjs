// Issue 19, item 4: the alternatives cell shows its inputs, one combined view, and exact zeros
// marked. Before, the queries, keys and values were never shown (so "compare key by key" could
// not be checked), the cell was eight stacked one-row tables, and entmax's 0.0003 printed as
// 0.000 beside the claim "exact zeros".
import assert from 'node:assert/strict';
import { test, openPage, useSiteAndBrowser, site, browser } from './harness.mjs';

useSiteAndBrowser();

// The lesson's inputs (engine/include/attnbook/lessons/alternatives.hpp, alternatives_defaults),
// written out here as the reference the page must show.
const Q = [[1, 0, 1, 0], [0, 2, 0, 1]];
const K = [[1, 0, 0, 1], [0, 1, 1, 0], [2, 0, 1, 0], [0, -1, 0, 2], [1, 1, 1, 1]];
const V = [[1, 0], [0, 1], [2, 2], [-1, 3], [0.5, 0.5]];

test('alternatives: inputs shown, one table of methods, exact zeros marked, no small weight shown as 0.000', async () => {
  const { page, problems, context } = await openPage(browser, site, 'scaled-dot-product-attention/');
  try {
    await page.locator('attention-notebook fieldset.depth input[value="researcher"]').check();
    const cell = page.locator('[data-cell-id="alternatives"]');
    await cell.locator('.alt-table tbody tr').nth(7).waitFor({ timeout: 20000 });
    for (const q of [0, 1]) {
      await cell.locator('select').selectOption(String(q));
      const seen = await cell.evaluate((el) => {
        const matrix = (caption) => {
          const m = [...el.querySelectorAll('.alt-inputs .matrix')].find((x) => x.querySelector('caption').textContent === caption);
          return [...m.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => Number(td.textContent)));
        };
        const rows = [...el.querySelectorAll('.alt-table tbody tr')].map((tr) => ({
          method: tr.querySelector('th').textContent,
          weights: [...tr.querySelectorAll('td')].slice(0, -2).map((td) => ({
            text: td.querySelector('.num').textContent,
            exact: Number(td.querySelector('.num').getAttribute('title').replace(/^exact:\s*/, '')),
            marked: Boolean(td.querySelector('.zero-mark')),
          })),
        }));
        return { Q: matrix('queries Q'), K: matrix('keys K'), V: matrix('values V'), tables: el.querySelectorAll('table').length, rows };
      });
      assert.deepEqual([seen.Q, seen.K, seen.V], [Q, K, V], 'the inputs every method was given');
      assert.equal(seen.rows.length, 8, 'one row per method, in one table');
      assert.equal(seen.tables, 4, 'three input matrices and the one table of weights');
      for (const row of seen.rows) {
        assert.equal(row.weights.length, K.length, `${row.method}: a weight per key`);
        for (const w of row.weights) {
          assert.equal(w.marked, w.exact === 0, `${row.method}: ${w.text} marked as exact zero iff it is one`);
          assert.notEqual(w.text, '0.000', `${row.method}: no nonzero weight hidden as 0.000`);
          if (w.exact !== 0 && Math.abs(w.exact) < 0.0005) assert.match(w.text, /e-\d+$/, `${row.method}: small weight ${w.exact}`);
        }
      }
      const sparse = seen.rows.find((r) => r.method === 'Sparsemax');
      assert.ok(sparse.weights.some((w) => w.marked), 'sparsemax gives exact zeros, and they are marked');
    }
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});
