// Issue 19, what the source documents still ask for: an "On this page" contents for each depth,
// generated from the headings shown (a `contents` cell), with links that jump to them; a "Read these
// first" and a "What to learn next" at every depth of the three-depth lesson, whose links to
// another depth switch to it. The expected headings are worked out here from the notebook's JSON
// (cell titles, and the top headings of prose cells as web/src/markdown/dom.js levels them), not
// read back from the page's own heading search.
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test, openPage, notebooks, useSiteAndBrowser, site, browser, DIST, waitForDepth } from './harness.mjs';

useSiteAndBrowser();
const withContents = Object.values(notebooks()).filter((doc) => doc.cells.some((c) => c.type === 'contents'));
const SDPA = notebooks()['scaled-dot-product-attention'];

/** The shown cells' headings after the contents cell at `depth`: [{text, sub}]. */
export function expectedHeadings(doc, depth) {
  const shown = doc.cells.filter((c) => (c.depths || doc.depths).includes(depth));
  const out = [];
  let top = false;
  for (const cell of shown.slice(shown.findIndex((c) => c.type === 'contents') + 1)) {
    if (cell.title) {
      out.push({ text: cell.title, sub: false });
      top = true;
    }
    if (cell.type !== 'prose') continue;
    let fenced = false;
    let last = 0;
    for (const line of cell.text.split('\n')) {
      if (/^ {0,3}(```|~~~)/.test(line)) fenced = !fenced;
      const m = fenced ? null : /^ {0,3}(#{1,6}) +(.*?)[ #]*$/.exec(line);
      if (!m) continue;
      last = Math.min(m[1].length, last + 1);
      if (last === 1) out.push({ text: m[2].replace(/[*`]/g, ''), sub: top });
    }
  }
  return out;
}

/** The contents as the page lists it: [{text, sub, target}] (target: the heading's id). */
async function listed(page) {
  return page.locator('attention-notebook').evaluate((host) => {
    const nav = [...host.shadowRoot.querySelectorAll('nav.contents')].find((n) => !n.closest('section').hidden);
    const entries = [];
    for (const li of nav.querySelectorAll(':scope > ol > li')) {
      const a = li.querySelector(':scope > a');
      entries.push({ text: a.textContent, sub: false, target: a.getAttribute('href').slice(1) });
      for (const sub of li.querySelectorAll(':scope > ol > li > a')) entries.push({ text: sub.textContent, sub: true, target: sub.getAttribute('href').slice(1) });
    }
    return entries;
  });
}

async function openAt(doc, depth, options) {
  const opened = await openPage(browser, site, `${doc.id}/#${doc.id}.depth=${depth}`, options);
  await opened.page.locator('attention-notebook').evaluate((el) => el.ready);
  return opened;
}

for (const doc of withContents) {
  // Every depth at 1280 px, the last also at 390 px (where the depth switch takes two lines).
  for (const [depth, width] of [...doc.depths.map((d) => [d, 1280]), [doc.depths.at(-1), 390]]) {
    test(`${doc.id}, ${depth}, ${width} px: the contents lists exactly the headings shown, and each link lands on its heading`, async () => {
      const { page, problems, context } = await openAt(doc, depth, { viewport: { width, height: 800 } });
      try {
        const entries = await listed(page);
        assert.deepEqual(entries.map(({ text, sub }) => ({ text, sub })), expectedHeadings(doc, depth));
        // What the page shows agrees: each target is a shown heading with the entry's words, and
        // every cell title shown after the contents is listed (none missing, none from elsewhere).
        const seen = await page.locator('attention-notebook').evaluate((host, ids) => {
          const root = host.shadowRoot;
          const nav = [...root.querySelectorAll('nav.contents')].find((n) => !n.closest('section').hidden);
          const after = [...root.querySelectorAll('.cells > section:not([hidden])')]
            .filter((s) => nav.closest('section').compareDocumentPosition(s) & Node.DOCUMENT_POSITION_FOLLOWING);
          return {
            targets: ids.map((id) => {
              const el = root.getElementById(id);
              return el && { text: el.textContent.trim(), shown: el.checkVisibility(), tag: el.localName };
            }),
            titles: after.map((s) => s.querySelector(':scope > .cell-title')?.textContent).filter(Boolean),
          };
        }, entries.map((e) => e.target));
        entries.forEach((e, i) => {
          assert.ok(seen.targets[i], `${e.text}: its heading exists`);
          assert.equal(seen.targets[i].text, e.text);
          assert.ok(seen.targets[i].shown, `${e.text}: its heading is shown`);
          assert.match(seen.targets[i].tag, /^h[23]$/);
        });
        assert.deepEqual(seen.titles, entries.filter((e) => !e.sub).map((e) => e.text));

        // The first, a nested one and the last: the heading lands below the sticky depth switch,
        // takes the focus, and the address (the permalink) is left as it was.
        const hash = await page.evaluate(() => location.hash);
        const picks = [0, entries.findIndex((e) => e.sub), entries.length - 1].filter((i) => i >= 0);
        for (const i of picks) {
          await page.evaluate(() => window.scrollTo(0, 0));
          await page.locator('attention-notebook nav.contents a').filter({ hasText: entries[i].text }).first().click();
          await page.waitForTimeout(1200); // where it stays, once formulas near it are typeset
          const where = await page.locator('attention-notebook').evaluate((host, id) => {
            const root = host.shadowRoot;
            const box = root.getElementById(id).getBoundingClientRect();
            return { top: box.top, bottom: box.bottom, bar: root.querySelector('.depth-bar').getBoundingClientRect().bottom, focused: root.activeElement?.id };
          }, entries[i].target);
          assert.ok(where.top >= where.bar - 1, `${entries[i].text}: below the depth switch (top ${where.top}, switch ends at ${where.bar})`);
          assert.ok(where.bottom <= 800, `${entries[i].text}: on screen (bottom ${where.bottom})`);
          assert.equal(where.focused, entries[i].target, `${entries[i].text}: focused`);
          assert.equal(await page.evaluate(() => location.hash), hash, 'the permalink is untouched');
        }
        assert.deepEqual(await problems(), []);
      } finally {
        await context.close();
      }
    });
  }
}

