// npm run bench (via scripts/bench, which builds the bench programs first): scaled dot-product
// attention forward, one head, q (L, E), k (S, E), v (S, Ev), L = S, E = Ev = 64, float32,
// without a mask and causal, timed side by side in one run:
//
//   engine-wasm   scaled_dot_product_attention_rowwise_xsimd compiled with em++ (-msimd128 -msse2),
//                 called in-process by build/wasm/attnbook-bench.cjs under Node: no JSON. THE BASELINE.
//   engine-native the same fused kernel and the same bench file compiled with g++ (-O3 -msse2)
//   ref-f64       scaled_dot_product_attention_reference_f64 natively: the spec, never optimised
//   js            attentionJs below: plain loops over Float32Array, stable softmax
//   numpy         softmax(q @ k.T / sqrt(E)) @ v in float32 on Debian's /usr/bin/python3
//   wasm-json     the Embind module's call('attention', argsJson): JSON.stringify of the inputs,
//                 the call (which also runs the float64 reference to report its error, and prints
//                 every output as an {exact, shown} pair) and JSON.parse. What a page pays today.
//
// The inputs are standard normal float32 (seeded, written once to a temporary folder). The
// native run computes the float64 reference from them; every implementation compares its output
// with that reference (max abs error < 1e-4, see TOLERANCE) BEFORE it is timed, and is not timed
// if it is wrong. Timing (the same in C++, JS and Python): warm-up, then reps of `inner`
// back-to-back calls, inner chosen so one rep lasts >= 2 ms; the median over reps of time/call.
// Speed is reported, never asserted.
//
// Usage: node --no-experimental-fetch scripts/bench-attention.mjs [--sizes 64,256,512] [--budget-ms 150]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NATIVE_DIR = process.env.ATTNBOOK_BUILD_NATIVE || path.join(ROOT, 'build/native');
const WASM_DIR = process.env.ATTNBOOK_BUILD_WASM || path.join(ROOT, 'build/wasm');
const PYTHON_NUMPY = '/usr/bin/python3';  // Debian's, with python3-numpy (not the python3 on PATH)
const E = 64;  // E = Ev
// float32 sums of at most S = 512 products of size ~1 are off by ~1e-6; 1e-4 leaves room for
// reordered sums (SIMD lanes, BLAS) and catches any real mistake (wrong scale, mask, softmax).
const TOLERANCE = 1e-4;
const PEERS_OUT_OF_SCOPE = 'tfjs-wasm, onnxruntime-web (not installed; out of scope for now)';

function parseArgs(argv) {
  const opts = { sizes: [64, 256, 512], budgetMs: 150 };
  for (let a = 0; a < argv.length; a++) {
    const [name, inline] = argv[a].split('=', 2);
    const value = () => (inline !== undefined ? inline : argv[++a]);
    if (name === '--sizes') opts.sizes = value().split(',').map(Number);
    else if (name === '--budget-ms') opts.budgetMs = Number(value());
    else throw new Error(`bench: unknown option ${argv[a]} (expected --sizes, --budget-ms)`);
  }
  if (!opts.sizes.every((L) => Number.isInteger(L) && L > 0)) throw new Error('bench: --sizes: whole numbers > 0');
  return opts;
}

function say(text) { process.stdout.write(`${text}\n`); }

// ---- inputs -------------------------------------------------------------------------------------
// mulberry32 (a 32-bit seeded generator) + Box-Muller: standard normal float32 values.
function normals(seed, n) {
  let s = seed >>> 0;
  const uniform = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) + 0.5) / 4294967296;  // in (0, 1)
  };
  const out = new Float32Array(n);
  for (let i = 0; i < n; i += 2) {
    const r = Math.sqrt(-2 * Math.log(uniform()));
    const phi = 2 * Math.PI * uniform();
    out[i] = r * Math.cos(phi);
    if (i + 1 < n) out[i + 1] = r * Math.sin(phi);
  }
  return out;
}

