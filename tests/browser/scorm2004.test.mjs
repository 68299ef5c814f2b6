// The SCORM 2004 (4th edition) package (`scripts/attnbook package FILE --scorm 2004`) in the npm
// `scorm-again` library's Scorm2004API, as window.API_1484_11 of a test "LMS" page: the same
// launch file as the 1.2 package, speaking 2004's dialect (Initialize, cmi.completion_status,
// cmi.location, cmi.score.scaled, cmi.exit, Terminate). The manifest is checked for 2004's
// required elements with the browser's XML parser.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { scormPackage } from '../../scripts/scorm.mjs';
import { test, openPage, notebooks, useSiteAndBrowser, site, browser, DIST, ROOT, answerText } from './harness.mjs';

useSiteAndBrowser();

const SCORM_AGAIN = fs.readFileSync(path.join(ROOT, 'node_modules', 'scorm-again', 'dist', 'scorm2004.min.js'), 'utf8');
const ID = 'attention-explorable';
const doc = notebooks()[ID];
let files;
const packaged = async () => {
  files ||= unzipSync((await scormPackage(doc, { version: '2004' })).bytes);
  return files;
};

const LMS_JS = `
const stored = JSON.parse(localStorage.getItem('lms-store') || '{}');
const calls = JSON.parse(localStorage.getItem('lms-calls') || '[]');
const session = (Number(localStorage.getItem('lms-session') || 0)) + 1;
localStorage.setItem('lms-session', String(session));
const API = new Scorm2004API({ autocommit: false, logLevel: 5 });
if (stored['cmi.suspend_data'] !== undefined) {
  API.loadFromJSON({
    completion_status: stored['cmi.completion_status'] || 'unknown',
    location: stored['cmi.location'] || '',
    suspend_data: stored['cmi.suspend_data'],
    entry: 'resume',
  });
}
function log(...entry) {
  calls.push([session, ...entry]);
  localStorage.setItem('lms-calls', JSON.stringify(calls));
}
API.on('Initialize', () => log('Initialize'));
API.on('SetValue.cmi.*', (element, value) => {
  log('SetValue', element, value);
  stored[element] = value;
  localStorage.setItem('lms-store', JSON.stringify(stored));
});
API.on('Commit', () => log('Commit'));
API.on('Terminate', () => log('Terminate'));
window.API_1484_11 = API;
`;

async function routeLms(context) {
  const f = await packaged();
  const serve = (name, body, type) => context.route(`${site.url}__lms/${name}`, (route) =>
    route.fulfill({ status: 200, body, headers: { 'Content-Type': type } }));
  await serve('lms.html', `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test LMS</title>
<script src="scorm2004.js"></script><script src="lms.js"></script></head>
<body><iframe id="sco" title="Notebook" src="pkg/index.html" style="width: 1000px; height: 650px; border: 0"></iframe></body></html>`, 'text/html; charset=utf-8');
  await serve('done.html', '<!doctype html><title>left</title><p>left</p>', 'text/html; charset=utf-8');
  await serve('lms.js', LMS_JS, 'text/javascript');
  await serve('scorm2004.js', SCORM_AGAIN, 'text/javascript');
  await serve('pkg/index.html', Buffer.from(f['index.html']), 'text/html; charset=utf-8');
}

const calls = async (page) => page.evaluate(() => JSON.parse(localStorage.getItem('lms-calls') || '[]'));
const lastSet = (list, element) => list.filter((c) => c[1] === 'SetValue' && c[2] === element).at(-1)?.[3];
const bit = (hex, i) => ((BigInt(`0x${hex}`) >> BigInt(i)) & 1n) === 1n;

async function answer(frame, cellId, { text, index }) {
  const cell = frame.locator(`attention-notebook section[data-cell-id="${cellId}"]`);
  await cell.scrollIntoViewIfNeeded();
  if (text !== undefined) await cell.locator('input[type=text]').fill(text);
  else await cell.locator('input[type=radio]').nth(index).check();
  await cell.getByRole('button', { name: 'Check' }).click();
  await cell.locator('.feedback:not([hidden])').waitFor();
}

test('the site build (npm run build) ships the 2004 package beside the 1.2 one, for every notebook', async () => {
  // The same bytes as packaging the notebook here: the zip's dates are fixed, so a stale or
  // differently built file in dist/ shows up as a difference.
  for (const [id, nb] of Object.entries(notebooks())) {
    for (const version of ['1.2', '2004']) {
      const expected = await scormPackage(nb, { version });
      const file = path.join(DIST, id, expected.name);
      assert.ok(fs.existsSync(file), `${file} is missing`);
      assert.ok(Buffer.from(expected.bytes).equals(fs.readFileSync(file)), `${file} differs from scormPackage's`);
    }
  }
});

