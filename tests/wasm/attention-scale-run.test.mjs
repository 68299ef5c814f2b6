// The "attention at scale" entry points of the scale module (attnbook-scale.mjs,
// engine/bindings/scale: attentionRun, one call per WASM run; the AttentionScale handle, for the
// WebGPU path): the tensors stay in WASM memory and
// cross at most once each way, the kernel named is the one that ran, the float64 check is the
// engine's, every size is checked before any work, errors are JS Errors naming the problem, and
// a second large run reuses the memory the first one grew. Outputs against a float64 reference
// written here.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine } from './engine.mjs';

let engine;
before(async () => { engine = await loadEngine('attnbook-scale'); });

const TILED = 'scaled_dot_product_attention_tiled_4x8_xsimd';

// Plain float64 attention of one (head, row) of (H, T, D) arrays: the spec, never optimised.
function rowF64(q, k, v, { tokens: T, head_width: D, causal }, h, i, scale) {
  const base = h * T * D;
  const keys = causal ? i + 1 : T;
  const a = [];
  for (let j = 0; j < keys; j++) {
    let dot = 0;
    for (let c = 0; c < D; c++) dot += q[base + i * D + c] * k[base + j * D + c];
    a.push(scale * dot);
  }
  const m = Math.max(...a);
  const e = a.map((x) => Math.exp(x - m));
  const sum = e.reduce((x, y) => x + y, 0);
  const o = new Array(D).fill(0);
  for (let j = 0; j < keys; j++) for (let c = 0; c < D; c++) o[c] += (e[j] / sum) * v[base + j * D + c];
  return o;
}

/** A handle, deleted after fn whatever happens. */
function withHandle(problem, fn) {
  const held = new engine.AttentionScale(JSON.stringify(problem));
  try {
    return fn(held);
  } finally {
    held.delete();
  }
}

test('AttentionScale.inputs: fresh Float32Arrays (H, T, D), the same for the same seed, different for another', () => {
  const p = { heads: 2, tokens: 33, head_width: 7, seed: 4 };
  const a = withHandle(p, (h) => h.inputs());
  const b = withHandle(p, (h) => h.inputs());
  for (const t of ['q', 'k', 'v']) {
    assert.ok(a[t] instanceof Float32Array);
    assert.equal(a[t].length, 2 * 33 * 7);
    assert.deepEqual(a[t], b[t]);
    assert.equal(a[t].buffer.byteLength, a[t].byteLength, 'a copy with its own buffer, not a view into WASM memory');
  }
  const c = withHandle({ ...p, seed: 5 }, (h) => h.inputs());
  assert.notDeepEqual(a.q, c.q);
  // unit normals: mean ~0, variance ~1 over 462 draws (5 standard errors of slack)
  const mean = a.q.reduce((x, y) => x + y, 0) / a.q.length;
  assert.ok(Math.abs(mean) < 5 / Math.sqrt(a.q.length), `mean ${mean}`);
});

for (const causal of [false, true]) {
  test(`run: every row within float32 tolerance of float64, the tiled kernel named (causal ${causal})`, () => {
    const p = { heads: 2, tokens: 300, head_width: 9, causal, seed: 1 };
    withHandle(p, (held) => {
      const fractions = [];
      const report = JSON.parse(held.run(undefined, (f) => fractions.push(f)));
      assert.equal(report.kernel, TILED);
      assert.equal(report.backend, 'wasm');
      assert.equal(report.rows_checked, 32, 'the default sample');
      assert.equal(fractions.at(-1), 1);
      assert.ok(fractions.every((f, i) => i === 0 || f > fractions[i - 1]), 'progress only grows');
      const { q, k, v } = held.inputs();
      const out = held.output();
      assert.equal(out.length, q.length);
      let worst = 0;
      for (let h = 0; h < 2; h++) {
        for (let i = 0; i < 300; i++) {
          const ref = rowF64(q, k, v, p, h, i, 1 / 3);
          for (let c = 0; c < 9; c++) worst = Math.max(worst, Math.abs(out[(h * 300 + i) * 9 + c] - ref[c]));
        }
      }
      // float32 sums of <= 300 terms of |v| < ~5: worst case 300 * 2^-24 * 5 ~ 1e-4; a wrong mask errs by ~0.1.
      assert.ok(worst < 1e-4, `largest error ${worst}`);
    });
  });
}

