// The explorable on a served notebook page: the engine's numbers, the keyboard, the permalink,
// and two elements on one page keeping to themselves.
import assert from 'node:assert/strict';
import {
  test, openPage, screenshot, findCell, expectedShares, shown3, explorableRows, waitForExplorable, routeTestFiles, useSiteAndBrowser, site, browser,
  notebooks as notebooksById,
} from './harness.mjs';

useSiteAndBrowser();
const { doc, cell } = findCell('explorable');
const n = cell.keys.length;

// Tolerance 0: the engine computes the row with ordered double arithmetic and det_exp (fdlibm,
// the algorithm of V8's Math.exp), and expectedShares() does the same operations in the same
// order, so the doubles must be identical, not merely close.
function assertSharesFor(rows, query) {
  const want = expectedShares({ ...cell, query });
  assert.equal(rows.length, n);
  rows.forEach((row, i) => {
    assert.equal(row.share.exact, want[i], `share of ${row.label}: engine ${row.share.exact}, formula ${want[i]}`);
    assert.equal(row.share.shown, shown3(want[i]), `shown share of ${row.label}`);
  });
}

test('a notebook page shows the engine\'s shares for the source example', async () => {
  const { page, problems, context } = await openPage(browser, site, `${doc.id}/`);
  try {
    await waitForExplorable(page, n);
    const rows = await explorableRows(page);
    assertSharesFor(rows, cell.query);
    if (JSON.stringify(cell.query) === '[2,1]' && JSON.stringify(cell.keys) === '[[-1,2],[1,0],[0,1]]') {
      // The numbers of the lesson's source example, as printed in the lesson.
      assert.deepEqual(rows.map((r) => r.share.shown), ['0.14', '0.576', '0.284']);
    }
    await screenshot(page, 'explorable-page');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('arrow keys move the query and the engine recomputes the shares', async () => {
  const { page, problems, context } = await openPage(browser, site, `${doc.id}/`);
  try {
    await waitForExplorable(page, n);
    const before = await explorableRows(page);
    const plane = page.locator('attention-notebook .explorable svg[role="application"]').first();
    await plane.focus();
    await plane.press('ArrowRight');
    await plane.press('ArrowRight');
    await plane.press('ArrowUp');
    // The element rounds each step to tenths: q + (0.2, 0.1).
    const q = [Math.round(cell.query[0] * 10 + 2) / 10, Math.round(cell.query[1] * 10 + 1) / 10];
    const want = expectedShares({ ...cell, query: q });
    await page.waitForFunction(
      ([w]) => {
        const root = document.querySelector('attention-notebook').shadowRoot;
        const cells = [...root.querySelectorAll('.explorable tbody tr td:nth-of-type(3) .num')];
        return cells.length === w.length && cells.every((c, i) => c.getAttribute('title') === `exact: ${w[i]}`);
      },
      [want],
      { timeout: 10000 },
    );
    const rows = await explorableRows(page);
    assertSharesFor(rows, q);
    assert.notDeepEqual(rows.map((r) => r.share.exact), before.map((r) => r.share.exact));
    const inputs = await page.locator('attention-notebook .explorable input[type="number"]').evaluateAll((els) => els.map((e) => Number(e.value)));
    assert.deepEqual(inputs.slice(0, 2), q);
    await screenshot(page, 'explorable-after-keys');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('a permalink hash restores the query', async () => {
  assert.ok(cell.id, 'the explorable cell needs an id for its permalink');
  const q = [-0.5, 1.5];
  const hash = `#${doc.id}.q.${cell.id}=${q.join(',')}`;
  const { page, problems, context } = await openPage(browser, site, `${doc.id}/${hash}`);
  try {
    await waitForExplorable(page, n);
    await page.waitForFunction(() => document.querySelector('attention-notebook').shadowRoot
      .querySelector('.explorable input[type="number"]')?.value === '-0.5');
    const inputs = await page.locator('attention-notebook .explorable input[type="number"]').evaluateAll((els) => els.map((e) => Number(e.value)));
    assert.deepEqual(inputs.slice(0, 2), q);
    await page.waitForFunction(([w]) => document.querySelector('attention-notebook').shadowRoot
      .querySelector('.explorable tbody tr td:nth-of-type(3) .num')?.getAttribute('title') === `exact: ${w}`,
    [expectedShares({ ...cell, query: q })[0]], { timeout: 10000 });
    assertSharesFor(await explorableRows(page), q);

    // Moving the query writes the new state back into the hash.
    const plane = page.locator('attention-notebook .explorable svg[role="application"]').first();
    await plane.focus();
    await plane.press('ArrowLeft');
    await page.waitForFunction((key) => decodeURIComponent(location.hash).includes(key), `${doc.id}.q.${cell.id}=-0.6,1.5`);
    await screenshot(page, 'explorable-permalink');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('two elements on one page do not interfere', async () => {
  const { page, problems, context } = await openPage(browser, site, null);
  try {
    const base = await routeTestFiles(context, site, {
      'two.html': `<!doctype html><html><head><meta charset="utf-8"><title>two</title>
<script type="module" src="../attention-notebook.js"></script></head><body>
<attention-notebook id="first" src="../notebooks/${doc.id}.json"></attention-notebook>
<attention-notebook id="second" src="../notebooks/${doc.id}.json"></attention-notebook>
</body></html>`,
    });
    await page.goto(`${base}two.html`);
    await waitForExplorable(page, n, 0);
    await waitForExplorable(page, n, 1);
    const first0 = await explorableRows(page, 0);
    const second0 = await explorableRows(page, 1);
    assert.deepEqual(first0, second0);

    const plane = page.locator('#first .explorable svg[role="application"]').first();
    await plane.focus();
    for (let i = 0; i < 5; i++) await plane.press('ArrowDown');
    const q = [cell.query[0], Math.round(cell.query[1] * 10 - 5) / 10];
    await page.waitForFunction(([w]) => document.querySelector('#first').shadowRoot
      .querySelector('.explorable tbody tr td:nth-of-type(3) .num')?.getAttribute('title') === `exact: ${w}`,
    [expectedShares({ ...cell, query: q })[0]], { timeout: 10000 });
    assertSharesFor(await explorableRows(page, 0), q);
    // The second element still shows its own, untouched state.
    assert.deepEqual(await explorableRows(page, 1), second0);
    const secondInputs = await page.locator('#second .explorable input[type="number"]').evaluateAll((els) => els.map((e) => Number(e.value)));
    assert.deepEqual(secondInputs.slice(0, 2), cell.query);
    await screenshot(page, 'explorable-two-instances');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('a practice answer is parsed by the engine: a fraction such as 284/1000 counts', async () => {
  // The "read a share" practice of attention-explorable: C's share, to three decimals.
  const nb = notebooksById()['attention-explorable'];
  const practice = nb.cells.find((c) => c.id === 'share-c');
  assert.equal(practice.answer.kind, 'number');
  // Either an explicit tolerance or "decimals": half a unit of the last place.
  const tolerance = practice.answer.tolerance ?? 0.5 * 10 ** -practice.answer.decimals;
  assert.ok(Math.abs(284 / 1000 - practice.answer.value) <= tolerance);
  const { page, problems, context } = await openPage(browser, site, `${nb.id}/`);
  try {
    await page.evaluate(() => {
      window.__practice = [];
      document.addEventListener('practice', (e) => window.__practice.push(e.detail));
    });
    const section = page.locator(`attention-notebook section[data-cell-id="${practice.id}"]`);
    const input = section.locator('input[type="text"]');
    await input.waitFor({ timeout: 15000 });
    // Something the engine cannot read is answered by the engine's own feedback.
    await input.fill('abc');
    await section.locator('button', { hasText: 'Check' }).click();
    await section.locator('.feedback.incorrect').waitFor({ timeout: 15000 });
    assert.match(await section.locator('.feedback').textContent(), /not a number/);
    await input.fill(' 284/1000 ');
    await section.locator('button', { hasText: 'Check' }).click();
    await section.locator('.feedback.correct').waitFor({ timeout: 15000 });
    assert.match(await section.locator('.feedback').textContent(), /Correct/);
    assert.deepEqual(await page.evaluate(() => window.__practice), [
      { cellId: practice.id, correct: false },
      { cellId: practice.id, correct: true },
    ]);
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});

test('choosing sparsemax gives a source an exact 0 share; the page\'s numbers are the CLI\'s', async () => {
  const { runNativeCli } = await import('../wasm/engine.mjs');
  const { page, problems, context } = await openPage(browser, site, `${doc.id}/`);
  try {
    await waitForExplorable(page, n);
    const select = page.getByLabel('Shares by');
    assert.deepEqual(await select.locator('option').allTextContents(), ['softmax', 'sparsemax', 'entmax15', 'softmax1']);
    assert.equal(await select.inputValue(), 'softmax');
    await select.selectOption('sparsemax');
    const fmt = (rows) => rows.map((r) => r.join(',')).join(';');
    const cli = JSON.parse(runNativeCli(['explore', '--query', cell.query.join(','), '--keys', fmt(cell.keys),
      '--values', fmt(cell.values), '--divisor', cell.divisor || 'sqrt', '--normalizer', 'sparsemax']).stdout);
    await page.waitForFunction(([w]) => {
      const root = document.querySelector('attention-notebook').shadowRoot;
      const cells = [...root.querySelectorAll('.explorable tbody tr td:nth-of-type(3) .num')];
      return cells.length === w.length && cells.every((c, i) => c.getAttribute('title') === `exact: ${w[i]}`);
    }, [cli.shares.map((x) => x.exact)], { timeout: 10000 });
    const rows = await explorableRows(page);
    rows.forEach((row, i) => {
      for (const k of ['dot', 'score', 'share']) assert.deepEqual(row[k], { shown: cli[`${k}s`][i].shown, exact: cli[`${k}s`][i].exact }, `${k} of ${row.label}`);
    });
    // Sparsemax by its sort-based definition, in float64 here: the support is the largest k with
    // 1 + k z_(k) > sum of the top k; tau = (that sum - 1) / k; share = max(s - tau, 0).
    const d = cell.query.length;
    const scores = cell.keys.map((k) => k.reduce((a, kj, j) => a + cell.query[j] * kj, 0) / Math.sqrt(d));
    const z = [...scores].sort((a, b) => b - a);
    let k = 0, sum = 0, top = 0;
    z.forEach((x, i) => { sum += x; if (1 + (i + 1) * x > sum) { k = i + 1; top = sum; } });
    const want = scores.map((s) => Math.max(s - (top - 1) / k, 0));
    const zero = want.findIndex((w) => w === 0);
    assert.ok(zero >= 0, 'the example needs a source sparsemax gives exactly 0');
    assert.equal(rows[zero].share.exact, 0);
    rows.forEach((row, i) => assert.ok(Math.abs(row.share.exact - want[i]) < 1e-15, `share of ${row.label}`));
    const summary = await page.locator('attention-notebook .explorable .summary').textContent();
    assert.match(summary, new RegExp(`${cell.labels[zero]} gets exactly 0 \\(sparsemax\\)`));
    assert.doesNotMatch(summary, /masked/);
    await page.waitForFunction((key) => decodeURIComponent(location.hash).includes(key), `${doc.id}.norm.${cell.id}=sparsemax`);
    await screenshot(page, 'explorable-sparsemax');
    assert.deepEqual(await problems(), []);
  } finally {
    await context.close();
  }
});
