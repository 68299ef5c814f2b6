// Differential test of the CLI contract: the native and WebAssembly builds get the same argument
// lists, hostile and seeded-random, and must print the same bytes on stdout and stderr with the
// same exit status. Hostile means what a person or a script can type: numbers at and past the
// edges of a double, subnormals, -0, NaN/inf spellings, Unicode, terminal escapes and bidi
// controls, long and empty strings, repeated options, and files that are not notebooks
// (/dev/zero, a directory, a missing file, a 5 MB file, a pipe).
// On top of equality, every output must be safe to print: no control character other than the
// newline ending a line, no bidi control, however hostile the input.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT, NATIVE_DIR, WASM_DIR, loadEngine } from './engine.mjs';
import { randomCommandLines } from './random-command-lines.mjs';

const NATIVE = path.join(NATIVE_DIR, 'attnbook');
const WASM = [process.execPath, '--no-experimental-fetch', path.join(WASM_DIR, 'attnbook-cli.cjs')];

// Like runNativeCli / runWasmCli in engine.mjs, but with bytes (Buffers), so that the comparison
// is byte for byte and a stray byte in the output cannot be hidden by UTF-8 decoding.
function run(kind, args, input) {
  const [file, ...pre] = kind === 'native' ? [NATIVE] : WASM;
  return spawnSync(file, [...pre, ...args], { cwd: ROOT, input, maxBuffer: 64 << 20, timeout: 60000 });
}

let dir;
before(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attnbook-differential-'));
  fs.writeFileSync(path.join(dir, 'five-mb.json'), Buffer.alloc(5 * 1000 * 1000, 0x20));
  fs.writeFileSync(path.join(dir, 'empty.json'), '');
  const hostile = JSON.parse(fs.readFileSync(path.join(ROOT, 'web/notebooks/attention-explorable.json'), 'utf8'));
  hostile.id = '\u001b[2J\u001b[31mred';
  hostile.title = 'x\u202eevil\u0085';
  hostile['colour\nother.json: ok'] = 'a'.repeat(10000);
  fs.writeFileSync(path.join(dir, 'hostile.json'), JSON.stringify(hostile));
  fs.writeFileSync(path.join(dir, 'name\nother.json: ok'), '{}');
});
after(() => fs.rmSync(dir, { recursive: true, force: true }));

const file = (name) => path.join(dir, name);

// Is every byte safe to print? Controls other than '\n' (C0, DEL, C1 as UTF-8) and bidi controls
// are not. Checked on top of equality: both builds could agree on an unsafe output.
function unsafe(buffer) {
  const text = buffer.toString('utf8');
  const bad = text.match(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/u);
  return bad ? `U+${bad[0].codePointAt(0).toString(16).padStart(4, '0')} at ${bad.index}` : null;
}

function same(args, { input, python = false } = {}) {
  const native = run('native', args, input);
  const wasm = run('wasm', args, input);
  const label = JSON.stringify(args).slice(0, 300);
  assert.equal(native.signal, null, `native crashed on ${label}`);
  assert.equal(wasm.signal, null, `wasm crashed on ${label}`);
  assert.ok([0, 1, 2].includes(native.status), `native status ${native.status} on ${label}: ${native.stderr}`);
  assert.equal(wasm.status, native.status, `status on ${label}: ${wasm.stderr} / ${native.stderr}`);
  assert.ok(wasm.stdout.equals(native.stdout), `stdout differs on ${label}`);
  assert.ok(wasm.stderr.equals(native.stderr), `stderr differs on ${label}:\n${native.stderr}\n${wasm.stderr}`);
  if (native.status !== 0) assert.ok(native.stderr.length > 0, `silent failure on ${label}`);
  assert.equal(unsafe(native.stderr), null, `unsafe stderr on ${label}: ${native.stderr}`);
  // A Python program carries its own newlines and indentation; the rest of stdout is JSON or help.
  if (!python) assert.equal(unsafe(native.stdout), null, `unsafe stdout on ${label}`);
  return native;
}

const NUMBERS = ['0', '-0', '+0', '-0.0', '2.5', '.5', '5.', '+7', '1e308', '1.7976931348623157e308', '1e309', '-1e999',
  '4.9e-324', '-4.9e-324', '2.4e-324', '1e-310', '2.2250738585072014e-308', '1e-400', 'NaN', 'nan', '-nan', 'inf', '-inf',
  'Infinity', '+INF', '0x10', '1_000', '1e', 'e1', '', ' ', '١', '１', '99999999999999999999', '18446744073709551616'];