test('attentionRun: one call gives the handle run\'s report (same inputs, same kernel, same errors)', () => {
  const p = { heads: 1, tokens: 128, head_width: 16, causal: true, seed: 0 };
  const one = JSON.parse(engine.attentionRun(JSON.stringify({ ...p, sample_rows: 9 }), null));
  const two = withHandle(p, (h) => JSON.parse(h.run(9, null)));
  assert.equal(one.kernel, TILED);
  assert.equal(one.rows_checked, 9);
  assert.ok(one.max_rel_error.exact < 1e-5, one.max_rel_error.shown);
  assert.equal(one.max_abs_error.exact, two.max_abs_error.exact, 'the same output, bit for bit');
  assert.deepEqual(one.top_weight, two.top_weight);
  assert.equal(one.top_weight.scaled.bins.reduce((a, b) => a + b, 0), 9);
  assert.ok(one.ms.exact >= 0);
});

test('check measures the error of the output it is given (a spoiled row is found)', () => {
  const p = { heads: 1, tokens: 64, head_width: 8, seed: 2 };
  withHandle(p, (held) => {
    JSON.parse(held.run(1, null));
    const out = held.output();
    // sample_rows 3: rows 0, 31, 63. Spoil row 63 (the last) by 0.25.
    out[63 * 8 + 2] += 0.25;
    const report = JSON.parse(held.check(out, 4, 3));
    assert.equal(report.backend, 'webgpu');
    assert.ok(Math.abs(report.max_abs_error.exact - 0.25) < 1e-6, report.max_abs_error.shown);
    assert.equal(report.gflops.exact, (4 * 8 * 64 * 64) / (4 * 1e6));
    assert.equal(report.memory.scratch_bytes.exact, 0, 'the GPU kernel has no scratch in WASM');
  });
});

test('sizes and arguments are checked before any work; errors are JS Errors naming the call', () => {
  withHandle({ heads: 2, tokens: 3, head_width: 4 }, (held) => {
    assert.throws(() => held.check(new Float32Array(23), 1, 1), (e) => e instanceof Error && /AttentionScale\.check: output has 23 numbers; \(heads, tokens, head_width\) needs 24/.test(e.message));
    assert.throws(() => held.check([1, 2], 1, 1), /AttentionScale\.check: output must be a Float32Array/);
    assert.throws(() => held.check(new Float32Array(24), -1, 1), /ms must be a finite number >= 0/);
    assert.throws(() => held.run(0, null), /AttentionScale\.run: sample_rows must be a whole number 1 to 256/);
    assert.throws(() => held.run(2.5, null), /sample_rows must be a whole number/);
    assert.throws(() => held.run('7', null), /sample_rows must be a whole number/);
    assert.equal(JSON.parse(held.run(null, null)).rows_checked, 6, 'null: the default 32, at most H T rows');
  });
  assert.throws(() => new engine.AttentionScale(JSON.stringify({ tokens: 16385 })), /AttentionScale: \$\.tokens: must be between 1 and 16384, found 16385/);
  assert.throws(() => new engine.AttentionScale(JSON.stringify({ heads: 16, tokens: 16384, head_width: 128 })), /at most 16777216/);
  assert.throws(() => new engine.AttentionScale(JSON.stringify({ sample_rows: 3 })), /\$\.sample_rows: unknown argument/);
  assert.throws(() => engine.attentionRun(JSON.stringify({ tokenz: 3 }), null), /attentionRun: \$\.tokenz: unknown argument/);
  assert.throws(() => engine.attentionRun(JSON.stringify({ tokens: 8, sample_rows: 0 }), null), /attentionRun: \$\.sample_rows: expected a whole number 1 to 256/);
  assert.throws(() => engine.attentionRun('{"heads": 2', null), Error);
  // The module still works afterwards.
  assert.equal(JSON.parse(engine.attentionRun(JSON.stringify({ tokens: 8, head_width: 4 }), null)).kernel, TILED);
});

test('a large run: the page is told the WebAssembly memory the engine holds, and a second run reuses it', () => {
  const p = JSON.stringify({ heads: 2, tokens: 2048, head_width: 64, causal: true, seed: 9 });
  const first = JSON.parse(engine.attentionRun(p, null));
  const second = JSON.parse(engine.attentionRun(p, null));
  // q, k, v and the output (4 MiB here) and the kernel's buffers fit in what the module holds.
  assert.ok(first.wasm_memory.bytes.exact >= first.memory.used_bytes.exact, JSON.stringify(first.wasm_memory));
  assert.equal(second.wasm_memory.bytes.exact, first.wasm_memory.bytes.exact, 'no growth on the second run');
  assert.equal(first.wasm_memory.mib.shown, (first.wasm_memory.bytes.exact / 1048576).toFixed(1));
});
