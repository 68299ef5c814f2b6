// The training lab's step in headless Chromium, one thread: the engine (float64, the lab's own
// train functions) against the same model in tfjs with its wasm backend (float32), from the
// same initial parameters on the same batches (scripts/benchmarks/train-page.mjs). Before timing,
// both must give the same first loss (relative 1e-5: float32 sums of ~1000 terms against
// float64). Issue 21's aim: the engine at least 3x tfjs's steps per second.
import path from 'node:path';
import esbuild from 'esbuild';
import { openBenchPage } from './browser.mjs';

// tfjs with its gradients and the wasm backend, as one script the page loads (train-page.mjs).
async function bundleTfjs(root) {
  await esbuild.build({
    entryPoints: [path.join(root, 'scripts/benchmarks/tfjs-train-entry.mjs')],
    bundle: true, format: 'iife', minify: true, logLevel: 'warning',
    outfile: path.join(root, 'build/bench/tfjs-train.js'),
  });
}

// The lab's default model (TrainConfig's defaults in lessons/train.hpp) and the induction lab's.
const MODELS = [
  { name: 'lab default', config: { task: 'previous', layers: 1, heads: 1, width: 32, context: 16, vocab: 16, batch: 8,
    divisor: 'sqrt', learning_rate: 0.01, seed: 0 } },
  { name: 'induction', config: { task: 'induction', layers: 2, heads: 2, width: 32, context: 24, vocab: 16, batch: 8,
    divisor: 'sqrt', learning_rate: 0.01, seed: 0 } },
];

export default {
  name: 'train',
  async run(ctx) {
    const { root, quick, say } = ctx;
    const steps = quick ? 20 : 50, rounds = quick ? 3 : 7;
    const results = [];
    const notes = [];
    await bundleTfjs(root);
    const { browser, page, env, errors } = await openBenchPage(root);
    try {
      for (const { name, config } of MODELS) {
        const r = await page.evaluate(([c, s, n]) => window.benchTrain.run(c, s, n), [config, steps, rounds]);
        const gap = Math.abs(r.first.engine - r.first.tfjs) / Math.abs(r.first.engine);
        const common = { suite: 'train-step', env, model: name, config, steps, rounds, first_loss_gap: gap };
        if (!(gap < 1e-5)) {
          notes.push(`train ${name}: first loss engine ${r.first.engine} tfjs ${r.first.tfjs}: not the same model, not timed`);
          results.push({ ...common, impl: 'tfjs-wasm', ms: null, note: 'first loss differs from the engine\'s' });
          continue;
        }
        results.push({ ...common, impl: 'attnbook-wasm', ms: r.engine_ms, steps_per_s: 1000 / r.engine_ms });
        results.push({ ...common, impl: 'tfjs-wasm', ms: r.tfjs_ms, steps_per_s: 1000 / r.tfjs_ms, info: r.info });
        say(`  train ${name.padEnd(12)} engine ${(1000 / r.engine_ms).toFixed(0).padStart(6)} steps/s | tfjs-wasm ${(1000 / r.tfjs_ms).toFixed(0).padStart(6)} steps/s | ratio ${(r.tfjs_ms / r.engine_ms).toFixed(2)}x (first loss ${r.first.engine.toFixed(6)} both, gap ${gap.toExponential(1)}; after ${steps * rounds} steps ${r.last.engine.toFixed(4)} / ${r.last.tfjs.toFixed(4)})`);
      }
    } finally {
      await browser.close();
    }
    if (errors.length) notes.push(`page errors: ${errors.join('; ')}`);
    return { results, notes };
  },
};
