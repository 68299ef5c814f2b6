// The Jupyter export (`attnbook ipynb`): every shipped notebook at every depth, and a few
// permalink states, exported by both builds (the same bytes), checked with nbformat's own
// validator, then run top to bottom by `jupyter nbconvert --execute` on a Python 3 kernel: no
// cell may fail, so every program's check against the engine's exact numbers passed. The cells
// kept at each depth are compared with the page's rule (a cell's `depths`, else the notebook's).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { ROOT, runNativeCli, runWasmCli } from './engine.mjs';

const PYTHON = process.env.ATTNBOOK_PYTHON || '/usr/bin/python3';
const NOTEBOOKS = fs.readdirSync(path.join(ROOT, 'web/notebooks')).filter((f) => f.endsWith('.json')).sort()
  .map((f) => ({ file: `web/notebooks/${f}`, nb: JSON.parse(fs.readFileSync(path.join(ROOT, 'web/notebooks', f), 'utf8')) }));

// States a learner can leave behind: moved queries, masks, seeds, knobs, sizes; one refused value
// (a tile wider than the row) keeps that cell's defaults with a note.
const EXPLORABLE = 'attention-explorable', SDPA = 'scaled-dot-product-attention';
const STATES = [
  { id: EXPLORABLE, depth: 'developer', state: `#${EXPLORABLE}.q.explore=3,0&${EXPLORABLE}.m.explore=1,1,0&` +
      `${EXPLORABLE}.ms.held=1,0,0;1,1,0;1,1,1&${EXPLORABLE}.heads.block=4&${EXPLORABLE}.act.block=relu&${EXPLORABLE}.causal.block=1`,
    expect: [/query = \[3\.0, 0\.0\]/, /allowed = \[True,True,False\]/] },
  { id: SDPA, depth: 'developer', state: `#${SDPA}.seed.scaling=3&${SDPA}.widths.scaling=4,16,64&${SDPA}.pairs.scaling=3000&` +
      `${SDPA}.trials.scaling=300&${SDPA}.div.scaling=d&${SDPA}.scale.torch-rules=0.25&${SDPA}.heads.mistakes-live=2&` +
      `${SDPA}.tuned.mistakes-live=64&${SDPA}.qs.by-hand=1,1;0,2`, expect: [/default_rng\(3\)/, /explicit_scale = 0\.25/] },
  { id: SDPA, depth: 'researcher', state: `#nb=${SDPA}&s.jacobian-live=1,2,3&mult.jacobian-live=2&tile.online-softmax=99&` +
      `tok.cost-calculator=4096&heads.cost-calculator=8&row.alternatives=1&` +
      'tok.at-scale=256&dw.at-scale=32&heads.at-scale=2&causal.at-scale=1&div.at-scale=d&seed.at-scale=4',
    expect: [/scores = np\.array\(\[4\.0, 8\.0, 12\.0\]\)/, /tokens = 4096/, /were refused/, /query = 1 /,
      /heads, tokens, head_width = 2, 256, 32/, /causal = True/, /divisor = float\(head_width\)/] },
  { id: SDPA, depth: 'beginner', state: `#${SDPA}.knob.knob=2`, expect: [/divisor = 0\.178/] },
];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attnbook-ipynb-'));

// An author's notebook with the alternatives and the precision lab at other settings than the
// shipped ones (an odd T, a wider head, other seeds, more features): their programs must still
// reproduce the engine's numbers, bit for bit where they promise it.
const NUMERICS = {
  format: 'attnbook-notebook/1', id: 'numerics-settings', title: 'The alternatives and the precision lab elsewhere',
  version: '1.0.0', depths: ['researcher'],
  cells: [
    { id: 'alts', type: 'alternatives', cosine_scale: 20, features: 512, seed: 7 },
    { id: 'lab', type: 'precision-lab', tokens: [3, 40, 300], head_width: 128, seed: 11 },
  ],
};
const numericsFile = path.join(dir, 'numerics-settings.json');
fs.writeFileSync(numericsFile, JSON.stringify(NUMERICS));
NOTEBOOKS.push({ file: numericsFile, nb: NUMERICS });
STATES.push(
  { id: NUMERICS.id, depth: 'researcher', state: `#${NUMERICS.id}.row.alts=1`,
    expect: [/query = 1 /, /cosine_scale = 20\.0/, /features = 512/, /lengths = \[3, 40, 300\]/, /head_width = 128/] },
);

