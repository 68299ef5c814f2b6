// embed.html?parent=<origin>: the frame posts its messages only to that origin. A course page on
// origin A frames embed.html from our server on origin B (another port = another origin):
//   - ?parent=A: A hears the height and the events;
//   - ?parent=<another origin>: A hears nothing, though the notebook opened in the frame;
//   - ?parent=<not an origin>: the frame says what is wrong and posts nothing;
//   - no ?parent: today's behaviour, A hears everything (docs/embedding.md says why to set it).
// Whatever the parent, the learner's typed answers are never in a message.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { startSite, test, useBrowser, browser, openPage, notebooks, answerText } from './harness.mjs';

let ours; // B
let course; // A
const withPractice = Object.values(notebooks()).find((d) => d.cells.some((c) => c.type === 'practice'));

function startCourse() {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    if (url.pathname !== '/parent.html') { res.writeHead(404); res.end(); return; }
    const src = url.searchParams.get('frame');
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><head><meta charset="utf-8"><title>course</title><link rel="icon" href="data:,">
<script>window.__messages = []; addEventListener('message', (e) => window.__messages.push({ origin: e.origin, data: e.data }));</script>
</head><body><iframe id="nb" src="${src.replace(/"/g, '&quot;')}" width="800" height="600"></iframe></body></html>`);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const origin = `http://127.0.0.1:${server.address().port}`;
    resolve({ origin, url: `${origin}/`, stop: () => new Promise((r) => server.close(() => r())) });
  }));
}

useBrowser();
before(async () => {
  ours = await startSite();
  course = await startCourse();
});
after(async () => {
  await course?.stop();
  await ours?.stop();
});

async function openCourse(query) {
  const frame = `${ours.url}embed.html?notebook=${withPractice.id}${query}`;
  const opened = await openPage(browser, course, `parent.html?frame=${encodeURIComponent(frame)}`, { origins: [ours.origin] });
  return { ...opened, frame: opened.page.frameLocator('#nb') };
}

/** Answers every practice cell: first a wrong typed/choice answer (typed: `secret`), then the right one. */
async function answerAll(frame, secret) {
  for (const cell of withPractice.cells.filter((c) => c.type === 'practice')) {
    const section = frame.locator(`attention-notebook section[data-cell-id="${cell.id}"]`);
    const check = section.locator('button', { hasText: 'Check' });
    if (cell.answer.kind === 'number') {
      await section.locator('input[type="text"]').fill(secret);
      await check.click();
      await section.locator('.feedback:not([hidden])').waitFor();
      await section.locator('input[type="text"]').fill(answerText(cell.answer));
    } else {
      await section.locator(`input[type="radio"][value="${cell.answer.correct}"]`).check();
    }
    await check.click();
    await section.locator('.feedback.correct').waitFor({ timeout: 10000 });
  }
}

const opened = (frame) => frame.locator('attention-notebook .cells > section:not([hidden])').first().waitFor({ timeout: 15000 });
const messages = (page) => page.evaluate(() => window.__messages);

test('?parent=<the parent origin>: every message arrives, none carries typed text', async () => {
  const { page, frame, context, problems } = await openCourse(`&parent=${encodeURIComponent(course.origin)}`);
  try {
    await opened(frame);
    const secret = '31337.4242';
    await answerAll(frame, secret);
    await page.waitForFunction(() => window.__messages.some((m) => m.data?.name === 'practicecomplete'), null, { timeout: 10000 });
    const got = await messages(page);
    assert.ok(got.every((m) => m.origin === ours.origin), 'all from the frame');
    const kinds = new Set(got.map((m) => m.data.type === 'attnbook:event' ? m.data.name : m.data.type));
    for (const k of ['attnbook:height', 'attnbook:xapi', 'notebookopen', 'practice', 'practicecomplete']) assert.ok(kinds.has(k), `${k} arrived`);
    assert.ok(!JSON.stringify(got).includes(secret), 'the typed answer is in no message');
    // Exactly the documented fields (docs/embedding.md) and nothing else.
    for (const { data } of got) {
      if (data.type === 'attnbook:height') assert.deepEqual(Object.keys(data).sort(), ['height', 'id', 'type']);
      else if (data.type === 'attnbook:xapi') {
        assert.deepEqual(Object.keys(data).sort(), ['id', 'statement', 'type']);
        for (const key of Object.keys(data.statement)) assert.ok(['verb', 'object', 'timestamp', 'context', 'result'].includes(key), key);
      } else {
        assert.deepEqual(Object.keys(data).sort(), ['detail', 'id', 'name', 'type']);
        const fields = { notebookopen: ['id', 'title'], practice: ['cellId', 'correct'], practicecomplete: ['id'], depthchange: ['depth', 'previous'] };
        assert.deepEqual(Object.keys(data.detail).sort(), fields[data.name].sort(), data.name);
      }
    }
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('?parent=<another origin>: the real parent hears nothing', async () => {
  const { page, frame, context, problems } = await openCourse(`&parent=${encodeURIComponent('https://course.example')}`);
  try {
    await opened(frame);
    await answerAll(frame, '1');
    await page.waitForTimeout(500);
    assert.deepEqual(await messages(page), []);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('?parent=<not an origin>: the frame says so and posts nothing', async () => {
  for (const bad of ['course.example', 'javascript:alert(1)', 'https://course.example/path', '*']) {
    const { page, frame, context, problems } = await openCourse(`&parent=${encodeURIComponent(bad)}`);
    try {
      await frame.locator('.page-error').waitFor({ timeout: 10000 });
      assert.match(await frame.locator('.page-error').textContent(), /parent=/);
      await page.waitForTimeout(300);
      assert.deepEqual(await messages(page), [], bad);
      assert.deepEqual(await problems(), []);
    } finally {
      await context.close();
    }
  }
});

test('no ?parent: messages go to whichever page frames it (documented default)', async () => {
  const { page, frame, context, problems } = await openCourse('');
  try {
    await opened(frame);
    await page.waitForFunction(() => window.__messages.some((m) => m.data?.name === 'notebookopen'), null, { timeout: 10000 });
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});
