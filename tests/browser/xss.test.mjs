// Author text can never become markup or script: a notebook full of HTML and script in every
// place an author writes text renders that text literally, and raw HTML in prose is refused by
// the engine's validator before anything is drawn.
import assert from 'node:assert/strict';
import {
  test, findCell, useSiteAndBrowser, openWithNotebookText,
} from './harness.mjs';

useSiteAndBrowser();

const { doc } = findCell('explorable');
const PAYLOAD = '<img src=x onerror="window.__xss=1">';

test('HTML in titles, labels, code and references is shown as text, never run', async () => {
  const hostile = structuredClone(doc);
  hostile.title = `Title ${PAYLOAD}`;
  const explorable = hostile.cells.find((c) => c.type === 'explorable');
  explorable.labels = explorable.keys.map((_, i) => `<b>${i}</b>`);
  if (explorable.goal) explorable.goal.source = explorable.labels[1]; // the goal names a label
  hostile.cells.unshift({ type: 'prose', text: `Inline code \`${PAYLOAD}\` stays code.\n\n\`\`\`\n<script>window.__xss=2</script>\n\`\`\`` });
  const refs = hostile.cells.find((c) => c.type === 'references');
  if (refs) refs.items[0].title = `Paper ${PAYLOAD}`;
  const { page, context } = await openWithNotebookText(doc.id, JSON.stringify(hostile, null, 2));
  try {
    const nb = page.locator('attention-notebook');
    await nb.locator('.explorable').first().waitFor({ timeout: 20000 });
    const found = await page.evaluate(() => {
      const root = document.querySelector('attention-notebook').shadowRoot;
      return {
        imgs: root.querySelectorAll('img').length,
        scripts: root.querySelectorAll('script').length,
        bold: root.querySelectorAll('b').length,
        text: root.textContent,
        xss: window.__xss,
      };
    });
    assert.equal(found.xss, undefined, 'no author script ran');
    assert.equal(found.imgs, 0, 'no <img> element was created from author text');
    assert.equal(found.scripts, 0);
    assert.equal(found.bold, 0, 'labels are text, not markup');
    assert.ok(found.text.includes(PAYLOAD), 'the payload is visible as literal text');
    assert.ok(found.text.includes('<script>window.__xss=2</script>'), 'code blocks show their text');
  } finally {
    await context.close();
  }
});

test('raw HTML and javascript: links in prose are refused by the validator', async () => {
  const hostile = structuredClone(doc);
  hostile.cells.unshift(
    { type: 'prose', text: `Hello ${PAYLOAD}` },
    { type: 'prose', text: '[click me](javascript:window.__xss=3)' },
  );
  const { page, context } = await openWithNotebookText(doc.id, JSON.stringify(hostile, null, 2));
  try {
    const section = page.locator('attention-notebook section.errors');
    await section.waitFor({ timeout: 20000 });
    const messages = await section.locator('li').allTextContents();
    assert.ok(messages.some((m) => /cells\[0\]|:\d+:\d+/.test(m) && /HTML/i.test(m)), messages.join('\n'));
    assert.ok(messages.some((m) => /javascript|https|link/i.test(m)), messages.join('\n'));
    assert.equal(await page.evaluate(() => window.__xss), undefined);
    assert.equal(await page.locator('attention-notebook .explorable').count(), 0);
  } finally {
    await context.close();
  }
});
