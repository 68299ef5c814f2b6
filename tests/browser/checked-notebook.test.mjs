// A lesson page loads at most the learner's engine module: its notebook is the checked form the
// site's build wrote (dist/notebooks/<id>.checked.json), drawn without the validator, which is in
// the author module (attnbook-author.mjs). Every other notebook is validated, with the author
// module: a plain one, inline or fetched, and a checked form from another origin
// (web/src/checked-notebook.js says why those are not trusted). A lesson page whose opening depth
// has no cell that asks the engine as soon as it is shown loads no engine module at all (opensEngine).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test, DIST, openPage, notebooks, opensEngine, useSiteAndBrowser, site, browser } from './harness.mjs';
import { CSP } from '../../scripts/serve.mjs';

useSiteAndBrowser();
const ids = Object.keys(notebooks()).sort();
const OTHER = 'https://elsewhere.example';

/**
 * Serves test pages under the site's /__test/ with the site's policy, which here may also fetch
 * from OTHER (a course page that takes a notebook from another host). Returns their base URL.
 */
async function routePages(context, files) {
  const csp = CSP.replace("connect-src 'self'", `connect-src 'self' ${OTHER}`);
  for (const [name, body] of Object.entries(files)) {
    await context.route(`${site.url}__test/${name}`, (route) =>
      route.fulfill({ status: 200, body, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': csp } }));
  }
  return `${site.url}__test/`;
}
const testPage = (body) => '<!doctype html><html><head><meta charset="utf-8"><title>t</title>' +
  `<script type="module" src="../attention-notebook.js"></script></head><body>${body}</body></html>`;

/** Opens `pagePath` (after `setup(context)`), waits for the element's outcome; the engine files the page and its worker fetched. */
async function open(pagePath, setup = async () => {}) {
  const opened = await openPage(browser, site, null, { origins: [OTHER] });
  const fetched = [];
  opened.context.on('request', (r) => {
    const file = new URL(r.url()).pathname.split('/').pop();
    if (/^attnbook.*\.(mjs|wasm)$/.test(file)) fetched.push(file);
  });
  try {
    const base = await setup(opened.context);
    await opened.page.goto(pagePath.startsWith('http') ? pagePath : `${base || site.url}${pagePath}`);
    const outcome = await opened.page.locator('attention-notebook').evaluate((el) => customElements.whenDefined('attention-notebook').then(() => el.ready));
    await opened.page.waitForLoadState('networkidle'); // the drawn cells' engine calls, and the worker's fetches for them
    assert.deepEqual(await opened.problems(), []);
    return { outcome, fetched: [...new Set(fetched)].sort() };
  } finally {
    await opened.context.close();
  }
}

for (const id of ids) {
  test(`${id}: the lesson page draws the build's checked form and never loads the author module`, async () => {
    const { outcome, fetched } = await open(`${id}/`);
    assert.equal(outcome.ok, true);
    assert.deepEqual(fetched.filter((f) => !f.startsWith('attnbook-train')), opensEngine(id) ? ['attnbook.mjs', 'attnbook.wasm'] : []);
    // What it draws is the engine's normalised notebook, as the build's verdict holds it.
    const checked = JSON.parse(fs.readFileSync(path.join(DIST, 'notebooks', `${id}.checked.json`), 'utf8'));
    assert.deepEqual(outcome.notebook, checked.verdict.notebook);
  });
}

test('the embed view opens the checked form too', async () => {
  const { outcome, fetched } = await open(`embed.html?notebook=${ids[0]}`);
  assert.equal(outcome.ok, true);
  assert.deepEqual(fetched, ['attnbook.mjs', 'attnbook.wasm']);
});

test('the plain notebook, an inline one and a checked form from another origin are validated with the author module', async () => {
  const id = ids[0];
  const plain = fs.readFileSync(path.join(DIST, 'notebooks', `${id}.json`), 'utf8');
  const checkedText = fs.readFileSync(path.join(DIST, 'notebooks', `${id}.checked.json`), 'utf8');
  const want = JSON.parse(checkedText).verdict.notebook;
  const cases = {
    'plain.html': testPage(`<attention-notebook src="../notebooks/${id}.json"></attention-notebook>`),
    'inline.html': testPage(`<attention-notebook><script type="application/json">${plain.replace(/</g, '\\u003c')}</script></attention-notebook>`),
    'elsewhere.html': testPage(`<attention-notebook src="${OTHER}/${id}.checked.json"></attention-notebook>`),
  };
  for (const name of Object.keys(cases)) {
    const { outcome, fetched } = await open(name, async (context) => {
      await context.route(`${OTHER}/${id}.checked.json`, (route) => route.fulfill({
        status: 200, body: checkedText, headers: { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' } }));
      return routePages(context, cases);
    });
    assert.equal(outcome.ok, true, name);
    assert.deepEqual(outcome.notebook, want, name);
    assert.ok(fetched.includes('attnbook-author.wasm'), `${name}: ${fetched.join(', ')}`);
  }
});

test('a checked form from another origin that the validator refuses shows the validator\'s errors', async () => {
  const id = ids[0];
  const form = JSON.parse(fs.readFileSync(path.join(DIST, 'notebooks', `${id}.checked.json`), 'utf8'));
  form.verdict.notebook.id = 'Not An Id';
  const { outcome } = await open('bad.html', async (context) => {
    await context.route(`${OTHER}/bad.checked.json`, (route) => route.fulfill({
      status: 200, body: JSON.stringify(form), headers: { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' } }));
    return routePages(context, { 'bad.html': testPage(`<attention-notebook src="${OTHER}/bad.checked.json"></attention-notebook>`) });
  });
  assert.equal(outcome.ok, false);
  assert.ok(outcome.errors.some((e) => e.path === '$.id'), JSON.stringify(outcome.errors));
});
