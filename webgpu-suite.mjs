// The WebGPU rows of the benchmark: attnbook's WGSL flash kernel (attnbook-webgpu) against
// tfjs-backend-webgpu (tfjs-webgpu), attention forward, single head, in headless Chromium with
// --enable-unsafe-webgpu (SwiftShader where the machine has no GPU: CPU-speed numbers).
//
//   import { runWebgpuSuite } from './scripts/bench/webgpu-suite.mjs';
//   const rows = await runWebgpuSuite({ sizes: [256, 1024], d: 64, repeats: 5 });
//   // rows: [{ suite: 'attention-forward', impl, env, T, d, ms, gflops }, ...]
//
// Pass { browser } to use an already launched playwright-core Chromium (it must have been started
// with --enable-unsafe-webgpu); otherwise one is launched and closed here. The page is a blank
// one given the bundled webgpu-page.js inline: no server needed.
// `ms` is the median of `repeats` runs after one warm-up. attnbook: dispatch to completion
// (uploads, compilation and the read back excluded). tfjs: call to data() resolved (its read
// back of T x d floats included, as a tfjs user sees it). FLOPs: 4 T^2 d.
// Run alone: node scripts/bench/webgpu-suite.mjs [--sizes 256,1024] [--d 64] [--repeats 5]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { chromium } from 'playwright-core';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');
export const WEBGPU_FLAGS = ['--enable-unsafe-webgpu', '--enable-features=Vulkan', '--use-angle=swiftshader', '--use-webgpu-adapter=swiftshader'];

async function pageBundle() {
  const result = await esbuild.build({
    entryPoints: [path.join(HERE, 'webgpu-page.js')], bundle: true, format: 'iife', write: false, minify: true,
    loader: { '.wgsl': 'text' }, absWorkingDir: ROOT, logLevel: 'warning', target: ['es2022'],
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
    await page.setContent('<!doctype html><title>webgpu bench</title>');
    await page.addScriptTag({ content: await pageBundle() });
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
  console.log(JSON.stringify(rows));
}
