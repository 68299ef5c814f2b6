// The CLI contract: native and WebAssembly builds print byte-identical output for the same
// command line, JSON on stdout, errors on stderr with a non-zero status, never a crash.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runNativeCli, runWasmCli, runScript } from './engine.mjs';
import { randomCommandLines } from './random-command-lines.mjs';

const GOOD = [
  ['explore'],
  ['explore', '--query', '2,1'],
  ['explore', '--keys', '-1,2;1,0;0,1', '--query', '-0.5,3'],
  ['explore', '--query=2,1', '--mask=1,0,1', '--divisor=d'],
  ['explore', '--mask', '0,0,0'],
  ['explore', '--query', '1,2,3', '--keys', '1,0,0;0,1,0;0,0,1;1,1,1;-1,-1,-1', '--values', '1;2;3;4;5', '--divisor', '1'],
  ['explore', '--query', '1e300,0', '--divisor', '1'],
  ['explore', '--query', '1', '--keys', '0;1;1.5', '--divisor', '1', '--normalizer', 'sparsemax'],
  ['explore', '--normalizer', 'entmax15', '--mask', '1,0,1'],
  ['explore', '--normalizer=softmax1', '--mask', '0,0,0'],
  ['python', '--query', '0.25,-4', '--labels', 'cat,sat,mat'],
  ['hand-example'],
  ['hand-example', '--queries', '1,2;3,4;-1,0.5'],
  ['scaling', '--pairs', '300', '--trials', '40', '--widths', '1,3,17', '--seed', '7'],
  ['scaling', '--divisor', 'd', '--pairs', '100', '--trials', '10', '--keys', '3'],
  ['sequence'],
  ['sequence', '--mask', '1,0,0;1,1,0;1,1,1'],
  ['sequence', '--mask', '0,0,0;1,1,0;1,1,1', '--divisor', 'd'],
  ['sequence', '--queries', '1,0,0;0,1,0', '--keys', '1,0,0;0,1,0;0,0,1;1,1,1', '--values', '1;2;3;4', '--divisor', '1'],
  ['block'],
  ['block', '--heads', '1', '--mask', '1,0,0;1,1,0;1,1,1'],
  ['block', '--heads', '4', '--activation', 'gelu_tanh'],
  ['block', '--input', '1,2,3,4;-1,0.5,0,2', '--activation', 'relu', '--mask', '0,0;1,1'],
  ['precision', '--tokens', '64', '--head-width', '16', '--seed', '3'],
  ['precision', '--tokens', '40', '--head-width', '8', '--unscaled'],
  ['precision', '--tokens=17', '--head-width=5', '--unscaled=false'],
  ['--help'],
  ['validate', 'web/notebooks/attention-explorable.json', 'web/notebooks/scaled-dot-product-attention.json'],
];

