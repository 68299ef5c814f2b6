// A notebook over the engine's size limit is refused in the page, before its text reaches the
// engine worker: the worker's WebAssembly memory does not grow (it never shrinks once grown, so a
// refused 50 MB document used to leave the shared worker holding over 300 MiB for good).
// A body without Content-Length is read only up to the limit: the page stops the download.
import assert from 'node:assert/strict';
import http from 'node:http';
import { test, useSiteAndBrowser, site, browser, openPage, routeTestFiles, notebooks, findCell, waitForExplorable } from './harness.mjs';
import { watchWorkers, MiB } from './engine-watch.mjs';

useSiteAndBrowser();

const { doc } = findCell('explorable');
// 50 MB of valid JSON: the notebook with a long run of spaces in front (a page must not hold it
// up to the engine just because it would parse).
const BIG = 50 * 1000 * 1000;
const bigText = () => ' '.repeat(BIG) + JSON.stringify(doc);

function page(body) {
  return `<!doctype html><html><head><meta charset="utf-8"><title>size</title>
<script type="module" src="../attention-notebook.js"></script></head><body>${body}</body></html>`;
}

/** The engine worker's figures (the 'main' lane: the one that validates documents). */
async function mainWorker(watch) {
  const { workers } = await watch.measure();
  const engines = workers.filter((w) => w.instances > 0);
  assert.ok(engines.length >= 1, `an engine worker is running: ${JSON.stringify(workers)}`);
  return engines[0];
}

const errorText = (pg, nth = 0) => pg.locator('attention-notebook').nth(nth).locator('.errors').textContent();

test('a 50 MB notebook (src= and loadText) is refused in the page and the worker memory does not grow', async () => {
  const { page: pg, context, problems } = await openPage(browser, site, null);
  const watch = await watchWorkers(context, pg);
  try {
    await context.route(`${site.url}__test/big.json`, (route) =>
      route.fulfill({ status: 200, body: bigText(), headers: { 'Content-Type': 'application/json' } }));
    const base = await routeTestFiles(context, site, {
      'size.html': page(`<attention-notebook id="ok" src="../notebooks/${doc.id}.json"></attention-notebook>`),
    });
    await pg.goto(`${base}size.html`);
    await waitForExplorable(pg, doc.cells.find((c) => c.type === 'explorable').keys.length);
    const before = await mainWorker(watch);

    // By src: the body is 50 MB with a Content-Length.
    await pg.evaluate(() => {
      const el = document.createElement('attention-notebook');
      el.id = 'big';
      el.setAttribute('src', 'big.json');
      document.body.append(el);
    });
    const bySrc = await pg.evaluate(() => document.getElementById('big').ready);
    assert.equal(bySrc.ok, false);
    assert.match(JSON.stringify(bySrc.errors), /MiB/);
    assert.match(await errorText(pg, 1), /MiB/);

    // By loadText: a 50 MB string.
    await pg.evaluate((n) => document.getElementById('big').loadText(' '.repeat(n) + '{}', 'big text'), BIG);
    const settled = await pg.evaluate(() => document.getElementById('big').ready);
    assert.equal(settled.ok, false);
    assert.match(JSON.stringify(settled.errors), /MiB/);

    const after = await mainWorker(watch);
    assert.equal(after.instances, before.instances, 'the same engine instance');
    assert.equal(after.wasm, before.wasm,
      `worker WebAssembly memory: ${before.wasm / MiB} MiB before, ${after.wasm / MiB} MiB after`);
    // The first notebook still works (the engine was not disturbed).
    const ok = await pg.evaluate(() => document.getElementById('ok').ready);
    assert.equal(ok.ok, true);
    assert.deepEqual(await problems(), []);
  } finally {
    await watch.detach();
    await context.close();
  }
});

test('a body without Content-Length is read only up to the limit', async () => {
  // A server that streams 50 MB (chunked transfer, no Content-Length) at about 32 MB/s, and
  // counts what it has sent when the page hangs up. The page first opens a small notebook, so the
  // engine's limit is known before the big one is fetched and its reading starts at once.
  let sent = 0;
  let closed;
  const closedPromise = new Promise((resolve) => { closed = resolve; });
  const chunk = Buffer.alloc(128 * 1024, 0x20);
  const server = http.createServer((req, res) => {
    if (req.url === '/course.html') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html><head><meta charset="utf-8"><title>stream</title><link rel="icon" href="data:,">
<script type="module" src="${site.origin}/attention-notebook.js"></script></head><body>
<attention-notebook src="${site.origin}/notebooks/${doc.id}.json"></attention-notebook></body></html>`);
      return;
    }
    if (req.url !== '/stream.json') { res.writeHead(404); res.end(); return; }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    const timer = setInterval(() => {
      if (sent >= BIG) {
        clearInterval(timer);
        res.end(JSON.stringify(doc));
        return;
      }
      sent += chunk.length;
      res.write(chunk);
    }, 4);
    res.on('close', () => { clearInterval(timer); closed(sent); });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  const { page: pg, context, problems } = await openPage(browser, { origin, url: `${origin}/` }, 'course.html', { origins: [site.origin] });
  try {
    const small = await pg.evaluate(() => customElements.whenDefined('attention-notebook').then(() => document.querySelector('attention-notebook').ready));
    assert.equal(small.ok, true);
    const result = await pg.evaluate(() => {
      const el = document.createElement('attention-notebook');
      el.setAttribute('src', '/stream.json');
      document.body.append(el);
      return el.ready;
    });
    assert.equal(result.ok, false);
    assert.match(JSON.stringify(result.errors), /MiB/);
    const total = await closedPromise;
    // The page stops reading one byte past the limit (a few MiB); the server has sent that plus
    // what was in flight when the page hung up, far below the 50 MB it offers.
    assert.ok(total < BIG / 4, `the server sent ${(total / MiB).toFixed(1)} MiB before the page hung up`);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
    await new Promise((resolve) => server.close(resolve));
  }
});

test('a notebook read in many chunks, under the limit, opens as it is', async () => {
  // The streamed read joins the chunks exactly: the shipped notebook after 1 MiB of spaces, with
  // non-ASCII text in it (split across chunks somewhere), opens with its title intact.
  const { page: pg, context, problems } = await openPage(browser, site, null);
  try {
    const padded = ' '.repeat(1024 * 1024) + JSON.stringify(doc);
    await context.route(`${site.url}__test/padded.json`, (route) =>
      route.fulfill({ status: 200, body: padded, headers: { 'Content-Type': 'application/json' } }));
    const base = await routeTestFiles(context, site, { 'padded.html': page('<attention-notebook src="padded.json"></attention-notebook>') });
    await pg.goto(`${base}padded.html`);
    const result = await pg.evaluate(() => document.querySelector('attention-notebook').ready);
    assert.equal(result.ok, true, JSON.stringify(result.errors));
    assert.equal(result.notebook.title, notebooks()[doc.id].title);
    const prompts = (d) => d.cells.filter((c) => c.prompt).map((c) => c.prompt);
    assert.ok(prompts(doc).some((p) => /[^\x00-\x7f]/.test(p)), 'the test has non-ASCII text to join');
    assert.deepEqual(prompts(result.notebook), prompts(doc));
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});
