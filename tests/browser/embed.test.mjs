// embed.html in an iframe tells its parent page how tall it is and forwards the element's events;
// the course-page example sizes its iframe from those messages.
import assert from 'node:assert/strict';
import {
  test, openPage, screenshot, routeTestFiles, notebooks, useSiteAndBrowser, site, browser, answerText } from './harness.mjs';

useSiteAndBrowser();
const ids = Object.keys(notebooks()).sort();

test('embed.html posts its height and forwards notebookopen, practice and practicecomplete to the parent', async () => {
  // The notebook with practice cells, so that every forwarded event can be seen.
  const id = ids.find((i) => notebooks()[i].cells.some((c) => c.type === 'practice')) || ids[0];
  const { page, problems, context } = await openPage(browser, site, null);
  try {
    // The parent page runs under the site's CSP (no inline style attributes): the frame's size is
    // given by its width/height attributes, and changed below through the CSSOM.
    const base = await routeTestFiles(context, site, {
      'parent.html': `<!doctype html><html><head><meta charset="utf-8"><title>parent</title>
<script src="recorder.js"></script></head><body>
<iframe id="nb" src="../embed.html?notebook=${id}" width="700" height="300" frameborder="0"></iframe>
</body></html>`,
      'recorder.js': `window.__messages = [];
addEventListener('message', (e) => {
  if (e.source === document.getElementById('nb')?.contentWindow) window.__messages.push(e.data);
});`,
    });
    await page.goto(`${base}parent.html`);
    await page.waitForFunction(() => window.__messages.some((m) => m.type === 'attnbook:event' && m.name === 'notebookopen'),
      null, { timeout: 15000 });
    const frame = page.frameLocator('#nb');
    await frame.locator('attention-notebook .cells > section:not([hidden])').first().waitFor();
    // Let layout settle (fonts, tables), then the last height message must be the frame's content height.
    await page.waitForTimeout(500);
    const contentHeight = await frame.locator('html').evaluate((html) => Math.ceil(html.getBoundingClientRect().height));
    const messages = await page.evaluate(() => window.__messages);
    const heights = messages.filter((m) => m.type === 'attnbook:height');
    assert.ok(heights.length >= 1, 'at least one height message');
    assert.ok(heights.every((m) => m.id === id && Number.isInteger(m.height)));
    assert.equal(heights.at(-1).height, contentHeight);
    assert.ok(contentHeight > 300, `the notebook is taller than the 300 px frame (${contentHeight})`);
    const open = messages.find((m) => m.name === 'notebookopen');
    assert.equal(open.id, id);
    assert.equal(open.detail.id, id);
    assert.equal(open.detail.title, notebooks()[id].title);

    // A narrower frame wraps text: the height changes and a new message says so.
    const count = heights.length;
    await page.locator('#nb').evaluate((f) => { f.style.width = '380px'; });
    await page.waitForFunction((c) => window.__messages.filter((m) => m.type === 'attnbook:height').length > c, count, { timeout: 5000 });
    await page.waitForTimeout(300);
    const narrowHeight = await frame.locator('html').evaluate((html) => Math.ceil(html.getBoundingClientRect().height));
    const last = (await page.evaluate(() => window.__messages)).filter((m) => m.type === 'attnbook:height').at(-1);
    assert.equal(last.height, narrowHeight);
    assert.ok(narrowHeight > contentHeight, `narrower is taller: ${narrowHeight} vs ${contentHeight}`);

    // Answering every practice cell is forwarded as practice events, then practicecomplete.
    const practice = notebooks()[id].cells.filter((c) => c.type === 'practice');
    for (const cell of practice) {
      const section = frame.locator(`attention-notebook section[data-cell-id="${cell.id}"]`);
      await section.scrollIntoViewIfNeeded();
      if (cell.answer.kind === 'number') await section.locator('input[type="text"]').fill(answerText(cell.answer));
      else await section.locator(`input[type="radio"][value="${cell.answer.correct}"]`).check();
      await section.locator('button', { hasText: 'Check' }).click();
      await page.waitForFunction((cellId) => window.__messages.some((m) => m.name === 'practice' && m.detail?.cellId === cellId),
        cell.id, { timeout: 10000 });
    }
    const events = (await page.evaluate(() => window.__messages)).filter((m) => m.type === 'attnbook:event');
    for (const cell of practice) {
      assert.deepEqual(events.find((m) => m.name === 'practice' && m.detail.cellId === cell.id).detail, { cellId: cell.id, correct: true });
    }
    if (practice.length) {
      await page.waitForFunction(() => window.__messages.some((m) => m.name === 'practicecomplete'), null, { timeout: 5000 });
      const done = (await page.evaluate(() => window.__messages)).find((m) => m.name === 'practicecomplete');
      assert.deepEqual(done.detail, { id });
    }
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('embed.html without a valid ?notebook= says what it needs', async () => {
  const { page, problems, context } = await openPage(browser, site, 'embed.html?notebook=../../etc/passwd');
  try {
    await page.locator('.page-error').waitFor();
    assert.match(await page.locator('.page-error').textContent(), /notebook=/);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('the course-page example embeds both ways and sizes its iframe from the messages', async () => {
  const { page, problems, context } = await openPage(browser, site, 'examples/course-page.html');
  try {
    await page.locator('attention-notebook .cells > section:not([hidden])').first().waitFor({ timeout: 15000 });
    const iframe = page.locator('iframe.attnbook');
    await iframe.scrollIntoViewIfNeeded();
    const frame = page.frameLocator('iframe.attnbook');
    await frame.locator('attention-notebook .cells > section:not([hidden])').first().waitFor({ timeout: 15000 });
    await page.waitForTimeout(800);
    const inner = await frame.locator('html').evaluate((html) => Math.ceil(html.getBoundingClientRect().height));
    await page.waitForFunction((h) => document.querySelector('iframe.attnbook').style.height === `${h}px`, inner, { timeout: 5000 });
    await screenshot(page, 'course-page');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});
