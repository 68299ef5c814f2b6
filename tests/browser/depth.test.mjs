// The depth switch shows exactly the cells written for the chosen depth, and says so in an event.
// A depth shown for the first time waits for its cells' code (render/index.js): the page goes
// from one depth's cells to the other's at once, never through an empty or mixed page, and says
// when it is done (the `drawn` promise, then depthchange).
import assert from 'node:assert/strict';
import {
  test, openPage, screenshot, notebooks, useSiteAndBrowser, site, browser,
} from './harness.mjs';

useSiteAndBrowser();

// A notebook where the depths differ in what they show.
const doc = Object.values(notebooks()).find((d) => d.depths.length > 1 && d.cells.some((c) => c.depths && c.depths.length < d.depths.length));
const expected = (depth) => doc.cells.map((c) => (c.depths || doc.depths).includes(depth));

/**
 * Opens the notebook and records, in the page, every state its cells pass through (each batch of
 * changes to their `hidden`, as a list of booleans, before the page paints it), the depthchange
 * events with the cells shown when each fired, and how many views each cell has.
 */
async function openRecorded() {
  const opened = await openPage(browser, site, `${doc.id}/`);
  const { page } = opened;
  await page.evaluate(() => customElements.whenDefined('attention-notebook'));
  await page.evaluate(() => document.querySelector('attention-notebook').ready);
  await page.evaluate(() => {
    const el = document.querySelector('attention-notebook');
    const cells = () => [...el.shadowRoot.querySelectorAll('.cells > section')];
    const visible = () => cells().map((s) => !s.hidden);
    window.__states = [];
    window.__events = [];
    new MutationObserver(() => window.__states.push(visible()))
      .observe(el.shadowRoot.querySelector('.cells'), { subtree: true, attributes: true, attributeFilter: ['hidden'] });
    el.addEventListener('depthchange', (e) => window.__events.push({ ...e.detail, visible: visible() }));
    // A section holds its title (if any) and one view: two would be a cell drawn twice.
    window.__views = () => cells().map((s) => [...s.children].filter((c) => !c.matches('.cell-title')).length);
  });
  return opened;
}

const settled = (page) => page.evaluate(() => document.querySelector('attention-notebook').drawn);
const visibleCells = (page) => page.locator('attention-notebook .cells > section').evaluateAll((ss) => ss.map((s) => !s.hidden && s.offsetParent !== null));

test('the depth switch shows and hides cells by their depths', async () => {
  // A shipped notebook must have depth-specific cells, or this test would check nothing.
  assert.ok(doc, 'no shipped notebook has cells shown at only some of its depths');
  const { page, problems, context } = await openRecorded();
  try {
    // Initially the first depth (no depth attribute on the notebook pages).
    assert.deepEqual(await visibleCells(page), expected(doc.depths[0]));
    let previous = doc.depths[0];
    for (const depth of [...doc.depths.slice(1), doc.depths[0]]) {
      await page.evaluate(() => { window.__states = []; window.__events = []; });
      await page.locator(`attention-notebook fieldset.depth input[value="${depth}"]`).check();
      await settled(page);
      assert.equal(await page.locator('attention-notebook').getAttribute('depth'), depth);
      assert.deepEqual(await visibleCells(page), expected(depth), `cells shown at ${depth}`);
      // One event, fired with the new depth's cells already on the page.
      assert.deepEqual(await page.evaluate(() => window.__events), [{ depth, previous, visible: expected(depth) }]);
      // Every state the page went through is one depth's or the other's, never a mix or nothing.
      for (const state of await page.evaluate(() => window.__states)) {
        const ok = [expected(previous), expected(depth)].some((e) => e.every((show, i) => show === state[i] || (!show && !state[i])));
        assert.ok(ok && state.some(Boolean), `${previous} -> ${depth}: a state between them shows ${state.map(Number).join('')}`);
      }
      await screenshot(page, `depth-${depth}`);
      previous = depth;
    }
    assert.ok((await page.evaluate(() => window.__views())).every((n) => n === 1), 'every cell is drawn once');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('a switch overtaken by the next one: the last depth asked for is shown, each cell drawn once', async () => {
  const [first, second, third] = doc.depths;
  let opened = await openRecorded();
  try {
    const { page } = opened;
    // There and back before the second depth's cells could be drawn: nothing changes on the page.
    await page.evaluate(([a, b]) => {
      const el = document.querySelector('attention-notebook');
      el.depth = b;
      el.depth = a;
    }, [first, second]);
    await settled(page);
    assert.equal(await page.locator('attention-notebook').getAttribute('depth'), first);
    assert.deepEqual(await visibleCells(page), expected(first));
    // The overtaken switch's code goes on loading (the reader may come back to it): once it has,
    // it still draws and shows nothing.
    await page.waitForTimeout(500);
    assert.deepEqual(await visibleCells(page), expected(first));
    assert.deepEqual(await page.evaluate(() => window.__events), []);
    // Then there for good: shown, announced once.
    await page.evaluate((b) => { document.querySelector('attention-notebook').depth = b; }, second);
    await settled(page);
    assert.deepEqual(await visibleCells(page), expected(second));
    assert.deepEqual(await page.evaluate(() => window.__events), [{ depth: second, previous: first, visible: expected(second) }]);
    assert.ok((await page.evaluate(() => window.__views())).every((n) => n <= 1), 'no cell drawn twice');
    assert.deepEqual(await opened.problems(), []);
    await opened.context.close();

    // Through two new depths at once, by the attribute: the last is shown, announced once.
    opened = await openRecorded();
    await opened.page.evaluate((depths) => {
      const el = document.querySelector('attention-notebook');
      for (const d of depths) el.setAttribute('depth', d);
    }, [second, third]);
    await settled(opened.page);
    assert.deepEqual(await visibleCells(opened.page), expected(third));
    assert.deepEqual(await opened.page.evaluate(() => window.__events), [{ depth: third, previous: first, visible: expected(third) }]);
    assert.ok((await opened.page.evaluate(() => window.__views())).every((n) => n <= 1), 'no cell drawn twice');
    assert.deepEqual(await opened.problems(), []);
  } finally {
    await opened.context.close();
  }
});

test('a cell keeps what the reader changed across depth switches', async () => {
  // A cell shown at every depth, with a control the reader sets: the explorable's query fields.
  const { page, problems, context } = await openRecorded();
  try {
    const explorable = page.locator('attention-notebook .explorable').first();
    const field = explorable.locator('input[type=number]').first();
    await field.fill('1.5');
    await field.press('Enter');
    for (const depth of [...doc.depths.slice(1), doc.depths[0]]) {
      await page.evaluate((d) => { document.querySelector('attention-notebook').depth = d; }, depth);
      await settled(page);
      if (expected(depth)[doc.cells.findIndex((c) => c.type === 'explorable')]) assert.equal(await field.inputValue(), '1.5', `at ${depth}`);
    }
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});
