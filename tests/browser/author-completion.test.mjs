// The author page's completions in Chromium under the site's CSP: typing a key's opening quote in
// a cell lists the fields of the cell's type that it lacks, typed letters narrow the list, Enter
// writes the name; at a cell's "type" the list is the cell types. The expected names are read
// from the published dist/notebook.schema.json itself (the cell type's branch of $defs/cell), so
// the page is shown to complete from that file.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test, openPage, useSiteAndBrowser, site, browser, screenshot, DIST } from './harness.mjs';

useSiteAndBrowser();

const schema = JSON.parse(fs.readFileSync(path.join(DIST, 'notebook.schema.json'), 'utf8'));
const fieldsOf = (type) => Object.keys(schema.$defs.cell.allOf.find((b) => b.if.properties.type.const === type).then.properties);

const listed = (page) => page.locator('.cm-tooltip-autocomplete li').allTextContents();
// An option's text is its label and its detail ("required"): the label alone.
const labels = async (page) => (await page.locator('.cm-tooltip-autocomplete .cm-completionLabel').allTextContents());

/** Sets the editor's text with the cursor where "|" is, and focuses the editor. */
async function typeAt(page, marked) {
  await page.evaluate((m) => {
    const editor = document.getElementById('editor').attnbookEditor;
    editor.setText(m.replace('|', ''));
    editor.jumpTo(m.indexOf('|'));
  }, marked);
}

test('a cell\'s missing fields and the cell types are offered as the author types', async () => {
  const { page, problems, context } = await openPage(browser, site, 'author.html');
  try {
    await page.waitForFunction(() => document.body.dataset.valid !== undefined, null, { timeout: 20000 });
    const head = '{\n  "format": "attnbook-notebook/1",\n  "id": "mine",\n  "title": "Mine",\n  "version": "1.0.0",\n  "depths": ["beginner"],\n  "cells": [\n';
    await typeAt(page, `${head}    {\n      "type": "explorable",\n      "query": [1, 0],\n      |\n    }\n  ]\n}\n`);
    await page.keyboard.type('"'); // the closing quote comes by itself; the list opens
    await page.locator('.cm-tooltip-autocomplete').waitFor({ timeout: 10000 });
    const offered = await labels(page);
    assert.deepEqual([...offered].sort(), fieldsOf('explorable').filter((f) => f !== 'type' && f !== 'query').sort());
    // The fields the schema requires first, marked as such.
    const required = schema.$defs.cell.allOf.find((b) => b.if.properties.type.const === 'explorable').then.required
      .filter((f) => f !== 'type' && f !== 'query');
    const marked = (await listed(page)).map((t) => t.endsWith('required'));
    assert.deepEqual(marked, offered.map((_, i) => i < required.length), 'the required ones first');
    assert.deepEqual(offered.slice(0, required.length).sort(), [...required].sort());
    await page.keyboard.type('val');
    await page.waitForFunction(() => {
      const root = document.getElementById('editor').shadowRoot;
      return root.querySelectorAll('.cm-tooltip-autocomplete li').length === 1;
    }, null, { timeout: 10000 });
    assert.deepEqual(await labels(page), ['values']);
    // The help beside the selected option: the schema's description, else the docs' words.
    await page.locator('.cm-completionInfo').waitFor({ timeout: 10000 });
    await screenshot(page, 'author-completion');
    await page.keyboard.press('Enter');
    const text = await page.evaluate(() => document.getElementById('editor').attnbookEditor.getText());
    assert.match(text, /"query": \[1, 0\],\n {6}"values"\n/);

    // A cell's type: every type the schema names, narrowed as letters are typed.
    await typeAt(page, `${head}    { "type": | }\n  ]\n}\n`);
    await page.keyboard.type('"');
    await page.locator('.cm-tooltip-autocomplete').waitFor({ timeout: 10000 });
    assert.deepEqual([...await labels(page)].sort(), [...schema.$defs.cell.properties.type.enum].sort());
    await page.keyboard.type('practi');
    await page.waitForFunction(() => document.getElementById('editor').shadowRoot
      .querySelectorAll('.cm-tooltip-autocomplete li').length === 1, null, { timeout: 10000 });
    await page.keyboard.press('Enter');
    // The practice cell's fields, the answer's by its kind.
    await page.keyboard.press('ArrowRight'); // past the closing quote
    await page.keyboard.type(', "answer": { "kind": "choice", "');
    await page.locator('.cm-tooltip-autocomplete').waitFor({ timeout: 10000 });
    const choice = schema.$defs.answer.allOf.find((b) => b.if.properties.kind.const === 'choice').then.properties;
    assert.deepEqual([...await labels(page)].sort(), Object.keys(choice).filter((f) => f !== 'kind').sort());
    await page.keyboard.press('Escape');
    assert.equal(await page.locator('.cm-tooltip-autocomplete').count(), 0);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});
