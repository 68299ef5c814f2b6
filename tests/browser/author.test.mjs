// The author page (dist/author.html) in Chromium under the site's strict CSP: the template from
// the engine's cell types, errors underlined and listed as the CLI prints them (a click jumps),
// the last good preview kept while the text is invalid, snippets, the preview's depth, theme and
// phone width, files in and out, and the work kept in localStorage until it is discarded.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import {
  test, openPage, notebooks, useSiteAndBrowser, site, browser, screenshot, DIST,
} from './harness.mjs';
import { loadEngine, runWasmCli } from '../wasm/engine.mjs';

useSiteAndBrowser();

let engine;
async function engineCall(command, args = {}) {
  engine ||= await loadEngine('attnbook-author'); // cell_types and validate: the author module's
  return JSON.parse(engine.call(command, JSON.stringify(args)));
}

/** Opens author.html and waits for its first check to finish. */
async function openAuthor(options = {}) {
  const opened = await openPage(browser, site, 'author.html', options);
  await waitChecked(opened.page);
  return opened;
}

async function waitChecked(page) {
  await page.waitForFunction(() => document.body.dataset.valid !== undefined &&
    /^(No problems|\d+ problems?)/.test(document.getElementById('status').textContent), null, { timeout: 20000 });
}

const editorText = (page) => page.evaluate(() => document.getElementById('editor').attnbookEditor.getText());
const setText = (page, text) => page.evaluate((t) => document.getElementById('editor').attnbookEditor.setText(t), text);

/** Sets the text and waits for the check of exactly that text to finish. */
async function setTextAndCheck(page, text, valid) {
  await page.evaluate(() => { delete document.body.dataset.valid; });
  await setText(page, text);
  await page.waitForFunction((v) => document.body.dataset.valid === String(v), valid, { timeout: 20000 });
}

const previewTitle = (page) => page.locator('#preview .nb-title').textContent();
const previewCellTypes = (page) => page.locator('#preview').evaluate((el) =>
  [...el.shadowRoot.querySelectorAll('section.cell')].map((s) => [...s.classList].find((c) => c.startsWith('cell-')).slice(5)));

