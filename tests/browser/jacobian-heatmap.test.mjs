// Issue 19, item 3: the Jacobian heatmap agrees with its numbers. Before, with the scores 1, 2, 3
// times 64 every entry printed 0.0000 while the cells were saturated blue and red: the colours were
// scaled to the largest tiny entry. Now the colour scale is fixed and stated (full colour at ±1/4,
// the largest any softmax Jacobian entry can be), tiny entries are printed in the engine's
// scientific notation, and each cell's colour is its own entry's size on that scale. The entries
// are checked against a float64 Jacobian computed here, J = diag(p) - p pᵀ.
import assert from 'node:assert/strict';
import { test, openPage, useSiteAndBrowser, site, browser } from './harness.mjs';

useSiteAndBrowser();

function jacobian(scores) {
  const m = Math.max(...scores);
  const e = scores.map((s) => Math.exp(s - m));
  const z = e.reduce((a, b) => a + b, 0);
  const p = e.map((x) => x / z);
  return p.map((pi, i) => p.map((pj, j) => (i === j ? pi : 0) - pi * pj));
}

/** Each heatmap cell: its colour class, opacity and text; and the table's texts beside it. */
function drawn(page) {
  return page.evaluate(() => {
    const cell = document.querySelector('attention-notebook').shadowRoot.querySelector('[data-cell-id="jacobian-live"]');
    const cells = [...cell.querySelectorAll('svg.heatmap g')].map((g) => {
      const r = g.querySelector('rect.pos, rect.neg');
      return { cls: r.getAttribute('class'), opacity: Number(r.getAttribute('fill-opacity')), text: g.querySelector('text').textContent };
    });
    const jTable = [...cell.querySelectorAll('.matrix')].find((m) => m.querySelector('caption').textContent.startsWith('J ='));
    const table = [...jTable.querySelectorAll('.num')].map((n) => ({ text: n.textContent, exact: Number(n.getAttribute('title').replace(/^exact:\s*/, '')) }));
    return { cells, table, key: cell.querySelector('.heat-key').textContent };
  });
}

for (const step of [0, 6]) {
  test(`heatmap colours and printed entries agree for scores 1, 2, 3 times ${2 ** step}`, async () => {
    const { page, problems, context } = await openPage(browser, site, 'scaled-dot-product-attention/');
    try {
      await page.locator('attention-notebook fieldset.depth input[value="researcher"]').check();
      const cell = page.locator('[data-cell-id="jacobian-live"]');
      await cell.locator('svg.heatmap').waitFor({ timeout: 20000 });
      const box = cell.getByRole('textbox', { name: 'scores s' });
      await box.fill('1, 2, 3');
      await box.press('Enter');
      await cell.getByRole('slider').evaluate((el, v) => { el.value = String(v); el.dispatchEvent(new Event('input')); }, step);
      const k = 2 ** step;
      const want = jacobian([1 * k, 2 * k, 3 * k]).flat();
      await page.waitForFunction((n) => document.querySelector('attention-notebook').shadowRoot
        .querySelectorAll('[data-cell-id="jacobian-live"] svg.heatmap g').length === n, want.length);
      await page.waitForFunction((x) => document.querySelector('attention-notebook').shadowRoot
        .querySelector('[data-cell-id="jacobian-live"] output').textContent === `× ${x}`, k);
      const { cells, table, key } = await drawn(page);
      assert.match(key, /full red at −0\.25.*full blue at \+0\.25/, 'the scale is stated');
      // The table's exact values are the float64 Jacobian: 1e-13 relative allows for the engine's
      // own exp (det_exp, not V8's Math.exp) differing by an ulp or two, carried through a few
      // products and one division. The heatmap's texts are the table's texts.
      const jtable = table;
      assert.equal(jtable.length, want.length);
      jtable.forEach((t, i) => assert.ok(Math.abs(t.exact - want[i]) <= 1e-13 * Math.abs(want[i]), `entry ${i}: ${t.exact} vs ${want[i]}`));
      assert.deepEqual(cells.map((c) => c.text), jtable.map((t) => t.text));
      cells.forEach((c, i) => {
        assert.notEqual(c.text, '0.0000', `entry ${i} is not printed as 0.0000`);
        // Opacity: 0.9 times |entry| / 0.25 (rounded to 3 decimals), the sign by class.
        assert.ok(Math.abs(c.opacity - 0.9 * Math.abs(want[i]) / 0.25) <= 0.0006, `entry ${i}: opacity ${c.opacity} for ${want[i]}`);
        if (want[i] !== 0) assert.equal(c.cls, want[i] > 0 ? 'pos' : 'neg', `entry ${i}: colour by sign`);
      });
      if (step === 6) {
        assert.ok(cells.every((c) => c.opacity < 0.01), 'vanishing entries are uncoloured');
        // p₂ = 1/(1 + e⁻⁶⁴ + e⁻¹²⁸) is exactly 1 in double precision, so J₂₂ = p₂ − p₂² is exactly
        // 0 and printed "0"; every other entry is tiny but not zero, and printed as such.
        cells.forEach((c, i) => assert.ok(want[i] === 0 ? c.text === '0' : /e-\d+$/.test(c.text), `entry ${i}: ${c.text} for ${want[i]}`));
        assert.ok(want.filter((x) => x !== 0).length >= 6, 'most entries are tiny, not zero');
      }
      assert.deepEqual(await problems(), []);
    } finally {
      await context.close();
    }
  });
}
