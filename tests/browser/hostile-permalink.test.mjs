// Issue 20, finding 1: a crafted permalink must not reach the host page's objects. Before the fix
// `#attention-explorable.keys.constructor=1` set Object.keys to 1 (formulas fell back to raw TeX,
// the explorable never drew, the host page's own scripts threw) and `.q.__proto__=1,2` made
// ({}).q equal [1, 2].
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test, openPage, findCell, waitForExplorable, useSiteAndBrowser, site, browser } from './harness.mjs';

useSiteAndBrowser();

const HOSTILE = JSON.parse(fs.readFileSync(new URL('../corpus/hostile-permalinks.json', import.meta.url), 'utf8')).pairs;

test('a hash of prototype names leaves Object and Object.prototype alone, and the explorable draws', async () => {
  const { doc, cell } = findCell('explorable');
  const hash = '#' + HOSTILE.map((pair) => `${doc.id}.${pair}`).join('&') +
    `&nb=${doc.id}&${HOSTILE.join('&')}`; // the short form too
  const { page, problems, context } = await openPage(browser, site, `${doc.id}/${hash}`);
  try {
    await waitForExplorable(page, cell.keys.length);
    await page.locator('attention-notebook').evaluate((el) => el.ready);
    const seen = await page.evaluate(() => ({
      keysIsFunction: typeof Object.keys === 'function',
      keysWorks: JSON.stringify(Object.keys({ a: 1, b: 2 })),
      q: ({}).q,
      div: ({}).div,
      norm: ({}).norm,
      protoKeys: Object.getOwnPropertyNames(Object.prototype).filter((k) => ['q', 'div', 'norm', 'keys'].includes(k)),
      hasOwn: typeof ({}).hasOwnProperty,
      inherited: [typeof ({}).toString, typeof ({}).valueOf, typeof Object.prototype.constructor].join(),
      // Formulas typeset (KaTeX used Object.keys): no raw TeX fallback in the notebook.
      katex: document.querySelector('attention-notebook').shadowRoot.querySelectorAll('.katex').length,
    }));
    assert.deepEqual(seen, { keysIsFunction: true, keysWorks: '["a","b"]', q: undefined, div: undefined, norm: undefined,
      protoKeys: [], hasOwn: 'function', inherited: 'function,function,function', katex: seen.katex });
    assert.ok(seen.katex > 0, 'formulas are typeset');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});
