// Runs the golden corpus (cases.mjs) through both CLIs and compares with the recorded files.
//
//   const { results, differences } = await runGolden({ groups })   // groups: names, default all
//   writeGolden(results)                                           // scripts/golden --update
//
// A record is { id, status, stdout, stderr } (one JSON line per case, tests/golden/<group>.jsonl).
// Native and WebAssembly must print the same bytes (the CLI contract); where they do not, the
// record keeps the native bytes and adds "wasm": {...}, and the test fails on it.
//
// How each side runs:
//   commands      native: build/native/attnbook, one process per command line (cwd: the
//                 repository); wasm: build/wasm/attnbook-cli.cjs, every line in this process
//                 (wasm-cli.mjs), as fresh programs.
//   validation    the files are written to a scratch folder and checked by `validate F1 F2 ...`,
//                 BATCH files per CLI run on both sides; each file's lines are its own (every line
//                 starts with its name, which is printed as given), and its status is what
//                 `validate FILE` alone exits with: 0 for "FILE: ok", 1 otherwise.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { GROUPS, BATCH } from './cases.mjs';
import { loadWasmCli } from './wasm-cli.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const GOLDEN_DIR = path.join(ROOT, 'tests/golden');
const NATIVE = path.join(process.env.ATTNBOOK_BUILD_NATIVE || path.join(ROOT, 'build/native'), 'attnbook');
const WASM_DIR = process.env.ATTNBOOK_BUILD_WASM || path.join(ROOT, 'build/wasm');

// Native runs go POOL at a time, in the background while the WebAssembly side runs in this
// process: starting a process is most of a native case's cost on a busy machine.
const POOL = 4;
let running = 0;
const waiting = [];

function runNative(args, cwd) {
  return new Promise((resolve, reject) => {
    const start = () => {
      running++;
      const child = spawn(NATIVE, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
      const out = [], err = [];
      child.stdout.on('data', (b) => out.push(b));
      child.stderr.on('data', (b) => err.push(b));
      child.on('error', reject);
      child.on('close', (code, signal) => {
        running--;
        if (waiting.length) waiting.shift()();
        resolve({ status: signal ? `signal ${signal}` : code, stdout: Buffer.concat(out), stderr: Buffer.concat(err) });
      });
    };
    if (running < POOL) start();
    else waiting.push(start);
  });
}

// Output as text when it is UTF-8 (the CLI escapes what it quotes, so it always should be).
function record(id, { status, stdout, stderr }) {
  const out = { id, status };
  for (const [key, bytes] of [['stdout', stdout], ['stderr', stderr]]) {
    const text = bytes.toString('utf8');
    if (Buffer.from(text).equals(bytes)) out[key] = text;
    else out[`${key}_base64`] = bytes.toString('base64');
  }
  return out;
}

// Splits one `validate F1 F2 ...` run into one result per file.
function splitValidation(names, { status, stdout, stderr }) {
  if (typeof status !== 'number' || status > 1) throw new Error(`validate crashed or failed (${status}): ${stderr}`);
  const own = new Map(names.map((n) => [n, { out: [], err: [] }]));
  const owner = (line) => names.find((n) => line.startsWith(`${n}:`));
  for (const [bytes, key] of [[stdout, 'out'], [stderr, 'err']]) {
    for (const line of bytes.toString('utf8').split('\n').slice(0, -1)) {
      const name = owner(line);
      if (!name) throw new Error(`a line of validate's output names no file of the batch: ${line}`);
      own.get(name)[key].push(line + '\n');
    }
  }
  return names.map((n) => {
    const { out, err } = own.get(n);
    const ok = out.length === 1 && out[0] === `${n}: ok\n` && err.length === 0;
    return { status: ok ? 0 : 1, stdout: Buffer.from(out.join('')), stderr: Buffer.from(err.join('')) };
  });
}

async function runGroup(cases, wasm, scratch) {
  const validation = cases.filter((c) => c.files);
  const plain = cases.filter((c) => !c.files);
  for (const c of validation) {
    for (const [name, bytes] of Object.entries(c.files)) {
      fs.mkdirSync(path.join(scratch, path.dirname(name)), { recursive: true });
      fs.writeFileSync(path.join(scratch, name), bytes);
    }
  }
  const batches = [];
  for (let i = 0; i < validation.length; i += BATCH) batches.push(validation.slice(i, i + BATCH));
  const names = (batch) => batch.map((c) => c.args[1]);
  // Every native run is started (queued) first; the WebAssembly runs happen meanwhile.
  const native = [
    ...plain.map((c) => runNative(c.args, ROOT)),
    ...batches.map((b) => runNative(['validate', ...names(b)], scratch).then((r) => splitValidation(names(b), r))),
  ];
  const wasmResults = [
    ...plain.map((c) => wasm.run(c.args, { cwd: ROOT })),
    ...batches.map((b) => splitValidation(names(b), wasm.run(['validate', ...names(b)], { cwd: scratch }))),
  ];
  const nativeResults = await Promise.all(native);
  const flat = (results) => [...results.slice(0, plain.length), ...results.slice(plain.length).flat()];
  const byCase = new Map();
  const ordered = [...plain, ...batches.flat()];
  const n = flat(nativeResults), w = flat(wasmResults);
  ordered.forEach((c, i) => byCase.set(c.id, { native: n[i], wasm: w[i] }));
  return cases.map((c) => {
    const { native: nat, wasm: was } = byCase.get(c.id);
    const rec = record(c.id, nat);
    const other = record(c.id, was);
    if (JSON.stringify(other) !== JSON.stringify(rec)) {
      const { id, ...rest } = other;
      rec.wasm = rest;
    }
    return rec;
  });
}

export function readGolden(group) {
  const file = path.join(GOLDEN_DIR, `${group}.jsonl`);
  if (!fs.existsSync(file)) return [];
  return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));
}

