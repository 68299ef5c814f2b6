// scripts/attnbook preview FILE: the author page's preview of a file on disk, read again when the
// file changes (written in place, or replaced by a rename as many editors save).
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, test, useBrowser, browser, openPage, requireDist, screenshot } from './harness.mjs';

let server;
let url;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attnbook-preview-'));
const file = path.join(dir, 'lesson.json');
const notebook = (title, extra = {}) => JSON.stringify({
  format: 'attnbook-notebook/1', id: 'lesson', title, version: '1.0.0', depths: ['beginner'],
  cells: [{ type: 'prose', text: 'Hello.' }], ...extra,
}, null, 2);

useBrowser();
before(async () => {
  requireDist();
  fs.writeFileSync(file, notebook('First title'));
  server = spawn(path.join(ROOT, 'scripts', 'attnbook'), ['preview', file, '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`preview did not start:\n${output}`)), 15000);
    const onData = (chunk) => {
      output += chunk;
      const m = /http:\/\/127\.0\.0\.1:\d+\//.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[0]);
      }
    };
    server.stdout.on('data', onData);
    server.stderr.on('data', onData);
    server.on('exit', (code) => reject(new Error(`preview exited (${code}):\n${output}`)));
  });
});
after(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
});

const title = (page) => page.locator('#preview .nb-title').textContent();

test('preview serves the file, lists its problems and follows every save', async () => {
  const origin = new URL(url).origin;
  const { page, problems, context } = await openPage(browser, { url, origin }, '');
  try {
    assert.match(page.url(), /author\.html\?preview$/);
    await page.waitForFunction(() => document.querySelector('#preview').shadowRoot.querySelector('.nb-title')?.textContent === 'First title', null, { timeout: 20000 });
    assert.equal(await page.locator('#preview-file').textContent(), 'lesson.json');
    assert.equal(await page.locator('h1').textContent(), 'Preview of lesson.json');
    assert.equal(await page.locator('.cm-content').getAttribute('contenteditable'), 'true');
    assert.equal(await page.evaluate(() => document.getElementById('editor').attnbookEditor.view.state.readOnly), true);

    // Saved in place.
    fs.writeFileSync(file, notebook('Second title'));
    await page.waitForFunction(() => document.querySelector('#preview').shadowRoot.querySelector('.nb-title')?.textContent === 'Second title', null, { timeout: 10000 });

    // A mistake: listed with its place, the last good drawing stays.
    fs.writeFileSync(file, notebook('Third title', { version: '1.0' }));
    await page.waitForFunction(() => document.querySelectorAll('#problems li').length === 1, null, { timeout: 10000 });
    assert.match(await page.locator('#problems li').textContent(), /^line 5, column 14 · \$\.version version "1\.0" is not a semantic version/);
    assert.equal(await title(page), 'Second title');
    await screenshot(page, 'preview-problem');

    // Saved by writing a new file and renaming it over the old one.
    fs.writeFileSync(`${file}.tmp`, notebook('Fourth title'));
    fs.renameSync(`${file}.tmp`, file);
    await page.waitForFunction(() => document.querySelector('#preview').shadowRoot.querySelector('.nb-title')?.textContent === 'Fourth title', null, { timeout: 10000 });
    assert.equal(await page.locator('#problems li').count(), 0);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('preview refuses a missing file and unknown options', async () => {
  const { spawnSync } = await import('node:child_process');
  const missing = spawnSync(path.join(ROOT, 'scripts', 'attnbook'), ['preview', path.join(dir, 'nope.json')], { encoding: 'utf8' });
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /nope\.json: no such file/);
  const bad = spawnSync(path.join(ROOT, 'scripts', 'attnbook'), ['preview', file, '--colour', 'red'], { encoding: 'utf8' });
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /unknown option "--colour"/);
});
