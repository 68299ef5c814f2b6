// Hostile author text that the validator accepts must not freeze, redirect or deface the page:
// worst-case Markdown renders in time comparable to ordinary prose, no link anywhere points off
// the site except to https://, and KaTeX never paints or grows the page outside the element.
import assert from 'node:assert/strict';
import {
  test, findCell, openPage, useSiteAndBrowser, site, browser,
} from './harness.mjs';
import { hostileMarkdown, normalProse } from '../corpus/hostile-markdown.mjs';

useSiteAndBrowser();

const { doc } = findCell('prose');
const CELL_CHARS = 20000; // the validator's limit for one text

// A copy of the notebook whose cells are these prose texts.
function proseNotebook(texts) {
  const out = structuredClone(doc);
  out.cells = texts.map((text) => ({ type: 'prose', text }));
  return JSON.stringify(out);
}

// Opens the notebook's page with `text` as its document; records the page's long tasks from the start.
async function openNotebook(text) {
  const opened = await openPage(browser, site, null);
  await opened.context.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  await opened.context.route(`${site.url}notebooks/${doc.id}.checked.json`, (route) =>
    route.fulfill({ status: 200, body: text, headers: { 'Content-Type': 'application/json' } }));
  await opened.page.goto(`${site.url}${doc.id}/`);
  return opened;
}

// Opens a notebook of prose cells and waits until every cell is drawn: the longest task on the
// page, and the page's problems (console errors, CSP violations).
async function longestTask(texts) {
  const { page, context, problems } = await openNotebook(proseNotebook(texts));
  try {
    // Every cell drawn, or the validator's errors (then the test's document is wrong: say why).
    const shown = page.locator(`attention-notebook section.cell >> nth=${texts.length - 1}`)
      .or(page.locator('attention-notebook section.errors'));
    await shown.first().waitFor({ state: 'attached', timeout: 300000 });
    const errors = await page.locator('attention-notebook section.errors').allTextContents();
    assert.deepEqual(errors, [], 'the validator refused a document this test means to be valid');
    await page.waitForTimeout(300); // the observer reports a task after it ends
    return { ms: Math.max(0, ...await page.evaluate(() => window.__longTasks)), problems: await problems() };
  } finally {
    await context.close();
  }
}

test('worst-case Markdown renders in time comparable to ordinary prose of the same size', { timeout: 900000 }, async () => {
  // Every worst case the validator accepts (a line of backticks is an unclosed code fence, "<a" is
  // raw HTML, "](", "[a](" and "[a](<" repeated are link targets running on into the next "](", and
  // "$$$$", "$a$a", "[$[$" and "$$" lines are more formulas than one text may have: the
  // validator's formula limits, tests/engine/test_formula_budget.cpp), once each, and
  // twenty cells of "[": a reader that rescans to the end of the text for each "[" took over a
  // second per such cell. tests/unit/markdown.test.mjs times the parser on all of them.
  const refused = ['backticks', 'angle brackets', 'link openers', 'labels then openers', 'angle targets',
    'dollars', 'dollar-letter', 'brackets and dollars', 'display maths openers'];
  const worst = Object.entries(hostileMarkdown)
    .filter(([name]) => !refused.includes(name))
    .map(([, make]) => make(CELL_CHARS));
  for (let i = 0; i < 20; i++) worst.push(hostileMarkdown.brackets(CELL_CHARS));
  // Without its formulas: 118 per cell in 34 cells is past the notebook's formula limit.
  const normal = worst.map(() => normalProse(CELL_CHARS).replaceAll('$q$', '*q*'));
  const normalRun = await longestTask(normal);
  const worstRun = await longestTask(worst);
  const [normalMs, worstMs] = [normalRun.ms, worstRun.ms];
  console.log(`longest task: ${worst.length} worst-case cells ${worstMs.toFixed(0)} ms, ordinary prose ${normalMs.toFixed(0)} ms`);
  // Generous: the same work, in time linear in the text, is well within this; a quadratic reader is not.
  assert.ok(worstMs < 10 * normalMs + 1000, `worst case ${worstMs.toFixed(0)} ms vs ordinary ${normalMs.toFixed(0)} ms`);
  // "$$$$..." is a formula KaTeX cannot read: it shows as text, without a style attribute the CSP blocks.
  assert.deepEqual(normalRun.problems, []);
  assert.deepEqual(worstRun.problems, []);
});

// Every link in the element: its href, and where it resolves to.
async function links(page) {
  return page.locator('attention-notebook').evaluate((el) => [...el.shadowRoot.querySelectorAll('a[href]')]
    .map((a) => ({ href: a.getAttribute('href'), url: a.href, rel: a.rel })));
}
const safe = (link, origin) => link.url.startsWith('https://') || new URL(link.url).origin === origin;