export function writeGolden(results) {
  for (const [group, records] of Object.entries(results))
    fs.writeFileSync(path.join(GOLDEN_DIR, `${group}.jsonl`), records.map((r) => JSON.stringify(r)).join('\n') + '\n');
}

// The first line where two texts differ, both sides, for a readable summary.
function firstDifference(a = '', b = '') {
  const x = a.split('\n'), y = b.split('\n');
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  const cut = (s) => (s === undefined ? '(nothing)' : s.length > 200 ? s.slice(0, 200) + '…' : s);
  return `line ${i + 1}:\n      was: ${cut(x[i])}\n      now: ${cut(y[i])}`;
}

function compare(group, recorded, current) {
  const before = new Map(recorded.map((r) => [r.id, r]));
  const now = new Map(current.map((r) => [r.id, r]));
  const out = [];
  for (const r of current) {
    const old = before.get(r.id);
    if (r.wasm) out.push({ group, id: r.id, kind: 'native and wasm differ', detail: JSON.stringify(r.wasm).slice(0, 400) });
    if (!old) { out.push({ group, id: r.id, kind: 'added' }); continue; }
    if (JSON.stringify(old) === JSON.stringify(r)) continue;
    const parts = [];
    if (old.status !== r.status) parts.push(`status ${old.status} -> ${r.status}`);
    for (const key of ['stdout', 'stderr', 'stdout_base64', 'stderr_base64'])
      if (old[key] !== r[key]) parts.push(`${key} ${firstDifference(old[key], r[key])}`);
    out.push({ group, id: r.id, kind: 'changed', detail: parts.join('\n    ') });
  }
  for (const r of recorded) if (!now.has(r.id)) out.push({ group, id: r.id, kind: 'removed' });
  return out;
}

export async function runGolden({ groups = Object.keys(GROUPS) } = {}) {
  const wasm = await loadWasmCli(WASM_DIR);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'attnbook-golden-'));
  const results = {}, differences = [], counts = {};
  try {
    for (const group of groups) {
      const cases = GROUPS[group](ROOT);
      counts[group] = cases.length;
      results[group] = await runGroup(cases, wasm, scratch);
      differences.push(...compare(group, readGolden(group), results[group]));
    }
  } finally {
    wasm.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  return { results, differences, counts };
}

// What changed, one paragraph per case, then a count per group and kind.
export function summary(differences, counts) {
  const lines = [];
  for (const d of differences) lines.push(`${d.kind}: [${d.group}] ${d.id}${d.detail ? `\n    ${d.detail}` : ''}`);
  const tally = {};
  for (const d of differences) tally[`${d.group} ${d.kind}`] = (tally[`${d.group} ${d.kind}`] ?? 0) + 1;
  lines.push(`cases: ${Object.entries(counts).map(([g, n]) => `${g} ${n}`).join(', ')}`);
  lines.push(differences.length ? `differences: ${Object.entries(tally).map(([k, n]) => `${k} ${n}`).join(', ')}` : 'no differences');
  return lines.join('\n');
}
