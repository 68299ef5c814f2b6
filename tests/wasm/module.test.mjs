// The Embind module as the web page uses it: same numbers as the native CLI, errors as JS Errors.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, WASM_DIR, loadEngine, runNativeCli } from './engine.mjs';
import { AUTHOR_COMMANDS } from '../../web/src/engine-modules.js';

let engine;
let author; // the author module: the learner's module plus the commands no lesson calls
before(async () => {
  engine = await loadEngine();
  author = await loadEngine('attnbook-author');
});

const call = (command, args) => JSON.parse(engine.call(command, JSON.stringify(args)));
const callAuthor = (command, args) => JSON.parse(author.call(command, JSON.stringify(args)));

test('explore through Embind equals the native CLI', () => {
  const args = { query: [-1.5, 0.25], keys: [[-1, 2], [1, 0], [0, 1], [3, 3]], values: [[2, 0], [0, 2], [-1, -1], [0.5, 0.5]], mask: [true, true, false, true], divisor: 'sqrt' };
  const native = JSON.parse(runNativeCli(['explore', '--query', '-1.5,0.25', '--keys', '-1,2;1,0;0,1;3,3',
    '--values', '2,0;0,2;-1,-1;0.5,0.5', '--mask', '1,1,0,1']).stdout);
  assert.deepEqual(call('explore', args), native);
});

test('explore shares match an independent float64 softmax in JavaScript', () => {
  // Math.exp is fdlibm's exp in V8, like the engine's det_exp: equality is exact.
  const q = [2, 1], keys = [[-1, 2], [1, 0], [0, 1]];
  const scores = keys.map((k) => (q[0] * k[0] + q[1] * k[1]) / Math.sqrt(2));
  const m = Math.max(...scores);
  const e = scores.map((s) => Math.exp(s - m));
  const z = e.reduce((a, b) => a + b, 0);
  assert.deepEqual(call('explore', {}).shares.map((p) => p.exact), e.map((x) => x / z));
});

test('scaling through Embind reports progress and equals native', () => {
  const seen = [];
  const args = { seed: 3, widths: [2, 8], pairs: 500, trials: 50, keys: 4 };
  const out = JSON.parse(engine.callWithProgress('scaling', JSON.stringify(args), (f) => seen.push(f)));
  assert.ok(seen.length >= 2);
  assert.equal(seen.at(-1), 1);
  for (let i = 1; i < seen.length; i++) assert.ok(seen[i] >= seen[i - 1]);
  const native = JSON.parse(runNativeCli(['scaling', '--seed', '3', '--widths', '2,8', '--pairs', '500', '--trials', '50', '--keys', '4']).stdout);
  assert.deepEqual(out, native);
});

test('hand example through Embind', () => {
  const out = call('hand_example', {});
  assert.deepEqual(out.weights[0].map((p) => p.shown), ['0.401', '0.198', '0.401']);
  assert.deepEqual(out.output[0].map((p) => p.shown), ['6.017', '3.983']);
});

test('engine errors arrive as JS Error objects with the engine message', () => {
  assert.throws(() => engine.call('explore', JSON.stringify({ keys: [[1, 2], [3]] })),
    (e) => e instanceof Error && /values: has 3 rows but keys has 2/.test(e.message));
  assert.throws(() => engine.call('explore', JSON.stringify({ query: 'two' })),
    (e) => e instanceof Error && /explore: \$\.query: expected an array of numbers, found a string/.test(e.message));
  assert.throws(() => engine.call('explore', JSON.stringify({ keys: [[1, 'x']] })),
    (e) => e instanceof Error && /\$\.keys\[0\]\[1\]: expected a number/.test(e.message));
  assert.throws(() => engine.call('explore', '{not json'), (e) => e instanceof Error && /not valid JSON/.test(e.message));
  assert.throws(() => engine.call('nope', '{}'), (e) => e instanceof Error && /unknown command "nope"/.test(e.message));
  // The module keeps working after errors (no leaked exception state).
  assert.equal(call('explore', {}).shares.length, 3);
});

test('command list', () => {
  const names = JSON.parse(engine.commands());
  for (const name of ['explore', 'scaling', 'hand_example', 'python']) assert.ok(names.includes(name), name);
});

test('the learner\'s module lacks exactly the commands the worker sends to the author module', () => {
  const names = JSON.parse(engine.commands());
  assert.deepEqual(JSON.parse(author.commands()), names, 'both list the whole registry');
  // An argument no command takes: every command refuses it, unless it is not in the module at all.
  const refusal = (module, name) => {
    try {
      module.call(name, '{"not-an-argument": 0}');
    } catch (e) {
      return e.message;
    }
    return assert.fail(`${name} took an unknown argument`);
  };
  const missing = names.filter((name) => /this engine module has no validator, authoring or general commands/.test(refusal(engine, name)));
  assert.deepEqual(missing, [...AUTHOR_COMMANDS].sort(), 'web/src/engine-modules.js names what the learner\'s module lacks');
  for (const name of names) assert.doesNotMatch(refusal(author, name), /has no validator/, name);
  // The author module answers them as the CLI does, and the rest as the learner's module does.
  const text = fs.readFileSync(path.join(ROOT, 'web/notebooks/attention-explorable.json'), 'utf8');
  assert.equal(JSON.parse(author.call('validate', JSON.stringify({ text }))).ok, true);
  assert.deepEqual(JSON.parse(author.call('schema', '{}')), JSON.parse(runNativeCli(['schema']).stdout));
  assert.deepEqual(JSON.parse(author.call('limits', '{}')), JSON.parse(runNativeCli(['limits']).stdout));
  assert.equal(author.call('explore', '{}'), engine.call('explore', '{}'));
});