test('the SCORM 2004 manifest has the 4th edition\'s required elements', async () => {
  const xml = strFromU8((await packaged())['imsmanifest.xml']);
  const { page, context } = await openPage(browser, site, '');
  try {
    const m = await page.evaluate((text) => {
      const d = new DOMParser().parseFromString(text, 'application/xml');
      const CP = 'http://www.imsglobal.org/xsd/imscp_v1p1';
      const ADLCP = 'http://www.adlnet.org/xsd/adlcp_v1p3';
      const one = (parent, name) => parent?.getElementsByTagNameNS(CP, name)[0] || null;
      const root = d.documentElement;
      const org = one(one(root, 'organizations'), 'organization');
      const item = one(org, 'item');
      const res = one(one(root, 'resources'), 'resource');
      return {
        parseError: d.getElementsByTagName('parsererror').length > 0,
        ns: root.namespaceURI, identifier: root.getAttribute('identifier'),
        schema: one(one(root, 'metadata'), 'schema')?.textContent,
        schemaversion: one(one(root, 'metadata'), 'schemaversion')?.textContent,
        defaultOrg: one(root, 'organizations').getAttribute('default'), orgId: org?.getAttribute('identifier'),
        orgTitle: one(org, 'title')?.textContent, itemRef: item?.getAttribute('identifierref'), itemTitle: one(item, 'title')?.textContent,
        resId: res?.getAttribute('identifier'), resType: res?.getAttribute('type'),
        scormType: res?.getAttributeNS(ADLCP, 'scormType'), href: res?.getAttribute('href'),
      };
    }, xml);
    assert.deepEqual(m, {
      parseError: false, ns: 'http://www.imsglobal.org/xsd/imscp_v1p1', identifier: `attnbook-${ID}`,
      schema: 'ADL SCORM', schemaversion: '2004 4th Edition', defaultOrg: 'attnbook-org', orgId: 'attnbook-org',
      orgTitle: doc.title, itemRef: 'attnbook-sco', itemTitle: doc.title, resId: 'attnbook-sco', resType: 'webcontent',
      scormType: 'sco', href: 'index.html',
    });
  } finally {
    await context.close();
  }
});

test('a learner in scorm-again\'s SCORM 2004 run-time: progress, resume after a reload, completed, terminate', async () => {
  const { page, problems, context } = await openPage(browser, site, null, { viewport: { width: 1100, height: 800 } });
  try {
    await routeLms(context);
    await page.goto(`${site.url}__lms/lms.html`);
    let frame = page.frameLocator('#sco');
    await frame.locator('attention-notebook .practice').first().waitFor({ timeout: 20000 });
    let list = await calls(page);
    assert.deepEqual(list[0], [1, 'Initialize']);
    assert.equal(lastSet(list, 'cmi.completion_status'), 'incomplete');
    // The notebook's practice cells, found by id (their positions follow the notebook's order).
    const practices = doc.cells.map((c, i) => [c, i]).filter(([c]) => c.type === 'practice');
    const share = doc.cells.findIndex((c) => c.id === 'share-c');
    await answer(frame, 'share-c', { text: '0.913' });
    await answer(frame, 'share-c', { text: answerText(doc.cells[share].answer) });
    const scaled = String(Math.round(10000 / practices.length) / 10000);
    await page.waitForFunction((s) => JSON.parse(localStorage.getItem('lms-store'))['cmi.score.scaled'] === s, scaled);

    await page.reload();
    frame = page.frameLocator('#sco');
    await frame.locator('attention-notebook .practice').first().waitFor({ timeout: 20000 });
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('lms-calls')).some((c) => c[0] === 2 && c[2] === 'cmi.suspend_data'));
    list = await calls(page);
    const first = list.filter((c) => c[0] === 1);
    assert.equal(lastSet(first, 'cmi.exit'), 'suspend');
    assert.equal(first.at(-1)[1], 'Terminate');
    assert.ok(bit(JSON.parse(lastSet(list.filter((c) => c[0] === 2), 'cmi.suspend_data')).c, share), `resumed with practice ${share} correct`);

    for (const [cell, i] of practices) {
      if (i === share) continue;
      await answer(frame, cell.id, cell.answer.kind === 'choice' ? { index: cell.answer.correct } : { text: answerText(cell.answer) });
    }
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('lms-store'))['cmi.completion_status'] === 'completed');
    const held = await page.evaluate(() => ({
      status: window.API_1484_11.GetValue('cmi.completion_status'),
      scaled: window.API_1484_11.GetValue('cmi.score.scaled'),
      error: String(window.API_1484_11.GetLastError()),
    }));
    assert.deepEqual(held, { status: 'completed', scaled: '1', error: '0' });

    await page.goto(`${site.url}__lms/done.html`);
    list = await calls(page);
    const second = list.filter((c) => c[0] === 2);
    assert.equal(lastSet(second, 'cmi.exit'), 'normal');
    assert.equal(second.at(-1)[1], 'Terminate');
    assert.ok(!JSON.stringify(list).includes('0.913'), 'the typed wrong answer is not sent');
    const elements = [...new Set(list.filter((c) => c[1] === 'SetValue').map((c) => c[2]))].sort();
    assert.deepEqual(elements, ['cmi.completion_status', 'cmi.exit', 'cmi.location', 'cmi.score.max', 'cmi.score.min',
      'cmi.score.raw', 'cmi.score.scaled', 'cmi.suspend_data']);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});
