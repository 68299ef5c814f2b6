// A broken notebook is not a blank element: the engine's validation errors are listed in its place.
import assert from 'node:assert/strict';
import {
  test, screenshot, findCell, useSiteAndBrowser, openWithNotebookText,
} from './harness.mjs';

useSiteAndBrowser();

const { doc } = findCell('explorable');

async function shownErrors(page) {
  const section = page.locator('attention-notebook section.errors');
  await section.waitFor({ timeout: 15000 });
  return section.locator('li').evaluateAll((lis) => lis.map((li) => ({
    where: li.querySelector('.where')?.textContent || '',
    path: li.querySelector('.path')?.textContent || '',
    place: li.querySelector('.place')?.textContent || '',
    message: li.querySelector('.message')?.textContent || '',
  })));
}

test('a document with schema errors shows each error at its line and column', async () => {
  const broken = structuredClone(doc);
  const i = broken.cells.findIndex((c) => c.type === 'explorable');
  broken.cells[i].keys[1] = [1]; // one coordinate where the query has more
  broken.cells[i].colour = 'red'; // unknown field
  const text = JSON.stringify(broken, null, 2);
  const lines = text.split('\n');
  const { page, problems, context } = await openWithNotebookText(doc.id, text);
  try {
    const errors = await shownErrors(page);
    assert.equal(errors.length, 2, JSON.stringify(errors));
    // Each error points at its place in the text: "<src>:line:column", where that line holds the culprit.
    const at = (e) => {
      const m = /^(.*):(\d+):(\d+)$/.exec(e.where);
      assert.ok(m, `where is name:line:column: ${e.where}`);
      assert.equal(m[1], `../notebooks/${doc.id}.checked.json`); // the src the page opens (openWithNotebookText)
      return lines[Number(m[2]) - 1];
    };
    const unknown = errors.find((e) => /colour/.test(e.message));
    assert.ok(unknown, 'the unknown field is named');
    assert.match(at(unknown), /"colour"/);
    const shape = errors.find((e) => e !== unknown);
    assert.match(shape.message, /\b1\b/);
    assert.match(at(shape), /^\s*\[\s*$|^\s*1\s*$/, 'the short key row');
    // Both the position and the JSON path are shown: "name:line:column · $.cells[i]...".
    assert.ok(shape.path.startsWith(`$.cells[${i}].keys`), `the JSON path: ${shape.path}`);
    assert.equal(unknown.path, `$.cells[${i}].colour`);
    for (const e of [unknown, shape]) assert.equal(e.place, `${e.where} · ${e.path}`);
    assert.equal(await page.locator('attention-notebook .explorable').count(), 0, 'nothing of the broken notebook is drawn');
    await screenshot(page, 'validation-schema');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('a document that is not JSON shows the line and column of the syntax error', async () => {
  const text = JSON.stringify(doc, null, 2).replace('"title"', '"title" "oops"');
  const { page, problems, context } = await openWithNotebookText(doc.id, text);
  try {
    const errors = await shownErrors(page);
    assert.ok(errors.length >= 1);
    const m = /:(\d+):(\d+)$/.exec(errors[0].where);
    assert.ok(m, `where has line:column: ${errors[0].where}`);
    // The engine points at the start of the offending token.
    const line = text.split('\n')[Number(m[1]) - 1];
    assert.ok(line.slice(Number(m[2]) - 1).startsWith('"oops"'), `line ${m[1]} column ${m[2]}: ${line}`);
    await screenshot(page, 'validation-syntax');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});
