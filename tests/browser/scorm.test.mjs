// The SCORM 1.2 package (dist/<id>/<id>-scorm12.zip) against a real SCORM run-time: the npm
// `scorm-again` library's Scorm12API (what LMSs use on their side) as window.API of a test "LMS"
// page that hosts the package's launch file in an iframe. A learner works through the notebook in
// Chromium: the calls, the suspend data (resumed after a reload), the final status, and that
// nothing the learner typed reaches the LMS. The manifest is checked for SCORM 1.2's required
// elements with the browser's XML parser.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { scormPackage } from '../../scripts/scorm.mjs';
import { test, openPage, notebooks, useSiteAndBrowser, site, browser, screenshot, DIST, ROOT, answerText } from './harness.mjs';

useSiteAndBrowser();

const SCORM_AGAIN = fs.readFileSync(path.join(ROOT, 'node_modules', 'scorm-again', 'dist', 'scorm12.min.js'), 'utf8');
const ID = 'attention-explorable';
const doc = notebooks()[ID];
const zipFiles = () => unzipSync(fs.readFileSync(path.join(DIST, ID, `${ID}-scorm12.zip`)));

// The LMS side. Every API call the SCO makes is logged, and the values it sets are kept in
// localStorage, which stands for the LMS's database: a reload starts a new attempt session with
// the stored values loaded (cmi.core.entry "resume"), as an LMS does after cmi.core.exit "suspend".
const LMS_JS = `
const stored = JSON.parse(localStorage.getItem('lms-store') || '{}');
const calls = JSON.parse(localStorage.getItem('lms-calls') || '[]');
const session = (Number(localStorage.getItem('lms-session') || 0)) + 1;
localStorage.setItem('lms-session', String(session));
const API = new Scorm12API({ autocommit: false, logLevel: 5 });
if (stored['cmi.suspend_data'] !== undefined) {
  API.loadFromJSON({
    core: { lesson_status: stored['cmi.core.lesson_status'] || 'not attempted', lesson_location: stored['cmi.core.lesson_location'] || '', entry: 'resume' },
    suspend_data: stored['cmi.suspend_data'],
  });
}
function log(...entry) {
  calls.push([session, ...entry]);
  localStorage.setItem('lms-calls', JSON.stringify(calls));
}
API.on('LMSInitialize', () => log('LMSInitialize'));
API.on('LMSSetValue.cmi.*', (element, value) => {
  log('LMSSetValue', element, value);
  stored[element] = value;
  localStorage.setItem('lms-store', JSON.stringify(stored));
});
API.on('LMSCommit', () => log('LMSCommit'));
API.on('LMSFinish', () => log('LMSFinish'));
window.API = API;
`;
const LMS_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test LMS</title>
<script src="scorm12.js"></script><script src="lms.js"></script></head>
<body><main><h1>Week 1</h1><iframe id="sco" title="Notebook" src="pkg/index.html" style="width: 1000px; height: 650px; border: 0"></iframe></main></body></html>`;
const DONE_HTML = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Left</title></head><body><p>left</p></body></html>';

async function routeLms(context, files = zipFiles()) {
  const serve = (name, body, type) => context.route(`${site.url}__lms/${name}`, (route) =>
    route.fulfill({ status: 200, body, headers: { 'Content-Type': type } }));
  await serve('lms.html', LMS_HTML, 'text/html; charset=utf-8');
  await serve('done.html', DONE_HTML, 'text/html; charset=utf-8');
  await serve('lms.js', LMS_JS, 'text/javascript');
  await serve('scorm12.js', SCORM_AGAIN, 'text/javascript');
  // The launch file as the LMS serves it from the unpacked zip (its own CSP is in its <meta>).
  await serve('pkg/index.html', Buffer.from(files['index.html']), 'text/html; charset=utf-8');
}

const lmsState = (page) => page.evaluate(() => ({
  calls: JSON.parse(localStorage.getItem('lms-calls') || '[]'),
  stored: JSON.parse(localStorage.getItem('lms-store') || '{}'),
}));

async function scoFrame(page) {
  const frame = page.frameLocator('#sco');
  await frame.locator('attention-notebook .practice').first().waitFor({ timeout: 20000 });
  return frame;
}

async function answerNumber(frame, cellId, text) {
  const cell = frame.locator(`attention-notebook section[data-cell-id="${cellId}"]`);
  await cell.scrollIntoViewIfNeeded();
  await cell.locator('input[type=text]').fill(text);
  await cell.getByRole('button', { name: 'Check' }).click();
  await cell.locator('.feedback:not([hidden])').waitFor();
  return (await cell.locator('.feedback').getAttribute('class')).includes('correct') &&
    !(await cell.locator('.feedback').getAttribute('class')).includes('incorrect');
}

async function answerChoice(frame, cellId, index) {
  const cell = frame.locator(`attention-notebook section[data-cell-id="${cellId}"]`);
  await cell.scrollIntoViewIfNeeded();
  await cell.locator('input[type=radio]').nth(index).check();
  await cell.getByRole('button', { name: 'Check' }).click();
  await cell.locator('.feedback.correct').waitFor();
}

const lastSet = (calls, element) => calls.filter((c) => c[1] === 'LMSSetValue' && c[2] === element).at(-1)?.[3];
const suspend = (calls) => JSON.parse(lastSet(calls, 'cmi.suspend_data'));
const bit = (hex, i) => ((BigInt(`0x${hex}`) >> BigInt(i)) & 1n) === 1n;

test('the zip has imsmanifest.xml at its root with SCORM 1.2\'s required elements, and its launch file', async () => {
  const files = zipFiles();
  assert.deepEqual(Object.keys(files).sort(), ['imsmanifest.xml', 'index.html']);
  const xml = strFromU8(files['imsmanifest.xml']);
  const { page, context } = await openPage(browser, site, '');
  try {
    const m = await page.evaluate((text) => {
      const d = new DOMParser().parseFromString(text, 'application/xml');
      const CP = 'http://www.imsproject.org/xsd/imscp_rootv1p1p2';
      const ADLCP = 'http://www.adlnet.org/xsd/adlcp_rootv1p2';
      const one = (parent, name) => parent?.getElementsByTagNameNS(CP, name)[0] || null;
      const root = d.documentElement;
      const orgs = one(root, 'organizations');
      const org = one(orgs, 'organization');
      const item = one(org, 'item');
      const res = one(one(root, 'resources'), 'resource');
      return {
        parseError: d.getElementsByTagName('parsererror').length > 0,
        rootName: root.localName, rootNs: root.namespaceURI, identifier: root.getAttribute('identifier'),
        schema: one(one(root, 'metadata'), 'schema')?.textContent, schemaversion: one(one(root, 'metadata'), 'schemaversion')?.textContent,
        defaultOrg: orgs?.getAttribute('default'), orgId: org?.getAttribute('identifier'), orgTitle: one(org, 'title')?.textContent,
        itemId: item?.getAttribute('identifier'), itemRef: item?.getAttribute('identifierref'), itemTitle: one(item, 'title')?.textContent,
        resId: res?.getAttribute('identifier'), resType: res?.getAttribute('type'),
        scormType: res?.getAttributeNS(ADLCP, 'scormtype'), href: res?.getAttribute('href'),
        files: [...(res?.getElementsByTagNameNS(CP, 'file') || [])].map((f) => f.getAttribute('href')),
      };
    }, xml);
    assert.equal(m.parseError, false);
    assert.equal(m.rootName, 'manifest');
    assert.equal(m.rootNs, 'http://www.imsproject.org/xsd/imscp_rootv1p1p2');
    assert.ok(m.identifier);
    assert.equal(m.schema, 'ADL SCORM');
    assert.equal(m.schemaversion, '1.2');
    assert.equal(m.defaultOrg, m.orgId);
    assert.equal(m.orgTitle, doc.title);
    assert.ok(m.itemId);
    assert.equal(m.itemRef, m.resId);
    assert.equal(m.itemTitle, doc.title);
    assert.equal(m.resType, 'webcontent');
    assert.equal(m.scormType, 'sco');
    assert.equal(m.href, 'index.html');
    for (const f of [m.href, ...m.files]) assert.ok(files[f], `${f} is in the zip`);
    // The launch file is the standalone notebook: its own strict policy, the notebook inline.
    const html = strFromU8(files['index.html']);
    assert.match(html, /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'sha256-[^']+' 'wasm-unsafe-eval';[^"]*connect-src 'none'">/);
    assert.ok(html.includes(`"id":"${ID}"`));
  } finally {
    await context.close();
  }
});

test('a learner in scorm-again\'s SCORM 1.2 run-time: initialise, progress in suspend data, resume after a reload, completed, finish', async () => {
  const { page, problems, context } = await openPage(browser, site, null, { viewport: { width: 1100, height: 800 } });
  const frameProblems = async () => page.frame({ url: /pkg\/index\.html/ })?.evaluate(() => window.__cspViolations || []) ?? [];
  try {
    await routeLms(context);
    await page.goto(`${site.url}__lms/lms.html`);
    let frame = await scoFrame(page);
    let { calls } = await lmsState(page);
    assert.deepEqual(calls[0], [1, 'LMSInitialize']);
    assert.equal(lastSet(calls, 'cmi.core.lesson_status'), 'incomplete');

    // The notebook's practice cells, found by id (their positions follow the notebook's order).
    const at = (id) => doc.cells.findIndex((c) => c.id === id);
    const practices = doc.cells.map((c, i) => [c, i]).filter(([c]) => c.type === 'practice');
    assert.ok(practices.length >= 2, 'the notebook has at least two practice cells');
    const share = at('share-c');
    const choice = at('push-b');
    const percent = (n) => String(Math.round((100 * n) / practices.length));

    // A wrong typed answer, then the right one, to the number question "share-c".
    const typedWrong = '0.777';
    assert.equal(await answerNumber(frame, 'share-c', typedWrong), false);
    assert.equal(await answerNumber(frame, 'share-c', answerText(doc.cells[share].answer)), true);
    const once = percent(1);
    await page.waitForFunction((raw) => JSON.parse(localStorage.getItem('lms-store') || '{}')['cmi.core.score.raw'] === raw, once);
    ({ calls } = await lmsState(page));
    let data = suspend(calls);
    assert.ok(bit(data.c, share), `practice ${share} recorded correct: ${JSON.stringify(data)}`);
    assert.ok(!bit(data.c, choice), `practice ${choice} not answered yet`);
    assert.ok(bit(data.s, 0), 'the first cell was seen');
    assert.equal(lastSet(calls, 'cmi.core.lesson_status'), 'incomplete');
    assert.ok(calls.some((c) => c[1] === 'LMSCommit'));
    await screenshot(page, 'scorm-lms-first-visit');

    // Reload: the SCO finishes with exit "suspend", the LMS starts a new session with the stored data.
    await page.reload();
    frame = await scoFrame(page);
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('lms-calls')).some((c) => c[0] === 2 && c[1] === 'LMSInitialize'));
    ({ calls } = await lmsState(page));
    const first = calls.filter((c) => c[0] === 1);
    assert.equal(lastSet(first, 'cmi.core.exit'), 'suspend');
    assert.equal(first.at(-1)[1], 'LMSFinish');
    // The resumed session keeps the earlier progress: its first suspend data still has "share-c".
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('lms-calls')).some((c) => c[0] === 2 && c[2] === 'cmi.suspend_data'));
    ({ calls } = await lmsState(page));
    data = suspend(calls.filter((c) => c[0] === 2));
    assert.ok(bit(data.c, share), `resumed with practice ${share} correct: ${JSON.stringify(data)}`);

    // Every other practice (a choice, then any number questions) -> every practice correct once -> completed.
    for (const [cell, i] of practices) {
      if (i === share) continue;
      assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('lms-store'))['cmi.core.lesson_status']), 'incomplete');
      if (cell.answer.kind === 'choice') await answerChoice(frame, cell.id, cell.answer.correct);
      else assert.equal(await answerNumber(frame, cell.id, answerText(cell.answer)), true);
    }
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('lms-store'))['cmi.core.lesson_status'] === 'completed');
    ({ calls } = await lmsState(page));
    assert.equal(lastSet(calls, 'cmi.core.score.raw'), '100');
    for (const [, i] of practices) assert.ok(bit(suspend(calls).c, i), `practice ${i} recorded correct`);
    assert.deepEqual(await frameProblems(), []);
    // The run-time itself holds the values (it accepted every call: no error code).
    const held = await page.evaluate(() => ({
      status: window.API.LMSGetValue('cmi.core.lesson_status'),
      raw: window.API.LMSGetValue('cmi.core.score.raw'),
      suspend: window.API.LMSGetValue('cmi.suspend_data') === JSON.parse(localStorage.getItem('lms-store'))['cmi.suspend_data'],
      error: window.API.LMSGetLastError(),
    }));
    assert.deepEqual(held, { status: 'completed', raw: '100', suspend: true, error: '0' });
    await screenshot(page, 'scorm-lms-completed');

    // Leaving the course page: exit "" (complete, nothing to resume) and LMSFinish.
    await page.goto(`${site.url}__lms/done.html`);
    ({ calls } = await lmsState(page));
    const second = calls.filter((c) => c[0] === 2);
    assert.equal(lastSet(second, 'cmi.core.exit'), '');
    assert.equal(second.at(-1)[1], 'LMSFinish');
    assert.equal(second.filter((c) => c[1] === 'LMSFinish').length, 1);

    // Nothing the learner typed reached the LMS; only elements of the SCORM 1.2 data model were set.
    const sent = JSON.stringify(calls);
    assert.ok(!sent.includes(typedWrong), 'the typed wrong answer is not sent');
    const elements = new Set(calls.filter((c) => c[1] === 'LMSSetValue').map((c) => c[2]));
    assert.deepEqual([...elements].sort(), ['cmi.core.exit', 'cmi.core.lesson_location', 'cmi.core.lesson_status',
      'cmi.core.score.max', 'cmi.core.score.min', 'cmi.core.score.raw', 'cmi.suspend_data']);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('opened on its own (no LMS), the launch file works as the standalone notebook and calls nothing', async () => {
  const { page, problems, context } = await openPage(browser, site, null);
  try {
    await context.route(`${site.url}__pkg/index.html`, (route) =>
      route.fulfill({ status: 200, body: Buffer.from(zipFiles()['index.html']), headers: { 'Content-Type': 'text/html; charset=utf-8' } }));
    await page.goto(`${site.url}__pkg/index.html`);
    await page.locator('attention-notebook .practice').first().waitFor({ timeout: 20000 });
    assert.equal(await page.evaluate(() => typeof window.API), 'undefined');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('a notebook without practice is completed when every cell of the learner\'s depth has been seen', async () => {
  // Four tall prose cells at the beginner depth and one at researcher only, which a beginner
  // never sees and which must not hold completion back.
  const long = (n) => Array.from({ length: 12 }, (_, i) => `Paragraph ${i + 1} of cell ${n}: reading on.`).join('\n\n');
  const reading = {
    format: 'attnbook-notebook/1', id: 'reading', title: 'Reading only', version: '1.0.0', depths: ['beginner', 'researcher'],
    cells: [
      { type: 'prose', id: 'one', text: long(1) },
      { type: 'prose', id: 'two', text: long(2) },
      { type: 'prose', id: 'deep', depths: ['researcher'], text: long(3) },
      { type: 'prose', id: 'three', text: long(4) },
      { type: 'prose', id: 'four', text: long(5) },
    ],
  };
  const files = unzipSync((await scormPackage(reading)).bytes);
  const { page, problems, context } = await openPage(browser, site, null, { viewport: { width: 1100, height: 800 } });
  try {
    await routeLms(context, files);
    await page.goto(`${site.url}__lms/lms.html`);
    const frame = page.frameLocator('#sco');
    await frame.locator('attention-notebook section[data-cell-id="one"]').waitFor({ timeout: 20000 });
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('lms-store') || '{}')['cmi.suspend_data']);
    let { stored } = await lmsState(page);
    assert.equal(stored['cmi.core.lesson_status'], 'incomplete');
    assert.equal(stored['cmi.core.score.raw'], undefined, 'no score without practice');
    // Scroll through in steps, as a reader does; completion only once the last cell is on screen.
    const frameHandle = page.frame({ url: /pkg\/index\.html/ });
    for (let y = 300; y < 20000; y += 300) {
      const done = await frameHandle.evaluate((to) => {
        window.scrollTo(0, to);
        return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
      }, y);
      await page.waitForTimeout(60);
      ({ stored } = await lmsState(page));
      const seen = JSON.parse(stored['cmi.suspend_data']).s;
      if (!bit(seen, 4)) assert.equal(stored['cmi.core.lesson_status'], 'incomplete', `not complete before the last cell (at ${y})`);
      if (done) break;
    }
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('lms-store'))['cmi.core.lesson_status'] === 'completed');
    ({ stored } = await lmsState(page));
    const seen = JSON.parse(stored['cmi.suspend_data']).s;
    assert.ok([0, 1, 3, 4].every((i) => bit(seen, i)), `every beginner cell seen: ${seen}`);
    assert.ok(!bit(seen, 2), 'the researcher cell stayed hidden');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});