test('the attention-at-scale runs are the scale module\'s alone (the worker of the scale lane loads it)', async () => {
  // engine/bindings/scale: the learner's module has neither entry point, nor the kernel they run.
  assert.equal(engine.attentionRun, undefined);
  assert.equal(engine.AttentionScale, undefined);
  const learnerSymbols = fs.readFileSync(path.join(WASM_DIR, 'attnbook.mjs.symbols'), 'utf8');
  assert.doesNotMatch(learnerSymbols, /run_tiled_4x8|attention_forward_f32/, 'the tiled kernel is linked into attnbook.wasm');
  const scale = await loadEngine('attnbook-scale');
  assert.equal(typeof scale.attentionRun, 'function');
  assert.equal(typeof scale.AttentionScale, 'function');
  assert.equal(scale.call, undefined, 'the scale module runs no commands');
});

test('attention through Embind matches a float64 JavaScript reference (causal, GQA)', () => {
  // q (1, 2, 3, 4) with two query heads sharing one kv head (enable_gqa), causal mask.
  const [Hq, L, S, E, Ev] = [2, 3, 3, 4, 2];
  const fill = (n, seed) => Array.from({ length: n }, (_, i) => Math.sin(seed * 7.1 + i * 1.37) * 2);
  const q = fill(Hq * L * E, 1), k = fill(S * E, 2), v = fill(S * Ev, 3);
  const out = callAuthor('attention', {
    query: { shape: [1, Hq, L, E], data: q }, key: { shape: [1, 1, S, E], data: k },
    value: { shape: [1, 1, S, Ev], data: v }, is_causal: true, enable_gqa: true, return_weights: true,
  });
  const f32 = (x) => Math.fround(x);
  for (let h = 0; h < Hq; h++) {
    for (let i = 0; i < L; i++) {
      const logits = [];
      for (let j = 0; j <= i; j++) {
        let dot = 0;
        for (let e = 0; e < E; e++) dot += f32(q[(h * L + i) * E + e]) * f32(k[j * E + e]);
        logits.push(dot / Math.sqrt(E));
      }
      const m = Math.max(...logits);
      const ex = logits.map((a) => Math.exp(a - m));
      const z = ex.reduce((a, b) => a + b, 0);
      for (let c = 0; c < Ev; c++) {
        let o = 0;
        for (let j = 0; j <= i; j++) o += (ex[j] / z) * f32(v[j * Ev + c]);
        // float32 kernel vs float64: a few float32 ulps on values of size ~2.
        assert.ok(Math.abs(out.output.data[(h * L + i) * Ev + c].exact - o) < 1e-5, `h${h} i${i} c${c}`);
      }
      for (let j = i + 1; j < S; j++) assert.equal(out.weights.data[(h * L + i) * S + j].exact, 0);
    }
  }
  assert.ok(out.reference_max_abs_error.exact < 1e-5);
  assert.deepEqual(out.fully_masked_rows, []);
});

test('attention errors name both shapes', () => {
  assert.throws(() => callAuthor('attention', {
    query: { shape: [2, 4], data: Array(8).fill(0) }, key: { shape: [3, 3], data: Array(9).fill(0) },
    value: { shape: [3, 2], data: Array(6).fill(0) },
  }), (e) => e instanceof Error && /\(2, 4\)/.test(e.message) && /\(3, 3\)/.test(e.message));
  assert.throws(() => callAuthor('attention', {
    query: { shape: [2, 4], data: Array(8).fill(0) }, key: { shape: [3, 4], data: Array(12).fill(0) },
    value: { shape: [3, 2], data: Array(6).fill(0) }, is_causal: true,
    attn_mask: { shape: [2, 3], data: Array(6).fill(true) },
  }), (e) => e instanceof Error && /is_causal/.test(e.message));
});

test('the hand-written attnbook.d.ts lists exactly the commands the module has', async () => {
  const { readFileSync } = await import('node:fs');
  const { ROOT } = await import('./engine.mjs');
  const dts = readFileSync(`${ROOT}/engine/bindings/attnbook.d.ts`, 'utf8');
  const block = /export interface Commands \{\n([^]*?)\n\}/.exec(dts)[1];
  const typed = [...block.matchAll(/^\s*(\w+):/gm)].map((m) => m[1]).sort();
  assert.deepEqual(typed, JSON.parse(engine.commands()).sort());
});

// The module has its own snprintf (engine/bindings/snprintf_module.cpp) in place of musl's: these
// are its two callers' outputs. nlohmann's serializer writes a control character in a string as
// \u00XX (the exported program lists its labels as JSON); its lexer quotes one in a parse error
// as <U+00XX>.
test('control characters through the module\'s snprintf: the same bytes as the native CLI', () => {
  const label = 'a\u001bb\u0001\u007f';
  const program = call('python', { labels: [label, 'c', 'd'] }).program;
  assert.ok(program.includes('["a\\u001bb\\u0001\\u007f","c","d"]'), 'the labels escaped as JSON writes them');
  assert.equal(program, runNativeCli(['python', '--labels', `${label},c,d`]).stdout);
  assert.throws(() => engine.call('explore', '{"query": "\u0001"}'),
    (e) => e instanceof Error && e.message.includes('control character U+0001 (SOH) must be escaped to \\u0001; last read: \'"<U+0001>\''));
});
