// dist/<id>/standalone.html opened from file:// (a double click): the engine starts in a Blob
// worker from the inlined classic build, and the notebook shows the engine's numbers, offline.
import { before } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import {
  DIST, test, useBrowser, browser, openPage, screenshot, findCell, expectedShares, shown3, explorableRows, waitForExplorable, requireDist,
} from './harness.mjs';

const { doc, cell } = findCell('explorable');
before(requireDist);
useBrowser();

test('standalone.html is one file: no module scripts, no external references', () => {
  const html = fs.readFileSync(path.join(DIST, doc.id, 'standalone.html'), 'utf8');
  assert.doesNotMatch(html, /<script[^>]*\bsrc=/i, 'no script src');
  assert.doesNotMatch(html, /<script[^>]*type="module"/i, 'no module scripts');
  assert.doesNotMatch(html, /<link\b(?![^>]*\brel="icon" href="data:)/i, 'no linked files (the icon is a data: URI)');
  assert.doesNotMatch(html, /url\((?!["']?data:)[^)]*\.woff2/i, 'fonts are data: URIs');
  // The notebook is its checked form (validated when the file was made), so the page's engine is
  // the learner's module, without the validator (web/src/checked-notebook.js).
  assert.match(html, /<attention-notebook>\n<script type="application\/json">\{"format":"attnbook-checked\/1",/);
  // Its own strict policy: nothing fetched, only the hashed inline script runs (checked in the browser below).
  assert.match(html, /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'sha256-[^']+' 'wasm-unsafe-eval';[^"]*connect-src 'none'">/);
});

test('standalone.html works from file:// with the engine in a Blob worker', async () => {
  const url = pathToFileURL(path.join(DIST, doc.id, 'standalone.html')).href;
  const { page, problems, context } = await openPage(browser, null, null);
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  try {
    await page.goto(url);
    await waitForExplorable(page, cell.keys.length);
    const rows = await explorableRows(page);
    const want = expectedShares(cell);
    rows.forEach((row, i) => {
      assert.equal(row.share.exact, want[i]);
      assert.equal(row.share.shown, shown3(want[i]));
    });
    const workers = page.workers().map((w) => w.url());
    assert.ok(workers.length >= 1 && workers.every((u) => u.startsWith('blob:')), `Blob workers: ${workers.join(', ')}`);
    // KaTeX fonts load from data: URIs (the notebook has maths at some depth; if shown, its fonts are loaded).
    const failedFonts = await page.evaluate(() => [...document.fonts].filter((f) => f.status === 'error').map((f) => f.family));
    assert.deepEqual(failedFonts, []);
    assert.deepEqual(requests.filter((u) => !/^(file|data|blob):/.test(u)), [], 'no network requests');
    await screenshot(page, 'standalone');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

// A notebook with an attention-at-scale cell carries the scale module's classic script too
// (createAttnbookScale, scripts/standalone.mjs): the cell's Run works from file:// as well.
test('standalone.html of a notebook with an attention-at-scale cell runs it from file:// (the scale module inlined)', async () => {
  const id = 'scaled-dot-product-attention';
  const url = pathToFileURL(path.join(DIST, id, 'standalone.html')).href;
  const { page, problems, context } = await openPage(browser, null, null);
  try {
    await page.goto(url);
    await page.locator('attention-notebook fieldset.depth input[value="researcher"]').check({ timeout: 20000 });
    const scale = page.locator('attention-notebook .attention-scale');
    await scale.scrollIntoViewIfNeeded({ timeout: 20000 });
    await scale.waitFor({ timeout: 20000 });
    await scale.locator('select[id$="-b"]').selectOption('wasm');
    await scale.locator('button.run').click();
    await page.waitForFunction(() => {
      const el = document.querySelector('attention-notebook').shadowRoot.querySelector('.attention-scale');
      return el.dataset.backend || el.querySelector('.cell-error');
    }, null, { timeout: 120000 });
    const r = await scale.evaluate((el) => ({ backend: el.dataset.backend, rel: Number(el.dataset.maxRelError),
      error: el.querySelector('.cell-error')?.textContent || null }));
    assert.equal(r.error, null);
    assert.equal(r.backend, 'wasm');
    assert.ok(r.rel < 1e-4, `float32 against float64: ${r.rel}`);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});
