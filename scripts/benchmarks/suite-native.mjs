// Attention forward natively: the engine's kernels (build/native/attnbook_bench, g++ -O3 -msse2)
// and numpy (Debian's /usr/bin/python3, OpenBLAS limited to one thread), on the same inputs as
// the browser suite (plain-attention.mjs), written to a temporary folder. The native bench
// writes the float64 reference; every kernel and numpy is checked against it before timing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { benchInputs } from './plain-attention.mjs';

const PYTHON_NUMPY = '/usr/bin/python3';
const TOLERANCE = 1e-4;

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
        if warm >= cfg["min_warm"] and ((time.perf_counter() - w0) * 1e3 >= 20 or warm >= 1000):
            break
    one_ms = max((time.perf_counter() - w0) * 1e3 / warm, 1e-6)
    inner = max(1, math.ceil(2 / one_ms))
    reps = min(51, max(cfg["min_reps"], int(budget_ms / (one_ms * inner))))
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
    for causal in cfg["causal"]:
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

function runJsonLines(label, cmd, args, extraEnv = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', env: { ...process.env, ...extraEnv }, maxBuffer: 1 << 26 });
  if (r.error) throw new Error(`${label}: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${label}: exit status ${r.status}\n${r.stderr.trim()}`);
  return r.stdout.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
}

// Useful flops: causal attention computes about half the pairs.
const flops = (T, d, causal) => (causal ? 2 * d * T * (T + 1) : 4 * T * T * d);

export default {
  name: 'native',
  async run(ctx) {
    const { root, sizes, quick, say } = ctx;
    const d = 64;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attnbook-bench-'));
    const results = [];
    const notes = [];
    try {
      for (const T of sizes) {
        const [q, k, v] = benchInputs(T, d);
        fs.writeFileSync(path.join(dir, `q_${T}.f32`), q);
        fs.writeFileSync(path.join(dir, `k_${T}.f32`), k);
        fs.writeFileSync(path.join(dir, `v_${T}.f32`), v);
      }
      const budget = String(quick ? 300 : 1500);
      const common = ['--dir', dir, '--sizes', sizes.join(','), '--dim', String(d), '--budget-ms', budget];
      const kernels = quick ? 'tiled_4x8,cell' : 'tiled_4x8,tiled_2x16,tiled_6x8,rowwise,cell';
      const native = runJsonLines('native bench', path.join(ctx.nativeDir, 'attnbook_bench'),
        [...common, '--label', 'attnbook-native', '--write-reference', '--kernels', kernels, '--min-reps', quick ? '3' : '7']);
      for (const r of native) {
        if (r.median_ms === undefined) { notes.push(`attnbook-native ${r.kernel} T ${r.L}: ${r.note}`); continue; }
        const impl = r.kernel === 'tiled_4x8' ? 'attnbook-native' : `attnbook-native-${r.kernel.replace('_', '-')}`;
        results.push({ suite: 'attention-forward', impl, env: 'native', T: r.L, d, causal: r.causal, ms: r.median_ms,
          gflops: flops(r.L, d, r.causal) / (r.median_ms * 1e6), max_abs_error: r.max_abs_error, kernel: r.kernel });
      }
      const numpy = runJsonLines('numpy', PYTHON_NUMPY, ['-c', NUMPY_PROGRAM,
        JSON.stringify({ dir, dim: d, sizes, budget_ms: Number(budget), tolerance: TOLERANCE,
          causal: quick ? [false] : [false, true], min_warm: quick ? 1 : 3, min_reps: quick ? 3 : 7 })],
        { OPENBLAS_NUM_THREADS: '1', OMP_NUM_THREADS: '1', MKL_NUM_THREADS: '1' });
      for (const r of numpy) {
        if (r.info) { notes.push(r.info); continue; }
        if (r.median_ms === undefined) { notes.push(`numpy T ${r.L}: error ${r.max_abs_error} (not timed)`); continue; }
        results.push({ suite: 'attention-forward', impl: 'numpy', env: 'native', T: r.L, d, causal: r.causal, ms: r.median_ms,
          gflops: flops(r.L, d, r.causal) / (r.median_ms * 1e6), max_abs_error: r.max_abs_error });
      }
      for (const r of results) say(`  T ${String(r.T).padStart(4)} ${r.causal ? 'causal' : '      '} ${r.impl.padEnd(30)} ${r.ms.toFixed(2).padStart(9)} ms ${r.gflops.toFixed(1).padStart(6)} GFLOP/s`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    return { results, notes };
  },
};
