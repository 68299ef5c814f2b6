// The browser half of the CPU bench: loaded by page.html in headless Chromium (served by the
// driver from the repository through Playwright's request routing, so URLs below are
// repository paths). The driver calls window.bench.* through page.evaluate, one step at a time.
//
// Every implementation computes single-head attention O = softmax(Q K^T / sqrt(d)) V for Q, K, V
// (T, d) float32, from the same seeded inputs (plain-attention.mjs), and is checked on sampled
// rows against a float64 reference before it is timed. Timing: warm-up, then samples of `inner`
// back-to-back calls (so one sample lasts >= 25 ms: performance.now() is coarse in a page that is
// not cross-origin isolated), median over samples of time per call.
import { attentionJs, attentionFlops, benchInputs, referenceRows, sampleRows, sampledError } from './plain-attention.mjs';
import { attentionModel } from './onnx-attention.mjs';
import { loadScript } from './load-script.mjs';
import { wasmModule } from './wasm-module.mjs';

const impls = {};
const loaded = {};

// ---- our kernels: attnbook-bench-web.mjs (float32 buffers in WASM memory) ---------------------
const ourModule = () => wasmModule('attnbook-bench-web');

function ourImpl(kernel) {
  return async (T, d) => {
    const M = await ourModule();
    const [q, k, v] = benchInputs(T, d);
    const bytes = T * d * 4;
    const ptr = M._malloc(4 * bytes);
    const [pq, pk, pv, po] = [0, 1, 2, 3].map((n) => ptr + n * bytes);
    return {
      // The inputs are copied into WASM memory on every call, as a caller with JS arrays would.
      call() {
        const heap = M.HEAPF32;
        heap.set(q, pq >> 2);
        heap.set(k, pk >> 2);
        heap.set(v, pv >> 2);
        if (M._bench_attention(kernel, pq, pk, pv, po, 1, T, T, d, d, 0) !== 0) throw new Error('bench_attention failed');
        return M.HEAPF32.slice(po >> 2, (po >> 2) + T * d);
      },
      free() { M._free(ptr); },
    };
  };
}
impls['attnbook-wasm-tiled-4x8'] = { load: ourModule, make: ourImpl(0) };
impls['attnbook-wasm-tiled-2x16'] = { load: ourModule, make: ourImpl(1) };
impls['attnbook-wasm-tiled-6x8'] = { load: ourModule, make: ourImpl(2) };
impls['attnbook-wasm-scalar'] = { load: ourModule, make: ourImpl(3) };

// ---- the cell's path: the scale module's AttentionScale.run beside the raw kernel ---------------
// The "attention at scale" cell runs the engine's kernel through the shipped scale module (Embind,
// progress into JavaScript, its own timing); the raw kernel is attention_forward_f32 called
// directly in the bench module on the same inputs. Both outputs must agree bit for bit.
const shipped = () => wasmModule('attnbook-scale');

/** Raw and cell entries for one problem (one head, T x d), sharing the cell's drawn inputs. */
async function cellPair(T, d, causal) {
  const [engine, M] = await Promise.all([shipped(), ourModule()]);
  const held = new engine.AttentionScale(JSON.stringify({ heads: 1, tokens: T, head_width: d, causal, seed: 0 }));
  const { q, k, v } = held.inputs();
  const bytes = T * d * 4;
  const ptr = M._malloc(4 * bytes);
  const [pq, pk, pv, po] = [0, 1, 2, 3].map((n) => ptr + n * bytes);
  M.HEAPF32.set(q, pq >> 2);
  M.HEAPF32.set(k, pk >> 2);
  M.HEAPF32.set(v, pv >> 2);
  let fraction = 0;
  const onProgress = (f) => { fraction = f; };  // what the worker's poster receives
  const raw = {
    call() {
      if (M._bench_attention(0, pq, pk, pv, po, 1, T, T, d, d, causal ? 1 : 0) !== 0) throw new Error('bench_attention failed');
    },
    output: () => M.HEAPF32.slice(po >> 2, (po >> 2) + T * d),
  };
  const cell = {
    // The time the cell shows: the engine's own, around its kernel call (report.ms); the wall
    // time of the whole call (the float64 check of one sampled row included) is kept beside it.
    call() {
      const report = JSON.parse(held.run(1, onProgress));
      if (fraction !== 1) throw new Error('the cell run did not report its end');
      return report;
    },
    output: () => held.output(),
  };
  return { raw, cell, free() { held.delete(); M._free(ptr); } };
}

// ---- the ceiling: bench_ceiling's twelve f32x4 mul+add chains, timed among the others ---------
const CEILING_ITERATIONS = 1_000_000;
const CEILING_FLOPS = CEILING_ITERATIONS * 12 * 4 * 2;
impls.ceiling = {
  load: ourModule,
  make: async () => {
    const M = await ourModule();
    return { ceiling: true, call: () => M._bench_ceiling(CEILING_ITERATIONS), free() {} };
  },
};

