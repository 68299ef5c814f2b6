// Lesson pages as a learner opens them: the site built (scripts/build-site.mjs, into a temporary
// folder) and served by scripts/serve.mjs on a local port, each lesson page opened in a fresh
// Chromium context (empty cache) five times. Reported per page, medians:
//   first number   navigation start -> the first engine number in the element (a span.num whose
//                  title carries its exact value: only engine pairs have one; or a training lab's
//                  attention map, drawn from the engine's step-0 weights)
//   screen drawn   -> the last engine number added while the page sits unscrolled (the count then
//                  holds for a second): the first screen fully drawn
//   load           -> the load event
// Issue 18's aim: the first number within 300 ms. Watched each frame (requestAnimationFrame), so
// the times are good to a frame (~16 ms).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { createServer } from '../serve.mjs';

const RUNS = 5;

// Runs in the page before its own scripts.
function watchNumbers() {
  window.__numbers = { first: null, last: null, count: 0 };
  const tick = () => {
    const root = document.querySelector('attention-notebook')?.shadowRoot;
    // Engine numbers: pairs shown as text, and the training lab's attention maps (its first
    // screen has no number as text until a run starts; the step-0 maps are the engine's).
    const n = root ? root.querySelectorAll('span.num[title^="exact:"], svg.attention-map').length : 0;
    if (n > window.__numbers.count) {
      if (window.__numbers.first === null) window.__numbers.first = performance.now();
      window.__numbers.count = n;
      window.__numbers.last = performance.now();
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function openOnce(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(watchNumbers);
    await page.goto(url);
    await page.waitForFunction(() => {
      const w = window.__numbers;
      return w.first !== null && performance.now() - w.last > 1000;
    }, null, { timeout: 60000, polling: 100 });
    return await page.evaluate(() => ({
      first: window.__numbers.first,
      drawn: window.__numbers.last,
      numbers: window.__numbers.count,
      load: performance.getEntriesByType('navigation')[0]?.loadEventEnd ?? null,
    }));
  } finally {
    await context.close();
  }
}

export default {
  name: 'page',
  async run(ctx) {
    const { root, say } = ctx;
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'attnbook-bench-site-'));
    const built = spawnSync(process.execPath, [path.join(root, 'scripts/build-site.mjs'), '--out', out], { encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`build-site failed: ${built.stderr}`);
    const ids = fs.readdirSync(path.join(root, 'web/notebooks')).filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(fs.readFileSync(path.join(root, 'web/notebooks', f), 'utf8')).id);
    const server = createServer(out);
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${server.address().port}`;
    const browser = await chromium.launch({ executablePath: process.env.ATTNBOOK_CHROMIUM || '/usr/bin/chromium', headless: true });
    const results = [];
    try {
      for (const id of ids) {
        const runs = [];
        for (let i = 0; i < RUNS; i++) runs.push(await openOnce(browser, `${base}/${id}/`));
        const row = {
          suite: 'page-open', impl: 'attnbook', env: `chromium-${browser.version()}`, page: id, runs: RUNS,
          first_number_ms: median(runs.map((r) => r.first)),
          screen_drawn_ms: median(runs.map((r) => r.drawn)),
          load_ms: median(runs.map((r) => r.load)),
          numbers_on_first_screen: median(runs.map((r) => r.numbers)),
          load_average: os.loadavg()[0],
        };
        results.push(row);
        say(`  ${id.padEnd(32)} first number ${row.first_number_ms.toFixed(0).padStart(5)} ms | first screen drawn ${row.screen_drawn_ms.toFixed(0).padStart(5)} ms (${row.numbers_on_first_screen} numbers) | load ${row.load_ms.toFixed(0).padStart(5)} ms (median of ${RUNS}, fresh context each)`);
      }
    } finally {
      await browser.close();
      server.close();
      fs.rmSync(out, { recursive: true, force: true });
    }
    return { results, notes: [] };
  },
};