const WORDS = ['sqrt', 'd', '1', 'SQRT', '', 'é', '\u202esqrt', '\u001b[31mred', 'line\nother.json: ok',
  '\u0085', '\u2028', '\u{1F600}', 'a'.repeat(10000)];

test('hostile numbers in every numeric option agree', () => {
  for (const x of NUMBERS) {
    // Every list option reads its numbers with one function, so one of them stands for all.
    same(['explore', '--query', `${x},1`]);
    same(['scaling', '--seed', x, '--pairs', '20', '--trials', '3', '--widths', '2']);
    same(['scaling', '--keys', x, '--pairs', '20', '--trials', '3', '--widths', '2']);
  }
});

test('subnormals are read as the nearest double in both builds, as JSON reads them', () => {
  const out = JSON.parse(same(['explore', '--query', '4.9e-324,1e-310', '--keys', '1,0', '--values', '1']).stdout);
  assert.deepEqual(out.dots.map((p) => p.exact), [5e-324]);
  const zero = JSON.parse(same(['explore', '--query', '1e-400,1', '--keys', '1,0', '--values', '1']).stdout);
  assert.deepEqual(zero.dots.map((p) => p.exact), [0]);
});

test('hostile words, option names and commands agree and are printed escaped', () => {
  for (const w of WORDS) {
    same(['explore', '--divisor', w]);
    same(['python', '--labels', `${w},B,C`], { python: true });
    same(['explore', `--${w}`, '1']);
    same([w]);
    same(['explore', w]);
  }
  const red = same(['explore', '--divisor', '\u001b[31mred']).stderr.toString();
  assert.match(red, /divisor: expected one of sqrt, d, 1, found "\\u001B\[31mred"/);
  const long = same(['explore', '--divisor', 'a'.repeat(10000)]).stderr.toString();
  assert.ok(long.length < 200, long);
  assert.match(long, /"a{40}…" \(10000 characters\)/);
});

test('empty, repeated and malformed command lines agree', () => {
  for (const args of [[], [''], ['--help'], ['explore', '--help'], ['explore', '--query'], ['explore', '--query='],
    ['explore', '--query', '1,2', '--query', '3,4'], ['explore', '--query=1,2', '--query', '3,4'],
    ['explore', '--mask', '1,1,1', '--mask=0,0,0'], ['explore', '--', '1'], ['explore', '-', '1'],
    ['explore', '--query', ',', '--keys', ';'], ['explore', '--keys', ';;;'], ['explore', '--mask', 'true,false,yes'],
    ['scaling', '--widths', '', '--pairs', '10'], ['scaling', '--widths', '1,'.repeat(9) + '1', '--pairs', '10'],
    // 100 KB: near the longest single argument Linux passes (MAX_ARG_STRLEN, 128 KiB).
    ['explore', '--query', '1,'.repeat(50000) + '1'], ['validate', 'x', '--query', '1']]) {
    same(args);
  }
});

test('seeded random command lines agree', () => {
  const pieces = [...NUMBERS, ...WORDS.filter((w) => w.length < 100), ',', ';', '-', '--', '1,,2', 'true', '1;2'];
  const options = ['--query', '--keys', '--values', '--mask', '--divisor', '--seed', '--widths', '--pairs', '--trials',
    '--labels', '--queries', '--nope', '--keys=1'];
  const commands = ['explore', 'python', 'scaling', 'hand-example', 'bogus'];
  for (const args of randomCommandLines({ seed: 20240607, rounds: 40, pieces, commands, options, maxOptions: 5 })) {
    same(args, { python: args[0] === 'python' });
  }
});

test('files that are not notebooks: the same message from both builds, and reading stops at the limit', () => {
  const cases = [
    ['/dev/zero', /^\/dev\/zero: larger than 4\.0 MiB \(4194304 bytes\), the limit for a notebook; reading stopped there\n$/],
    [file('five-mb.json'), /five-mb\.json: larger than 4\.0 MiB \(4194304 bytes\)/],
    [path.join(ROOT, 'engine'), /engine: is a directory, not a notebook file\n$/],
    [file('missing.json'), /missing\.json: cannot open file \(no such file or directory\)\n$/],
    [file('empty.json'), /empty\.json:1:1: syntax error while parsing value: unexpected end of input/],
    ['/dev/null', /^\/dev\/null:1:1: syntax error/],
  ];
  for (const [name, message] of cases) {
    const r = same(['validate', name]);
    assert.equal(r.status, 1, name);
    assert.match(r.stderr.toString(), message);
  }
});

