// docs/authoring.md, done by a script: start from nothing on the author page, write a notebook
// with two cell types and a practice (partly typed, partly from snippets), see a mistake pointed
// at, fix it, download the file and package it with `scripts/attnbook package`
// (tests/browser/scorm.test.mjs runs a package in scorm-again's SCORM 1.2 run-time).
// With ATTNBOOK_DOC_IMAGES=1 the screenshots go to docs/images/ (the ones the walkthrough shows).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { unzipSync } from 'fflate';
import { test, openPage, useSiteAndBrowser, site, browser, screenshot, ROOT, answerText } from './harness.mjs';

useSiteAndBrowser();

const IMAGES = path.join(ROOT, 'docs', 'images');
async function shot(page, name, options = {}) {
  await screenshot(page, name);
  if (process.env.ATTNBOOK_DOC_IMAGES) {
    fs.mkdirSync(IMAGES, { recursive: true });
    await page.screenshot({ path: path.join(IMAGES, `${name}.png`), ...options });
  }
}
const waitValid = (page, valid) => page.waitForFunction((v) => document.body.dataset.valid === String(v), valid, { timeout: 20000 });
const editorText = (page) => page.evaluate(() => document.getElementById('editor').attnbookEditor.getText());

test('from nothing to a SCORM package', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attnbook-walkthrough-'));
  const { page, problems, context } = await openPage(browser, site, 'author.html', { viewport: { width: 1280, height: 860 } });
  try {
    await page.locator('#preview').locator('.cell').first().waitFor({ timeout: 20000 });
    await shot(page, 'author-template');

    // Nothing: select everything and delete it. The engine says what is wrong with an empty text.
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await waitValid(page, false);
    assert.match(await page.locator('#problems').textContent(), /syntax error/);

    // The notebook's own fields and one prose cell, written as an author would.
    await page.keyboard.insertText(`{
  "format": "attnbook-notebook/1",
  "id": "my-first-notebook",
  "title": "Which source does the query pick?",
  "version": "1.0.0",
  "depths": ["beginner"],
  "cells": [
    {
      "type": "prose",
      "text": "Drag the query and watch the **shares** change."
    }
  ]
}`);
    await waitValid(page, true);
    // Then an explorable and a practice from the snippets (valid defaults from the engine).
    for (const type of ['explorable', 'practice']) {
      await page.selectOption('#snippet-type', type);
      await page.click('#insert-cell');
      await waitValid(page, true);
    }
    await page.locator('#preview').locator('.practice').waitFor({ timeout: 20000 });
    await shot(page, 'author-snippets');

    // A mistake while editing the practice: a tolerance of 0 is refused, underlined and listed.
    const withMistake = (await editorText(page)).replace('"tolerance": 0.0005', '"tolerance": 0');
    await page.evaluate((t) => document.getElementById('editor').attnbookEditor.setText(t), withMistake);
    await waitValid(page, false);
    const listed = await page.locator('#problems button').allTextContents();
    assert.equal(listed.length, 1);
    assert.match(listed[0], /\$\.cells\[2\]\.answer\.tolerance/);
    await page.locator('#problems button').first().click();
    await shot(page, 'author-mistake');

    // Fixed with the keyboard: the cursor is on the 0; select it and type 0.001.
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.type('0.001');
    await waitValid(page, true);
    const doc = JSON.parse(await editorText(page));
    assert.deepEqual(doc.cells.map((c) => c.type), ['prose', 'explorable', 'practice']);
    assert.equal(doc.cells[2].answer.tolerance, 0.001);

    // The practice works in the preview: the engine's own answer is right.
    const practice = page.locator('#preview').locator('.practice');
    await practice.locator('input[type=text]').fill(answerText(doc.cells[2].answer));
    await practice.getByRole('button', { name: 'Check' }).click();
    await practice.locator('.feedback.correct').waitFor();
    await page.check('#preview-narrow');
    await page.selectOption('#preview-theme', 'dark');
    await shot(page, 'author-phone-dark');

    // Download it, then package it.
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    assert.equal(download.suggestedFilename(), 'my-first-notebook.json');
    const file = path.join(dir, 'my-first-notebook.json');
    await download.saveAs(file);
    const packed = spawnSync(path.join(ROOT, 'scripts', 'attnbook'), ['package', file, '--scorm', '1.2', '--out', dir], { encoding: 'utf8' });
    assert.equal(packed.status, 0, packed.stderr);
    const zip = unzipSync(fs.readFileSync(path.join(dir, 'my-first-notebook-scorm12.zip')));
    assert.ok(zip['imsmanifest.xml'] && zip['index.html']);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});
