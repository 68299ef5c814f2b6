// Shared by the browser tests: a static server for dist/ on a free port, Chromium through
// playwright-core, and a page watcher that records what a strict, offline page must never do.
//
//   const site = await startSite();            // { url, root, stop() }
//   const browser = await launchBrowser();
//   const { page, problems } = await openPage(browser, site, 'attention-explorable/');
//   ... assert.deepEqual(problems(), []) ...
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { before, after, test as nodeTest } from 'node:test';
import { asksEngine } from '../../web/src/render/index.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DIST = path.join(ROOT, 'dist');
export const RESULTS = path.join(ROOT, 'test-results');
export const CHROMIUM = process.env.ATTNBOOK_CHROMIUM || '/usr/bin/chromium';

/** Every browser test needs dist/ built; a clear message instead of a page of 404s. */
export function requireDist() {
  for (const f of ['index.html', 'attention-notebook.js', 'engine-worker.js', 'attnbook.mjs', 'attnbook.wasm']) {
    if (!fs.existsSync(path.join(DIST, f))) {
      throw new Error(`dist/${f} missing: run \`scripts/build wasm && node scripts/build-site.mjs\` first`);
    }
  }
}

/** The notebook documents the site was built from (web/notebooks/*.json), by id. */
export function notebooks() {
  const dir = path.join(ROOT, 'web', 'notebooks');
  const out = {};
  for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const doc = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
    out[doc.id] = doc;
  }
  return out;
}

/**
 * True when a cell of the notebook's opening depth asks the learner's engine as soon as it is shown
 * (web/src/render/index.js): only then does its lesson page load attnbook.mjs and attnbook.wasm.
 */
export function opensEngine(id) {
  const doc = notebooks()[id];
  const depth = doc.depths[0];
  return doc.cells.some((c) => (c.depths ?? doc.depths).includes(depth) && asksEngine(c.type));
}

/** The first notebook with a cell of this type, and that cell. */
export function findCell(type) {
  for (const doc of Object.values(notebooks())) {
    const cell = doc.cells.find((c) => c.type === type);
    if (cell) return { doc, cell };
  }
  throw new Error(`no notebook in web/notebooks has a ${type} cell`);
}

