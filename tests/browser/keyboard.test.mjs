// Keyboard completeness: on each notebook page, at each depth, Tab alone reaches every control the
// reader can use (depth switch, query fields, key plane, mask boxes, Reset, disclosures, practice
// options, Check, the divisor select), each shows a visible focus indicator when reached from the
// keyboard, and the key plane moves q with the arrow keys. A box that scrolls (code, a wide table or
// formula on a narrow screen) is a tab stop too, so its hidden part can be scrolled into view.
import assert from 'node:assert/strict';
import {
  test, openPage, notebooks, useSiteAndBrowser, site, browser, waitForDepth,
} from './harness.mjs';

useSiteAndBrowser();

const docs = Object.values(notebooks());

/**
 * Numbers every visible control in the page and the element's shadow root (data-kb), one per
 * radio group (Tab stops once in a group), and returns their descriptions by number.
 */
async function markControls(page) {
  return page.evaluate(() => {
    const SELECTOR = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';
    const roots = [document, ...[...document.querySelectorAll('attention-notebook')].map((el) => el.shadowRoot)];
    const out = [];
    const groups = new Map();
    for (const root of roots) {
      for (const el of root.querySelectorAll(SELECTOR)) {
        if (el.disabled || el.closest('[hidden]') || el.getClientRects().length === 0) continue;
        // The content of a closed disclosure is not reachable until it is opened (the pass with
        // every disclosure open covers it); its summary is.
        const closed = el.parentElement?.closest('details:not([open])');
        if (closed && !(el.localName === 'summary' && el.parentElement === closed)) continue;
        if (el.localName === 'summary' && el.parentElement.localName !== 'details') continue;
        let n = out.length;
        if (el.type === 'radio') {
          const key = `${root === document ? 'doc' : 'shadow'}:${el.name}`;
          if (groups.has(key)) n = groups.get(key);
          else groups.set(key, n);
        }
        if (n === out.length) {
          const cls = el.closest('fieldset.depth') ? 'depth' : el.closest('.practice') ? 'practice' : el.closest('.explorable') ? 'explorable' : el.closest('.scaling-study') ? 'scaling' : '';
          out.push({
            kind: el.localName === 'input' ? `input[type=${el.type}]` : el.localName,
            cell: cls,
            name: (el.getAttribute('aria-label') || el.textContent || el.value || el.id || '').trim().slice(0, 50),
          });
        }
        el.dataset.kb = String(n);
      }
    }
    return out;
  });
}

/** The focused element (through shadow roots): its data-kb number and how its focus shows. */
function focused(page) {
  return page.evaluate(() => {
    let el = document.activeElement;
    while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
    if (!el || el === document.body) return null;
    // A control drawn by a sibling (the depth switch's hidden radios) shows focus on that sibling.
    const shown = el.matches('.segments input') ? el.nextElementSibling : el;
    const cs = getComputedStyle(shown);
    const outline = cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0;
    const shadow = cs.boxShadow && cs.boxShadow !== 'none';
    return {
      kb: el.dataset.kb ?? null,
      tag: el.localName,
      focusVisible: el.matches(':focus-visible'),
      indicator: outline ? `outline ${cs.outlineStyle} ${cs.outlineWidth} ${cs.outlineColor}` : shadow ? `box-shadow ${cs.boxShadow}` : null,
    };
  });
}

async function waitForDrawn(page) {
  await page.locator('attention-notebook fieldset.depth').waitFor({ timeout: 15000 });
  await page.waitForFunction(() => {
    const root = document.querySelector('attention-notebook').shadowRoot;
    // Engine work shows a progress bar (after a delay) and disables its control until it ends. A
    // training lab loads its own code once shown (render/training-lab.js): its controls come then.
    return [...root.querySelectorAll('.progress')].every((p) => p.hidden || p.offsetParent === null) &&
      ![...root.querySelectorAll('.training-lab-slot > .note')].some((n) => n.offsetParent !== null) &&
      ![...root.querySelectorAll('select:disabled, button:disabled')].some((c) => c.offsetParent !== null) &&
      ![...root.querySelectorAll('.summary')].some((s) => s.offsetParent !== null && /Computing/.test(s.textContent));
  }, null, { timeout: 20000 });
}

/** Tabs from the top of the page until focus leaves it; returns each stop. */
async function tabThrough(page, limit) {
  // A click on the page's top corner (no control there) moves the focus navigation start to the top.
  await page.evaluate(() => { document.activeElement?.blur(); window.scrollTo(0, 0); });
  await page.mouse.click(2, 2);
  const stops = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    if (!f) break;
    if (stops.length && f.kb !== null && f.kb === stops[0].kb) break; // wrapped round
    stops.push(f);
  }
  return stops;
}

const seenKinds = new Set();

