// Every served page under the strict CSP: no violations, no console errors, no request leaves the
// origin (the site works offline); the pages carry the CSP and no inline scripts; the server's
// MIME types and path handling.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {
  test, DIST, openPage, screenshot, notebooks, useSiteAndBrowser, site, browser,
} from './harness.mjs';
import { CSP, CSP_META } from '../../scripts/serve.mjs';

useSiteAndBrowser();
const ids = Object.keys(notebooks()).sort();
const pages = ['index.html', ...ids.map((id) => `${id}/index.html`), ...ids.map((id) => `embed.html?notebook=${id}`), 'examples/course-page.html'];

test('served pages carry the CSP meta and no inline scripts', () => {
  for (const p of pages) {
    const html = fs.readFileSync(path.join(DIST, p.split('?')[0]), 'utf8');
    assert.ok(html.includes(`<meta http-equiv="Content-Security-Policy" content="${CSP_META}">`), `${p}: CSP meta`);
    for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
      assert.ok(/\bsrc=/.test(m[1]) && m[2].trim() === '', `${p}: inline script ${m[0].slice(0, 80)}`);
    }
  }
});

for (const p of pages) {
  test(`${p}: strict CSP, offline, no console errors`, async () => {
    const { page, problems, context } = await openPage(browser, site, p);
    const failed = [];
    page.on('response', (res) => { if (res.status() >= 400) failed.push(`${res.status()} ${res.url()}`); });
    try {
      if (p !== 'index.html') {
        await page.locator('attention-notebook .cells > section:not([hidden]), .page-error').first().waitFor({ timeout: 15000 });
      }
      // Scroll through so that lazily activated cells (and their engine calls, maths fonts) run too.
      await page.evaluate(async () => {
        for (let y = 0; y < document.documentElement.scrollHeight; y += 400) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 50));
        }
      });
      await page.waitForTimeout(1500);
      const failedFonts = await page.evaluate(() => [...document.fonts].filter((f) => f.status === 'error').map((f) => f.family));
      assert.deepEqual(failedFonts, [], 'fonts that failed to load');
      if (p !== 'index.html') await screenshot(page, `page-${p.replace(/[^a-z0-9]+/gi, '_')}`);
      assert.deepEqual(failed, [], 'responses with an error status');
      assert.deepEqual(await problems(), []);
    } finally {
      await context.close();
    }
  });
}

test('every page names an icon that is served (browsers otherwise ask for /favicon.ico and log a 404)', async () => {
  for (const p of pages) {
    const html = fs.readFileSync(path.join(DIST, p.split('?')[0]), 'utf8');
    const m = /<link rel="icon" href="([^"]+)" type="image\/svg\+xml">/.exec(html);
    assert.ok(m, `${p}: <link rel="icon">`);
    const res = await fetch(new URL(m[1], site.url + p));
    assert.equal(res.status, 200, `${p}: ${m[1]}`);
    assert.equal(res.headers.get('content-type'), 'image/svg+xml', `${p}: ${m[1]}`);
  }
  for (const id of ids) {
    const html = fs.readFileSync(path.join(DIST, id, 'standalone.html'), 'utf8');
    assert.match(html, /<link rel="icon" href="data:image\/svg\+xml,[^"]+" type="image\/svg\+xml">/, `${id}/standalone.html: inline icon`);
  }
});

test('index.html lists every notebook with its title', async () => {
  const { page, problems, context } = await openPage(browser, site, '');
  try {
    const links = await page.locator('.notebook h2 a').evaluateAll((as) => as.map((a) => [a.getAttribute('href'), a.textContent]));
    assert.deepEqual(links, ids.map((id) => [`${id}/`, notebooks()[id].title]));
    await screenshot(page, 'index');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('serve.mjs: MIME types, the CSP header, no way out of dist/', async () => {
  const get = (p) => fetch(site.url + p, { redirect: 'manual' });
  const cases = [
    ['attnbook.wasm', 'application/wasm'],
    ['attnbook.mjs', 'text/javascript; charset=utf-8'],
    ['attention-notebook.js', 'text/javascript; charset=utf-8'],
    [`notebooks/${ids[0]}.json`, 'application/json; charset=utf-8'],
    ['', 'text/html; charset=utf-8'],
  ];
  for (const [p, type] of cases) {
    const res = await get(p);
    assert.equal(res.status, 200, p);
    assert.equal(res.headers.get('content-type'), type, p);
    assert.equal(res.headers.get('content-security-policy'), CSP, p);
  }
  assert.equal((await get(ids[0])).status, 301);
  assert.equal((await get(ids[0])).headers.get('location'), `/${ids[0]}/`);
  // Raw request paths (fetch would normalise "..").
  const raw = (p) => new Promise((resolve, reject) => {
    const u = new URL(site.url);
    http.get({ host: u.hostname, port: u.port, path: p }, (res) => { res.resume(); resolve(res.statusCode); }).on('error', reject);
  });
  for (const p of ['/../package.json', '/%2e%2e/package.json', '/..%2fpackage.json', '/fonts/..%2f..%2fpackage.json',
    '/%00', '/..\\package.json', '/%5c..%5cpackage.json']) {
    const status = await raw(p);
    assert.ok(status === 400 || status === 404, `${p}: ${status}`);
  }
  assert.equal((await get('nothing-here.js')).status, 404);
});

test('serve.mjs: a directory redirect never leaves the site ("//examples" is not protocol-relative)', async () => {
  // Raw request paths: fetch and URL would read "//examples" as a host.
  const raw = (p) => new Promise((resolve, reject) => {
    const u = new URL(site.url);
    http.get({ host: u.hostname, port: u.port, path: p }, (res) => {
      res.resume();
      resolve({ status: res.statusCode, location: res.headers.location });
    }).on('error', reject);
  });
  const cases = [
    ['//examples?x=1', '/examples/?x=1'],
    ['//examples', '/examples/'],
    ['///examples', '/examples/'],
    ['/./examples', '/examples/'],
    ['/examples?x=1', '/examples/?x=1'],
  ];
  for (const [p, want] of cases) {
    const { status, location } = await raw(p);
    assert.equal(status, 301, p);
    assert.equal(location, want, p);
    // Resolved against the site, the target is on the site's own origin.
    assert.equal(new URL(location, site.url).origin, site.origin, p);
  }
});
