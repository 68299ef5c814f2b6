// The training lab's run (`train`) prints the same bytes natively and in WebAssembly: every step
// is ordered float64 code with det_exp/det_log1p, so a few hundred steps of Adam, which amplify
// any difference in the last bit, must still agree exactly. Bad settings fail alike.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runNativeCli, runWasmCli } from './engine.mjs';

const lines = [
  ['train', '--steps', '60', '--snapshots', '2'],
  ['train', '--task', 'induction', '--layers', '2', '--heads', '2', '--width', '16', '--context', '12',
    '--vocab', '8', '--steps', '40', '--seed', '5', '--divisor', '1', '--probe', '1,2,3,1,2'],
  ['train', '--task', 'largest', '--mlp', '--heads', '4', '--width', '16', '--steps', '30', '--divisor', 'd',
    '--learning-rate', '0.05', '--eval-every', '7'],
];

test('train prints the same bytes natively and in WebAssembly', () => {
  for (const args of lines) {
    const native = runNativeCli(args), wasm = runWasmCli(args);
    assert.equal(native.status, 0, `${args.join(' ')}: ${native.stderr}`);
    assert.equal(wasm.stdout, native.stdout, args.join(' '));
    const r = JSON.parse(native.stdout);
    assert.equal(r.train_loss.length, r.config.steps);
    // Snapshots hold (layers, heads, T, T) maps of the probe; causal rows sum to 1.
    const map = r.snapshots.at(-1).attention[0][0];
    assert.equal(map.length, r.probe.length);
    map.forEach((row, t) => {
      const sum = row.reduce((s, w) => s + w.exact, 0);
      assert.ok(Math.abs(sum - 1) < 1e-12, `row ${t} sums to ${sum}`);
      row.slice(t + 1).forEach((w) => assert.equal(w.exact, 0));
    });
  }
});

test('bad training settings name the field, natively and in WebAssembly', () => {
  for (const [args, message] of [
    [['train', '--width', '30', '--heads', '4'], 'width: 30 does not split into 4 heads'],
    [['train', '--task', 'sorting'], 'task: "sorting" is not one of previous, largest, induction'],
    [['train', '--steps', '5001'], 'steps'],
    [['train', '--probe', '1,40'], 'probe'],
  ]) {
    const native = runNativeCli(args), wasm = runWasmCli(args);
    assert.notEqual(native.status, 0, args.join(' '));
    assert.match(native.stderr, new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    assert.equal(wasm.stderr, native.stderr, args.join(' '));
  }
});

test('train-program prints the same program natively and in WebAssembly, and refuses the page-only fields', () => {
  const args = ['train-program', '--task', 'induction', '--layers', '2', '--mlp', '--learning-rate', '0.003'];
  const native = runNativeCli(args), wasm = runWasmCli(args);
  assert.equal(native.status, 0, native.stderr);
  assert.equal(wasm.stdout, native.stdout);
  assert.match(native.stdout, /^TASK = "induction"$/m);
  assert.match(native.stdout, /^LEARNING_RATE = 0\.003$/m);
  const bad = ['train-program', '--probe', '1,2'];
  const n = runNativeCli(bad), w = runWasmCli(bad);
  assert.notEqual(n.status, 0);
  assert.match(n.stderr, /--probe/);
  assert.equal(w.stderr, n.stderr);
});