// ---- the plain JavaScript implementation ---------------------------------------------------------
// q is (L, E), k is (S, E), v is (S, Ev); returns o (L, Ev). Straightforward loops, one query row
// at a time; a causal row skips the dot products of the keys it may not see (j > i).
function attentionJs(q, k, v, L, S, E_, Ev, causal) {
  const scale = 1 / Math.sqrt(E_);
  const o = new Float32Array(L * Ev);  // o is (L, Ev), zero-filled
  const w = new Float32Array(S);       // logits, then weights, of one row: (S)
  for (let i = 0; i < L; i++) {
    const qi = i * E_, oi = i * Ev;  // row offsets in q and o
    // pass 1 + 2: a_j = scale * <q_i, k_j>, -inf where masked
    let max = -Infinity;
    for (let j = 0; j < S; j++) {
      let a = -Infinity;
      if (!causal || j <= i) {
        let dot = 0;
        const kj = j * E_;
        for (let e = 0; e < E_; e++) dot += q[qi + e] * k[kj + e];
        a = dot * scale;
      }
      w[j] = a;
      if (a > max) max = a;
    }
    // pass 3: stable softmax, exp(a_j - max) / sum
    let sum = 0;
    for (let j = 0; j < S; j++) {
      const x = Math.exp(w[j] - max);
      w[j] = x;
      sum += x;
    }
    // pass 5: o_i = sum_j w_j v_j
    const inv = 1 / sum;
    for (let j = 0; j < S; j++) {
      const wj = w[j] * inv;
      if (wj === 0) continue;
      const vj = j * Ev;
      for (let e = 0; e < Ev; e++) o[oi + e] += wj * v[vj + e];
    }
  }
  return o;
}

// ---- timing: the same recipe as scripts/bench-attention.cpp and the Python below --------------
function timeCalls(call, budgetMs) {
  const w0 = performance.now();
  let warm = 0;
  do { call(); warm++; } while (warm < 3 || (performance.now() - w0 < 20 && warm < 1000));
  const oneMs = Math.max((performance.now() - w0) / warm, 1e-6);
  const inner = Math.max(1, Math.ceil(2 / oneMs));
  const reps = Math.min(51, Math.max(7, Math.floor(budgetMs / (oneMs * inner))));
  const perCall = [];
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now();
    for (let n = 0; n < inner; n++) call();
    perCall.push((performance.now() - t0) / inner);
  }
  perCall.sort((x, y) => x - y);
  return { median_ms: perCall[Math.floor(reps / 2)], reps, inner };
}

function maxAbsError(out, ref) {
  let err = 0;
  for (let n = 0; n < ref.length; n++) err = Math.max(err, Math.abs(out[n] - ref[n]));
  return Number.isNaN(err) || out.length !== ref.length ? Infinity : err;
}

