// What a learner downloads to open a lesson page, and its ceiling (web/page-budget.json): every
// response the page and its engine worker receive from the site, read back from Chromium, each
// gzipped at level 9 by Node's zlib (about 1% above gzip -9) as a server would send it (woff2
// fonts are already compressed: gzip leaves them about as they are). The page is scrolled to its
// end first, so lazily activated cells and the maths fonts they need are counted too. The
// breakdown is printed with each run, largest first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { openPage, notebooks, useSiteAndBrowser, site, browser, ROOT } from './harness.mjs';

useSiteAndBrowser();
const budgets = JSON.parse(fs.readFileSync(path.join(ROOT, 'web', 'page-budget.json'), 'utf8'));
const budget = budgets.gzip_bytes;
// The training lab's code and the worker's training module: downloaded only by a page whose
// notebook shows a training lab, which may download that much more (training_lab_gzip_bytes).
const TRAINING_FILES = ['training-lab.js', 'attnbook-train.mjs', 'attnbook-train.wasm'];
const hasLab = (id) => notebooks()[id].cells.some((c) => c.type === 'training-lab');

async function downloads(pagePath) {
  const { page, context, problems } = await openPage(browser, site, null);
  const files = [];
  const reading = [];
  context.on('response', (res) => {
    if (!res.url().startsWith(site.url)) return;
    reading.push(res.body().then((body) => {
      files.push({ file: res.url().slice(site.url.length) || '/', bytes: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length });
    }));
  });
  try {
    await page.goto(site.url + pagePath);
    await page.locator('attention-notebook .cells > section:not([hidden])').first().waitFor({ timeout: 15000 });
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += 400) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 50));
      }
    });
    await page.waitForLoadState('networkidle');
    await Promise.all(reading);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
  return files.sort((a, b) => b.gzip - a.gzip);
}

for (const id of Object.keys(notebooks()).sort()) {
  const ceiling = hasLab(id) ? budget + budgets.training_lab_gzip_bytes : budget;
  test(`${id}: the lesson page downloads at most ${ceiling} bytes gzipped`, async (t) => {
    const files = await downloads(`${id}/`);
    const total = files.reduce((sum, f) => sum + f.gzip, 0);
    for (const f of files) t.diagnostic(`${String(f.gzip).padStart(8)} gzipped ${String(f.bytes).padStart(8)} bytes  ${f.file}`);
    t.diagnostic(`${String(total).padStart(8)} gzipped in all, ${files.length} files`);
    // The engine and the element must be among them, or the page did not load what it should.
    for (const needed of ['attention-notebook.js', 'engine-worker.js', 'attnbook.wasm', `notebooks/${id}.checked.json`]) {
      assert.ok(files.some((f) => f.file === needed), `${needed} was not downloaded: ${files.map((f) => f.file).join(', ')}`);
    }
    // A shipped lesson was checked by the site's build: the validator's module is not fetched. Nor is
    // the scale module: only a reader's Run on an attention-at-scale cell loads it.
    for (const unneeded of ['attnbook-author.mjs', 'attnbook-author.wasm', `notebooks/${id}.json`, 'attnbook-scale.mjs', 'attnbook-scale.wasm']) {
      assert.ok(!files.some((f) => f.file === unneeded), `${unneeded} was downloaded`);
    }
    // The training lab's files come with a lab, and only with one.
    for (const file of TRAINING_FILES) assert.equal(files.some((f) => f.file === file), hasLab(id), `${file} downloaded: ${!hasLab(id)}`);
    const training = files.filter((f) => TRAINING_FILES.includes(f.file)).reduce((sum, f) => sum + f.gzip, 0);
    assert.ok(training <= budgets.training_lab_gzip_bytes, `the training lab's files: ${training} bytes gzipped`);
    assert.ok(total <= ceiling, `the page downloads ${total} bytes gzipped, over the ceiling of ${ceiling}: ` +
      files.map((f) => `${f.file} ${f.gzip}`).join(', '));
  });
}
