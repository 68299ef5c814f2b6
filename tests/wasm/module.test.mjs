// The Embind module as the web page uses it: same numbers as the native CLI, errors as JS Errors.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine, runNativeCli } from './engine.mjs';

let engine;
before(async () => { engine = await loadEngine(); });

const call = (command, args) => JSON.parse(engine.call(command, JSON.stringify(args)));

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
    (e) => e instanceof Error && /explore: \$\.query: expected an array, found a string/.test(e.message));
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
