// The live cells of the three-depth notebook (scaled-dot-product-attention) in a real browser:
// the volume knob redraws the shares and keeps its setting across depth switches; the hand
// example refuses a typed non-number in place; the cost calculator gives 20 GB for T = 100,000;
// every cell of the developer and researcher depths draws without an error.
import assert from 'node:assert/strict';
import { test, openPage, screenshot, useSiteAndBrowser, site, browser, waitForDepth } from './harness.mjs';

useSiteAndBrowser();

const ID = 'scaled-dot-product-attention';
const depth = async (page, d) => {
  await page.locator(`attention-notebook fieldset.depth input[value="${d}"]`).check();
  await waitForDepth(page, d);
};

test('the volume knob, the editable hand example and the calculators work and keep state', async () => {
  const { page, problems, context } = await openPage(browser, site, `${ID}/`);
  try {
    const knob = page.getByRole('slider', { name: /Volume knob/ });
    await knob.waitFor({ timeout: 20000 });
    const shares = page.locator('[data-cell-id="knob"] .flow-cells .bar .num');
    await page.waitForFunction(() => document.querySelector('attention-notebook').shadowRoot.querySelectorAll('[data-cell-id="knob"] .bar').length === 4);
    assert.deepEqual(await shares.allTextContents(), ['0.14', '0.57', '0.14', '0.15']);
    await knob.focus();
    await page.keyboard.press('Home'); // all the way to "louder"
    await page.waitForFunction(() => [...document.querySelector('attention-notebook').shadowRoot.querySelectorAll('[data-cell-id="knob"] .bar .num')].map((n) => n.textContent).join() === '0.00,1.00,0.00,0.00');
    await screenshot(page, 'lesson-knob-loud');

    await depth(page, 'developer');
    const firstQ = page.getByRole('textbox', { name: 'Q (queries), row q1, column 1' });
    await firstQ.fill('abc');
    await page.locator('[data-cell-id="by-hand"] .input-error').waitFor();
    assert.match(await page.locator('[data-cell-id="by-hand"] .input-error').textContent(), /is not a number/);
    assert.equal(await firstQ.getAttribute('aria-invalid'), 'true');
    await firstQ.fill('2');
    await page.waitForFunction(() => document.querySelector('attention-notebook').shadowRoot.querySelector('[data-cell-id="by-hand"] .input-error').hidden);
    await page.locator('[data-cell-id="torch-rules"] .message').first().waitFor({ timeout: 20000 });
    assert.match(await page.locator('[data-cell-id="torch-rules"]').textContent(), /Explicit attn_mask should not be set when is_causal=True/);
    await page.locator('[data-cell-id="mistakes-live"] .flag-bad').first().waitFor({ timeout: 20000 });
    await page.locator('[data-cell-id="scaling"] svg.chart').first().waitFor({ timeout: 60000 });
    // New settings: refused in place when not whole numbers or out of range, else run and redrawn.
    const scaling = page.locator('[data-cell-id="scaling"]');
    await scaling.getByRole('textbox', { name: 'widths d' }).fill('4, x');
    await scaling.getByRole('button', { name: 'Run with these settings' }).click();
    assert.match(await scaling.locator('.input-error').textContent(), /widths: “4, x” is not a list of whole numbers/);
    assert.equal(await scaling.getByRole('textbox', { name: 'widths d' }).getAttribute('aria-invalid'), 'true');
    await scaling.getByRole('textbox', { name: 'widths d' }).fill('4, 16');
    await scaling.getByRole('textbox', { name: 'keys' }).fill('1');
    await scaling.getByRole('button', { name: 'Run with these settings' }).click();
    await page.waitForFunction(() => /keys/.test(document.querySelector('attention-notebook').shadowRoot.querySelector('[data-cell-id="scaling"] .input-error').textContent));
    await scaling.getByRole('textbox', { name: 'keys' }).fill('4');
    await scaling.getByRole('textbox', { name: 'pairs' }).fill('500');
    await scaling.getByRole('textbox', { name: 'trials' }).fill('100');
    await scaling.getByRole('button', { name: 'Run with these settings' }).click();
    await page.waitForFunction(() => {
      const cell = document.querySelector('attention-notebook').shadowRoot.querySelector('[data-cell-id="scaling"]');
      return cell.querySelectorAll('table')[0]?.querySelectorAll('tbody tr').length === 2 && /for d in \(4, 16\):/.test(cell.querySelector('details.program pre').textContent);
    }, null, { timeout: 30000 });
    assert.equal(await scaling.locator('.input-error').isHidden(), true);
    assert.match(await scaling.locator('details.program pre').textContent(), /size=\(100, 4, d\)/);

    await depth(page, 'researcher');
    await page.locator('[data-cell-id="cost-calculator"] dd').first().waitFor({ timeout: 20000 });
    assert.match(await page.locator('[data-cell-id="cost-calculator"] .result-list').textContent(), /1e10.*20 GB/);
    await page.locator('[data-cell-id="alternatives"] .alt-table tbody tr').nth(7).waitFor({ timeout: 20000 });
    await page.locator('[data-cell-id="online-softmax"] tbody tr').first().waitFor({ timeout: 20000 });
    await page.locator('[data-cell-id="jacobian-live"] svg.heatmap').waitFor({ timeout: 20000 });

    // Back at the beginner depth the knob is where it was left.
    await depth(page, 'beginner');
    assert.deepEqual(await shares.allTextContents(), ['0.00', '1.00', '0.00', '0.00']);
    assert.equal(await page.locator('attention-notebook .cell-error').count(), 0);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});