// Wide, and phone-narrow (where code blocks, tables and formulas scroll sideways and become tab stops).
for (const doc of docs) for (const width of [1100, 360]) {
  test(`${doc.id} (${width}px): Tab reaches every control at every depth, each with a visible focus`, async () => {
    const { page, problems, context } = await openPage(browser, site, `${doc.id}/`, { viewport: { width, height: 800 } });
    try {
      await waitForDrawn(page);
      for (const [i, depth] of doc.depths.entries()) {
        // Switch depth from the keyboard: the next depth is the next radio (ArrowRight).
        if (i > 0) {
          await page.locator('attention-notebook fieldset.depth input:checked').focus();
          await page.keyboard.press('ArrowRight');
        }
        await waitForDepth(page, depth);
        await waitForDrawn(page);
        const controls = await markControls(page);
        const stops = await tabThrough(page, controls.length + 10);
        const reached = new Set(stops.map((s) => s.kb));
        const missed = controls.map((c, i) => ({ ...c, i })).filter((c) => !reached.has(String(c.i)));
        assert.deepEqual(missed, [], `${depth}: controls Tab does not reach`);
        for (const s of stops) {
          const c = controls[Number(s.kb)];
          assert.ok(s.focusVisible, `${depth}: ${JSON.stringify(c)} is focused without :focus-visible`);
          assert.ok(s.indicator, `${depth}: ${JSON.stringify(c)} shows no outline or box-shadow when focused`);
        }
        for (const c of controls) if (['pre', 'div'].includes(c.kind)) seenKinds.add('scroll container');
        for (const c of controls) seenKinds.add(`${c.cell}:${c.kind}${c.cell === 'explorable' && c.kind === 'button' ? `:${c.name}` : ''}`);
      }
      assert.deepEqual(await problems(), []);
    } finally {
      await context.close();
    }
  });
}

test('the notebooks have every kind of control the keyboard test is meant to cover', () => {
  const wanted = [
    'depth:input[type=radio]', // depth switch
    'explorable:input[type=number]', // query fields
    'explorable:svg', // key plane
    'explorable:input[type=checkbox]', // mask boxes
    'explorable:button:Reset',
    'explorable:summary', // disclosures
    'practice:input[type=radio]', // practice options
    'practice:input[type=text]',
    'practice:button', // Check
    'practice:summary', // hint
    'scaling:select', // divisor
    'scroll container', // a code block, table or formula wider than a narrow column
  ];
  const missing = wanted.filter((k) => !seenKinds.has(k));
  assert.deepEqual(missing, [], `seen: ${[...seenKinds].join(', ')}`);
});

test('the key plane moves q with the arrow keys (0.1 a press, 1 with Shift)', async () => {
  const doc = docs.find((d) => d.cells.some((c) => c.type === 'explorable' && c.query.length === 2));
  const { page, problems, context } = await openPage(browser, site, `${doc.id}/`);
  try {
    await waitForDrawn(page);
    const explorable = page.locator('attention-notebook .explorable').first();
    const fields = explorable.locator('input[type=number]');
    const q = async () => [Number(await fields.nth(0).inputValue()), Number(await fields.nth(1).inputValue())];
    // Reach the plane with Tab from the last query field's neighbourhood: focus the Reset button,
    // then Tab on until the plane has focus.
    await explorable.locator('button', { hasText: 'Reset' }).focus();
    let onPlane = false;
    for (let i = 0; i < 20 && !onPlane; i++) {
      await page.keyboard.press('Tab');
      onPlane = await page.evaluate(() => document.querySelector('attention-notebook').shadowRoot.activeElement?.localName === 'svg');
    }
    assert.ok(onPlane, 'Tab reaches the key plane');
    const start = await q();
    const near = (a, b) => a.every((x, i) => Math.abs(x - b[i]) < 1e-9);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    assert.ok(near(await q(), [start[0] + 0.2, start[1]]), `two ArrowRight: ${await q()} from ${start}`);
    await page.keyboard.press('ArrowDown');
    assert.ok(near(await q(), [start[0] + 0.2, start[1] - 0.1]), `ArrowDown: ${await q()}`);
    await page.keyboard.press('Shift+ArrowUp');
    assert.ok(near(await q(), [start[0] + 0.2, start[1] + 0.9]), `Shift+ArrowUp: ${await q()}`);
    await page.keyboard.press('ArrowLeft');
    assert.ok(near(await q(), [start[0] + 0.1, start[1] + 0.9]), `ArrowLeft: ${await q()}`);
    // The plane tells assistive technology where q is now.
    const label = await explorable.locator('svg[tabindex="0"]').getAttribute('aria-label');
    const now = await q();
    assert.ok(label.includes(`q at [${now[0]}, ${now[1]}]`), label);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});