const BAD = [
  [['explore', '--query', '2,x'], /--query: "x" is not a number \(at \[1\]\)/],
  [['explore', '--keys', '1,2;3'], /values: has 3 rows but keys has 2/],
  [['explore', '--keys', '1,2;3,4;5'], /keys\[2\] has 1 number but the query has 2/],
  [['explore', '--mask', '1,1'], /mask: has 2 entries but there are 3 sources/],
  [['explore', '--mask', '1,2,1'], /--mask: "2" is not 1, 0, true or false/],
  [['explore', '--divisor', 'two'], /divisor: expected one of sqrt, d, 1, found "two"/],
  [['explore', '--query'], /--query: missing value/],
  [['explore', '--normalizer', 'hardmax'], /explore: \$\.normalizer: expected one of softmax, .*, found "hardmax"/],
  [['python', '--normalizer', 'sparsemax'], /normalizer: the Python export writes softmax only, not sparsemax/],
  [['explore', '--colour', 'red'], /unknown option --colour/],
  [['explore', '--query', '1e999,1'], /"1e999" is too large: it overflows a double/],
  [['scaling', '--pairs', '-1'], /\$\.pairs: must be between 1 and 200000, found -1/],
  [['scaling', '--widths', '0'], /\$\.widths\[0\]: must be between 1 and 4096, found 0/],
  [['scaling', '--widths', '4096', '--pairs', '200000'], /more than/],
  [['scaling', '--trials', '2.5'], /"2.5" is not a whole number/],
  [['explore', '--query', '1e200,1e200', '--keys', '1e200,1e200;1,0;0,1'], /keys\[0\] overflows a double/],
  [['frobnicate'], /unknown command "frobnicate"/],
  [['precision', '--tokens', '4097'], /\$\.tokens: must be between 1 and 4096, found 4097/],
  [['precision', '--unscaled=2'], /--unscaled: "2" is not 1, 0, true or false/],
  [['precision', '--head-width'], /--head-width: missing value/],
  [['explore', '--keys', '1,2;3,x;0,1'], /--keys: "x" is not a number \(at \[1\]\[1\]\)/],
  [['validate'], /name at least one notebook file/],
  [['sequence', '--mask', '1,0;1,1,0;1,1,1'], /mask\[0\] has 2 entries but there are 3 sources/],
  [['sequence', '--mask', '1,2,0'], /--mask: "2" is not 1, 0, true or false \(at \[0\]\[1\]\)/],
  [['sequence', '--queries', '1,2,3'], /keys\[0\] has 2 numbers but the query has 3/],
  [['block', '--heads', '3'], /heads: 3 does not divide the width 4/],
  [['block', '--input', '1,2'], /input\[0\] has 2 numbers but the block's rows have 4/],
  [['block', '--activation', 'swish'], /activation: expected one of gelu, gelu_tanh, relu, found "swish"/],
  [['validate', '/nonexistent/notebook.json'], /cannot open file/],
  [['validate', 'tests/engine/notebooks/bad-syntax.json'], /bad-syntax\.json:6:3: syntax error/],
  [['validate', 'tests/engine/notebooks/bad-several.json'], /bad-several\.json:3:9: \$\.id: id "Bad_Id"[^]*bad-several\.json:7:3: \$\.colour: unknown field "colour"/],
];

for (const args of GOOD) {
  test(`native and wasm print the same bytes: ${args.join(' ')}`, () => {
    const native = runNativeCli(args);
    const wasm = runWasmCli(args);
    assert.equal(native.status, 0, native.stderr);
    assert.equal(wasm.status, 0, wasm.stderr);
    assert.equal(wasm.stdout, native.stdout);
    assert.ok(native.stdout.length > 0);
    if (!['python', '--help', 'validate'].includes(args[0])) JSON.parse(native.stdout);
  });
}

for (const [args, message] of BAD) {
  test(`bad input is a clear error on both builds: ${args.join(' ')}`, () => {
    for (const run of [runNativeCli, runWasmCli]) {
      const r = run(args);
      assert.equal(r.signal, null, 'must not crash');
      assert.notEqual(r.status, 0);
      assert.equal(r.stdout, '');
      assert.match(r.stderr, message);
    }
  });
}

test('validate prints ok per good file and every error of a bad one, identically in wasm', () => {
  const args = ['validate', 'web/notebooks/attention-explorable.json', 'tests/engine/notebooks/bad-several.json'];
  const native = runNativeCli(args);
  const wasm = runWasmCli(args);
  assert.equal(native.status, 1);
  assert.equal(native.stdout, 'web/notebooks/attention-explorable.json: ok\n');
  assert.ok(native.stderr.trim().split('\n').length >= 3, native.stderr);
  assert.deepEqual([wasm.status, wasm.stdout, wasm.stderr], [native.status, native.stdout, native.stderr]);
});

test('a stray byte that is not UTF-8 is a clear error (native CLI: Node decodes argv itself)', async () => {
  const { spawnSync } = await import('node:child_process');
  const { NATIVE_DIR } = await import('./engine.mjs');
  const r = spawnSync('bash', ['-c', `"$0" python --labels $'A,\\xff,C'`, `${NATIVE_DIR}/attnbook`], { encoding: 'utf8' });
  assert.equal(r.signal, null);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /argument 3 is not valid UTF-8/);
});

test('explore --normalizer softmax prints what explore prints; sparsemax gives the sort-based shares', () => {
  assert.equal(runNativeCli(['explore', '--normalizer', 'softmax']).stdout, runNativeCli(['explore']).stdout);
  const out = JSON.parse(runNativeCli(['explore', '--query', '1', '--keys', '0;1;1.5', '--divisor', '1', '--normalizer', 'sparsemax']).stdout);
  assert.equal(out.normalizer, 'sparsemax');
  // scores (0, 1, 1.5): support {1, 1.5}, tau = (2.5 - 1) / 2 = 0.75, shares (0, 0.25, 0.75)
  assert.deepEqual(out.shares.map((x) => x.exact), [0, 0.25, 0.75]);
  assert.equal(out.total.exact, 1);
  assert.equal(out.denominator, undefined);
});

test('every number in explore output is an exact/shown pair', () => {
  const out = JSON.parse(runNativeCli(['explore']).stdout);
  const pairs = [...out.dots, ...out.scores, out.max, out.denominator, ...out.shares, ...out.carries.flat(), ...out.output];
  for (const p of pairs) {
    assert.deepEqual(Object.keys(p).sort(), ['exact', 'shown']);
    assert.equal(typeof p.exact, 'number');
    assert.equal(typeof p.shown, 'string');
  }
  // The published shares for --query 2,1.
  assert.deepEqual(out.shares.map((p) => p.exact), [0.14002924504337802, 0.575975345215362, 0.28399540974126003]);
});

