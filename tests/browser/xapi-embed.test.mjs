// embed.html's xAPI-shaped messages: {type: 'attnbook:xapi', id, statement} for the notebook
// opened, cells seen, practice answered (right or wrong, never what was typed) and the notebook
// completed, each statement checked against what the learner did.
import assert from 'node:assert/strict';
import { test, openPage, routeTestFiles, notebooks, useSiteAndBrowser, site, browser, answerText } from './harness.mjs';

useSiteAndBrowser();
const ID = 'attention-explorable';
const doc = notebooks()[ID];
const NB = `urn:attnbook:notebook:${ID}`;
const VERB = (v) => `http://adlnet.gov/expapi/verbs/${v}`;

test('embed.html posts experienced, answered and completed statements, without the typed answers', async () => {
  const { page, problems, context } = await openPage(browser, site, null);
  try {
    const base = await routeTestFiles(context, site, {
      'xapi.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>parent</title>
<script src="xapi-recorder.js"></script></head><body>
<iframe id="nb" title="notebook" src="../embed.html?notebook=${ID}" width="900" height="700" frameborder="0"></iframe>
</body></html>`,
      'xapi-recorder.js': `window.__statements = [];
addEventListener('message', (e) => {
  if (e.source === document.getElementById('nb')?.contentWindow && e.data?.type === 'attnbook:xapi') window.__statements.push(e.data);
});`,
    });
    await page.goto(`${base}xapi.html`);
    const frame = page.frameLocator('#nb');
    await frame.locator('attention-notebook .practice').first().waitFor({ timeout: 20000 });
    const statements = async () => (await page.evaluate(() => window.__statements)).map((m) => {
      assert.equal(m.id, ID);
      return m.statement;
    });
    await page.waitForFunction(() => window.__statements.some((m) => m.statement.object.id.includes(':cell:')));
    let all = await statements();
    assert.equal(all[0].verb.id, VERB('experienced'));
    assert.equal(all[0].object.id, NB);
    assert.equal(all[0].object.definition.name.en, doc.title);
    const firstCell = all.find((s) => s.object.id === `${NB}:cell:${doc.cells[0].id}`);
    assert.ok(firstCell, 'the first cell, on screen, is experienced');
    assert.deepEqual(firstCell.context.contextActivities.parent, [{ objectType: 'Activity', id: NB }]);

    // A wrong typed answer, the right one, then the choice and any other practice: each answered, then completed once.
    const byId = (id) => doc.cells.find((c) => c.id === id);
    const others = doc.cells.filter((c) => c.type === 'practice' && c.id !== 'share-c' && c.id !== 'push-b');
    const number = frame.locator('attention-notebook section[data-cell-id="share-c"]');
    await number.scrollIntoViewIfNeeded();
    for (const text of ['0.913', answerText(byId('share-c').answer)]) {
      await number.locator('input[type=text]').fill(text);
      await number.getByRole('button', { name: 'Check' }).click();
      await page.waitForFunction((n) => window.__statements.filter((m) => m.statement.verb.display.en === 'answered').length === n,
        text === '0.913' ? 1 : 2);
    }
    const choice = frame.locator('attention-notebook section[data-cell-id="push-b"]');
    await choice.scrollIntoViewIfNeeded();
    await choice.locator('input[type=radio]').nth(byId('push-b').answer.correct).check();
    await choice.getByRole('button', { name: 'Check' }).click();
    for (const [k, cell] of others.entries()) {
      assert.equal(cell.answer.kind, 'number', `${cell.id}: this test types numbers only`);
      const box = frame.locator(`attention-notebook section[data-cell-id="${cell.id}"]`);
      await box.scrollIntoViewIfNeeded();
      await box.locator('input[type=text]').fill(answerText(cell.answer));
      await box.getByRole('button', { name: 'Check' }).click();
      await page.waitForFunction((n) => window.__statements.filter((m) => m.statement.verb.display.en === 'answered').length === n, 4 + k);
    }
    await page.waitForFunction(() => window.__statements.some((m) => m.statement.verb.display.en === 'completed'));
    all = await statements();
    const answered = all.filter((s) => s.verb.id === VERB('answered'));
    assert.deepEqual(answered.map((s) => [s.object.id, s.result]), [
      [`${NB}:cell:share-c`, { success: false }],
      [`${NB}:cell:share-c`, { success: true }],
      [`${NB}:cell:push-b`, { success: true }],
      ...others.map((c) => [`${NB}:cell:${c.id}`, { success: true }]),
    ]);
    assert.deepEqual(answered.map((s) => s.object.definition.interactionType), ['numeric', 'numeric', 'choice', ...others.map(() => 'numeric')]);
    const completed = all.filter((s) => s.verb.id === VERB('completed'));
    assert.equal(completed.length, 1);
    assert.deepEqual(completed[0].object.id, NB);
    assert.deepEqual(completed[0].result, { completion: true, score: { scaled: 1 } });
    // Each cell is experienced at most once, and nothing typed is in any statement.
    const seen = all.filter((s) => s.verb.id === VERB('experienced')).map((s) => s.object.id);
    assert.equal(new Set(seen).size, seen.length);
    assert.ok(!JSON.stringify(all).includes('0.913'));
    assert.ok(all.every((s) => !('actor' in s) && /^\d{4}-\d\d-\d\dT/.test(s.timestamp)));
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});
