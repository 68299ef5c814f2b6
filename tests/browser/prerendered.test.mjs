// A shipped lesson's Markdown and formulas, read and typeset by the site's build
// (scripts/prerender.mjs, web/src/render/prerendered.js), draw exactly what the page draws when it
// reads and typesets them itself: each cell that shows Markdown or maths, at every depth, has the
// same DOM on the lesson page (the checked form, no markdown-it and no KaTeX fetched) as on the
// same page given the plain notebook (validated, then read by markdown-it and typeset by KaTeX).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test, ROOT, openPage, notebooks, useSiteAndBrowser, site, browser } from './harness.mjs';

useSiteAndBrowser();
const TEXT_CELLS = ['prose', 'maths', 'practice', 'study'];
const LIVE_CODE = /\/element-(katex|parser)-[A-Z0-9]+\.js$/;

/**
 * Opens `id`'s lesson page, with its checked form replaced by `plainText` when given; returns each
 * text cell's markup at each depth, every formula typeset, and the KaTeX / markdown-it files it
 * fetched to draw its opening depth.
 */
async function drawn(id, doc, plainText = null) {
  const opened = await openPage(browser, site, null);
  const { page, context } = opened;
  const live = [];
  context.on('request', (r) => { if (LIVE_CODE.test(r.url())) live.push(r.url().split('/').pop().split('-')[1]); });
  if (plainText) {
    await context.route(`${site.url}notebooks/${id}.checked.json`, (route) =>
      route.fulfill({ status: 200, body: plainText, headers: { 'Content-Type': 'application/json' } }));
  }
  try {
    await page.goto(`${site.url}${id}/`);
    return await draw(opened, doc, live);
  } finally {
    await context.close();
  }
}

async function draw(opened, doc, live) {
  const { page } = opened;
  const el = page.locator('attention-notebook');
  assert.equal((await el.evaluate((e) => customElements.whenDefined('attention-notebook').then(() => e.ready))).ok, true);
  const fetchedAtOpening = [...new Set(live)].sort();
  const out = {};
  for (const depth of doc.depths) {
    const count = doc.cells.filter((c) => (c.depths || doc.depths).includes(depth)).length;
    await el.evaluate((e, d) => { e.depth = d; }, depth);
    await page.waitForFunction(([n, d]) => {
      const root = document.querySelector('attention-notebook').shadowRoot;
      return document.querySelector('attention-notebook').depth === d && root.querySelectorAll('.cells > section:not([hidden])').length === n;
    }, [count, depth]);
    // Formulas are typeset as they near the viewport: bring each one there.
    await page.evaluate(async () => {
      const root = document.querySelector('attention-notebook').shadowRoot;
      for (let round = 0; round < 50; round++) {
        const pending = [...root.querySelectorAll('.maths-pending')].filter((m) => m.checkVisibility());
        if (!pending.length) return;
        pending[0].scrollIntoView();
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('formulas still waiting to be typeset');
    });
    out[depth] = await page.evaluate((types) => [...document.querySelector('attention-notebook').shadowRoot.querySelectorAll('.cells > section:not([hidden])')]
      .filter((s) => types.some((t) => s.classList.contains(`cell-${t}`)))
      .map((s) => [s.dataset.cellId, s.innerHTML]), TEXT_CELLS);
  }
  assert.deepEqual(await opened.problems(), []);
  return { out, fetchedAtOpening };
}

for (const [id, doc] of Object.entries(notebooks()).sort()) {
  test(`${id}: the build's Markdown and formulas draw what markdown-it and KaTeX draw on the page`, async () => {
    const a = await drawn(id, doc);
    const b = await drawn(id, doc, fs.readFileSync(path.join(ROOT, 'web', 'notebooks', `${id}.json`), 'utf8'));
    assert.deepEqual(a.fetchedAtOpening, [], 'the lesson page fetched KaTeX or markdown-it');
    assert.ok(b.fetchedAtOpening.includes('parser'), 'the plain notebook was not read by markdown-it: nothing compared');
    // Typeset formulas are among what is compared (KaTeX's output, not placeholders).
    assert.ok(doc.depths.some((depth) => a.out[depth].some(([, html]) => html.includes('class="katex-html"'))), 'no typeset formula compared');
    for (const depth of doc.depths) {
      assert.ok(a.out[depth].length > 0);
      assert.deepEqual(a.out[depth].map(([cellId]) => cellId), b.out[depth].map(([cellId]) => cellId));
      for (const [i, [cellId, html]] of a.out[depth].entries()) assert.equal(html, b.out[depth][i][1], `${id} ${depth}: cell ${cellId}`);
    }
  });
}

test('a hand-edited checked form gets no further than KaTeX\'s kinds of nodes: other elements and handlers show the formula as its TeX', async () => {
  const id = 'attention-explorable';
  const form = JSON.parse(fs.readFileSync(path.join(ROOT, 'dist', 'notebooks', `${id}.checked.json`), 'utf8'));
  const hostile = [
    ['img', null, null, { src: 'x', onerror: 'window.__ran = 1' }],
    ['span', 'katex', null, { onclick: 'window.__ran = 1' }, 'x'],
    ['span', null, null, null, ['svg:a', null, null, { href: 'javascript:window.__ran=1' }, 'x']],
  ];
  form.prerendered.tex = form.prerendered.tex.map(([display, tex], i) => [display, tex, hostile[i % hostile.length]]);
  const opened = await openPage(browser, site, null);
  const { page, context } = opened;
  const live = [];
  context.on('request', (r) => { if (LIVE_CODE.test(r.url())) live.push(r.url()); });
  await context.route(`${site.url}notebooks/${id}.checked.json`, (route) =>
    route.fulfill({ status: 200, body: JSON.stringify(form), headers: { 'Content-Type': 'application/json' } }));
  try {
    await page.goto(`${site.url}${id}/`);
    await page.locator('attention-notebook').evaluate((e) => customElements.whenDefined('attention-notebook').then(() => e.ready));
    const shown = await page.evaluate(async () => {
      const root = document.querySelector('attention-notebook').shadowRoot;
      for (let round = 0; round < 50; round++) {
        const pending = [...root.querySelectorAll('.maths-pending')].filter((m) => m.checkVisibility());
        if (!pending.length) break;
        pending[0].scrollIntoView();
        await new Promise((r) => setTimeout(r, 100));
      }
      const maths = [...root.querySelectorAll('.prose .maths')].filter((m) => m.checkVisibility());
      return { count: maths.length, refused: maths.filter((m) => m.classList.contains('maths-error') && m.children.length === 0).length,
        foreign: root.querySelectorAll('img, [onclick], [onerror], a[href^="javascript"]').length, ran: window.__ran ?? null };
    });
    assert.ok(shown.count > 0, 'no formula shown');
    assert.deepEqual(shown, { count: shown.count, refused: shown.count, foreign: 0, ran: null });
    assert.deepEqual(live, [], 'KaTeX or markdown-it was fetched');
    assert.deepEqual(await opened.problems(), []);
  } finally {
    await context.close();
  }
});
