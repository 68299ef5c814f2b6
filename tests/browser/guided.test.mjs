// Guided playback (plays, pauses, seeks by keyboard, steps under reduced motion, leaves the
// learner's explorable alone), the step-by-step study (progress in the permalink), and the help
// history (attempts with the help consulted before them, exported as JSON).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test, openPage, screenshot, waitForExplorable, explorableRows, useSiteAndBrowser, site, browser, notebooks } from './harness.mjs';

useSiteAndBrowser();
const doc = notebooks()['attention-explorable'];
const playbackCell = doc.cells.find((c) => c.type === 'playback');

test('playback: play, pause and seek by keyboard; captions carry the engine\'s numbers; the explorable is untouched', async () => {
  const { page, problems, context } = await openPage(browser, site, `${doc.id}/`);
  try {
    await waitForExplorable(page, 3);
    const before = await explorableRows(page);
    const cell = page.locator('attention-notebook .playback');
    const play = cell.getByRole('button', { name: 'Play' });
    await play.waitFor();
    await page.waitForFunction(() => !document.querySelector('attention-notebook').shadowRoot.querySelector('.playback button').disabled);
    const caption = cell.locator('.playback-caption');
    assert.match(await caption.textContent(), /^Match\. The query q = \[2, 1\]/);
    await play.click();
    await page.waitForTimeout(1200);
    await cell.getByRole('button', { name: 'Pause' }).click();
    const t1 = Number(await cell.locator('input[type="range"]').inputValue());
    assert.ok(t1 > 0.5 && t1 < (playbackCell.duration ?? 30), `played for a while: ${t1}`);
    await page.waitForTimeout(400);
    assert.equal(Number(await cell.locator('input[type="range"]').inputValue()), t1, 'paused means paused');
    // Seek by keyboard: End jumps to the last caption.
    await cell.locator('input[type="range"]').focus();
    await page.keyboard.press('End');
    assert.match(await caption.textContent(), /output o = \[-0\.004, 0\.868\]/);
    assert.equal(await cell.locator('.carry').count(), 3);
    await page.keyboard.press('Home');
    await page.keyboard.press('PageUp');
    await cell.scrollIntoViewIfNeeded();
    await screenshot(page, 'playback');
    assert.deepEqual(await explorableRows(page), before, 'the learner\'s explorable is unchanged');
    assert.doesNotMatch(await page.evaluate(() => location.hash), /explore/);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('playback under reduced motion: the picture steps with the captions', async () => {
  const { page, problems, context } = await openPage(browser, site, null);
  try {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${site.url}${doc.id}/`);
    const cell = page.locator('attention-notebook .playback');
    await page.waitForFunction(() => !document.querySelector('attention-notebook').shadowRoot.querySelector('.playback button')?.disabled);
    const seek = cell.locator('input[type="range"]');
    // 2 s into the first caption: the match is already drawn in full (the projections reach the keys).
    await seek.evaluate((el) => { el.value = '2'; el.dispatchEvent(new Event('input', { bubbles: true })); });
    assert.equal(await cell.locator('.reach').count(), 3, 'finished match frame');
    assert.equal(await cell.locator('.carry').count(), 0, 'no mix yet');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('study: Step 1 of 4, checks graded by the engine, progress kept in the permalink', async () => {
  const { page, problems, context } = await openPage(browser, site, `${doc.id}/`);
  try {
    const cell = page.locator('attention-notebook .study');
    const counter = cell.locator('.study-counter');
    await counter.waitFor();
    assert.match(await counter.textContent(), /^Step 1 of 4 · The vectors and their shapes/);
    await cell.getByRole('button', { name: 'Next' }).click();
    assert.match(await counter.textContent(), /^Step 2 of 4 · Match/);
    const step = cell.locator('.study-step:not([hidden])');
    await step.locator('input[type="text"]').fill('1.414');
    await step.getByRole('button', { name: 'Check' }).click();
    await step.locator('.feedback.correct').waitFor();
    await page.waitForFunction(() => decodeURIComponent(location.hash).includes('step.study=2'));
    const hash = await page.evaluate(() => location.hash);
    const again = await context.newPage();
    await again.goto(`${site.url}${doc.id}/${hash}`);
    await again.locator('attention-notebook .study .study-counter').waitFor();
    assert.match(await again.locator('attention-notebook .study .study-counter').textContent(), /^Step 2 of 4/);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('help history: each attempt with its feedback and the help before it, exported as JSON', async () => {
  const { page, problems, context } = await openPage(browser, site, `${doc.id}/#${doc.id}.depth=developer`);
  try {
    const share = page.locator('attention-notebook section[data-cell-id="share-c"]');
    await share.locator('summary', { hasText: 'Hint' }).click();
    await share.locator('input[type="text"]').fill('0.3');
    await share.getByRole('button', { name: 'Check' }).click();
    await share.locator('.feedback.incorrect').waitFor();
    await share.locator('summary', { hasText: 'Worked step' }).click();
    await page.locator('attention-notebook .explorable summary', { hasText: 'Exact numbers' }).click();
    await share.locator('input[type="text"]').fill('0.284');
    await share.getByRole('button', { name: 'Check' }).click();
    await share.locator('.feedback.correct').waitFor();
    const history = page.locator('attention-notebook .help-history');
    await history.locator('.help-list li').nth(1).waitFor();
    const items = await history.locator('.help-list li').allTextContents();
    assert.match(items[0], /attempt 1: 0\.3 — not yet.*too high.*Help opened before it: hint\./);
    assert.match(items[1], /attempt 2: 0\.284 — correct.*Help opened before it: worked step, numbers panel\./);
    assert.doesNotMatch(items.join(' '), /score|%|points/i);
    const [download] = await Promise.all([page.waitForEvent('download'), history.getByRole('button', { name: 'Export as JSON' }).click()]);
    const exported = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
    assert.equal(exported.format, 'attnbook-help-history/1');
    assert.deepEqual(exported.attempts.map((a) => [a.response, a.correct, a.help]), [['0.3', false, ['hint']], ['0.284', true, ['worked step', 'numbers panel']]]);
    await history.scrollIntoViewIfNeeded();
    await screenshot(page, 'practice-history');
    await page.reload();
    await page.locator('attention-notebook .help-history .note').first().waitFor();
    assert.equal(await page.locator('attention-notebook .help-history .help-list li').count(), 0, 'a reload clears it');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});
