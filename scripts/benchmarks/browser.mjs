// Headless Chromium for the bench suites: the repository served at http://bench.attnbook/ through
// Playwright's request routing (no server, no port), so a page imports /build/wasm/... and
// /node_modules/... by their repository paths. A WebGPU suite passes its own Chromium flags.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

export const ORIGIN = 'http://bench.attnbook';
const TYPES = { '.html': 'text/html', '.mjs': 'text/javascript', '.js': 'text/javascript', '.wasm': 'application/wasm',
  '.json': 'application/json' };

export async function openBenchPage(root, { args = [], page: pagePath = '/scripts/benchmarks/page.html' } = {}) {
  const executablePath = process.env.ATTNBOOK_CHROMIUM || '/usr/bin/chromium';
  const browser = await chromium.launch({ executablePath, headless: true, args });
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.route(`${ORIGIN}/**`, async (route) => {
    const rel = decodeURIComponent(new URL(route.request().url()).pathname);
    const file = path.join(root, rel);
    if (!file.startsWith(root) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      return route.fulfill({ status: 404, body: `not found: ${rel}` });
    }
    return route.fulfill({ status: 200, body: fs.readFileSync(file),
      headers: { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream' } });
  });
  await page.goto(`${ORIGIN}${pagePath}`);
  await page.waitForFunction(() => window.benchReady === true, null, { timeout: 30000 }).catch(() => {
    throw new Error(`bench page did not start: ${errors.join('; ') || 'no error reported'}`);
  });
  const version = browser.version();
  return { browser, page, errors, env: `chromium-${version}` };
}
