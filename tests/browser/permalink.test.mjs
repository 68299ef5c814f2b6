// Permalinks carry the whole reader state: depth, the query, the mask and the scaling divisor
// come back from the hash, and the numbers shown are the engine's for that restored state.
import assert from 'node:assert/strict';
import {
  test, openPage, findCell, expectedShares, explorableRows, waitForExplorable, useSiteAndBrowser, site, browser,
} from './harness.mjs';

useSiteAndBrowser();

test('depth, query and mask come back from the hash', async () => {
  const { doc, cell } = findCell('explorable');
  const depth = doc.depths.at(-1);
  const q = [1.5, -0.5];
  const mask = cell.keys.map((_, i) => i !== 1);  // the second source masked
  const hash = `#${doc.id}.depth=${depth}&${doc.id}.q.${cell.id}=${q.join(',')}&${doc.id}.m.${cell.id}=${mask.map(Number).join(',')}`;
  const { page, problems, context } = await openPage(browser, site, `${doc.id}/${hash}`);
  try {
    await waitForExplorable(page, cell.keys.length);
    const want = expectedShares({ ...cell, query: q, mask });
    await page.waitForFunction(([w]) => {
      const tds = document.querySelector('attention-notebook').shadowRoot.querySelectorAll('.explorable tbody tr td:nth-of-type(3) .num');
      return tds.length === w.length && [...tds].every((td, i) => td.getAttribute('title') === `exact: ${w[i]}`);
    }, [want], { timeout: 15000 });
    const rows = await explorableRows(page);
    assert.equal(rows[1].share.exact, 0, 'the masked source has share exactly 0');
    rows.forEach((row, i) => assert.equal(row.share.exact, want[i]));
    const state = await page.evaluate(() => {
      const root = document.querySelector('attention-notebook').shadowRoot;
      return {
        depth: root.querySelector('input[type="radio"]:checked')?.value,
        boxes: [...root.querySelectorAll('.explorable input[type="checkbox"]')].map((b) => b.checked),
      };
    });
    assert.equal(state.depth, depth);
    assert.deepEqual(state.boxes.slice(0, mask.length), mask);
    assert.equal(await page.locator('attention-notebook').getAttribute('depth'), depth);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('the scaling divisor comes back from the hash and the tables use it', async () => {
  const { doc, cell } = findCell('scaling-study');
  const depth = cell.depths?.[0] || doc.depths[0];
  const hash = `#${doc.id}.depth=${depth}&${doc.id}.div.${cell.id}=d`;
  const { page, problems, context } = await openPage(browser, site, `${doc.id}/${hash}`);
  try {
    const select = page.locator('attention-notebook .scaling-study select');
    await select.waitFor({ timeout: 20000 });
    assert.equal(await select.inputValue(), 'd');
    // With the divisor d the scaled spread is raw/d = about 1/sqrt(d): 0.50 at d = 4, 0.06 at d = 256.
    await page.waitForFunction(() => {
      const nums = document.querySelector('attention-notebook').shadowRoot.querySelectorAll('.scaling-study table .num');
      return nums.length > 0;
    }, null, { timeout: 60000 });
    const scaled = await page.evaluate(() => {
      const root = document.querySelector('attention-notebook').shadowRoot;
      const nums = root.querySelector('.scaling-study table tbody tr').querySelectorAll('.num');
      return Number(nums[nums.length - 1].getAttribute('title').replace(/^exact:\s*/, ''));
    });
    assert.ok(Math.abs(scaled - 0.5) < 0.02, `scaled spread at the first width: ${scaled}`);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('an undecodable pair in the hash ("#%E0") is skipped: the notebook still draws and restores q', async () => {
  const { doc, cell } = findCell('explorable');
  const q = [1, 1];
  const hash = `#%E0&q=a+b&${doc.id}.q.${cell.id}=${q.join(',')}`;
  const { page, problems, context } = await openPage(browser, site, `${doc.id}/${hash}`);
  try {
    await waitForExplorable(page, cell.keys.length);
    const want = expectedShares({ ...cell, query: q });
    await page.waitForFunction(([w]) => {
      const tds = document.querySelector('attention-notebook').shadowRoot.querySelectorAll('.explorable tbody tr td:nth-of-type(3) .num');
      return tds.length === w.length && [...tds].every((td, i) => td.getAttribute('title') === `exact: ${w[i]}`);
    }, [want], { timeout: 15000 });
    const inputs = await page.evaluate(() => [...document.querySelector('attention-notebook').shadowRoot
      .querySelectorAll('.explorable .controls input[type="number"]')].map((i) => Number(i.value)));
    assert.deepEqual(inputs, q);
    // Moving q rewrites only this notebook's pairs: the foreign ones keep their raw text.
    await page.locator('attention-notebook .explorable svg[tabindex="0"]').first().press('ArrowRight');
    await page.waitForFunction((id) => location.hash.includes(`${id}.q.`) && !location.hash.endsWith('=1,1'), `${doc.id}`, { timeout: 5000 });
    const after = await page.evaluate(() => location.hash);
    assert.ok(after.startsWith('#%E0&q=a+b&'), after);
    assert.match(after, new RegExp(`${doc.id.replace(/[.-]/g, '\\$&')}\\.q\\.${cell.id}=1\\.1,1(&|$)`));
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});
