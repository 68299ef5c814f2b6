// The lesson page's "Open in Jupyter": the download is the built .ipynb for the depth being read
// (it follows the depth switch), and with "with my settings" ticked the export module writes one
// at the reader's settings (the permalink's) in the page, under the strict CSP, offline.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test, openPage, useSiteAndBrowser, site, browser } from './harness.mjs';

useSiteAndBrowser();
const ID = 'scaled-dot-product-attention';

async function download(page) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click('#jupyter-link')]);
  return { name: file.suggestedFilename(), ipynb: JSON.parse(fs.readFileSync(await file.path(), 'utf8')) };
}

const codeOf = (ipynb, id) => ipynb.cells.find((c) => c.id === id)?.source.join('');

test('Open in Jupyter downloads the notebook at the depth being read', async () => {
  const { page, problems, context } = await openPage(browser, site, `${ID}/index.html#${ID}.depth=beginner`);
  try {
    await page.locator('attention-notebook .cells > section:not([hidden])').first().waitFor({ timeout: 15000 });
    const beginner = await download(page);
    assert.equal(beginner.name, `${ID}-beginner.ipynb`);
    assert.equal(beginner.ipynb.nbformat, 4);
    assert.equal(beginner.ipynb.metadata.kernelspec.name, 'python3');
    assert.equal(beginner.ipynb.metadata.attnbook.depth, 'beginner');
    assert.ok(codeOf(beginner.ipynb, 'knob_code'), 'the beginner pipeline is a code cell');

    await page.evaluate(() => { document.querySelector('attention-notebook').depth = 'developer'; });
    await page.waitForFunction((id) => document.getElementById('jupyter-link').getAttribute('href') === `${id}-developer.ipynb`, ID);
    const developer = await download(page);
    assert.equal(developer.name, `${ID}-developer.ipynb`);
    assert.equal(developer.ipynb.metadata.attnbook.depth, 'developer');
    assert.match(codeOf(developer.ipynb, 'scaling_code'), /rng = np\.random\.default_rng\(0\)/);
    assert.equal(codeOf(developer.ipynb, 'knob_code'), undefined, 'the beginner cell is not at this depth');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('with my settings: the page exports the reader\'s settings through the export module', async () => {
  const hash = `#${ID}.depth=researcher&${ID}.tile.online-softmax=3&${ID}.tok.cost-calculator=2048`;
  const { page, problems, context } = await openPage(browser, site, `${ID}/index.html${hash}`);
  try {
    await page.locator('attention-notebook .cells > section:not([hidden])').first().waitFor({ timeout: 15000 });
    await page.check('#jupyter-state');
    const mine = await download(page);
    assert.equal(mine.name, `${ID}-researcher.ipynb`);
    assert.equal(mine.ipynb.nbformat, 4);
    assert.match(mine.ipynb.metadata.attnbook.state, /tile\.online-softmax=3/);
    assert.match(codeOf(mine.ipynb, 'online-softmax_code'), /^tile = 3 /m);
    assert.match(codeOf(mine.ipynb, 'cost-calculator_code'), /^tokens = 2048$/m);
    assert.match(mine.ipynb.cells[0].source.join(''), new RegExp(`\\[the lesson page\\]\\(${site.url.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`));
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});
