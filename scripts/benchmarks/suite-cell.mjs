// The "attention at scale" cell's path beside the raw kernel, in headless Chromium, one thread:
// the shipped scale module's AttentionScale.run (what the cell's Run button runs on WebAssembly: the
// binding, progress into JavaScript, the engine's own timing) against attention_forward_f32
// called directly (the bench module), on the same inputs, causal and not. Each pair's outputs
// must agree bit for bit before it is timed. The cell's GFLOP/s is the one the cell would show
// (the engine's time around its kernel call); its wall time per call, the float64 check of one
// sampled row included, is reported beside it. Issue 18's targets (same run, T = 2048, d = 64):
// the cell at least 90% of the raw kernel non-causal, 80% causal.
import { openBenchPage } from './browser.mjs';

const SUITE = 'cell-path';

export default {
  name: 'cell',
  async run(ctx) {
    const { root, sizes, quick, say } = ctx;
    const d = 64;
    const results = [];
    const notes = [];
    const { browser, page, env, errors } = await openBenchPage(root);
    try {
      for (const T of sizes) {
        for (const causal of [false, true]) {
          const budget = quick ? 1500 : 6000;
          const r = await page.evaluate(([t, dd, c, b, m]) => window.bench.cellVsRaw(t, dd, c, b, m), [T, d, causal, budget, quick ? 3 : 9]);
          const tag = `T ${String(T).padStart(4)} ${causal ? 'causal' : '      '}`;
          if (!r.same_bits) {
            notes.push(`${tag}: the cell's output differs from the raw kernel's: not timed`);
            results.push({ suite: SUITE, impl: 'attnbook-cell', env, T, d, causal, ms: null, gflops: null, note: 'output differs from the raw kernel' });
            continue;
          }
          const common = { suite: SUITE, env, T, d, causal, rounds: r.rounds, max_rel_error: r.max_rel_error };
          results.push({ ...common, impl: 'attnbook-raw', ms: r.raw.ms, gflops: r.raw.gflops, kernel: 'attention_forward_f32 (tiled 4x8)' });
          results.push({ ...common, impl: 'attnbook-cell', ms: r.cell.ms, gflops: r.cell.gflops, wall_ms: r.cell.wall_ms,
            kernel: r.kernel, used_mib: r.cell.used_mib, wasm_mib: r.cell.wasm_mib });
          say(`  ${tag} raw ${r.raw.ms.toFixed(1).padStart(7)} ms ${r.raw.gflops.toFixed(1).padStart(5)} GFLOP/s | cell ${r.cell.ms.toFixed(1).padStart(7)} ms ${r.cell.gflops.toFixed(1).padStart(5)} GFLOP/s (${(100 * r.cell.gflops / r.raw.gflops).toFixed(0)}% of raw; whole call with the check ${r.cell.wall_ms.toFixed(1)} ms) | ${r.rounds} rounds, bit-identical, ${r.kernel}, used ${r.cell.used_mib.toFixed(2)} MiB, module memory ${r.cell.wasm_mib.toFixed(1)} MiB`);
        }
      }
    } finally {
      await browser.close();
    }
    if (errors.length) notes.push(`page errors: ${errors.join('; ')}`);
    return { results, notes };
  },
};
