// The three-depth lesson's commands print the same bytes natively and in WebAssembly (their
// numbers are lesson numbers: ordered float64 code with det_exp), and the module answers the
// same JSON as the CLI. Values here are the defaults and a few edited settings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine, runNativeCli, runWasmCli } from './engine.mjs';

const lines = [
  ['normalize', '--scores', '0.1,4.0,0,0.2', '--kind', 'softmax'],
  ['normalize', '--scores', '0.1,4.0,0,0.2', '--kind', 'sparsemax', '--temperature', '0.5'],
  ['normalize', '--scores', '3,-1,2.5,0,1e-3', '--kind', 'entmax15'],
  ['normalize', '--scores', '800,799', '--kind', 'softmax1'],
  ['jacobian', '--scores', '0.1,4.0,0,0.2'],
  ['online-softmax', '--scores', '0.1,4.0,0,0.2,-1,2.5', '--values', '1,0;0,1;1,1;-1,0;0,-1;2,2', '--tile', '4'],
  ['cost', '--tokens', '100000', '--head-width', '64'],
  ['cost', '--tokens', '8192', '--head-width', '128', '--value-width', '64', '--heads', '32', '--layers', '40', '--batch', '4', '--bytes', '4'],
  ['scaling-program', '--seed', '7', '--widths', '3,9', '--divisor', 'd'],
  ['pipeline'], ['pipeline', '--knob', '0'],
  ['pytorch-rules'], ['pytorch-rules', '--scale', '0.25'],
  ['mistakes', '--heads', '4', '--tuned-width', '64'],
  ['alternatives'], ['alternatives', '--features', '256', '--seed', '3', '--cosine-scale', '10'],
  ['jacobian-norms', '--widths', '1,16,256', '--trials', '50'],
  ['tiling-memory', '--tokens', '1000,100000', '--tile', '64'],
];

test('every lesson command prints the same bytes natively and in WebAssembly', () => {
  for (const args of lines) {
    const native = runNativeCli(args), wasm = runWasmCli(args);
    assert.equal(native.status, 0, `${args.join(' ')}: ${native.stderr}`);
    assert.equal(wasm.stdout, native.stdout, args.join(' '));
  }
});

test('the module gives the CLI\'s answer', async () => {
  const engine = await loadEngine();
  const cli = JSON.parse(runNativeCli(['cost', '--tokens', '100000', '--head-width', '64']).stdout);
  assert.deepEqual(JSON.parse(engine.call('cost', JSON.stringify({ tokens: 100000, head_width: 64 }))), cli);
  assert.equal(cli.scores.shown, '1e10');
  assert.equal(cli.score_bytes.shown, '20 GB');
  const pipe = JSON.parse(engine.call('pipeline', '{}'));
  assert.deepEqual(pipe.shares.map((p) => p.shown), ['0.14', '0.57', '0.14', '0.15']);
  // normalize: no lesson page calls it, so it is in the author module only (web/src/engine-modules.js).
  const author = await loadEngine('attnbook-author');
  assert.throws(() => author.call('normalize', JSON.stringify({ scores: [1], kind: 'softermax' })), /normalize: \$\.kind: expected one of softmax, sparsemax, entmax15, softmax1, found "softermax"/);
});
