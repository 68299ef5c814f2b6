// Issue 20, finding 5: a notebook link followed inside a frame left the LMS frame (or the embed) on
// a foreign page, which could then post fake "complete" and 30,000,000 px height messages that the
// recommended listener accepted. Now: links to other sites open outside the frame, and the
// listener of docs/embedding.md and web/examples/course-page.js checks event.origin too.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { startSite, test, useBrowser, browser, openPage, notebooks, ROOT } from './harness.mjs';

let ours; // B: serves embed.html and the notebooks
let course; // A: the course page, and the foreign page the frame is sent to
const doc = Object.values(notebooks()).find((d) => d.cells.some((c) => c.type === 'prose'));

// The two listeners under test, as shipped: the example's script and the docs' snippet.
const exampleListener = fs.readFileSync(path.join(ROOT, 'web/examples/course-page.js'), 'utf8');
const docsListener = (() => {
  const text = fs.readFileSync(path.join(ROOT, 'docs/embedding.md'), 'utf8');
  const block = text.split('```html').find((b) => b.includes("addEventListener('message'"));
  return block.slice(block.indexOf('<script>') + 8, block.indexOf('</script>'));
})();

function startCourse() {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    if (url.pathname === '/foreign.html') {
      // The page a followed link leads to, posting what a hostile site would.
      res.end(`<!doctype html><meta charset="utf-8"><title>foreign</title><script>
        parent.postMessage({ type: 'attnbook:height', id: 'x', height: 30000000 }, '*');
        parent.postMessage({ type: 'attnbook:event', id: 'x', name: 'practicecomplete', detail: { id: 'x' } }, '*');
        </script>`);
      return;
    }
    const which = url.searchParams.get('listener');
    res.end(`<!doctype html><html><head><meta charset="utf-8"><title>course</title><link rel="icon" href="data:,"></head><body>
<iframe class="attnbook" id="nb" src="${url.searchParams.get('frame').replace(/"/g, '&quot;')}" style="height: 300px"></iframe>
<ol id="progress-log"></ol>
<script type="module">${which === 'docs' ? docsListener : exampleListener}</script></body></html>`);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const origin = `http://127.0.0.1:${server.address().port}`;
    resolve({ origin, url: `${origin}/`, stop: () => new Promise((r) => server.close(() => r())) });
  }));
}

useBrowser();
before(async () => {
  ours = await startSite();
  course = await startCourse();
});
after(async () => {
  await course?.stop();
  await ours?.stop();
});

for (const listener of ['example', 'docs']) {
  test(`the ${listener} listener takes the frame's messages and ignores a page the frame was sent to`, async () => {
    const frameUrl = `${ours.url}embed.html?notebook=${doc.id}&parent=${encodeURIComponent(course.origin)}`;
    const { page, context, problems } = await openPage(browser, course,
      `course.html?listener=${listener}&frame=${encodeURIComponent(frameUrl)}`, { origins: [ours.origin] });
    const logged = [];
    page.on('console', (msg) => logged.push(msg.text()));
    try {
      const height = () => page.evaluate(() => document.getElementById('nb').style.height);
      // The notebook's own height message is taken (the listener works at all).
      await page.waitForFunction(() => document.getElementById('nb').style.height !== '300px', null, { timeout: 20000 });
      // The element draws its cells in slices, so its height is posted more than once: take it
      // once it has held still for 750 ms.
      let real = await height();
      for (let tries = 0; tries < 40; tries += 1) {
        await page.waitForTimeout(750);
        const now = await height();
        if (now === real) break;
        real = now;
      }
      assert.match(real, /^[0-9]+px$/);
      const logBefore = await page.locator('#progress-log li').count();
      // The frame is navigated away (a link followed in place): same window, another origin.
      await page.mainFrame().childFrames()[0].goto(`${course.url}foreign.html`);
      await page.waitForTimeout(500);
      assert.equal(await height(), real, 'the foreign page did not resize the frame');
      assert.equal(await page.locator('#progress-log li').count(), logBefore, 'no fake event logged');
      assert.ok(!logged.some((t) => t.includes('practicecomplete')), `no fake event in the console: ${logged}`);
      assert.deepEqual(await problems(), []);
    } finally {
      await context.close();
    }
  });
}

test('links to other sites open in a new tab, without opener or referrer; relative links stay', async () => {
  const nb = structuredClone(doc);
  nb.cells = [
    { type: 'prose', text: 'See [the paper](https://example.org/paper) and [the explorable](../attention-explorable/).' },
    { type: 'references', items: [{ authors: 'A. Author', year: 2020, title: 'A title', venue: 'A venue', url: 'https://example.org/ref' }] },
  ];
  const { page, context, problems } = await openPage(browser, ours, null);
  try {
    await context.route(`${ours.url}notebooks/${doc.id}.checked.json`, (route) =>
      route.fulfill({ status: 200, body: JSON.stringify(nb), headers: { 'Content-Type': 'application/json' } }));
    await page.goto(`${ours.url}${doc.id}/`);
    await page.locator('attention-notebook section.cell-references a').waitFor({ timeout: 15000 });
    const links = await page.locator('attention-notebook').evaluate((el) =>
      [...el.shadowRoot.querySelectorAll('.cells a[href]')].map((a) => ({ href: a.getAttribute('href'), target: a.getAttribute('target'), rel: a.getAttribute('rel') })));
    assert.deepEqual(links, [
      { href: 'https://example.org/paper', target: '_blank', rel: 'noopener noreferrer' },
      { href: '../attention-explorable/', target: null, rel: 'noopener noreferrer' },
      { href: 'https://example.org/ref', target: '_blank', rel: 'noopener noreferrer' },
    ]);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});
