// What a learner downloads to open a lesson page, and its ceiling (web/page-budget.json): every
// response the page and its engine workers receive from the site, as encoded on the wire, from
// scripts/serve.mjs, which sends the brotli copies the build made (scripts/precompress.mjs). The
// bytes of a response are its Content-Length, the encoded body the server sent (Chromium's own
// count says 0 for a worker's script), checked against Chromium's count where it has one; the test
// checks that every file that compresses came as brotli, so the figure is what a brotli-serving
// host sends (woff2 fonts are compressed already and come as they are). The page opens at its first depth and is scrolled to its end, so lazily drawn
// cells, the renderers, KaTeX's stylesheet and the maths fonts they need are counted too; KaTeX's
// code and markdown-it must not be among them. The breakdown is printed with each run, largest first.
// A file a page fetches twice (a second worker's engine-worker.js) counts twice when it comes twice:
// with the server's ETag the second fetch is a 304 without a body, which counts 0 bytes.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { test, openPage, notebooks, opensEngine, useSiteAndBrowser, site, browser, ROOT, DIST } from './harness.mjs';

useSiteAndBrowser();
const budgets = JSON.parse(fs.readFileSync(path.join(ROOT, 'web', 'page-budget.json'), 'utf8'));
const budget = budgets.bytes;
// The training lab's code and the worker's training module: downloaded only by a page whose
// notebook shows a training lab.
const TRAINING_FILES = ['training-lab.js', 'attnbook-train.mjs', 'attnbook-train.wasm'];
const hasLab = (id) => notebooks()[id].cells.some((c) => c.type === 'training-lab');
// The learner's engine module: downloaded only when a cell of the opening depth asks the engine as
// soon as it is shown (opensEngine); the element carries the engine's limits, so no page starts it
// for them. A cell that asked without saying so (web/src/render/index.js) would fetch it here.
const ENGINE_FILES = ['attnbook.mjs', 'attnbook.wasm'];
// What the site sends as it is: compressed formats.
const PRECOMPRESSED = /\.(woff2|png|zip)$/;
// KaTeX's code and markdown-it (with the notebook's Markdown rules): files of their own on the site
// (scripts/build-site.mjs names them), which a shipped lesson never needs: the build read its
// Markdown and typeset its formulas (scripts/prerender.mjs). KaTeX's stylesheet (element-katex-css-*)
// and its fonts are still fetched where formulas are shown.
const NOT_FOR_LESSONS = { KaTeX: /^element-katex-[A-Z0-9]+\.js$/, 'markdown-it': /^element-parser-[A-Z0-9]+\.js$/ };

async function downloads(pagePath) {
  // With the HTTP cache on, as a learner's browser has it: a second worker revalidates its script.
  const { page, context, problems } = await openPage(browser, site, null, { httpCache: true });
  const files = [];
  const reading = [];
  context.on('requestfinished', (req) => {
    if (!req.url().startsWith(site.url)) return;
    reading.push((async () => {
      const [sizes, res] = await Promise.all([req.sizes(), req.response()]);
      const file = req.url().slice(site.url.length).split('?')[0] || '/';
      // A copy the browser revalidated came without a body (a 304, which Chromium reports as the
      // cached 200): the request named the very ETag the answer has, and scripts/serve.mjs sends the
      // body only for another one.
      const etag = res.headers().etag;
      const revalidated = Boolean(etag) && (await req.headersArray()).some((h) => /^if-none-match$/i.test(h.name) && h.value.includes(etag));
      const bytes = revalidated ? 0 : Number(res.headers()['content-length']);
      assert.ok(Number.isInteger(bytes), `${file}: no Content-Length`);
      if (sizes.responseBodySize > 0) assert.equal(sizes.responseBodySize, bytes, `${file}: Chromium received another length`);
      const body = await res.body();
      const encoding = res.headers()['content-encoding'] || 'identity';
      // A file that came as it is must be one brotli does not shrink (a chunk of a few bytes).
      const shrinks = encoding === 'identity' && zlib.brotliCompressSync(body).length < body.length;
      files.push({ file, bytes, decoded: body.length, encoding, shrinks, revalidated });
    })());
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
  return files.sort((a, b) => b.bytes - a.bytes);
}

for (const id of Object.keys(notebooks()).sort()) {
  test(`${id}: the lesson page downloads at most ${budget} bytes (brotli, as served)`, async (t) => {
    const files = await downloads(`${id}/`);
    const total = files.reduce((sum, f) => sum + f.bytes, 0);
    for (const f of files) t.diagnostic(`${String(f.bytes).padStart(8)} ${(f.revalidated ? '304' : f.encoding).padEnd(8)} ${String(f.decoded).padStart(8)} decoded  ${f.file}`);
    t.diagnostic(`${String(total).padStart(8)} bytes in all, ${files.length} files`);
    // The element must be among them, or the page did not load what it should.
    for (const needed of ['attention-notebook.js', 'engine-worker.js', `notebooks/${id}.checked.json`]) {
      assert.ok(files.some((f) => f.file === needed), `${needed} was not downloaded: ${files.map((f) => f.file).join(', ')}`);
    }
    // A shipped lesson was checked by the site's build: the validator's module is not fetched. Nor is
    // the scale module: only a reader's Run on an attention-at-scale cell loads it.
    for (const unneeded of ['attnbook-author.mjs', 'attnbook-author.wasm', `notebooks/${id}.json`, 'attnbook-scale.mjs', 'attnbook-scale.wasm']) {
      assert.ok(!files.some((f) => f.file === unneeded), `${unneeded} was downloaded`);
    }
    // Nor the worker's scale job with the WebGPU host code and its shaders (scripts/build-site.mjs
    // names them worker-*), which the same Run imports.
    for (const chunk of ['worker-scale-job-', 'worker-shaders-']) {
      assert.ok(fs.readdirSync(DIST).some((f) => f.startsWith(chunk)), `no ${chunk}*.js in dist/: the build names it otherwise`);
      assert.ok(!files.some((f) => f.file.startsWith(chunk)), `${chunk}*.js was downloaded`);
    }
    for (const [what, name] of Object.entries(NOT_FOR_LESSONS)) {
      assert.ok(fs.readdirSync(DIST).some((f) => name.test(f)), `no file in dist/ is ${what}'s (${name}): the build names it otherwise`);
      const fetched = files.filter((f) => name.test(f.file));
      assert.deepEqual(fetched.map((f) => f.file), [], `${what} was downloaded`);
    }
    // A file brotli does not make smaller has no .br copy (scripts/precompress.mjs) and comes as it is.
    for (const f of files) {
      if (PRECOMPRESSED.test(f.file)) assert.equal(f.encoding, 'identity', `${f.file} came as ${f.encoding}`);
      else assert.ok(f.encoding === 'br' || (f.encoding === 'identity' && !f.shrinks), `${f.file} came as ${f.encoding}`);
    }
    // The training lab's files come with a lab, and only with one.
    for (const file of TRAINING_FILES) assert.equal(files.some((f) => f.file === file), hasLab(id), `${file} downloaded: ${!hasLab(id)}`);
    for (const file of ENGINE_FILES) assert.equal(files.some((f) => f.file === file), opensEngine(id), `${file} downloaded: ${!opensEngine(id)}`);
    assert.ok(total <= budget, `the page downloads ${total} bytes, over the ceiling of ${budget}: ` +
      files.map((f) => `${f.file} ${f.bytes}`).join(', '));
  });
}
