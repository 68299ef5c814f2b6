// The scaling study (the `scaling` command with the lesson's defaults: widths 4, 16, 64, 256,
// 20000 pairs, 2000 trials, 6 keys; about 18 million normal draws) in WASM through the shipped
// module in Chromium, against numpy running the same study as the lesson's Python program
// (default_rng(0), normal draws in the same order), timed inside Python (perf_counter, after
// numpy is imported). Both print the same tables, checked here (shown digits must agree).
import { spawnSync } from 'node:child_process';
import { openBenchPage } from './browser.mjs';

const NUMPY_STUDY = String.raw`
import json, sys, time
import numpy as np
runs = int(sys.argv[1])
def study(seed=0, widths=(4, 16, 64, 256), pairs=20000, trials=2000, keys=6):
    gen = np.random.default_rng(seed)
    out = {"raw_std": [], "scaled_std": [], "top_unscaled": [], "top_scaled": []}
    def top_weight(logits):
        shifted = np.exp(logits - logits.max(axis=-1, keepdims=True))
        return (shifted / shifted.sum(axis=-1, keepdims=True)).max(axis=-1).mean()
    for d in widths:
        a = gen.normal(size=(pairs, d)); b = gen.normal(size=(pairs, d))
        dots = np.einsum("nd,nd->n", a, b)
        out["raw_std"].append(float(dots.std())); out["scaled_std"].append(float((dots / np.sqrt(d)).std()))
    for d in widths:
        q = gen.normal(size=(trials, 1, d)); k = gen.normal(size=(trials, keys, d))
        logits = q @ np.swapaxes(k, 1, 2)
        out["top_unscaled"].append(float(top_weight(logits))); out["top_scaled"].append(float(top_weight(logits / np.sqrt(d))))
    return out
times = []
for _ in range(runs):
    t0 = time.perf_counter(); out = study(); times.append((time.perf_counter() - t0) * 1e3)
times.sort()
print(json.dumps({"ms": times[len(times) // 2], "times": times, "result": out}))
`;

const DECIMALS = { raw_std: 2, scaled_std: 2, top_unscaled: 3, top_scaled: 3 };

export default {
  name: 'scaling',
  async run(ctx) {
    const { root, quick, say } = ctx;
    const runs = quick ? 3 : 7;
    const results = [];
    const notes = [];
    const { browser, page, env } = await openBenchPage(root);
    let ours;
    try {
      await page.evaluate(() => window.bench.shipped());
      ours = await page.evaluate((n) => window.bench.scaling(n), runs);
    } finally {
      await browser.close();
    }
    const py = spawnSync('/usr/bin/python3', ['-c', NUMPY_STUDY, String(runs)], { encoding: 'utf8',
      env: { ...process.env, OPENBLAS_NUM_THREADS: '1', OMP_NUM_THREADS: '1' } });
    if (py.status !== 0) throw new Error(`numpy scaling study: ${py.stderr}`);
    const theirs = JSON.parse(py.stdout.trim().split('\n').pop());
    // Same draws: the tables agree to the digits the lesson shows.
    for (const [key, digits] of Object.entries(DECIMALS)) {
      const a = ours.result[key].map((p) => p.shown);
      const b = theirs.result[key].map((x) => x.toFixed(digits));
      if (JSON.stringify(a) !== JSON.stringify(b)) notes.push(`scaling study ${key} differs: ours ${a} numpy ${b}`);
    }
    results.push({ suite: 'scaling-study', impl: 'attnbook-wasm', env, T: null, d: null, ms: ours.ms, gflops: null, runs });
    results.push({ suite: 'scaling-study', impl: 'numpy', env: 'native', T: null, d: null, ms: theirs.ms, gflops: null, runs });
    say(`  scaling study: attnbook-wasm ${ours.ms.toFixed(0)} ms, numpy ${theirs.ms.toFixed(0)} ms (median of ${runs})`);
    return { results, notes };
  },
};
