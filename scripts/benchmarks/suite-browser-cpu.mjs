// Attention forward on one CPU core in headless Chromium: our kernels (attnbook-bench-web.mjs),
// plain JavaScript, tfjs-backend-wasm and onnxruntime-web (wasm, one thread), each checked on
// sampled rows against float64 before it is timed (page.mjs); the mul+add SIMD ceiling; load
// time (in a fresh page each) and gzipped size of our module and the peers'.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { openBenchPage } from './browser.mjs';

const SUITE = 'attention-forward';

// The files a page downloads for each module (gzipped size = what a server sends compressed).
const MODULE_FILES = {
  'attnbook (shipped: attnbook.mjs + .wasm)': ['build/wasm/attnbook.mjs', 'build/wasm/attnbook.wasm'],
  'tfjs-wasm (tfjs-core + backend-wasm + SIMD .wasm)': [
    'node_modules/@tensorflow/tfjs-core/dist/tf-core.min.js',
    'node_modules/@tensorflow/tfjs-backend-wasm/dist/tf-backend-wasm.min.js',
    'node_modules/@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm'],
  'onnxruntime-web (ort.wasm.min.mjs + .mjs + .wasm)': [
    'node_modules/onnxruntime-web/dist/ort.wasm.min.mjs',
    'node_modules/onnxruntime-web/dist/ort-wasm-simd-threaded.mjs',
    'node_modules/onnxruntime-web/dist/ort-wasm-simd-threaded.wasm'],
};
const LOAD_IMPL = {  // module label -> what page.mjs loads to measure it
  'attnbook (shipped: attnbook.mjs + .wasm)': 'shipped',
  'tfjs-wasm (tfjs-core + backend-wasm + SIMD .wasm)': 'tfjs-wasm',
  'onnxruntime-web (ort.wasm.min.mjs + .mjs + .wasm)': 'onnxruntime-web',
};

export default {
  name: 'browser-cpu',
  async run(ctx) {
    const { root, sizes, quick, say } = ctx;
    const d = 64;
    const results = [];
    const notes = [];
    const ours = quick ? ['attnbook-wasm-tiled-4x8'] : ['attnbook-wasm-tiled-4x8', 'attnbook-wasm-tiled-2x16', 'attnbook-wasm-tiled-6x8'];
    const impls = [...ours, 'attnbook-wasm-scalar', 'tfjs-wasm', 'onnxruntime-web', 'plain-js'];
    const modules = [];

    // Load time: a fresh page per module, so each pays its own fetch + compile.
    for (const [label, files] of Object.entries(MODULE_FILES)) {
      let gzip = 0, raw = 0;
      for (const f of files) {
        const data = fs.readFileSync(path.join(root, f));
        raw += data.length;
        gzip += zlib.gzipSync(data, { level: 9 }).length;
      }
      const { browser, page } = await openBenchPage(root);
      try {
        const what = LOAD_IMPL[label];
        const r = what === 'shipped' ? await page.evaluate(() => window.bench.shipped())
          : await page.evaluate((n) => window.bench.load(n), what);
        modules.push({ name: label, bytes: raw, gzip_bytes: gzip, load_ms: r.load_ms });
        say(`  load ${label}: ${r.load_ms.toFixed(0)} ms, ${(gzip / 1024).toFixed(0)} KB gzipped (${(raw / 1024).toFixed(0)} KB)`);
      } finally {
        await browser.close();
      }
    }

    const { browser, page, env, errors } = await openBenchPage(root);
    const ceilings = [];
    try {
      for (const name of impls) {
        const r = await page.evaluate((n) => window.bench.load(n), name);
        if (r.info) notes.push(`${name}: ${r.info}`);
      }
      for (const T of sizes) {
        // Plain JS takes seconds a call at T = 4096: left out there by --quick.
        const names = [...(quick && T > 2048 ? impls.filter((n) => n !== 'plain-js') : impls), 'ceiling'];
        if (names.length < impls.length) notes.push(`T ${T}: plain-js not run in --quick`);
        const budget = (quick ? 2000 : 8000) * names.length;
        const all = await page.evaluate(([n, t, dd, b, m]) => window.bench.runAll(n, t, dd, b, m), [names, T, d, budget, quick ? 3 : 7]);
        for (const name of names) {
          const r = all[name];
          if (name === 'ceiling') {
            ceilings.push(r.gflops);
            say(`  T ${String(T).padStart(4)} ceiling (f32x4 mul+add, 12 chains, timed among them): ${r.gflops.toFixed(1)} GFLOP/s`);
            continue;
          }
          const row = { suite: SUITE, impl: name, env, T, d, causal: false, ms: r.ms ?? null, gflops: r.gflops ?? null,
            min_ms: r.min_ms ?? null, max_abs_error: r.max_abs_error, samples: r.samples, inner: r.inner };
          if (r.note) row.note = r.note;
          results.push(row);
          say(`  T ${String(T).padStart(4)} ${name.padEnd(26)} ${r.ms !== undefined ? `${r.ms.toFixed(2).padStart(9)} ms ${r.gflops.toFixed(1).padStart(6)} GFLOP/s (best sample ${r.min_ms.toFixed(2)} ms)` : r.note}  (err ${r.max_abs_error.toExponential(1)})`);
        }
      }
    } finally {
      await browser.close();
    }
    if (errors.length) notes.push(`page errors: ${errors.join('; ')}`);
    // attnbook-wasm-fused: the fastest of our tiled kernels at each size (the engine runs 4x8).
    for (const T of sizes) {
      const mine = results.filter((r) => r.T === T && ours.includes(r.impl) && r.gflops);
      if (!mine.length) continue;
      const best = mine.reduce((a, b) => (b.gflops > a.gflops ? b : a));
      results.push({ ...best, impl: 'attnbook-wasm-fused', kernel: best.impl.replace('attnbook-wasm-', '') });
    }
    for (const r of results) if (r.impl === 'attnbook-wasm-scalar') r.kernel = 'rowwise (the previous kernel: one query row at a time)';
    // The ceiling: the median of its per-size medians (measured between the kernels, same load).
    ceilings.sort((a, b) => a - b);
    const ceiling = ceilings.length ? ceilings[Math.floor(ceilings.length / 2)] : null;
    return { results, ceiling_gflops: ceiling, modules, notes };
  },
};
