// Accessibility, measured with axe-core: every page of the site, each notebook at each of its
// depths, the embed view and the course example, in the light and the dark colour scheme. axe
// walks the element's open shadow root; any violation of impact "serious" or "critical" fails.
//
// Under the pages' strict CSP an injected <script> is blocked as inline script, so axe's source
// is evaluated through the DevTools protocol (page.evaluate of the text), which the CSP does not
// govern, in every frame of the page.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import {
  test, openPage, notebooks, useSiteAndBrowser, site, browser, waitForDepth,
} from './harness.mjs';

useSiteAndBrowser();

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const SCHEMES = ['light', 'dark'];
const BLOCKING = new Set(['serious', 'critical']);

/** Waits until every notebook on the page (and in its frames) has drawn and its numbers settled. */
async function settle(page) {
  for (const frame of page.frames()) {
    await frame.waitForFunction(() => {
      const els = [...document.querySelectorAll('attention-notebook')];
      return els.every((el) => {
        const root = el.shadowRoot;
        if (!root || !el.notebook) return Boolean(root?.querySelector('.errors'));
        const busy = [...root.querySelectorAll('.progress:not([hidden]), .summary')]
          .filter((n) => n.offsetParent !== null && (n.classList.contains('progress') || /Computing/.test(n.textContent)));
        const disabled = [...root.querySelectorAll('select:disabled, button:disabled')].filter((n) => n.offsetParent !== null);
        return busy.length === 0 && disabled.length === 0;
      });
    }, null, { timeout: 20000 });
  }
  await page.waitForTimeout(200);
}

/** Runs axe on the page (all frames, open shadow roots included); returns its results. */
async function runAxe(page) {
  for (const frame of page.frames()) {
    await frame.evaluate(`window.axe || (function () { ${AXE_SOURCE}\n }).call(window);`);
  }
  const results = await page.evaluate(() => window.axe.run(document, {
    iframes: true,
    resultTypes: ['violations'],
  }).then((r) => ({
    engine: r.testEngine && r.testEngine.name,
    passes: r.passes.length,
    untestedFrames: r.incomplete.some((rule) => rule.id === 'frame-tested'),
    shadowNodes: [...r.passes, ...r.violations, ...r.incomplete]
      .some((rule) => rule.nodes.some((n) => Array.isArray(n.target[0]) || n.target.length > 1)),
    violations: r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ impact: n.impact, target: JSON.stringify(n.target), summary: n.failureSummary })),
    })),
  })));
  // axe really ran (in every frame): it names itself and has checked rules that pass.
  assert.equal(results.engine, 'axe-core');
  assert.ok(!results.untestedFrames, 'axe could not test a frame of the page');
  assert.ok(results.passes > 10, `axe ran only ${results.passes} passing rules`);
  return results;
}

function describe(where, violations) {
  return violations.map((v) => `${where}: ${v.id} (${v.impact}) ${v.help}\n` +
    v.nodes.map((n) => `    ${n.impact} ${n.target}\n      ${String(n.summary).replace(/\n/g, '\n      ')}`).join('\n')).join('\n');
}

const blocking = (violations) => violations
  .map((v) => ({ ...v, nodes: v.nodes.filter((n) => BLOCKING.has(n.impact || v.impact)) }))
  .filter((v) => v.nodes.length > 0);

async function check(pathname, colorScheme, steps = [{ name: '', run: async () => {} }]) {
  const { page, problems, context } = await openPage(browser, site, pathname, { colorScheme });
  try {
    const found = [];
    let sawShadow = false;
    for (const step of steps) {
      await step.run(page);
      await settle(page);
      const r = await runAxe(page);
      sawShadow ||= r.shadowNodes;
      const bad = blocking(r.violations);
      if (process.env.ATTNBOOK_AXE_LOG) {
        for (const v of r.violations) console.log(`[axe] ${pathname} ${colorScheme} ${step.name} ${v.id} ${v.impact} x${v.nodes.length} ${v.nodes.map((n) => n.target).join(" ")}`);
      }
      if (bad.length) found.push(describe(`${pathname} (${colorScheme}${step.name ? `, ${step.name}` : ''})`, bad));
    }
    assert.equal(found.length, 0, `axe found serious or critical violations:\n${found.join('\n')}`);
    return { sawShadow, problems: await problems() };
  } finally {
    await context.close();
  }
}

const docs = Object.values(notebooks());