// ---- numpy (the program runs on /usr/bin/python3, reading the same files) ---------------------
const NUMPY_PROGRAM = String.raw`
import json, math, sys, time
import numpy as np

cfg = json.loads(sys.argv[1])
d, E, budget_ms, tol = cfg["dir"], cfg["dim"], cfg["budget_ms"], cfg["tolerance"]

def attention(q, k, v, causal_mask):
    # q is (L, E), k is (S, E), v is (S, Ev); float32 throughout
    a = (q @ k.T) / np.float32(math.sqrt(E))           # (L, S) logits
    if causal_mask is not None:
        a[causal_mask] = -np.inf                         # j > i
    a -= a.max(axis=1, keepdims=True)                    # stable softmax
    np.exp(a, out=a)
    a /= a.sum(axis=1, keepdims=True)
    return a @ v                                         # (L, Ev)

def time_calls(call):
    w0 = time.perf_counter(); warm = 0
    while True:
        call(); warm += 1
        if warm >= 3 and ((time.perf_counter() - w0) * 1e3 >= 20 or warm >= 1000):
            break
    one_ms = max((time.perf_counter() - w0) * 1e3 / warm, 1e-6)
    inner = max(1, math.ceil(2 / one_ms))
    reps = min(51, max(7, int(budget_ms / (one_ms * inner))))
    per_call = []
    for _ in range(reps):
        t0 = time.perf_counter()
        for _ in range(inner):
            call()
        per_call.append((time.perf_counter() - t0) * 1e3 / inner)
    per_call.sort()
    return {"median_ms": per_call[reps // 2], "reps": reps, "inner": inner}

for L in cfg["sizes"]:
    load = lambda n: np.fromfile(f"{d}/{n}_{L}.f32", dtype=np.float32).reshape(L, E)
    q, k, v = load("q"), load("k"), load("v")
    for causal in (False, True):
        mask = np.triu(np.ones((L, L), dtype=bool), 1) if causal else None
        ref = np.fromfile(f"{d}/ref_{L}_{int(causal)}.f64", dtype=np.float64).reshape(L, E)
        out = attention(q, k, v, mask)
        assert out.dtype == np.float32, out.dtype
        err = float(np.max(np.abs(out.astype(np.float64) - ref)))
        row = {"impl": "numpy", "L": L, "causal": causal, "max_abs_error": err}
        if err < tol:
            row.update(time_calls(lambda: attention(q, k, v, mask)))
        print(json.dumps(row), flush=True)

blas = sorted({line.split()[-1] for line in open("/proc/self/maps") if "blas" in line.lower() and "/" in line})
print(json.dumps({"info": f"numpy {np.__version__}, BLAS: {', '.join(blas) or 'none loaded'}"}))
`;

// ---- running the parts ---------------------------------------------------------------------------
function runJsonLines(label, cmd, args, extraEnv = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', cwd: ROOT, env: { ...process.env, ...extraEnv } });
  if (r.error) return { error: `${label}: ${r.error.message}`, rows: [] };
  const rows = r.stdout.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
  const error = r.status === 0 ? null : `${label}: exit status ${r.status}\n${r.stderr.trim()}`;
  return { error, rows };
}

async function loadEngine() {
  const { default: createAttnbook } = await import(path.join(WASM_DIR, 'attnbook.mjs'));
  return createAttnbook({ wasmBinary: fs.readFileSync(path.join(WASM_DIR, 'attnbook.wasm')) });
}

const IMPLS = [
  ['engine-wasm', 'engine fused_xsimd in WASM (no JSON)'],
  ['engine-native', 'engine fused_xsimd native'],
  ['ref-f64', 'engine reference_f64 native'],
  ['js', 'plain JavaScript, Float32Array'],
  ['numpy', 'numpy float32'],
  ['wasm-json', "engine WASM call('attention') with JSON"],
];