const exports = [];
for (const { file, nb } of NOTEBOOKS) {
  for (const depth of nb.depths) exports.push({ file, nb, depth, args: ['ipynb', file, '--depth', depth] });
}
for (const s of STATES) {
  const { file, nb } = NOTEBOOKS.find((n) => n.nb.id === s.id);
  exports.push({ file, nb, depth: s.depth, state: s.state, expect: s.expect, args: ['ipynb', file, '--depth', s.depth, '--state', s.state] });
}

const name = (e, i) => path.join(dir, `${i}-${e.nb.id}-${e.depth}${e.state ? '-state' : ''}.ipynb`);

test('every notebook and depth exports the same bytes natively and in WebAssembly', () => {
  exports.forEach((e, i) => {
    const native = runNativeCli(e.args);
    assert.equal(native.status, 0, `${e.args.join(' ')}: ${native.stderr}`);
    const wasm = runWasmCli(e.args);
    assert.equal(wasm.status, 0, `--wasm ${e.args.join(' ')}: ${wasm.stderr}`);
    assert.equal(wasm.stdout, native.stdout, `${e.args.join(' ')}: the builds differ`);
    fs.writeFileSync(name(e, i), native.stdout);
  });
});

test('the cells kept are those the page shows at that depth, with stable ids, in order', () => {
  exports.forEach((e, i) => {
    const ipynb = JSON.parse(fs.readFileSync(name(e, i), 'utf8'));
    assert.equal(ipynb.nbformat, 4);
    assert.equal(ipynb.metadata.kernelspec.name, 'python3');
    assert.equal(ipynb.metadata.language_info.name, 'python');
    assert.equal(ipynb.metadata.attnbook.depth, e.depth);
    // The page's rule (attention-notebook.js): a cell shows where its depths, else the notebook's, include the depth.
    const shown = e.nb.cells.filter((c) => (c.depths || e.nb.depths).includes(e.depth)).map((c) => c.id);
    const ids = ipynb.cells.map((c) => c.id);
    assert.deepEqual(ids.filter((id) => !id.startsWith('_') && !id.endsWith('_code')), shown, `${e.nb.id} at ${e.depth}`);
    assert.equal(new Set(ids).size, ids.length, 'ids are unique');
    for (const c of ipynb.cells.filter((c) => c.cell_type === 'code')) assert.match(c.source.join(''), /^engine = [{[]/m, `${c.id} checks against the engine`);
    for (const pattern of e.expect || []) assert.match(fs.readFileSync(name(e, i), 'utf8').replace(/\\"/g, '"'), pattern, `state ${e.state}`);
  });
});

const jupyter = spawnSync('jupyter-nbconvert', ['--version'], { encoding: 'utf8' });
const nbformat = spawnSync(PYTHON, ['-c', 'import nbformat'], { encoding: 'utf8' });
const missing = jupyter.status !== 0 || nbformat.status !== 0
  ? 'needs jupyter-nbconvert, python3-nbformat and python3-ipykernel (Debian; scripts/setup installs them)' : false;

// scripts/setup installs them before every `npm test`: their absence is a failure, not a reason to
// pass quietly (the three tests below are then skipped, and this one says why).
test('Jupyter is installed (nbconvert, nbformat, a Python 3 kernel)', () => {
  assert.equal(missing, false, missing || '');
});

test('nbformat validates every export', { skip: missing }, () => {
  const files = exports.map((e, i) => name(e, i));
  const r = spawnSync(PYTHON, ['-c', 'import sys, nbformat\nfor f in sys.argv[1:]:\n    nbformat.validate(nbformat.read(f, as_version=4))\n    print("ok", f)', ...files], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim().split('\n').length, files.length);
});

// One kernel start is a second or two; two notebooks at a time keep a 2-core machine usable.
function execute(file) {
  return new Promise((resolve) => {
    const child = spawn('jupyter-nbconvert', ['--to', 'notebook', '--execute', '--stdout', file],
      { env: { ...process.env, PYDEVD_DISABLE_FILE_VALIDATION: '1' } });
    let stdout = '', stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

test('every export runs top to bottom on a Python 3 kernel and every check passes', { skip: missing, timeout: 900_000 }, async () => {
  const queue = exports.map((e, i) => ({ e, file: name(e, i) }));
  const results = [];
  const started = Date.now();
  await Promise.all([0, 1].map(async () => {
    for (let job; (job = queue.shift());) results.push({ ...job, run: await execute(job.file) });
  }));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`ipynb: executed ${results.length} notebooks in ${seconds} s (2 at a time)`);
  for (const { e, file, run } of results) {
    assert.equal(run.status, 0, `${path.basename(file)}: ${run.stderr.slice(-3000)}`);
    const done = JSON.parse(run.stdout);
    const outputs = done.cells.filter((c) => c.cell_type === 'code').flatMap((c) => c.outputs);
    assert.equal(outputs.filter((o) => o.output_type === 'error').length, 0, path.basename(file));
    const text = outputs.map((o) => [].concat(o.text || []).join('')).join('');
    for (const c of done.cells.filter((c) => c.cell_type === 'code')) {
      assert.match(c.outputs.map((o) => [].concat(o.text || []).join('')).join(''), /the engine's|the same doubles/, `${c.id} printed its check`);
    }
    if (e.nb.id === SDPA && e.depth === 'developer' && !e.state) {
      // The published table: std of q.k for d = 4, 16, 64, 256.
      assert.match(text, /\n\s+4\s+2\.00\s+1\.00\n\s+16\s+4\.01\s+1\.00\n\s+64\s+7\.96\s+1\.00\n\s+256\s+16\.06\s+1\.00\n/);
      assert.match(text, /0\.574\s+0\.399/);
    }
  }
});

// The checks are live: a copy of a program with one of the engine's numbers moved to the next
// double (where the program promises the same doubles) or by a relative 1e-9 (where it allows
// 1e-12) must stop with an AssertionError that names what differs.
function nextDouble(x) {
  const value = new Float64Array([x]);
  new BigInt64Array(value.buffer)[0] += 1n; // 0 -> 5e-324; otherwise one unit in the last place away from 0
  return value[0];
}

test('a program whose embedded engine number is moved fails its check', { skip: missing, timeout: 600_000 }, async () => {
  const researcher = runNativeCli(['ipynb', `web/notebooks/${SDPA}.json`, '--depth', 'researcher']);
  assert.equal(researcher.status, 0, researcher.stderr);
  const ipynb = JSON.parse(researcher.stdout);
  const code = (id) => ipynb.cells.find((c) => c.id === id).source.join('');
  const cases = [
    { cell: 'alternatives_code', pattern: /("name": "sparsemax", .*?"weights": \[\[)([-+0-9.e]+)/, move: nextDouble, says: /AssertionError: \('sparsemax'/ },
    { cell: 'alternatives_code', pattern: /("name": "dot", .*?"weights": \[\[)([-+0-9.e]+)/, move: (x) => x * (1 + 1e-9), says: /dot weights/ },
    { cell: 'precision_code', pattern: /(^engine = \[\n[\s\S]*?"max_abs_error": )([-+0-9.e]+)/m, move: nextDouble, says: /AssertionError: .*'max_abs_error'/ },
  ];
  for (const [n, c] of cases.entries()) {
    const source = code(c.cell);
    const match = source.match(c.pattern);
    assert.ok(match, `${c.cell}: ${c.pattern}`);
    const moved = String(c.move(Number(match[2])));
    assert.notEqual(Number(moved), Number(match[2]));
    const tampered = source.replace(c.pattern, `$1${moved}`);
    const cell = { ...ipynb.cells.find((x) => x.id === c.cell), source: tampered.split(/(?<=\n)/) };
    const file = path.join(dir, `tampered-${n}.ipynb`);
    fs.writeFileSync(file, JSON.stringify({ ...ipynb, cells: [cell] }));
    const run = await execute(file);
    assert.notEqual(run.status, 0, `${c.cell} with ${match[2]} -> ${moved} still passed`);
    assert.match(run.stderr, c.says, `${c.cell}: ${run.stderr.slice(-2000)}`);
  }
});

test('bad requests are clear errors on both builds', () => {
  const bad = [
    [['ipynb', 'web/notebooks/attention-explorable.json', '--depth', 'expert'], /ipynb: depth: "expert" is not one of this notebook's depths \(beginner, developer, researcher\)/],
    [['ipynb', 'no/such.json'], /no\/such\.json: cannot open file/],
    [['ipynb'], /ipynb: name one notebook file/],
    [['ipynb', 'package.json', '--depth', 'beginner'], /ipynb: the notebook is not valid \(\d+ errors\); the first: package\.json:1:1: \$: missing required field "format"/],
  ];
  for (const [args, message] of bad) {
    for (const run of [runNativeCli, runWasmCli]) {
      const r = run(args);
      assert.notEqual(r.status, 0, args.join(' '));
      assert.equal(r.stdout, '');
      assert.match(r.stderr, message, args.join(' '));
    }
  }
});