test('the template has one explained cell of each type the engine knows, and it validates', async () => {
  const { page, problems, context } = await openAuthor();
  try {
    const { cell_types: types } = await engineCall('cell_types');
    const text = await editorText(page);
    const doc = JSON.parse(text);
    assert.equal(await page.locator('body').getAttribute('data-valid'), 'true');
    // Each engine type once as an example (the prose ones also explain), each preceded by its explanation.
    for (const t of types) {
      const at = doc.cells.findIndex((c) => isDeepStrictEqual(c, t.example));
      assert.ok(at > 0, `example of ${t.type} in the template`);
      assert.match(doc.cells[at - 1].text, new RegExp(`a \`${t.type}\` cell`));
      for (const f of t.fields) assert.match(doc.cells[at - 1].text, new RegExp(`- \`${f}\``), `${t.type}.${f} explained`);
    }
    // The engine's own verdict on the same text, independent of the page.
    assert.equal((await engineCall('validate', { text })).ok, true);
    await page.locator('#preview .cell').first().waitFor();
    const drawn = new Set(await previewCellTypes(page));
    for (const t of types) assert.ok(drawn.has(t.type), `preview draws a ${t.type} cell`);
    assert.equal(await previewTitle(page), doc.title);
    await screenshot(page, 'author-template');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('mistakes are underlined and listed as the CLI prints them; a click jumps; the last good preview stays', async () => {
  const { page, problems, context } = await openAuthor();
  try {
    const good = JSON.stringify({
      format: 'attnbook-notebook/1', id: 'mine', title: 'Mine', version: '1.0.0', depths: ['beginner'],
      cells: [{ type: 'prose', text: 'Hello' }, { type: 'maths', tex: 'x^2' }],
    }, null, 2);
    await setTextAndCheck(page, good, true);
    assert.equal(await previewTitle(page), 'Mine');
    // Three mistakes: a bad version, an unknown field, a wrong type; one has an emoji before it on its line.
    const bad = good.replace('"1.0.0"', '"1.0"').replace('"text": "Hello"', '"text": "Hello", "colour": 1')
      .replace('"tex": "x^2"', '"tex": "😀", "display": 3').replace('"Mine"', '"Mine 2"');
    await setTextAndCheck(page, bad, false);
    const listed = await page.locator('#problems button').allTextContents();
    // The CLI on the same text (the WebAssembly CLI: the same validator, independent of the page).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attnbook-author-'));
    fs.writeFileSync(path.join(dir, 'notebook.json'), bad);
    const cli = runWasmCli(['validate', path.join(dir, 'notebook.json')]);
    assert.notEqual(cli.status, 0);
    const lines = (cli.stdout + cli.stderr).trim().split('\n').filter((l) => /:\d+:\d+: /.test(l));
    assert.equal(lines.length, 3, cli.stdout + cli.stderr);
    assert.equal(listed.length, lines.length);
    lines.forEach((line, i) => {
      const m = /:(\d+):(\d+): (\$\S*): (.*)$/.exec(line);
      assert.equal(listed[i], `line ${m[1]}, column ${m[2]} · ${m[3]} ${m[4]}`);
    });
    // Underlines: one per problem, on the value at fault.
    const underlined = await page.locator('.cm-lintRange-error').allTextContents();
    assert.deepEqual(underlined, ['"1.0"', '"colour"', '3']);
    // The preview still shows the last text without problems.
    assert.equal(await previewTitle(page), 'Mine');
    assert.match(await page.locator('#status').textContent(), /3 problems\. The preview keeps the last version/);
    // A click on the third problem puts the cursor on its value (after the emoji: UTF-16 offsets).
    await page.locator('#problems button').nth(2).click();
    const at = await page.evaluate(() => {
      const { view } = document.getElementById('editor').attnbookEditor;
      const head = view.state.selection.main.head;
      return { focused: view.hasFocus, rest: view.state.sliceDoc(head, head + 1) };
    });
    assert.deepEqual(at, { focused: true, rest: '3' });
    // Typing the fix with the keyboard: select the 3 and type true.
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.type('true');
    await page.waitForFunction(() => document.querySelectorAll('#problems li').length === 2, null, { timeout: 20000 });
    await screenshot(page, 'author-errors');
    // Tab indents inside the editor; Esc then Tab leaves it (no keyboard trap).
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.getElementById('editor').attnbookEditor.view.hasFocus), true);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.getElementById('editor').attnbookEditor.view.hasFocus), false);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('snippets insert a valid cell of each type into the cells array', async () => {
  const { page, problems, context } = await openAuthor();
  try {
    const base = { format: 'attnbook-notebook/1', id: 'snip', title: 'Snippets', version: '1.0.0', depths: ['beginner'],
      cells: [{ type: 'prose', text: 'First' }] };
    await setTextAndCheck(page, JSON.stringify(base, null, 2), true);
    const types = (await engineCall('cell_types')).cell_types.map((t) => t.type);
    assert.deepEqual(await page.locator('#snippet-type option').evaluateAll((os) => os.map((o) => o.value)), types);
    for (const type of types) {
      await page.evaluate(() => { delete document.body.dataset.valid; });
      await page.selectOption('#snippet-type', type);
      await page.click('#insert-cell');
      await page.waitForFunction(() => document.body.dataset.valid !== undefined, null, { timeout: 20000 });
      assert.equal(await page.locator('body').getAttribute('data-valid'), 'true', `after inserting ${type}`);
    }
    const doc = JSON.parse(await editorText(page));
    assert.deepEqual(doc.cells.map((c) => c.type), ['prose', ...types]);
    // With the cursor inside the first cell, the next one goes right after it.
    await page.evaluate(() => {
      const { view } = document.getElementById('editor').attnbookEditor;
      const text = view.state.doc.toString();
      view.dispatch({ selection: { anchor: text.indexOf('"First"') } });
    });
    await page.selectOption('#snippet-type', 'maths');
    await page.click('#insert-cell');
    assert.deepEqual(JSON.parse(await editorText(page)).cells.map((c) => c.type).slice(0, 3), ['prose', 'maths', types[0]]);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('hovering a field name shows what docs/notebook-format.md says about it', async () => {
  const { page, problems, context } = await openAuthor();
  try {
    const text = JSON.stringify({ format: 'attnbook-notebook/1', id: 'hover', title: 'Hover', version: '1.0.0', depths: ['beginner'],
      cells: [{ type: 'explorable', query: [1, 0], keys: [[1, 0]], values: [[1]] }] }, null, 2);
    await setTextAndCheck(page, text, true);
    const hover = async (needle) => {
      const at = await page.evaluate((n) => {
        const { view } = document.getElementById('editor').attnbookEditor;
        const c = view.coordsAtPos(view.state.doc.toString().indexOf(n) + 2);
        return { x: c.left + 2, y: (c.top + c.bottom) / 2 };
      }, needle);
      await page.mouse.move(0, 0);
      await page.mouse.move(at.x, at.y);
      const tip = page.locator('.cm-field-help');
      await tip.waitFor({ timeout: 5000 });
      return tip.textContent();
    };
    assert.match(await hover('"query"'), /^query \(explorable cell\)shape: number\[d\] · limits and default: 1 ≤ d ≤ 8$/);
    assert.match(await hover('"version"'), /^version \(notebook\)what it is: the notebook's own version/);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('preview controls: depth, theme and the 390 px phone width', async () => {
  const { page, problems, context } = await openAuthor();
  try {
    const nb = page.locator('#preview');
    const doc = JSON.parse(await editorText(page));
    // The menu is filled when the preview has drawn the notebook (later on a loaded machine).
    await page.waitForFunction((n) => document.querySelectorAll('#preview-depth option').length === n, doc.depths.length);
    assert.deepEqual(await page.locator('#preview-depth option').evaluateAll((os) => os.map((o) => o.value)), doc.depths);
    await page.selectOption('#preview-depth', 'researcher');
    assert.equal(await nb.getAttribute('depth'), 'researcher');
    await page.selectOption('#preview-theme', 'dark');
    assert.equal(await nb.getAttribute('theme'), 'dark');
    await page.check('#preview-narrow');
    // The notebook gets exactly a phone's width (the frame's border is outside it).
    assert.equal((await nb.boundingBox()).width, 390);
    await screenshot(page, 'author-narrow-dark');
    // The depth survives a redraw after an edit.
    await setTextAndCheck(page, (await editorText(page)).replace('"My notebook"', '"Renamed"'), true);
    await page.waitForFunction(() => document.querySelector('#preview').shadowRoot.querySelector('.nb-title')?.textContent === 'Renamed');
    assert.equal(await nb.getAttribute('depth'), 'researcher');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('open a file, download it, start from a shipped notebook; the work survives a reload until discarded', async () => {
  const { page, problems, context } = await openAuthor();
  try {
    const mine = JSON.stringify({ format: 'attnbook-notebook/1', id: 'from-disk', title: 'From disk', version: '1.0.0',
      depths: ['beginner'], cells: [{ type: 'prose', text: 'Opened.' }] }, null, 2);
    await page.evaluate(() => { delete document.body.dataset.valid; });
    await page.setInputFiles('#open-file', { name: 'from-disk.json', mimeType: 'application/json', buffer: Buffer.from(mine) });
    await page.waitForFunction(() => document.body.dataset.valid === 'true', null, { timeout: 20000 });
    assert.equal(await editorText(page), mine);
    assert.equal(await previewTitle(page), 'From disk');

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    assert.equal(download.suggestedFilename(), 'from-disk.json');
    assert.equal(fs.readFileSync(await download.path(), 'utf8'), mine);

    // A reload brings the text back from localStorage.
    await page.reload();
    await waitChecked(page);
    assert.equal(await editorText(page), mine);
    assert.match(await page.locator('#saved-note').textContent(), /from last time/);

    // A shipped notebook, loaded from the site.
    const shipped = Object.values(notebooks())[0];
    await page.selectOption('#start-from', shipped.id);
    await page.click('#start');
    await page.waitForFunction((t) => document.querySelector('#preview').shadowRoot.querySelector('.nb-title')?.textContent === t, shipped.title, { timeout: 20000 });
    assert.deepEqual(JSON.parse(await editorText(page)), shipped);

    // Discard: the template again, and nothing kept for the next visit.
    await page.click('#discard');
    await page.waitForFunction(() => document.getElementById('editor').attnbookEditor.getText().includes('"my-notebook"'));
    await page.reload();
    await waitChecked(page);
    assert.equal(JSON.parse(await editorText(page)).id, 'my-notebook');
    assert.match(await page.locator('#saved-note').textContent(), /kept in this browser as you type/);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('author.html carries the site\'s policy and loads nothing from elsewhere', async () => {
  const { CSP_META } = await import('../../scripts/serve.mjs');
  const html = fs.readFileSync(path.join(DIST, 'author.html'), 'utf8');
  assert.ok(html.includes(`content="${CSP_META}"`), 'the CSP meta');
  assert.match(fs.readFileSync(path.join(DIST, 'index.html'), 'utf8'), /<a href="author\.html">Write a notebook<\/a>/, 'linked from the index');
  assert.doesNotMatch(html, /<script(?![^>]*\bsrc="author\.js")[^>]*>/, 'no inline script');
  assert.doesNotMatch(fs.readFileSync(path.join(DIST, 'author.js'), 'utf8'), /https?:\/\/(cdn|unpkg|esm\.sh)/);
  // The check can fail: an inline style is refused by the policy and reported.
  const { page, problems, context } = await openAuthor();
  try {
    await page.evaluate(() => {
      const s = document.createElement('style');
      s.textContent = 'body { color: red }';
      document.head.append(s);
    });
    await page.waitForTimeout(100);
    assert.ok((await problems()).some((p) => /CSP violation: style-src/.test(p)), 'an inline <style> is reported');
  } finally {
    await context.close();
  }
});