test('the contents follows a depth switch', async () => {
  const { page, problems, context } = await openAt(SDPA, 'beginner');
  try {
    await page.locator('attention-notebook fieldset.depth label', { hasText: 'Researcher' }).click();
    await waitForDepth(page, 'researcher');
    const texts = (await listed(page)).map((e) => e.text);
    assert.deepEqual(texts, expectedHeadings(SDPA, 'researcher').map((e) => e.text));
    for (const beginnerOnly of ['The idea', 'Three steps']) assert.ok(!texts.includes(beginnerOnly), `${beginnerOnly} is not listed`);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

for (const depth of SDPA.depths) {
  test(`scaled-dot-product-attention, ${depth}: "Read these first" before the contents, "What to learn next" last, their links work`, async () => {
    const { page, problems, context } = await openAt(SDPA, depth, { viewport: { width: 390, height: 800 } });
    try {
      const order = await page.locator('attention-notebook').evaluate((host) =>
        [...host.shadowRoot.querySelectorAll('.cells > section:not([hidden])')].map((s) => s.querySelector(':scope > .cell-title')?.textContent || `(${s.dataset.cellId})`));
      assert.equal(order.indexOf('Read these first'), 0, `read-first opens the depth: ${order.join(' | ')}`);
      assert.equal(order.indexOf('On this page'), 1);
      assert.equal(order.at(-1), 'What to learn next', `learn-next closes the depth: ${order.join(' | ')}`);
      assert.equal(order.filter((t) => t === 'Read these first' || t === 'What to learn next').length, 2, 'one of each');

      const links = await page.locator('attention-notebook').evaluate((host) =>
        [...host.shadowRoot.querySelectorAll('.cells > section:not([hidden])')]
          .filter((s) => /^(Read these first|What to learn next)$/.test(s.querySelector(':scope > .cell-title')?.textContent))
          .flatMap((s) => [...s.querySelectorAll('a')].map((a) => ({ href: a.getAttribute('href'), url: a.href, target: a.target, rel: a.rel }))));
      assert.ok(links.length >= 2, 'each points somewhere');
      for (const link of links) {
        if (link.href.startsWith('https://')) {
          assert.doesNotThrow(() => new URL(link.href));
          assert.equal(link.target, '_blank');
          assert.match(link.rel, /noopener/);
        } else if (!link.href.startsWith('#')) {
          const res = await fetch(link.url); // a page of this site
          assert.equal(res.status, 200, `${link.href} exists`);
        }
      }
      // A link to another depth switches to it and shows it from its start.
      const other = links.find((l) => /^#scaled-dot-product-attention\.depth=/.test(l.href));
      assert.ok(other, 'a link to another depth');
      const to = other.href.split('=')[1];
      assert.notEqual(to, depth);
      await page.locator(`attention-notebook section:not([hidden]) a[href="${other.href}"]`).first().click();
      await waitForDepth(page, to);
      const top = await page.locator('attention-notebook').evaluate((el) => el.getBoundingClientRect().top);
      assert.ok(Math.abs(top) < 2, `the notebook is shown from its start (its top at ${top})`);
      const first = await page.locator('attention-notebook').evaluate((host) =>
        host.shadowRoot.querySelector('.cells > section:not([hidden]) > .cell-title').textContent);
      assert.equal(first, 'Read these first');
      assert.deepEqual(await problems(), []);
    } finally {
      await context.close();
    }
  });
}

test('a depth link works without the permalink (a standalone file, an embed)', async () => {
  const { page, problems, context } = await openPage(browser, null, pathToFileURL(path.join(DIST, SDPA.id, 'standalone.html')).href);
  try {
    await page.waitForFunction(() => customElements.get('attention-notebook'));
    await page.locator('attention-notebook').evaluate((el) => el.ready);
    const hash = await page.evaluate(() => location.hash);
    await page.locator('attention-notebook section:not([hidden]) a[href="#scaled-dot-product-attention.depth=developer"]').first().click();
    await waitForDepth(page, 'developer');
    assert.equal(await page.evaluate(() => location.hash), hash, 'the host page\'s address is not changed');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});