for (const colorScheme of SCHEMES) {
  test(`index page has no serious accessibility violations (${colorScheme})`, async () => {
    const { problems } = await check('', colorScheme);
    assert.deepEqual(problems, []);
  });

  for (const doc of docs) {
    test(`${doc.id} at every depth has no serious accessibility violations (${colorScheme})`, async () => {
      const depthSteps = doc.depths.map((depth, i) => ({
        name: depth,
        run: async (page) => {
          await page.locator('attention-notebook fieldset.depth').waitFor({ timeout: 15000 });
          if (i === 0) return;
          await page.locator(`attention-notebook fieldset.depth input[value="${depth}"]`).check();
          await waitForDepth(page, depth);
        },
      }));
      // Then at the last depth with everything the reader can open opened: disclosures, the
      // feedback of each practice question (a wrong answer, then for choices the other options).
      const opened = {
        name: `${doc.depths.at(-1)}, disclosures open and answers checked`,
        run: async (page) => {
          const nb = page.locator('attention-notebook');
          await nb.evaluate((el) => el.shadowRoot.querySelectorAll('details').forEach((d) => { d.open = true; }));
          const practices = nb.locator('.practice');
          for (let i = 0; i < await practices.count(); i++) {
            const p = practices.nth(i);
            if (!(await p.isVisible())) continue;
            const text = p.locator('input[type=text]');
            if (await text.count()) await text.fill('1');
            else await p.locator('input[type=radio]').first().check();
            await p.getByRole('button', { name: 'Check' }).click();
            await p.locator('.feedback:not([hidden])').waitFor();
          }
          const box = nb.locator('.explorable input[type=checkbox]').first();
          if (await box.count() && await box.isVisible()) await box.uncheck();
          await page.waitForTimeout(300);
        },
      };
      const { sawShadow, problems } = await check(`${doc.id}/`, colorScheme, [...depthSteps, opened]);
      assert.ok(sawShadow, 'axe looked inside the element\'s shadow root');
      assert.deepEqual(problems, []);
    });

    test(`embed.html?notebook=${doc.id} has no serious accessibility violations (${colorScheme})`, async () => {
      const { sawShadow, problems } = await check(`embed.html?notebook=${doc.id}`, colorScheme);
      assert.ok(sawShadow, 'axe looked inside the element\'s shadow root');
      assert.deepEqual(problems, []);
    });
  }

  test(`the author page, with and without problems listed, has no serious accessibility violations (${colorScheme})`, async () => {
    const { sawShadow, problems } = await check('author.html', colorScheme, [
      { name: 'template', run: async (page) => page.locator('attention-notebook .cell').first().waitFor({ timeout: 20000 }) },
      {
        name: 'two problems, phone width, dark preview',
        run: async (page) => {
          await page.evaluate(() => {
            const editor = document.getElementById('editor').attnbookEditor;
            editor.setText(editor.getText().replace('"1.0.0"', '"1.0"').replace('"id": "my-notebook"', '"id": "My Notebook"'));
          });
          await page.locator('#problems li').nth(1).waitFor({ timeout: 20000 });
          await page.check('#preview-narrow');
          await page.selectOption('#preview-theme', 'dark');
        },
      },
    ]);
    assert.ok(sawShadow, 'axe looked inside the shadow roots');
    assert.deepEqual(problems, []);
  });

  test(`the course example page has no serious accessibility violations (${colorScheme})`, async () => {
    const { problems } = await check('examples/course-page.html', colorScheme, [{
      name: '',
      run: async (page) => {
        // The iframe loads lazily: bring it into view and wait for its notebook.
        await page.locator('iframe.attnbook').scrollIntoViewIfNeeded();
        const frame = page.frameLocator('iframe.attnbook');
        await frame.locator('attention-notebook fieldset.depth').waitFor({ timeout: 15000 });
      },
    }]);
    assert.deepEqual(problems, []);
  });
}

test('axe reports a violation it is shown (the check can fail)', async () => {
  // A page of the site with an unlabelled field and low-contrast text added: axe must object.
  const { page, context } = await openPage(browser, site, '');
  try {
    await page.evaluate(() => {
      const p = document.createElement('p');
      p.textContent = 'faint';
      p.style.color = '#eeeeee';
      p.style.background = '#ffffff';
      document.querySelector('main').append(p, document.createElement('input'));
    });
    const r = await runAxe(page);
    const ids = blocking(r.violations).map((v) => v.id);
    assert.ok(ids.includes('color-contrast'), `axe found ${ids.join(', ')}`);
    assert.ok(ids.includes('label'), `axe found ${ids.join(', ')}`);
  } finally {
    await context.close();
  }
});