// ---- plain JavaScript ---------------------------------------------------------------------------
impls['plain-js'] = {
  load: async () => {},
  make: async (T, d) => {
    const [q, k, v] = benchInputs(T, d);
    return { call: () => attentionJs(q, k, v, T, T, d, d), free() {} };
  },
};

// ---- tfjs-backend-wasm (one thread: the page is not cross-origin isolated) ---------------------
impls['tfjs-wasm'] = {
  load: async () => {
    await loadScript('/node_modules/@tensorflow/tfjs-core/dist/tf-core.min.js');
    await loadScript('/node_modules/@tensorflow/tfjs-backend-wasm/dist/tf-backend-wasm.min.js');
    window.tf.wasm.setWasmPaths('/node_modules/@tensorflow/tfjs-backend-wasm/dist/');
    await window.tf.setBackend('wasm');
    await window.tf.ready();
  },
  make: async (T, d) => {
    const tf = window.tf;
    const [q, k, v] = benchInputs(T, d);
    const tq = tf.tensor2d(q, [T, d]), tk = tf.tensor2d(k, [T, d]), tv = tf.tensor2d(v, [T, d]);
    const scale = tf.scalar(1 / Math.sqrt(d));
    return {
      // K transposed explicitly (tf.transpose, then a plain matMul): matMul(q, k, false, true)
      // takes a path about 5x slower in this backend.
      call() {
        const o = tf.tidy(() => tf.matMul(tf.softmax(tf.mul(tf.matMul(tq, tf.transpose(tk)), scale)), tv));
        const data = o.dataSync();
        o.dispose();
        return data;
      },
      free() { tf.dispose([tq, tk, tv, scale]); },
    };
  },
  info: () => `tfjs ${window.tf.version_core}, backend ${window.tf.getBackend()}, threads ${window.tf.backend().wasm?._getThreadsCount?.() ?? 1}`,
};

// ---- onnxruntime-web (wasm execution provider, one thread) -------------------------------------
let ort = null;
impls['onnxruntime-web'] = {
  load: async () => {
    ort = await import('/node_modules/onnxruntime-web/dist/ort.wasm.min.mjs');
    ort.env.wasm.numThreads = 1;
    ort.env.wasm.wasmPaths = '/node_modules/onnxruntime-web/dist/';
    // Instantiate the runtime now (load time), with a throwaway session.
    await ort.InferenceSession.create(attentionModel(0.125), { executionProviders: ['wasm'] });
  },
  make: async (T, d) => {
    const [q, k, v] = benchInputs(T, d);
    const session = await ort.InferenceSession.create(attentionModel(1 / Math.sqrt(d)),
      { executionProviders: ['wasm'], graphOptimizationLevel: 'all' });
    const feeds = {
      Q: new ort.Tensor('float32', q, [T, d]),
      K: new ort.Tensor('float32', k, [T, d]),
      V: new ort.Tensor('float32', v, [T, d]),
    };
    return {
      async: true,
      async call() {
        const r = await session.run(feeds);
        return r.O.data;
      },
      free() { session.release(); },
    };
  },
  info: () => `onnxruntime-web ${ort.env.versions?.web ?? '?'}, wasm EP, numThreads ${ort.env.wasm.numThreads}`,
};

// ---- timing ----------------------------------------------------------------------------------
// Round-robin: each round times one sample of every implementation in turn, so on a shared,
// busy machine the load at any moment falls on all of them alike and the ratios (medians over
// rounds) hold up better than the absolute times.
async function timeRoundRobin(entries, budgetMs, minRounds) {
  for (const x of entries) {
    const run = x.impl.async ? () => x.impl.call() : async () => x.impl.call();
    const w0 = performance.now();
    let warm = 0;
    do { await run(); warm++; } while (warm < 2 || (performance.now() - w0 < 50 && warm < 200));
    const oneMs = Math.max((performance.now() - w0) / warm, 0.01);
    Object.assign(x, { run, oneMs, inner: Math.max(1, Math.ceil(25 / oneMs)), perCall: [] });
  }
  const roundMs = entries.reduce((t, x) => t + x.oneMs * x.inner, 0);
  const rounds = Math.min(25, Math.max(minRounds, Math.floor(budgetMs / roundMs)));
  for (let r = 0; r < rounds; r++) {
    for (const x of entries) {
      const t0 = performance.now();
      for (let n = 0; n < x.inner; n++) await x.run();
      x.perCall.push((performance.now() - t0) / x.inner);
    }
  }
  for (const x of entries) {
    x.perCall.sort((a, b) => a - b);
    x.ms = x.perCall[Math.floor(x.perCall.length / 2)];
    x.min_ms = x.perCall[0];
  }
}