test('links across lines and /\\host are refused; no link points off the site except to https://', async () => {
  const payloads = [
    'See [the page](\nhttp://evil.example/) now.',
    '[c](/\\evil.example/)',
    'A [reference]\n\n[reference]: javascript:alert(1)',
    '[e](javascript%3Aalert(1)) [f](&#106;avascript:alert(1))',
  ];
  for (const text of payloads) {
    const { page, context } = await openNotebook(proseNotebook(['Intro.', text]));
    try {
      // Drawn or refused: either way, no link may lead off the site except to https://.
      await page.locator('attention-notebook').locator('section.errors, section.cell').first().waitFor({ timeout: 20000 });
      for (const link of await links(page)) assert.ok(safe(link, site.origin), `${JSON.stringify(text)} links to ${link.url}`);
      // The validator refuses it, saying why.
      assert.equal(await page.locator('attention-notebook section.cell').count(), 0, `${JSON.stringify(text)} is drawn`);
      const messages = await page.locator('attention-notebook section.errors li').allTextContents();
      assert.ok(messages.some((m) => /link target/.test(m)), `${JSON.stringify(text)}: ${messages.join('\n')}`);
    } finally {
      await context.close();
    }
  }

  // Allowed links render, across lines too; everything the element links to is https or this site.
  const { page, context, problems } = await openNotebook(proseNotebook([
    'See [the paper](\nhttps://arxiv.org/abs/1706.03762) and [part two](other.html#part).',
    '- [top](#top)\n- [up](../)',
  ]));
  try {
    await page.locator('attention-notebook section.cell').nth(1).waitFor({ timeout: 20000 });
    const found = await links(page);
    assert.deepEqual(found.map((l) => l.href), ['https://arxiv.org/abs/1706.03762', 'other.html#part', '#top', '../']);
    for (const link of found) {
      assert.ok(safe(link, site.origin), link.url);
      assert.equal(link.rel, 'noopener noreferrer');
    }
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

// The page's scroll size, and whether the strip of the page left of the element looks the same
// with the element hidden (visibility keeps the layout): ink there would be the element's.
async function pageGeometry(page) {
  const nb = page.locator('attention-notebook');
  await nb.locator('section.cell').first().waitFor({ timeout: 20000 });
  // Formulas are typeset as they near the viewport (web/src/render/typesetter.js): these all are.
  await page.waitForFunction(() => !document.querySelector('attention-notebook').shadowRoot.querySelector('.maths-pending'), null, { timeout: 60000 });
  await page.waitForTimeout(500); // fonts
  const box = await nb.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const maths = [...el.shadowRoot.querySelectorAll('.maths')].map((m) => m.getBoundingClientRect());
    return {
      left: r.left + scrollX, top: Math.min(...maths.map((m) => m.top)) + scrollY,
      bottom: Math.max(...maths.map((m) => m.bottom)) + scrollY,
      scrollWidth: document.documentElement.scrollWidth, scrollHeight: document.documentElement.scrollHeight,
      viewportWidth: innerWidth,
    };
  });
  const clip = { x: 0, y: Math.max(0, box.top - 50), width: Math.floor(box.left), height: Math.ceil(box.bottom - box.top) + 100 };
  const shown = await page.screenshot({ clip, fullPage: true });
  await nb.evaluate((el) => { el.style.visibility = 'hidden'; });
  const hidden = await page.screenshot({ clip, fullPage: true });
  return { ...box, marginUnchanged: shown.equals(hidden) };
}

test('KaTeX sizes are capped and its ink stays inside the element', async () => {
  const formulas = [
    'Inline $\\rlap{\\kern{-15em}\\rule{14em}{3em}}x$ then text.',
    'Huge $\\rule{300em}{300em}$ inline.',
    '$$\\rule{300em}{300em}\\hspace{500em}$$',
  ];
  const open = async (texts) => {
    const { page, context, problems } = await openNotebook(proseNotebook(texts));
    try {
      const geometry = await pageGeometry(page);
      assert.deepEqual(await problems(), []);
      return geometry;
    } finally {
      await context.close();
    }
  };
  const plain = await open(['Inline $x$ then text.', 'Huge $x$ inline.', '$$x$$']);
  const hostile = await open(formulas);
  assert.ok(hostile.left > 20, `the element has a margin to its left on this page (${hostile.left} px)`);
  assert.ok(plain.marginUnchanged);
  assert.ok(hostile.marginUnchanged, 'nothing is drawn left of the element');
  assert.ok(hostile.scrollWidth <= hostile.viewportWidth, `no sideways scrolling: ${hostile.scrollWidth} px`);
  // 10em (KaTeX's maxSize) twice is about 320 px; 300em would be 4800 px.
  assert.ok(hostile.scrollHeight - plain.scrollHeight < 800,
    `the page grows ${hostile.scrollHeight - plain.scrollHeight} px for two capped rules`);
});

test('formulas taller than 20em show as their TeX: lowered boxes do not grow the host page', async () => {
  // Negative sizes are not capped by KaTeX, and capped ones add up (issue 20: 1,000 lowered boxes
  // made the host page 1,967,057 px tall). Each text here is valid: 100 formulas, the most one text may have.
  const lowered = (tex) => Array(100).fill(`$${tex}$`).join(' ');
  const texts = [
    lowered('\\raisebox{-100em}{Y}'),
    lowered('\\raisebox{-9em}{\\raisebox{-9em}{\\raisebox{-9em}{Y}}}'),
    '$\\rule[-100em]{1em}{1em}$ and $\\begin{array}{c}a\\\\[-100em]b\\end{array}$ and $\\raisebox{-5em}{Y}$',
  ];
  const { page, context, problems } = await openNotebook(proseNotebook(texts));
  try {
    const nb = page.locator('attention-notebook');
    await nb.locator('section.cell').nth(2).waitFor({ timeout: 60000 });
    // Scroll through, letting every formula be typeset.
    for (let i = 0; i < 40; i++) {
      const done = await page.evaluate(() => {
        scrollBy(0, innerHeight);
        return !document.querySelector('attention-notebook').shadowRoot.querySelector('.maths-pending');
      });
      if (done) break;
      await page.waitForTimeout(250);
    }
    const maths = await nb.evaluate((el) => [...el.shadowRoot.querySelectorAll('.maths')].map((m) => m.title));
    assert.equal(maths.length, 203);
    const tall = maths.filter((t) => /em tall; formulas may be at most 20em tall/.test(t)).length;
    assert.equal(tall, 202, 'every formula but the last (5em) is refused as too tall');
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    // Before: 200 lowered boxes alone made the page about 390,000 px tall; as text, a few thousand.
    assert.ok(height < 10000, `the host page is ${height} px tall`);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});
