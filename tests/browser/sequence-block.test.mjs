// The held sequence (3 x 3 weights, mask per cell, causal preset, an all-masked row said in words)
// and the transformer block (every intermediate from the engine). Numbers are checked against
// independent float64 computations written here.
import assert from 'node:assert/strict';
import { test, openPage, screenshot, useSiteAndBrowser, site, browser, notebooks } from './harness.mjs';
import { runNativeCli } from '../wasm/engine.mjs';

// The CLI's answer for the same state: the page must show exactly these doubles.
const cli = (args) => JSON.parse(runNativeCli(args).stdout);
const exacts = (rows) => rows.map((row) => row.map((p) => p.exact));

useSiteAndBrowser();
const doc = notebooks()['attention-explorable'];

// Softmax of q.k/sqrt(d) over the allowed keys of one row (plain Math.exp).
function rowShares(q, keys, allowed) {
  const s = keys.map((k) => k.reduce((a, kj, j) => a + q[j] * kj, 0) / Math.sqrt(q.length));
  const e = s.map((x, i) => (allowed[i] ? Math.exp(x) : 0));
  const z = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / z);
}

test('held sequence: 3 x 3 weights, causal preset, a fully masked row says so', async () => {
  const { page, problems, context } = await openPage(browser, site, `${doc.id}/`);
  try {
    const cell = page.locator('attention-notebook .held-sequence');
    const body = cell.locator('.sequence-results tbody');
    await body.locator('tr').nth(2).locator('td .num').first().waitFor({ timeout: 15000 });
    const read = () => body.evaluate((tb) => [...tb.querySelectorAll('tr')].map((tr) => [...tr.querySelectorAll('td')].slice(0, 3)
      .map((td) => { const el = td.querySelector('.num'); return el ? Number(el.getAttribute('title').replace('exact: ', '')) : null; })));
    const queries = [[2, 1], [1, -1], [0, 2]];
    const keys = [[-1, 2], [1, 0], [0, 1]];
    const all = await read();
    queries.forEach((q, r) => rowShares(q, keys, [true, true, true]).forEach((w, c) => assert.ok(Math.abs(all[r][c] - w) < 1e-15, `[${r}][${c}]`)));
    assert.equal(await cell.locator('.weights-grid .heat').count(), 9);
    // Laid out as a grid: each query's three cells on one line, the three lines one under another
    // (a class shared with the SVG heatmaps once made it one long row).
    const tops = await cell.locator('.weights-grid .heat').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    assert.equal(new Set(tops).size, 3, `three rows of cells, tops ${tops}`);
    [0, 3, 6].forEach((i) => assert.ok(tops[i] === tops[i + 1] && tops[i] === tops[i + 2], `row ${i / 3} on one line: ${tops}`));

    await cell.getByRole('button', { name: /Causal/ }).click();
    await page.waitForFunction(() => document.querySelector('attention-notebook').shadowRoot.querySelectorAll('.held-sequence .heat.masked').length === 3);
    const causal = await read();
    queries.forEach((q, r) => rowShares(q, keys, [0, 1, 2].map((c) => c <= r)).forEach((w, c) => {
      if (c <= r) assert.ok(Math.abs(causal[r][c] - w) < 1e-15, `causal [${r}][${c}]`);
      else assert.equal(causal[r][c], null, 'a masked cell shows no number');
    }));
    const fromCli = cli(['sequence', '--mask', '1,0,0;1,1,0;1,1,1']);
    assert.deepEqual(causal, exacts(fromCli.shares).map((row, r) => row.map((w, c) => (c <= r ? w : null))), 'the page shows the CLI\'s numbers');
    await screenshot(page, 'sequence-causal');

    // Row picker: editing row B's query changes row B only; a value edit changes every row's output.
    const outputs = () => body.evaluate((tb) => [...tb.querySelectorAll('tr')].map((tr) => tr.querySelector('td:last-child').textContent));
    const outBefore = await outputs();
    await cell.locator('.row-picker label', { hasText: 'B' }).click();
    await cell.getByLabel('Query of row B, coordinate 1,').fill('3');
    await page.waitForFunction(() => {
      const row = document.querySelector('attention-notebook').shadowRoot.querySelectorAll('.held-sequence .sequence-results tbody tr')[1];
      return row && /0\.\d/.test(row.textContent) && !row.textContent.includes('0.944');
    });
    const outRowB = await outputs();
    assert.equal(outRowB[0], outBefore[0]);
    assert.notEqual(outRowB[1], outBefore[1]);
    assert.equal(outRowB[2], outBefore[2]);
    const rowB = await read();
    rowShares([3, -1], keys, [true, true, false]).forEach((w, c) => { if (c < 2) assert.ok(Math.abs(rowB[1][c] - w) < 1e-15, `edited row B [${c}]`); });
    await cell.getByLabel('Value of A, coordinate 1,').fill('4');
    await page.waitForFunction((before) => {
      const rows = [...document.querySelector('attention-notebook').shadowRoot.querySelectorAll('.held-sequence .sequence-results tbody tr')];
      return rows.every((tr, i) => tr.querySelector('td:last-child').textContent !== before[i]);
    }, outRowB);

    await cell.getByRole('checkbox', { name: 'A may attend to A' }).uncheck();
    await cell.locator('td.none').waitFor();
    assert.match(await cell.locator('td.none').textContent(), /Every source is masked for this row: no weights and no output/);
    assert.match(await cell.locator('.heat-none').textContent(), /all masked/);
    await cell.scrollIntoViewIfNeeded();
    await screenshot(page, 'sequence-masked-row');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

function layerNorm(x, g, b) {
  const mean = x.reduce((a, v) => a + v, 0) / x.length;
  const variance = x.reduce((a, v) => a + (v - mean) ** 2, 0) / x.length;
  return x.map((v, j) => ((v - mean) / Math.sqrt(variance + 1e-5)) * g[j] + b[j]);
}

test('transformer block: LayerNorm and the output rows match a float64 computation from the printed weights', async () => {
  const { page, problems, context } = await openPage(browser, site, `${doc.id}/#${doc.id}.depth=developer`);
  try {
    const cell = page.locator('attention-notebook .transformer-block');
    await cell.locator('.block-step').nth(8).waitFor({ timeout: 15000 });
    // The first step's matrix: LN1 of the input rows.
    const input = [[1.0, -0.5, 0.25, 2.0], [0.5, 1.5, -1.0, 0.0], [-1.0, 0.5, 2.0, 1.0]];
    const ln1 = await cell.locator('.block-step').first().locator('details').evaluate((d) => [...d.querySelectorAll('tbody tr')]
      .map((tr) => [...tr.querySelectorAll('.num')].map((n) => Number(n.getAttribute('title').replace('exact: ', '')))));
    input.forEach((row, i) => layerNorm(row, [1, 1, 1, 1], [0, 0, 0, 0]).forEach((v, j) => assert.ok(Math.abs(ln1[i][j] - v) < 1e-14, `ln1[${i}][${j}]`)));
    assert.equal(await cell.locator('.block-step .formula').count(), 9);
    assert.equal(await cell.locator('.block-step .python-line').count(), 9);
    // The block's output as the page shows it equals the CLI's for the same state.
    const hOut = await cell.locator('.block-step').nth(8).locator('details').evaluate((d) => [...d.querySelectorAll('tbody tr')]
      .map((tr) => [...tr.querySelectorAll('.num')].map((n) => Number(n.getAttribute('title').replace('exact: ', '')))));
    assert.deepEqual(hOut, exacts(cli(['block', '--heads', '2']).h_out));
    await cell.locator('select').first().selectOption('4');
    await page.waitForFunction(() => document.querySelector('attention-notebook').shadowRoot.querySelectorAll('.transformer-block .head').length === 4);
    await cell.getByLabel('Causal mask').check();
    await cell.locator('.block-step').nth(1).locator('summary').click();
    await cell.scrollIntoViewIfNeeded();
    await screenshot(page, 'block');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});
