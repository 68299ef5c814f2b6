// Cross-origin embedding: a course site on origin A loads the element module from our server on
// origin B (another port = another origin) and opens a notebook from B. The worker cannot be started
// from B's URL directly; engine-client.js starts it from a Blob that imports B's engine-worker.js.
// The course page sends the strict policy docs/embedding.md gives to course sites, as a header.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { startSite, test, useBrowser, browser, openPage, screenshot, explorableRows, waitForExplorable, findCell } from './harness.mjs';

let ours; // origin B: scripts/serve.mjs serving dist/
let course; // origin A: a tiny server with one course page
const { doc, cell } = findCell('explorable');

/**
 * The host page's policy as docs/embedding.md states it, with B as "our origin" and 'self' for the
 * course's own files. Note worker-src: the Blob worker itself needs blob:, and the module it imports
 * (engine-worker.js) is fetched as part of a worker's module graph, which is checked against
 * worker-src too. No 'unsafe-inline' for styles: the element uses constructed stylesheets and CSSOM.
 */
function coursePolicy(b) {
  return [
    "default-src 'none'",
    `script-src 'self' ${b} 'wasm-unsafe-eval'`,
    `worker-src blob: ${b}`,
    `connect-src 'self' ${b}`,
    `font-src ${b}`,
    "style-src 'self'",
    "img-src 'self' data:",
  ].join('; ');
}

function coursePage(b) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Course on another origin</title>
<link rel="icon" href="data:,">
<script type="module" src="${b}/attention-notebook.js"></script>
</head><body>
<h1>Week 4 (hosted elsewhere)</h1>
<attention-notebook src="${b}/notebooks/${doc.id}.json" depth="beginner"></attention-notebook>
</body></html>`;
}

function startCourseSite(b) {
  const server = http.createServer((req, res) => {
    if (req.url === '/course.html') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': coursePolicy(b) });
      res.end(coursePage(b));
    } else {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found\n');
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const origin = `http://127.0.0.1:${server.address().port}`;
    resolve({ origin, url: `${origin}/`, stop: () => new Promise((r) => server.close(() => r())) });
  }));
}

useBrowser();
before(async () => {
  ours = await startSite();
  course = await startCourseSite(ours.origin);
});
after(async () => {
  await course?.stop();
  await ours?.stop();
});

test('serve.mjs allows cross-origin use of every file (CORS, CORP)', async () => {
  for (const p of ['attention-notebook.js', 'engine-worker.js', 'attnbook.mjs', 'attnbook.wasm', `notebooks/${doc.id}.json`, 'nothing-here']) {
    const res = await fetch(ours.url + p, { headers: { Origin: course.origin } });
    assert.equal(res.headers.get('access-control-allow-origin'), '*', p);
    assert.equal(res.headers.get('cross-origin-resource-policy'), 'cross-origin', p);
  }
  const fonts = await fetch(`${ours.url}fonts/KaTeX_Main-Regular.woff2`);
  assert.equal(fonts.status, 200);
  assert.equal(fonts.headers.get('access-control-allow-origin'), '*');
});

test('a course page on another origin runs the element, its worker and the engine from our origin', async () => {
  assert.notEqual(course.origin, ours.origin);
  const { page, problems, context } = await openPage(browser, course, 'course.html', { origins: [ours.origin] });
  try {
    const workers = [];
    page.on('worker', (w) => workers.push(w.url()));
    await waitForExplorable(page, cell.keys.length);
    const rows = await explorableRows(page);
    if (JSON.stringify(cell.query) === '[2,1]' && JSON.stringify(cell.keys) === '[[-1,2],[1,0],[0,1]]') {
      assert.deepEqual(rows.map((r) => r.share.shown), ['0.14', '0.576', '0.284']);
    }
    assert.ok(rows.every((r) => Number.isFinite(r.share.exact)));
    // The notebook's maths (KaTeX fonts from B) must load too: scroll through, then check the fonts.
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += 400) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 50));
      }
    });
    await page.waitForTimeout(1000);
    const fonts = await page.evaluate(() => [...document.fonts].map((f) => [f.family, f.status]));
    assert.deepEqual(fonts.filter(([, s]) => s === 'error'), [], 'fonts that failed to load');
    assert.ok(fonts.some(([f, s]) => /KaTeX/.test(f) && s === 'loaded'), `some KaTeX font loaded: ${JSON.stringify(fonts)}`);
    // The engine ran in a worker started from a blob: URL of the course page's origin.
    assert.ok(workers.some((u) => u.startsWith(`blob:${course.origin}/`)), `blob worker: ${workers.join(', ')}`);
    await screenshot(page, 'cross-origin-course');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});
