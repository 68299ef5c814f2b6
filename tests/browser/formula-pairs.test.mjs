// Issue 19, what the source documents still ask for: in the explorable, each step's formula beside
// the Python that computes it, as the transformer block shows its steps. The lines must be the
// exported program's own (the engine writes both), follow the mask, and fit a phone's width.
import assert from 'node:assert/strict';
import { test, openPage, waitForExplorable, useSiteAndBrowser, site, browser, notebooks } from './harness.mjs';

useSiteAndBrowser();
const doc = notebooks()['attention-explorable'];
const cell = doc.cells.find((c) => c.type === 'explorable');
const ex = (page) => page.locator('attention-notebook .explorable').first();

async function pairs(page) {
  return ex(page).locator('details.pairs li').evaluateAll((items) => items.map((li) => ({
    step: li.dataset.step,
    title: li.querySelector('.step-title').textContent,
    tex: [...li.querySelectorAll('.formula .part annotation')].map((a) => a.textContent),
    typeset: li.querySelectorAll('.formula .part .katex').length > 0,
    python: li.querySelector('.python-line').textContent,
  })));
}

async function program(page) {
  const panel = ex(page).locator('details').filter({ has: page.locator(':scope > summary', { hasText: /^The same calculation in Python$/ }) });
  if (!(await panel.evaluate((d) => d.open))) await panel.locator('summary').first().click();
  const text = () => panel.evaluate((d) => d.querySelector(':scope > pre code')?.textContent || '');
  for (let i = 0; i < 100 && !/print\(json\.dumps/.test(await text()); i++) await page.waitForTimeout(100);
  return text();
}

for (const width of [390, 1280]) {
  test(`explorable: each formula beside the program's own Python lines (${width} px)`, async () => {
    const { page, problems, context } = await openPage(browser, site, `${doc.id}/`, { viewport: { width, height: 900 } });
    try {
      await waitForExplorable(page, cell.keys.length);
      await ex(page).locator('details.pairs > summary').click();
      await ex(page).locator('details.pairs li').nth(2).waitFor();
      const steps = await pairs(page);
      assert.deepEqual(steps.map((s) => s.step), ['match', 'share', 'mix']);
      assert.ok(steps.every((s) => s.typeset && s.python.trim()), 'each step has a typeset formula and Python');
      assert.deepEqual(steps[0].tex, ['s_i = \\frac{q \\cdot k_i}{\\sqrt{d_k}}', `d_k = ${cell.query.length}`]);
      assert.deepEqual(steps[1].tex, ['m = \\max_j s_j', 'Z = \\sum_j e^{s_j - m}', 'w_i = e^{s_i - m} / Z']);
      assert.deepEqual(steps[2].tex, ['c_i = w_i\\, v_i', 'o = \\sum_i c_i']);
      assert.match(steps[0].python, /^divisor = math\.sqrt\(len\(query\)\)/);

      // Every line shown is a line of the program the page exports (the share step's sit inside
      // "if live_scores:" there), and each step's lines appear in the program in step order.
      const lines = (await program(page)).split('\n').map((l) => l.trim());
      let after = 0;
      for (const s of steps) {
        for (const line of s.python.split('\n')) {
          const at = lines.indexOf(line.trim());
          assert.ok(at >= 0, `${s.step}: "${line}" is a line of the program`);
        }
        const first = lines.indexOf(s.python.split('\n').at(-1).trim());
        assert.ok(first > after, `${s.step} comes after the step before it`);
        after = first;
      }

      // Nothing is cut: the Python wraps, and each equation fits whole on a line (an equation
      // broken inside itself, "w_i =" on one line and its fraction on the next, reads wrong).
      const overflow = await ex(page).locator('details.pairs').evaluate((d) => {
        const box = d.getBoundingClientRect();
        for (const part of d.querySelectorAll('.formula .part')) {
          if (part.getClientRects().length !== 1 || part.getBoundingClientRect().height > 40) return [{ cls: `broken equation: ${part.textContent}`, right: 99, scroll: 99 }];
        }
        return [...d.querySelectorAll('.python-line, .formula')].map((el) => {
          const r = el.getBoundingClientRect();
          return { cls: el.className, right: r.right - box.right, scroll: el.scrollWidth - el.clientWidth, scrolls: getComputedStyle(el).overflowX };
        });
      });
      for (const o of overflow) {
        assert.ok(o.right <= 1, `${o.cls} stays inside the cell (${o.right} px past it)`);
        assert.ok(o.scroll <= 1 || o.scrolls === 'auto', `${o.cls} is not cut (${o.scroll} px hidden)`);
      }

      // Mask a source: the share formula says the sums run over the allowed sources.
      await ex(page).locator('.mask-toggles input[type="checkbox"]').first().uncheck();
      await page.waitForFunction(() => /allowed/.test(document.querySelector('attention-notebook').shadowRoot
        .querySelector('.explorable details.pairs li[data-step="share"] .formula .part annotation')?.textContent || ''));
      assert.deepEqual((await pairs(page))[1].tex.at(-1), 'w_i = 0 \\text{ for a masked source}');
      assert.deepEqual(await problems(), []);
    } finally {
      await context.close();
    }
  });
}
