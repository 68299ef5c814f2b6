// Issue 19, item 7: the help history draws the feedback's maths. Before, a wrong answer to the
// study's "Share" check was listed as "Each $e^{s}$ grows, but so does their total": the TeX
// source, where the practice cell itself showed the formula.
import assert from 'node:assert/strict';
import { test, openPage, useSiteAndBrowser, site, browser } from './harness.mjs';

useSiteAndBrowser();
const ID = 'attention-explorable';

test('help history: feedback with maths is typeset, not raw TeX', async () => {
  const { page, problems, context } = await openPage(browser, site, `${ID}/`);
  try {
    const cell = page.locator('attention-notebook .study');
    await cell.locator('.study-counter').waitFor();
    await cell.getByRole('button', { name: 'Next' }).click();
    let step = cell.locator('.study-step:not([hidden])');
    await step.locator('input[type="text"]').fill('1.414');
    await step.getByRole('button', { name: 'Check' }).click();
    await step.locator('.feedback.correct').waitFor();
    await cell.getByRole('button', { name: 'Next' }).click();
    step = cell.locator('.study-step:not([hidden])');
    await step.getByRole('radio', { name: 'They would all grow' }).check();
    await step.getByRole('button', { name: 'Check' }).click();
    await step.locator('.feedback.incorrect').waitFor();
    const item = page.locator('attention-notebook .help-history .help-list li').nth(1);
    await item.waitFor();
    await page.waitForFunction(() => document.querySelector('attention-notebook').shadowRoot
      .querySelectorAll('.help-history .help-list li')[1]?.querySelector('.attempt-feedback .katex'), null, { timeout: 10000 });
    const feedback = item.locator('.attempt-feedback');
    const text = await feedback.evaluate((el) => {
      const copy = el.cloneNode(true);
      copy.querySelectorAll('.katex-mathml, annotation').forEach((n) => n.remove()); // MathML keeps the TeX for screen readers
      return copy.textContent;
    });
    assert.doesNotMatch(text, /\$/, `no TeX delimiters: ${text}`);
    assert.match(text, /grows, but so does their total/);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});
