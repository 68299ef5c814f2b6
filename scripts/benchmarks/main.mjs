// npm run bench (scripts/bench builds, then runs this): the suites of scripts/benchmarks/suites.mjs
// one after another, a table of ratios, and bench/results.json:
//   {"results": [{"suite", "impl", "env", "T", "d", "ms", "gflops", ...}], "ceiling_gflops": <peak>,
//    "modules": [{"name", "bytes", "gzip_bytes", "load_ms"}], "notes": [...], ...}
// Reports speed; never asserts it (exit status 1 only when a suite fails or a result is wrong).
// Usage: node scripts/benchmarks/main.mjs [--quick] [--sizes 256,1024,2048,4096] [--suites native,browser-cpu]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SUITES } from './suites.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');
const say = (text) => process.stdout.write(`${text}\n`);

function parseArgs(argv) {
  const opts = { quick: false, sizes: [256, 1024, 2048, 4096], suites: null, out: path.join(ROOT, 'bench', 'results.json') };
  for (let a = 0; a < argv.length; a++) {
    const [name, inline] = argv[a].split('=', 2);
    const value = () => (inline !== undefined ? inline : argv[++a]);
    if (name === '--quick') opts.quick = true;
    else if (name === '--sizes') opts.sizes = value().split(',').map(Number);
    else if (name === '--suites') opts.suites = value().split(',');
    else if (name === '--out') opts.out = path.resolve(value());
    else throw new Error(`bench: unknown option ${argv[a]} (expected --quick, --sizes, --suites, --out)`);
  }
  if (!opts.sizes.every((T) => Number.isInteger(T) && T > 0)) throw new Error('bench: --sizes: whole numbers > 0');
  return opts;
}

const PEERS = ['tfjs-wasm', 'onnxruntime-web'];  // the in-browser libraries "best peer" is taken over

function table(results, ceiling) {
  const fwd = results.filter((r) => r.suite === 'attention-forward' && !r.causal && r.gflops);
  const sizes = [...new Set(fwd.map((r) => r.T))].sort((a, b) => a - b);
  const impls = [...new Set(fwd.map((r) => r.impl))];
  const fmt = (x, w) => String(x).padStart(w);
  say('');
  trainTable(results);
  if (!fwd.length && !results.some((r) => r.suite === 'cell-path' || r.suite === 'scaling-study')) return;
  say(`attention forward, d = 64, one thread, non-causal: GFLOP/s (4 T^2 d flops / median time)${ceiling ? `; ceiling ${ceiling.toFixed(1)}` : ''}`);
  say(`${'impl'.padEnd(32)}${sizes.map((T) => fmt(`T=${T}`, 10)).join('')}`);
  for (const impl of impls) {
    say(`${impl.padEnd(32)}${sizes.map((T) => {
      const r = fwd.find((x) => x.impl === impl && x.T === T);
      return fmt(r ? r.gflops.toFixed(1) : '-', 10);
    }).join('')}`);
  }
  const ratio = (a, b) => (a && b ? `${(a / b).toFixed(2)}x` : '-');
  const at = (impl, T) => fwd.find((x) => x.impl === impl && x.T === T)?.gflops;
  const bestPeer = (T) => Math.max(0, ...PEERS.map((p) => at(p, T) || 0)) || null;
  say('ratios (same run):');
  say(`${'  fused / best peer (tfjs-wasm, onnxruntime-web)'.padEnd(50)}${sizes.map((T) => fmt(ratio(at('attnbook-wasm-fused', T), bestPeer(T)), 8)).join('')}`);
  say(`${'  fused / previous kernel (attnbook-wasm-scalar)'.padEnd(50)}${sizes.map((T) => fmt(ratio(at('attnbook-wasm-fused', T), at('attnbook-wasm-scalar', T)), 8)).join('')}`);
  say(`${'  fused / plain-js'.padEnd(50)}${sizes.map((T) => fmt(ratio(at('attnbook-wasm-fused', T), at('plain-js', T)), 8)).join('')}`);
  if (ceiling) say(`${'  fused / ceiling'.padEnd(50)}${sizes.map((T) => fmt(ratio(at('attnbook-wasm-fused', T), ceiling), 8)).join('')}`);
  say(`${'  attnbook-webgpu / tfjs-webgpu'.padEnd(50)}${sizes.map((T) => fmt(ratio(at('attnbook-webgpu', T), at('tfjs-webgpu', T)), 8)).join('')}`);
  say(`${'  attnbook-native / numpy'.padEnd(50)}${sizes.map((T) => fmt(ratio(at('attnbook-native', T), at('numpy', T)), 8)).join('')}`);
  const cell = results.filter((r) => r.suite === 'cell-path' && r.gflops);
  for (const r of cell.filter((x) => x.impl === 'attnbook-cell')) {
    const raw = cell.find((x) => x.impl === 'attnbook-raw' && x.T === r.T && x.causal === r.causal);
    if (raw) say(`cell path / raw kernel, T = ${r.T}${r.causal ? ', causal' : ''}: ${r.gflops.toFixed(1)} / ${raw.gflops.toFixed(1)} GFLOP/s = ${(100 * r.gflops / raw.gflops).toFixed(0)}%`);
  }
  const sc = results.filter((r) => r.suite === 'scaling-study');
  const ours = sc.find((r) => r.impl === 'attnbook-wasm'), np = sc.find((r) => r.impl === 'numpy');
  if (ours && np) say(`scaling study: attnbook-wasm ${ours.ms.toFixed(0)} ms, numpy ${np.ms.toFixed(0)} ms: numpy time / ours = ${(np.ms / ours.ms).toFixed(2)}x`);
}

