// The training lab's run (`train`) prints the same bytes natively and in WebAssembly: every step
// is ordered float64 code with det_exp/det_log1p, so a few hundred steps of Adam, which amplify
// any difference in the last bit, must still agree exactly. Bad settings fail alike.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runNativeCli, runWasmCli, WASM_DIR } from './engine.mjs';

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
    [['train', '--task', 'sorting'], 'task: expected one of previous, largest, induction, found "sorting"'],
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

// The training module's TrainSession (attnbook-train.mjs, what the lab's worker drives): N steps
// in slices of any size are N steps of the `train` command, bit for bit, and the maps it keeps
// for the timeline are the command's snapshots at those steps.
async function loadTrainModule() {
  const { default: create } = await import(path.join(WASM_DIR, 'attnbook-train.mjs'));
  return create({ wasmBinary: fs.readFileSync(path.join(WASM_DIR, 'attnbook-train.wasm')) });
}

test('the training module\'s session gives the train command\'s numbers, slice by slice', async () => {
  const mod = await loadTrainModule();
  const settings = { task: 'induction', layers: 2, heads: 2, width: 16, context: 12, vocab: 8, steps: 40, seed: 5, divisor: '1', snapshots: 3, probe: [1, 2, 3, 1, 2] };
  const cli = JSON.parse(runNativeCli(['train', '--task', 'induction', '--layers', '2', '--heads', '2', '--width', '16', '--context', '12',
    '--vocab', '8', '--steps', '40', '--seed', '5', '--divisor', '1', '--snapshots', '3', '--probe', '1,2,3,1,2']).stdout);
  const session = new mod.TrainSession(JSON.stringify(settings));
  try {
    const rows = { train_loss: [], max_weight: [], query_key_grad: [] };
    const evals = { steps: [], loss: [], accuracy: [] };
    for (const n of [3, 1, 10, 100]) {
      const r = JSON.parse(session.step(n));
      for (const k of Object.keys(rows)) rows[k].push(...r.rows[k]);
      for (const k of Object.keys(evals)) evals[k].push(...r.eval[k]);
      if (r.done) break;
    }
    // Pairs compared whole: the exact double and the text shown.
    assert.deepEqual(rows.train_loss, cli.train_loss);
    assert.deepEqual(rows.max_weight, cli.max_weight);
    assert.deepEqual(rows.query_key_grad, cli.query_key_grad);
    assert.deepEqual(evals, cli.eval);
    const now = JSON.parse(session.attention('{}'));
    assert.deepEqual(now.attention, cli.snapshots.at(-1).attention);
    assert.deepEqual(JSON.parse(session.attention('{"at": 0}')).attention, cli.snapshots[0].attention);
    const state = JSON.parse(session.state());
    assert.equal(state.step, 40);
    // Memory as stated: 8 bytes a number; (V + T) d + 4 d^2 per layer + d V numbers.
    const numbers = (8 + 12) * 16 + 2 * 4 * 16 * 16 + 16 * 8;
    assert.equal(state.memory.parameters, numbers);
    assert.equal(state.memory.model.bytes, numbers * 8);
    assert.equal(state.memory.checkpoints.bytes, state.checkpoints.length * numbers * 8);
    assert.throws(() => session.attention('{"probe": [1, 9]}'), /probe\[1\]: tokens are 0 to 7/);
    assert.throws(() => session.step(0), /TrainSession.step/);
  } finally {
    session.delete();
  }
  assert.throws(() => new mod.TrainSession('{"width": 30, "heads": 4}'), /width: 30 does not split into 4 heads/);
});

// The worker's job (web/src/train-job.js) on the real training module: slices bounded by time give
// the rows of one continuous run, and a worker that lost the session (a fresh module instance, as
// after a cancel or a crash) makes it again from the config and continues bit for bit.
test('the lab\'s worker job continues a run exactly, even in a fresh worker', async () => {
  const { runTrainJob } = await import('../../web/src/train-job.js');
  const config = { task: 'previous', width: 16, context: 8, vocab: 8, steps: 30, seed: 3 };
  const cli = JSON.parse(runNativeCli(['train', '--task', 'previous', '--width', '16', '--context', '8', '--vocab', '8',
    '--steps', '30', '--seed', '3']).stdout);
  const first = await loadTrainModule();
  let clock = 0;
  const now = () => (clock += 10); // each step "takes" 10 ms: a 40 ms budget ends a slice after 3 or 4 steps
  const a = runTrainJob(first, { op: 'step', session: 's', config, from: 0, steps: 100, budget_ms: 40 }, now);
  assert.ok(a.rows.steps.length >= 1 && a.rows.steps.length < 30, `a slice of ${a.rows.steps.length} steps`);
  const fresh = await loadTrainModule();
  const b = runTrainJob(fresh, { op: 'step', session: 's', config, from: a.step, steps: 100, budget_ms: 1e9 }, now);
  assert.equal(b.step, 30);
  assert.deepEqual([...a.rows.train_loss, ...b.rows.train_loss], cli.train_loss);
  assert.deepEqual([...a.eval.loss, ...b.eval.loss], cli.eval.loss);
  assert.deepEqual(b.attention.attention, cli.snapshots.at(-1).attention);
  assert.deepEqual(runTrainJob(fresh, { op: 'close', session: 's' }), { closed: true });
});