test('a notebook on a pipe is read like a file, with the same limit', () => {
  // A shell pipe (Node's own stdio pipes are sockets, which /dev/stdin cannot reopen).
  const piped = (producer, cli) => spawnSync('bash', ['-c', `${producer} | "$@" validate /dev/stdin; echo "status $?"`,
    'bash', ...cli], { cwd: ROOT });
  const good = 'cat web/notebooks/attention-explorable.json';
  const endless = 'cat /dev/zero';  // reading must stop at the limit, or this never ends
  for (const producer of [good, endless]) {
    const [native, wasm] = [[NATIVE], WASM].map((cli) => piped(producer, cli));
    assert.ok(wasm.stdout.equals(native.stdout) && wasm.stderr.equals(native.stderr), producer);
  }
  assert.equal(piped(good, [NATIVE]).stdout.toString(), '/dev/stdin: ok\nstatus 0\n');
  assert.match(piped(endless, [NATIVE]).stderr.toString(), /^\/dev\/stdin: larger than 4\.0 MiB/);
});

test('a hostile notebook and a hostile file name cannot forge a line or reach the terminal raw', () => {
  const r = same(['validate', file('hostile.json'), file('name\nother.json: ok')]);
  const err = r.stderr.toString();
  assert.match(err, /\$\.id: id "\\u001B\[2J\\u001B\[31mred" must be/);
  assert.match(err, /unknown field "colour\\nother\.json: ok"/);
  assert.match(err, /name\\nother\.json: ok:1:1: \$: missing required field "format"/);
  for (const line of err.split('\n').filter(Boolean)) {
    assert.ok(line.startsWith(file('hostile.json')) || line.startsWith(file('name\\nother.json: ok')), line);
    assert.ok(line.length < 400, line.slice(0, 100));
  }
  assert.equal(r.stdout.length, 0);
});

test('bytes that are not UTF-8 in an argument: the same refusal from both builds', () => {
  // Through bash, because a JavaScript string cannot hold a stray byte: Node would encode it.
  // The WebAssembly CLI sees argv already decoded by Node (U+FFFD) and reads the raw bytes back.
  const line = `"$@" python --labels $'A,\\xff,C'; echo "status $?"`;
  const cases = [["explore", "--divisor", "$'\\xc0\\xaf'"], ["explore", "--divisor", "$'\\xed\\xa0\\x80'"],
    ["validate", "$'\\xf4\\x90\\x80\\x80.json'"]];
  const outputs = [NATIVE, WASM].map((cli) => {
    const argv = Array.isArray(cli) ? cli : [cli];
    const results = [spawnSync('bash', ['-c', line, 'bash', ...argv], { cwd: ROOT })];
    for (const c of cases) results.push(spawnSync('bash', ['-c', `"$@" ${c.join(' ')}; echo "status $?"`, 'bash', ...argv], { cwd: ROOT }));
    return results.map((r) => [r.stdout.toString('latin1'), r.stderr.toString('latin1')]);
  });
  assert.deepEqual(outputs[1], outputs[0]);
  assert.deepEqual(outputs[0][0], ['status 2\n', 'attnbook: argument 3 is not valid UTF-8\n']);
  assert.deepEqual(outputs[0][3], ['status 2\n', 'attnbook: argument 2 is not valid UTF-8\n']);
  // A U+FFFD the person really typed is text like any other, in both builds.
  same(['python', '--labels', '\ufffd,B,C'], { python: true });
});

test('the module parses arguments with the notebook\'s bounded parser: clear Errors, never a RangeError', async () => {
  const engine = await loadEngine();
  const error = (command, text) => {
    try {
      engine.call(command, text);
    } catch (e) {
      return e;
    }
    assert.fail(`no error for ${text.slice(0, 80)}`);
  };
  const deep = error('explore', `{"mask": ${'['.repeat(100000)}${']'.repeat(100000)}}`);
  assert.equal(deep.constructor, Error);
  assert.match(deep.message, /^explore: \$\.mask(\[0\])+: arrays and objects are nested more than 64 levels deep$/);
  const huge = error('scaling', '{"pairs": 1e400}');
  assert.equal(huge.message, 'scaling: $.pairs: number 1e400 is too large: it overflows a double');
  assert.match(error('explore', '{"divisor": "\\u001b[2J"}').message, /^explore: \$\.divisor: expected one of sqrt, d, 1, found "\\u001B\[2J"$/);
  // The module keeps working afterwards.
  assert.equal(JSON.parse(engine.call('explore', '{}')).shares.length, 3);
});