// The training lab's step: steps per second, ours against tfjs-wasm on the same model and batches.
function trainTable(results) {
  const rows = results.filter((r) => r.suite === 'train-step' && r.ms);
  for (const model of [...new Set(rows.map((r) => r.model))]) {
    const ours = rows.find((r) => r.model === model && r.impl === 'attnbook-wasm');
    const peer = rows.find((r) => r.model === model && r.impl === 'tfjs-wasm');
    if (ours && peer) say(`training step, ${model}: attnbook-wasm ${ours.steps_per_s.toFixed(0)} steps/s, tfjs-wasm ${peer.steps_per_s.toFixed(0)} steps/s: ours / tfjs = ${(peer.ms / ours.ms).toFixed(2)}x`);
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const t0 = performance.now();
  const ctx = { root: ROOT, sizes: opts.sizes, quick: opts.quick, say,
    nativeDir: process.env.ATTNBOOK_BUILD_NATIVE || path.join(ROOT, 'build/native'),
    wasmDir: process.env.ATTNBOOK_BUILD_WASM || path.join(ROOT, 'build/wasm') };
  const out = { results: [], ceiling_gflops: null, modules: [], notes: [], problems: [] };
  const loadBefore = os.loadavg()[0];
  for (const spec of SUITES) {
    const suite = (await import(new URL(spec, import.meta.url))).default;
    if (opts.suites && !opts.suites.includes(suite.name)) continue;
    say(`bench: suite ${suite.name}`);
    try {
      const r = await suite.run(ctx);
      out.results.push(...r.results);
      if (r.ceiling_gflops) out.ceiling_gflops = r.ceiling_gflops;
      if (r.modules) out.modules.push(...r.modules);
      if (r.notes) out.notes.push(...r.notes);
    } catch (e) {
      out.problems.push(`${suite.name}: ${e.message}`);
      say(`bench: suite ${suite.name} failed: ${e.message}`);
    }
  }
  table(out.results, out.ceiling_gflops);
  if (out.modules.length) {
    say('modules (load in a fresh page: fetch + compile + instantiate; size gzipped -9):');
    for (const m of out.modules) say(`  ${m.name.padEnd(52)} ${(m.gzip_bytes / 1024).toFixed(0).padStart(5)} KB gz ${(m.bytes / 1024).toFixed(0).padStart(6)} KB  load ${m.load_ms.toFixed(0).padStart(5)} ms`);
  }
  for (const n of out.notes) say(`note: ${n}`);
  const wrong = out.results.filter((r) => r.note);
  out.machine = { cpu: os.cpus()[0]?.model ?? 'unknown', cores: os.cpus().length, node: process.version,
    load_average: [loadBefore, os.loadavg()[0]] };
  out.quick = opts.quick;
  out.generated = new Date().toISOString();
  fs.mkdirSync(path.dirname(opts.out), { recursive: true });
  fs.writeFileSync(opts.out, `${JSON.stringify(out, null, 2)}\n`);
  say(`bench: wrote ${path.relative(ROOT, opts.out)}; load average ${loadBefore.toFixed(1)} -> ${os.loadavg()[0].toFixed(1)} (a busy machine skews ratios; rerun when quiet)`);
  say(`bench: done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  for (const p of out.problems) process.stderr.write(`bench: ${p}\n`);
  if (wrong.length || out.problems.length) process.exitCode = 1;
}

main().catch((e) => {
  process.stderr.write(`bench: ${e.stack || e.message}\n`);
  process.exitCode = 1;
});