window.bench = {
  names: () => Object.keys(impls),
  // Loads an implementation (its module, runtime, compiled WASM); returns the time it took.
  async load(name) {
    const t0 = performance.now();
    if (!loaded[name]) loaded[name] = impls[name].load();
    await loaded[name];
    return { load_ms: performance.now() - t0, info: impls[name].info?.() ?? '' };
  },
  // Checks every implementation at one size against float64 (sampled rows), then times the
  // correct ones round-robin. Returns one object per name.
  async runAll(names, T, d, budgetMs, minRounds = 3) {
    const [q, k, v] = benchInputs(T, d);
    const rows = sampleRows(T);
    const ref = referenceRows(q, k, v, T, d, rows);
    const entries = [];
    const out = {};
    try {
      for (const name of names) {
        const impl = await impls[name].make(T, d);
        if (impl.ceiling) { entries.push({ name, impl }); out[name] = { max_abs_error: 0 }; continue; }
        const result = impl.async ? await impl.call() : impl.call();
        const err = sampledError(result, ref, rows, T, d);
        out[name] = { max_abs_error: err };
        if (err < 1e-4) entries.push({ name, impl });
        else { out[name].note = 'error above 1e-4 on sampled rows: not timed'; impl.free(); }
      }
      await timeRoundRobin(entries, budgetMs, minRounds);
      for (const x of entries) {
        Object.assign(out[x.name], { ms: x.ms, min_ms: x.min_ms, samples: x.perCall.length, inner: x.inner,
          gflops: (x.impl.ceiling ? CEILING_FLOPS : attentionFlops(T, d)) / (x.ms * 1e6) });
      }
    } finally {
      for (const x of entries) x.impl.free();
    }
    return out;
  },
  // The mul+add SIMD ceiling of one core: bench_ceiling's twelve f32x4 chains.
  async ceiling() {
    const M = await ourModule();
    const iterations = 2_000_000;
    M._bench_ceiling(iterations / 10);
    const rates = [];
    for (let s = 0; s < 7; s++) {
      const t0 = performance.now();
      M._bench_ceiling(iterations);
      rates.push((iterations * 12 * 4 * 2) / ((performance.now() - t0) * 1e6));
    }
    rates.sort((a, b) => a - b);
    return { gflops: rates[3], best_gflops: rates[6] };
  },
  // The cell's path against the raw kernel at one size, causal or not: outputs compared bit for
  // bit, then timed round-robin (one sample of each per round). Returns {raw, cell} with ms
  // (median per call), gflops, and for the cell its wall time per call and the report's figures.
  async cellVsRaw(T, d, causal, budgetMs, minRounds = 5) {
    const pair = await cellPair(T, d, causal);
    try {
      pair.raw.call();
      const first = pair.cell.call();
      const a = pair.raw.output(), b = pair.cell.output();
      const same = a.length === b.length && new Uint32Array(a.buffer).every((x, i) => x === new Uint32Array(b.buffer)[i]);
      const flops = first.gflop.exact * 1e9;
      const times = { raw: [], cell: [], wall: [] };
      const t0 = performance.now();
      for (let r = 0; r < 25 && (r < minRounds || performance.now() - t0 < budgetMs); r++) {
        let s = performance.now();
        pair.raw.call();
        times.raw.push(performance.now() - s);
        s = performance.now();
        const report = pair.cell.call();
        times.wall.push(performance.now() - s);
        times.cell.push(report.ms.exact);
      }
      const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
      const ms = { raw: median(times.raw), cell: median(times.cell), wall: median(times.wall) };
      return {
        same_bits: same, kernel: first.kernel, max_rel_error: first.max_rel_error.exact, rounds: times.raw.length,
        raw: { ms: ms.raw, gflops: flops / (ms.raw * 1e6) },
        cell: { ms: ms.cell, gflops: flops / (ms.cell * 1e6), wall_ms: ms.wall, shown_gflops: first.gflops.shown,
          used_mib: first.memory.used_mib.exact, wasm_mib: first.wasm_memory.mib.exact },
      };
    } finally {
      pair.free();
    }
  },
  // The shipped module (attnbook.mjs, Embind, JSON): load time, and the scaling study's time.
  async shipped() {
    const t0 = performance.now();
    const { default: create } = await import('/build/wasm/attnbook.mjs');
    const engine = await create({ locateFile: (f) => `/build/wasm/${f}` });
    window.engine = engine;
    return { load_ms: performance.now() - t0 };
  },
  async scaling(runs) {
    const times = [];
    let result = null;
    for (let r = 0; r < runs; r++) {
      const t0 = performance.now();
      result = JSON.parse(window.engine.call('scaling', '{}'));
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return { ms: times[Math.floor(runs / 2)], runs, times, result };
  },
};
window.benchReady = true;