/** Starts scripts/serve.mjs on a free port; resolves once it prints its URL. */
export async function startSite() {
  requireDist();
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'serve.mjs'), '--port', '0'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve.mjs did not start:\n${output}`)), 10000);
    const onData = (chunk) => {
      output += chunk;
      const m = /http:\/\/127\.0\.0\.1:\d+\//.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[0]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`serve.mjs exited (${code}):\n${output}`)));
  });
  return {
    url,
    origin: new URL(url).origin,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function launchBrowser(extraArgs = []) {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}

/**
 * A new context + page that records problems:
 *   - console errors and uncaught page errors (the page's and its workers'),
 *   - Content-Security-Policy violations (securitypolicyviolation events, listened to before any
 *     page script runs),
 *   - any request that leaves the site's origin (aborted: the page must work offline); `origins`
 *     lists further origins that may be used (a cross-origin embedding test's second server).
 * problems() returns them as strings; the tests assert it is empty.
 * colorScheme: 'light' | 'dark' emulates the reader's preference (screenshots of both themes).
 * httpCache: keep the browser's HTTP cache, which routing turns off: off-site requests are then
 * recorded as problems but not aborted.
 */
export async function openPage(browser, site, pathOrUrl,
  { viewport = { width: 1100, height: 900 }, allowErrors = [], origins = [], colorScheme, httpCache = false } = {}) {
  const context = await browser.newContext({ viewport, ...(colorScheme ? { colorScheme } : {}) });
  const allowedOrigins = [...(site ? [site.origin] : []), ...origins];
  const found = [];
  const offsite = [];
  const allowed = (url) => allowedOrigins.some((o) => url.startsWith(o + '/')) || url.startsWith('file:') ||
    url.startsWith('data:') || url.startsWith('blob:');
  if (httpCache) {
    // Routing turns Chromium's HTTP cache off (playwright), so a test of what the browser caches
    // (httpCache) records off-site requests without stopping them.
    context.on('request', (req) => { if (!allowed(req.url())) offsite.push(req.url()); });
  } else {
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (allowed(url)) return route.continue();
      offsite.push(url);
      return route.abort('blockedbyclient');
    });
  }
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const page = await context.newPage();
  const ignore = (text) => allowErrors.some((re) => re.test(text));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !ignore(msg.text())) found.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => {
    if (!ignore(String(err))) found.push(`page error: ${err.stack || err.message}`); // the stack: a rare error must say where it came from
  });
  page.on('worker', (worker) => {
    worker.on('console', (msg) => {
      if (msg.type() === 'error' && !ignore(msg.text())) found.push(`worker console error: ${msg.text()}`);
    });
  });
  if (pathOrUrl !== null) {
    const url = /^[a-z]+:/.test(pathOrUrl) ? pathOrUrl : site.url + pathOrUrl;
    await page.goto(url);
  }
  return {
    context,
    page,
    offsite,
    async problems() {
      const csp = await page.evaluate(() => window.__cspViolations || []).catch(() => []);
      return [...found, ...csp.map((v) => `CSP violation: ${v}`), ...offsite.map((u) => `off-site request: ${u}`)];
    },
  };
}

/**
 * Waits until the notebook in `target` (a page or a frame) shows `depth`: its attribute says so and
 * the depth's cells are on the page (the element's `drawn` promise: a depth shown for the first
 * time waits for its cells' code).
 */
export async function waitForDepth(target, depth, options) {
  await target.waitForFunction((d) => document.querySelector('attention-notebook')?.getAttribute('depth') === d, depth, options);
  await target.evaluate(() => document.querySelector('attention-notebook').drawn);
}

/**
 * With ATTNBOOK_SCREENSHOTS set, saves a full-page screenshot to test-results/<name>.png, for a
 * person to look at; a test run takes none (nothing compares pixels: what a draw makes is checked
 * by the DOM snapshots, draw-snapshots.test.mjs, and by each test's own assertions).
 */
export async function screenshot(page, name) {
  if (!process.env.ATTNBOOK_SCREENSHOTS) return;
  fs.mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
}

/**
 * The numbers the element shows: every `.num` span in its shadow root, as {shown, exact}
 * (exact parsed from the "exact: <double>" title the element puts on each engine number).
 */
export async function shownNumbers(locator) {
  return locator.evaluate((root) => {
    const host = root.shadowRoot || root;
    return [...host.querySelectorAll('.num')].map((el) => ({
      shown: el.textContent.trim(),
      exact: Number(((el.getAttribute('title') || '').match(/exact:\s*(\S+)/) || [])[1]),
    }));
  });
}

/** Softmax of the scaled dots, computed independently of the engine (the formula in the lesson). */
export function expectedShares({ query, keys, mask, divisor = 'sqrt' }) {
  const d = query.length;
  const div = divisor === 'sqrt' ? Math.sqrt(d) : divisor === 'd' ? d : 1;
  const scores = keys.map((k) => k.reduce((acc, kj, j) => acc + query[j] * kj, 0) / div);
  const allowed = keys.map((_, i) => (mask ? mask[i] : true));
  const m = Math.max(...scores.filter((_, i) => allowed[i]));
  const e = scores.map((s, i) => (allowed[i] ? Math.exp(s - m) : 0));
  const z = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / z);
}

/** The lesson's rounding of a share for display: 3 decimals, trailing zeros dropped ("0.14"). */
export function shown3(x) {
  return String(Math.round(x * 1000) / 1000);
}

/**
 * Serves extra test pages on the site's origin (under /__test/), with the site's CSP header, so that
 * they run under the same policy as the real pages. files: { 'two.html': '<!doctype html>...' }.
 */
export async function routeTestFiles(context, site, files) {
  const { CSP } = await import('../../scripts/serve.mjs');
  for (const [name, body] of Object.entries(files)) {
    const type = name.endsWith('.html') ? 'text/html; charset=utf-8' : name.endsWith('.json')
      ? 'application/json' : 'text/javascript; charset=utf-8';
    await context.route(`${site.url}__test/${name}`, (route) =>
      route.fulfill({ status: 200, body, headers: { 'Content-Type': type, 'Content-Security-Policy': CSP } }));
  }
  return `${site.url}__test/`;
}

/** The rows of the nth explorable's table: [{label, dot, score, share}] each a {shown, exact}. */
export async function explorableRows(page, nth = 0) {
  const table = page.locator('attention-notebook .explorable').nth(nth).locator('tbody');
  return table.evaluate((tbody) => [...tbody.querySelectorAll('tr')].map((tr) => {
    const pair = (td) => {
      const el = td.querySelector('.num');
      return { shown: el.textContent.trim(), exact: Number(el.getAttribute('title').replace(/^exact:\s*/, '')) };
    };
    const tds = tr.querySelectorAll('td');
    return { label: tr.querySelector('th').textContent.trim(), dot: pair(tds[0]), score: pair(tds[1]), share: pair(tds[2]) };
  }));
}

/** Waits until the nth explorable shows n rows of numbers. */
export async function waitForExplorable(page, n, nth = 0) {
  await page.locator('attention-notebook .explorable').nth(nth).locator('tbody tr').nth(n - 1)
    .waitFor({ state: 'attached', timeout: 15000 });
}

/**
 * The site and Chromium shared by one test file: started before its tests, stopped after.
 * `site` and `browser` below are live bindings, set once the `before` hooks have run; a file
 * with servers of its own takes the browser alone (useBrowser). Either way its tests use `test`
 * below, which launches Chromium again when it is lost.
 */
export let site;
export let browser;
export function useSiteAndBrowser() {
  before(async () => { site = await startSite(); });
  after(async () => { await site?.stop(); });
  useBrowser();
}
export function useBrowser() {
  before(async () => { browser = await launchBrowser(); });
  after(async () => { await browser?.close(); });
}

/**
 * Whether `err` came from Chromium's exit: playwright's closed-target error (its class is not
 * exported, its message is fixed), then the browser's disconnect, which follows the error by a few
 * milliseconds; a page or context the test closed itself leaves Chromium connected.
 */
async function chromiumExited(err) {
  if (!/Target page, context or browser has been closed/.test(err?.message)) return false;
  if (browser.isConnected()) {
    await new Promise((resolve) => { browser.once('disconnected', resolve); setTimeout(resolve, 3000); });
  }
  return !browser.isConnected();
}

/**
 * node:test's `test(name, [options], fn)` for a file that shares one Chromium (useSiteAndBrowser,
 * useBrowser). When Chromium itself exits during a test (CI once lost it mid-click on a loaded
 * machine: "Target page, context or browser has been closed"), the test is run once more on a new
 * Chromium, saying so on stderr with the end of Chromium's log; a page that brings Chromium down
 * every time fails the second run too. A failure with Chromium still running (every assertion) is
 * never run again. tests/browser/harness-rerun.test.mjs holds it to that.
 */
export function test(name, options, fn) {
  if (typeof options === 'function') [options, fn] = [{}, options];
  return nodeTest(name, options, async (t) => {
    if (!browser.isConnected()) browser = await launchBrowser(); // lost after the last test's end
    try {
      return await fn(t);
    } catch (err) {
      if (!(await chromiumExited(err))) throw err;
      const log = String(err.message).split('\n').filter((line) => !/dbus/.test(line));
      console.error(`${name}: Chromium exited during the test; running it once more on a new Chromium.\n` +
        `${log[0]}\n${log.slice(1).slice(-12).join('\n')}`);
      browser = await launchBrowser();
    }
    try {
      return await fn(t);
    } catch (err) {
      await chromiumExited(err); // waits for a lost Chromium's disconnect: the next test then sees it
      throw err;
    }
  });
}

/**
 * Opens notebook `id`'s page with its document replaced by `text` (a broken or hostile one), served
 * at the page's checked form's URL: a plain notebook there is validated (web/src/checked-notebook.js).
 */
export async function openWithNotebookText(id, text) {
  const opened = await openPage(browser, site, null);
  await opened.context.route(`${site.url}notebooks/${id}.checked.json`, (route) =>
    route.fulfill({ status: 200, body: text, headers: { 'Content-Type': 'application/json' } }));
  await opened.page.goto(`${site.url}${id}/`);
  return opened;
}

/**
 * What a learner types for a number answer: the value rounded to the answer's "decimals" when it
 * has them (the engine refuses more places than the prompt asks for), else the value as it is.
 */
export function answerText(answer) {
  return Number.isInteger(answer.decimals) ? answer.value.toFixed(answer.decimals) : String(answer.value);
}