function fmtMs(ms) { return ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms >= 1 ? ms.toFixed(2) : ms.toFixed(3); }
function fmtRatio(r) { return r >= 10 ? `${r.toFixed(0)}x` : `${r.toFixed(2)}x`; }
function inWords(r) {
  if (r >= 1.05) return `${r >= 10 ? r.toFixed(0) : r.toFixed(1)}x slower`;
  if (r <= 0.95) return `${(1 / r).toFixed(1)}x faster`;
  return 'about the same';
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const t0 = performance.now();
  const loadBefore = os.loadavg()[0];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attnbook-bench-'));
  const results = new Map();  // `${impl} ${L} ${causal}` -> {max_abs_error, median_ms?, note?}
  const problems = [];
  const infos = [];
  const keep = (impl, row) => results.set(`${impl} ${row.L} ${row.causal}`, row);
  try {
    say(`bench: inputs: standard normal float32 (seeded), L = S in ${opts.sizes.join(', ')}, E = Ev = ${E} -> ${dir}`);
    const inputs = new Map();
    for (const L of opts.sizes) {
      const qkv = ['q', 'k', 'v'].map((n, t) => normals(1000 * L + t, L * E));
      ['q', 'k', 'v'].forEach((n, t) => fs.writeFileSync(path.join(dir, `${n}_${L}.f32`), qkv[t]));
      inputs.set(L, qkv);
    }
    const common = ['--dir', dir, '--sizes', opts.sizes.join(','), '--dim', String(E), '--budget-ms', String(opts.budgetMs)];

    say('bench: engine native (build/native/attnbook_bench): writes the float64 reference, times reference_f64 and fused_xsimd');
    const native = runJsonLines('native bench', path.join(NATIVE_DIR, 'attnbook_bench'),
      [...common, '--label', 'engine-native', '--write-reference', '--time-reference']);
    if (native.error) throw new Error(`${native.error}\nthe float64 reference is needed by every other part; stopping`);
    for (const row of native.rows) keep(row.kernel === 'reference_f64' ? 'ref-f64' : 'engine-native', row);
    const refs = new Map();
    for (const L of opts.sizes) for (const causal of [false, true]) {
      const buf = fs.readFileSync(path.join(dir, `ref_${L}_${causal ? 1 : 0}.f64`));
      refs.set(`${L} ${causal}`, new Float64Array(buf.buffer, buf.byteOffset, L * E));
    }

    say('bench: engine WASM (build/wasm/attnbook-bench.cjs on Node): fused_xsimd, no JSON');
    const wasm = runJsonLines('wasm bench', process.execPath,
      ['--no-experimental-fetch', path.join(WASM_DIR, 'attnbook-bench.cjs'), ...common, '--label', 'engine-wasm']);
    if (wasm.error) problems.push(wasm.error);
    for (const row of wasm.rows) keep('engine-wasm', row);

    say('bench: plain JavaScript (attentionJs in this file)');
    for (const L of opts.sizes) for (const causal of [false, true]) {
      const [q, k, v] = inputs.get(L);
      const err = maxAbsError(attentionJs(q, k, v, L, L, E, E, causal), refs.get(`${L} ${causal}`));
      const row = { L, causal, max_abs_error: err };
      if (err < TOLERANCE) Object.assign(row, timeCalls(() => attentionJs(q, k, v, L, L, E, E, causal), opts.budgetMs));
      keep('js', row);
    }

    say(`bench: numpy (${PYTHON_NUMPY}, time.perf_counter)`);
    const numpy = runJsonLines('numpy', PYTHON_NUMPY, ['-c', NUMPY_PROGRAM,
      JSON.stringify({ dir, dim: E, sizes: opts.sizes, budget_ms: opts.budgetMs, tolerance: TOLERANCE })],
      { OPENBLAS_NUM_THREADS: '1', OMP_NUM_THREADS: '1', MKL_NUM_THREADS: '1' });  // one thread, like the rest
    if (numpy.error) problems.push(`${numpy.error}\n(numpy comes from Debian's python3-numpy: scripts/setup installs it)`);
    for (const row of numpy.rows) (row.info ? infos.push(row.info) : keep('numpy', row));

    say("bench: engine WASM through the Embind module's call('attention', argsJson) (JSON both ways)");
    const engine = await loadEngine();
    for (const L of opts.sizes) for (const causal of [false, true]) {
      const [q, k, v] = inputs.get(L);
      const tensor = (t) => ({ shape: [L, E], data: Array.from(t) });
      const args = { query: tensor(q), key: tensor(k), value: tensor(v), is_causal: causal };
      const callOnce = () => JSON.parse(engine.call('attention', JSON.stringify(args)));
      const out = callOnce().output.data.map((pair) => pair.exact);
      const err = maxAbsError(out, refs.get(`${L} ${causal}`));
      const row = { L, causal, max_abs_error: err };
      if (err < TOLERANCE) Object.assign(row, timeCalls(callOnce, opts.budgetMs));
      keep('wasm-json', row);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  // ---- the table -------------------------------------------------------------------------------
  const cell = (impl, L, causal) => results.get(`${impl} ${L} ${causal}`);
  say('');
  say(`attention forward, one head, L = S, E = Ev = ${E}, float32. Median ms per call (after warm-up);`);
  say('in brackets: time / engine-wasm time (> 1 = slower than the engine in WASM).');
  for (const [impl, what] of IMPLS) say(`  ${impl.padEnd(13)} ${what}`);
  const widths = IMPLS.map(([impl]) => Math.max(impl.length, 15));
  const line = (cells) => say(cells.map((c, n) => (n < 2 ? c.padEnd(n === 0 ? 5 : 7) : c.padStart(widths[n - 2]))).join('  '));
  say('');
  line(['L', 'mask', ...IMPLS.map(([impl]) => impl)]);
  let wrong = 0;
  const summaries = [];
  for (const L of opts.sizes) for (const causal of [false, true]) {
    const base = cell('engine-wasm', L, causal)?.median_ms;
    const cells = IMPLS.map(([impl]) => {
      const r = cell(impl, L, causal);
      if (!r) return 'missing';
      if (!(r.max_abs_error < TOLERANCE) && impl !== 'ref-f64') { wrong++; return `WRONG ${r.max_abs_error.toExponential(1)}`; }
      return base ? `${fmtMs(r.median_ms)} (${fmtRatio(r.median_ms / base)})` : fmtMs(r.median_ms);
    });
    line([String(L), causal ? 'causal' : 'none', ...cells]);
    if (base) {
      const words = IMPLS.filter(([impl]) => cell(impl, L, causal)?.median_ms).map(([impl]) => {
        const ratio = cell(impl, L, causal).median_ms / base;
        return impl === 'engine-wasm' ? 'engine-wasm 1.00x' : `${impl} ${fmtRatio(ratio)} (${inWords(ratio)})`;
      });
      summaries.push(`L=${L} ${causal ? 'causal' : 'no mask'}: ${words.join(', ')}`);
    }
  }
  say('');
  for (const s of summaries) say(s);
  say('');
  say(`max abs error against reference_f64, checked before timing (must be < ${TOLERANCE}):`);
  line(['L', 'mask', ...IMPLS.map(([impl]) => impl)]);
  for (const L of opts.sizes) for (const causal of [false, true]) {
    line([String(L), causal ? 'causal' : 'none', ...IMPLS.map(([impl]) => {
      if (impl === 'ref-f64') return '(reference)';
      const r = cell(impl, L, causal);
      return r ? r.max_abs_error.toExponential(1) : 'missing';
    })]);
  }
  say('');
  for (const info of infos) say(`note: ${info}`);
  if (infos.some((i) => i.includes('/blas/libblas'))) {
    say("note: that is Debian's reference (netlib) BLAS; numpy on an optimised BLAS such as OpenBLAS (not");
    say('      installed here) would give a different numpy column.');
  }
  say('note: causal rows: js skips the dot products of masked keys; the engine computes them then masks;');
  say("      numpy computes the full matmul. wasm-json includes the command's own float64 reference run");
  say('      and {exact, shown} printing of every output number.');
  say(`note: single thread everywhere; Node ${process.version}, ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores.`);
  say(`note: 1-minute load average ${loadBefore.toFixed(1)} at the start, ${os.loadavg()[0].toFixed(1)} at the end: the parts run one`);
  say('      after another, so other work on the machine meanwhile skews the ratios; rerun on a quiet machine.');
  say(`not measured: ${PEERS_OUT_OF_SCOPE}.`);
  say(`bench: done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  for (const p of problems) process.stderr.write(`bench: ${p}\n`);
  if (wrong || problems.length) process.exitCode = 1;
}

main().catch((e) => {
  process.stderr.write(`bench: ${e.message}\n`);
  process.exitCode = 1;
});
