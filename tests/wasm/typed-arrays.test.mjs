// The typed-array entry points of the module (engine/bindings: attentionInputs, attentionF32,
// attentionCheck): Float32Array in and out, every size checked before any work, errors as JS
// Errors naming the problem, the float64 check opt-in and sampled; outputs against a float64
// reference written here.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine } from './engine.mjs';

let engine;
before(async () => { engine = await loadEngine(); });

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

test('attentionInputs: three fresh Float32Arrays (H, T, D), the same for the same seed, different for another', () => {
  const p = JSON.stringify({ heads: 2, tokens: 33, head_width: 7, seed: 4 });
  const a = engine.attentionInputs(p), b = engine.attentionInputs(p);
  for (const t of ['q', 'k', 'v']) {
    assert.ok(a[t] instanceof Float32Array);
    assert.equal(a[t].length, 2 * 33 * 7);
    assert.deepEqual(a[t], b[t]);
    assert.notEqual(a[t].buffer, b[t].buffer, 'copies, not views into WASM memory');
  }
  const c = engine.attentionInputs(JSON.stringify({ heads: 2, tokens: 33, head_width: 7, seed: 5 }));
  assert.notDeepEqual(a.q, c.q);
  // unit normals: mean ~0, variance ~1 over 462 draws (5 standard errors of slack)
  const mean = a.q.reduce((x, y) => x + y, 0) / a.q.length;
  assert.ok(Math.abs(mean) < 5 / Math.sqrt(a.q.length), `mean ${mean}`);
});

for (const causal of [false, true]) {
  test(`attentionF32: every row within float32 tolerance of float64 (causal ${causal}, T spanning two blocks)`, () => {
    const p = { heads: 2, tokens: 300, head_width: 9, causal, seed: 1 };
    const { q, k, v } = engine.attentionInputs(JSON.stringify(p));
    const fractions = [];
    const r = engine.attentionF32(JSON.stringify(p), q, k, v, (f) => fractions.push(f));
    assert.ok(r.output instanceof Float32Array);
    assert.equal(r.output.length, q.length);
    assert.equal(r.check, null, 'the float64 check is opt-in');
    assert.equal(fractions.at(-1), 1);
    let worst = 0;
    for (let h = 0; h < 2; h++) {
      for (let i = 0; i < 300; i++) {
        const ref = rowF64(q, k, v, p, h, i, 1 / 3);
        for (let c = 0; c < 9; c++) worst = Math.max(worst, Math.abs(r.output[(h * 300 + i) * 9 + c] - ref[c]));
      }
    }
    // float32 sums of <= 300 terms of |v| < ~5: worst case 300 * 2^-24 * 5 ~ 1e-4; a wrong mask errs by ~0.1.
    assert.ok(worst < 1e-4, `largest error ${worst}`);
  });
}

test('attentionF32 with check: the float64 report on sampled rows', () => {
  const p = { heads: 1, tokens: 128, head_width: 16, seed: 0, check: true, sample_rows: 9 };
  const { q, k, v } = engine.attentionInputs(JSON.stringify({ tokens: 128, head_width: 16 }));
  const r = engine.attentionF32(JSON.stringify(p), q, k, v, null);
  const report = JSON.parse(r.check);
  assert.equal(report.rows_checked, 9);
  assert.ok(report.max_rel_error.exact < 1e-5, report.max_rel_error.shown);
  assert.equal(report.top_weight.scaled.bins.reduce((a, b) => a + b, 0), 9);
});

test('attentionCheck measures the error of the output it is given (a spoiled row is found)', () => {
  const p = { heads: 1, tokens: 64, head_width: 8, seed: 2 };
  const { q, k, v } = engine.attentionInputs(JSON.stringify(p));
  const out = engine.attentionF32(JSON.stringify(p), q, k, v, null).output;
  // sample_rows 3: rows 0, 31, 63. Spoil row 63 (the last) by 0.25.
  out[63 * 8 + 2] += 0.25;
  const report = JSON.parse(engine.attentionCheck(JSON.stringify({ ...p, sample_rows: 3, ms: 4 }), q, k, v, out));
  assert.ok(Math.abs(report.max_abs_error.exact - 0.25) < 1e-6, report.max_abs_error.shown);
  assert.equal(report.gflops.exact, (4 * 8 * 64 * 64) / (4 * 1e6));
});

test('sizes are checked before any work: wrong lengths, wrong types, limits, unknown fields', () => {
  const good = new Float32Array(2 * 3 * 4);
  const p = JSON.stringify({ heads: 2, tokens: 3, head_width: 4 });
  assert.throws(() => engine.attentionF32(p, good, new Float32Array(23), good, null), (e) => e instanceof Error && /attentionF32: k has 23 numbers; \(heads, tokens, head_width\) needs 24/.test(e.message));
  assert.throws(() => engine.attentionF32(p, good, good, [1, 2], null), /attentionF32: v must be a Float32Array/);
  assert.throws(() => engine.attentionCheck(p, good, good, good, new Float32Array(1)), /output has 1 numbers/);
  assert.throws(() => engine.attentionInputs(JSON.stringify({ tokens: 16385 })), /\$\.tokens: must be 1 to 16384, not 16385/);
  assert.throws(() => engine.attentionInputs(JSON.stringify({ heads: 16, tokens: 16384, head_width: 128 })), /at most 16777216/);
  assert.throws(() => engine.attentionInputs(JSON.stringify({ tokenz: 3 })), /\$\.tokenz: unknown field/);
  assert.throws(() => engine.attentionF32('{"heads": 2', good, good, good, null), Error);
  // The module still works afterwards.
  assert.equal(engine.attentionF32(p, good, good, good, null).output.length, 24);
});