test('scripts/attnbook runs native by default and wasm with --wasm, same bytes', () => {
  const args = ['explore', '--keys', '-1,2;1,0;0,1', '--query', '3,-1'];
  const native = runScript(args);
  const wasm = runScript(['--wasm', ...args]);
  const wasmLater = runScript([...args, '--wasm']);
  assert.equal(native.status, 0, native.stderr);
  assert.equal(wasm.stdout, native.stdout);
  assert.equal(wasmLater.stdout, native.stdout);
});

test('scaling defaults print the published tables on both builds', { timeout: 120000 }, () => {
  const native = runNativeCli(['scaling']);
  const wasm = runWasmCli(['scaling']);
  assert.equal(wasm.stdout, native.stdout);
  const out = JSON.parse(native.stdout);
  const shown = (xs) => xs.map((p) => p.shown);
  assert.deepEqual(out.widths, [4, 16, 64, 256]);
  assert.deepEqual(shown(out.raw_std), ['2.00', '4.01', '7.96', '16.06']);
  assert.deepEqual(shown(out.scaled_std), ['1.00', '1.00', '1.00', '1.00']);
  assert.deepEqual(shown(out.top_unscaled), ['0.574', '0.776', '0.890', '0.946']);
  assert.deepEqual(shown(out.top_scaled), ['0.399', '0.418', '0.422', '0.421']);
});

test('random command lines never crash either build, and both agree', () => {
  const pieces = ['1', '-1', '0', '2.5', '1e308', '-1e-320', 'nan', 'inf', '', ',', ';', '1,2', '1;2', '-', '--', 'é', '1,,2', ' 3 ', '0x10', '99999999999999999999'];
  const options = ['--query', '--keys', '--values', '--mask', '--divisor', '--seed', '--widths', '--pairs', '--trials', '--labels', '--queries', '--nope'];
  const commands = ['explore', 'python', 'scaling', 'hand-example', 'validate', 'bogus'];
  for (const args of randomCommandLines({ seed: 12345, rounds: 25, pieces, commands, options, maxOptions: 4 })) {
    const native = runNativeCli(args);
    const wasm = runWasmCli(args);
    const line = JSON.stringify(args);
    assert.equal(native.signal, null, `native crashed on ${line}`);
    assert.ok([0, 1, 2].includes(native.status), `native status ${native.status} on ${line}: ${native.stderr}`);
    assert.deepEqual([wasm.status, wasm.stdout, wasm.stderr], [native.status, native.stdout, native.stderr], line);
    if (native.status !== 0) assert.ok(native.stderr.length > 0, `silent failure on ${line}`);
  }
});

// Issue 20, finding 13: the wrapper guessed that every option takes a value, so --wasm after a
// switch (--unscaled) reached the native CLI as an unknown word ("--wasm: missing value").
test('scripts/attnbook takes --wasm anywhere, after a switch too, with the same bytes as native', () => {
  const args = ['precision', '--tokens', '8', '--unscaled'];
  const native = runScript(args);
  assert.equal(native.status, 0, native.stderr);
  for (const line of [[...args, '--wasm'], ['--wasm', ...args], ['precision', '--wasm', '--tokens', '8', '--unscaled'],
    ['precision', '--unscaled', '--wasm', '--tokens', '8']]) {
    const r = runScript(line);
    assert.equal(r.status, 0, `${line.join(' ')}: ${r.stderr}`);
    assert.equal(r.stdout, native.stdout, line.join(' '));
  }
  // --wasm where a value belongs: the option's value is missing, said by the CLI, on the wasm build.
  const r = runScript(['explore', '--divisor', '--wasm']);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /--divisor: missing value/);
});

// Issue 20, finding 15: a name with spaces around it was trimmed and taken ("--divisor ' 1'" ran as
// the divisor 1). Names go to the command as typed, which refuses them quoted, on both builds.
test('a divisor, normalizer or activation with spaces around it is refused, the same on both builds', () => {
  for (const args of [['explore', '--divisor', ' 1'], ['explore', '--divisor', 'sqrt '], ['scaling', '--divisor=\td'],
    ['explore', '--normalizer', ' softmax'], ['block', '--activation', 'relu ']]) {
    const native = runNativeCli(args);
    const wasm = runWasmCli(args);
    assert.notEqual(native.status, 0, args.join(' '));
    assert.match(native.stderr, /" 1"|"sqrt "|"\\td"|" softmax"|"relu "/, native.stderr);
    assert.deepEqual([wasm.status, wasm.stdout, wasm.stderr], [native.status, native.stdout, native.stderr], args.join(' '));
  }
  assert.equal(runNativeCli(['explore', '--divisor', '1']).status, 0);
});
