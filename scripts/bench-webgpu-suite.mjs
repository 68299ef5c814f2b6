// The WebGPU rows of the benchmark: attnbook's WGSL flash kernel (attnbook-webgpu) against
// tfjs-backend-webgpu (tfjs-webgpu), attention forward, one head, in headless Chromium with
// --enable-unsafe-webgpu (SwiftShader where the machine has no GPU: CPU-speed numbers).
//
//   import { runWebgpuSuite } from './scripts/bench-webgpu-suite.mjs';
//   const rows = await runWebgpuSuite({ sizes: [256, 1024], d: 64, repeats: 5 });
//   // rows: [{ suite: 'attention-forward', impl, env, T, d, ms, gflops }, ...]
//
// Pass { browser } to use a playwright-core Chromium already launched with WEBGPU_FLAGS;
// otherwise one is launched and closed here. The page and the bundled bench-webgpu-page.js are
// served by a playwright route on an https origin (WebGPU needs a secure context): no server. Each implementation's output is checked against
// float64 on two rows before it is timed. `ms` is the median of `repeats` runs after one warm-up:
// attnbook, dispatch to completion (uploads, compilation and the read back excluded); tfjs, the
// call until data() resolves (its T x d read back included, as a tfjs user sees it).
// FLOPs: 4 T^2 d.  Alone: node scripts/bench-webgpu-suite.mjs [--sizes 256,1024] [--d 64] [--repeats 5]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { chromium } from 'playwright-core';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..');
export const WEBGPU_FLAGS = ['--enable-unsafe-webgpu', '--enable-features=Vulkan', '--use-angle=swiftshader', '--use-webgpu-adapter=swiftshader'];

async function pageBundle() {
  const result = await esbuild.build({
    entryPoints: [path.join(HERE, 'bench-webgpu-page.js')], bundle: true, format: 'iife', write: false, minify: true,
    loader: { '.wgsl': 'text' }, absWorkingDir: ROOT, logLevel: 'error', target: ['es2022'],
  });
  return result.outputFiles[0].text;
}

export async function runWebgpuSuite({ browser, sizes = [256, 1024, 2048, 4096], d = 64, repeats = 5, impls, timeoutMs = 30 * 60 * 1000 } = {}) {
  const own = !browser;
  const b = browser || await chromium.launch({
    executablePath: process.env.ATTNBOOK_CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox', ...WEBGPU_FLAGS],
  });
  try {
    const page = await b.newPage();
    // WebGPU needs a secure context: the page is served, by the route below, from an https origin
    // that never reaches the network.
    const script = await pageBundle();
    await page.route('https://bench.attnbook.invalid/**', (route) => {
      const js = route.request().url().endsWith('.js');
      route.fulfill({ status: 200, contentType: js ? 'text/javascript' : 'text/html',
        body: js ? script : '<!doctype html><title>webgpu bench</title><script src="bench.js"></script>' });
    });
    await page.goto('https://bench.attnbook.invalid/');
    page.setDefaultTimeout(timeoutMs);
    const rows = await page.evaluate((o) => window.runWebgpuBench(o), { sizes, d, repeats, ...(impls ? { impls } : {}) });
    await page.close();
    return rows;
  } finally {
    if (own) await b.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const opt = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : fallback;
  };
  const rows = await runWebgpuSuite({
    sizes: opt('sizes', '256,512').split(',').map(Number), d: Number(opt('d', 64)), repeats: Number(opt('repeats', 3)),
  });
  console.log(['impl'.padEnd(16), 'T'.padStart(6), 'ms'.padStart(10), 'GFLOP/s'.padStart(9), ' env'].join(' '));
  for (const r of rows) console.log([r.impl.padEnd(16), String(r.T).padStart(6), r.ms.toFixed(2).padStart(10), r.gflops.toFixed(3).padStart(9), ` ${r.env}`].join(' '));
}
