#!/usr/bin/env node
// scripts/attnbook package FILE --scorm 1.2|2004 [--out DIR]     (FILE "-" or /dev/stdin: standard input)
// Checks the notebook with the engine's validator (scripts/attnbook validate: the same messages),
// then writes DIR/<id>-scorm12.zip or DIR/<id>-scorm2004.zip (DIR: the current folder by default):
// the standalone notebook as index.html with the SCORM adapter, and imsmanifest.xml at the zip's
// root (scripts/scorm.mjs). SCORM 2004 means its 4th edition.
//
// FILE is read once (a pipe or /dev/stdin gives its bytes once), at most one byte past the engine's
// size limit; those bytes are validated and those bytes packaged. Every failure (a bad --out, a
// file that cannot be read or written) ends in one line naming it, never a stack trace.
import fs from 'node:fs';
import path from 'node:path';
import { wasmDir } from './standalone.mjs';
import { scormPackage, SCORM_VERSIONS } from './scorm.mjs';

const USAGE = 'usage: scripts/attnbook package FILE --scorm 1.2|2004 [--out DIR]';

function fail(message, code = 2) {
  console.error(`attnbook package: ${message}`);
  process.exit(code);
}

const args = process.argv.slice(2);
let file = null;
let scorm = null;
let out = process.cwd();
for (let i = 0; i < args.length; i++) {
  const word = args[i];
  const [name, inline] = word.startsWith('--') && word.includes('=') ? [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)] : [word, null];
  const value = () => {
    if (inline !== null) return inline;
    if (i + 1 >= args.length) fail(`${name}: missing value\n${USAGE}`);
    return args[++i];
  };
  if (name === '--help' || name === '-h') {
    console.log(USAGE);
    process.exit(0);
  } else if (name === '--scorm') scorm = value();
  else if (name === '--out') out = value();
  else if (name.startsWith('--')) fail(`unknown option ${JSON.stringify(name)} (expected --scorm, --out)\n${USAGE}`);
  else if (file === null) file = word;
  else fail(`one notebook file at a time (got ${JSON.stringify(file)} and ${JSON.stringify(word)})`);
}
if (file === null) fail(`name the notebook file\n${USAGE}`);
if (scorm === null) fail(`say which package: --scorm 1.2 or --scorm 2004\n${USAGE}`);
if (!SCORM_VERSIONS.includes(scorm)) fail(`--scorm: expected one of ${SCORM_VERSIONS.join(', ')}, found ${JSON.stringify(scorm)}`);
if (!['attnbook-classic.js', 'attnbook-author.mjs'].every((f) => fs.existsSync(path.join(wasmDir(), f)))) fail('the WebAssembly build is missing: run `scripts/build wasm` first', 1);

// `--out` must be a folder, or not exist yet (it is made); said before any work is done.
let outKind = null;
try {
  outKind = fs.statSync(out);
} catch (e) {
  const why = { EACCES: 'permission denied', ENOTDIR: 'a part of the path is not a folder' }[e.code] || e.message;
  if (e.code !== 'ENOENT') fail(`--out ${JSON.stringify(out)}: ${why}`);
}
if (outKind && !outKind.isDirectory()) fail(`--out ${JSON.stringify(out)}: exists and is not a folder (name a folder for the zip)`);

const printable = (s) => JSON.stringify(String(s)).slice(1, -1);
const engine = await loadEngine();
const call = (command, args) => JSON.parse(engine.call(command, JSON.stringify(args)));
const maxBytes = call('limits', {}).notebook.max_bytes;

// The file's bytes, read once, stopping one byte past the limit (a pipe or /dev/zero never ends).
function readOnce(name) {
  let fd;
  try {
    // "-" and /dev/stdin read this process's standard input as it is (a socket cannot be opened again).
    const stdin = name === '-' || name === '/dev/stdin';
    if (!stdin && fs.statSync(name).isDirectory()) fail(`${printable(name)}: is a directory, not a notebook file`, 1);
    fd = stdin ? 0 : fs.openSync(name, 'r');
    const chunks = [];
    let total = 0;
    const buffer = Buffer.alloc(1 << 16);
    const pause = new Int32Array(new SharedArrayBuffer(4));
    for (;;) {
      let got;
      try {
        got = fs.readSync(fd, buffer, 0, Math.min(buffer.length, maxBytes + 1 - total), null);
      } catch (e) {
        if (e.code !== 'EAGAIN') throw e;
        Atomics.wait(pause, 0, 0, 10); // a non-blocking pipe with nothing yet: wait, read on
        continue;
      }
      if (got === 0) break;
      chunks.push(Buffer.from(buffer.subarray(0, got)));
      total += got;
      if (total > maxBytes) fail(`${printable(name)}: larger than the limit for a notebook (${maxBytes} bytes); reading stopped there`, 1);
    }
    return Buffer.concat(chunks);
  } catch (e) {
    fail(`${printable(name)}: cannot read (${e.code === 'ENOENT' ? 'no such file or directory' : e.code === 'EACCES' ? 'permission denied' : e.message})`, 1);
  } finally {
    if (fd !== undefined && fd !== 0) fs.closeSync(fd);
  }
  return null;
}
const bytes = readOnce(file);

// The engine's validator on those bytes: a notebook with problems is not packaged. The lines are
// the CLI's (`scripts/attnbook validate`, validation_error_line in notebook.hpp: "where: path:
// message", the path left out when `where` shows it); tests/wasm/package.test.mjs compares them.
const report = call('validate', { text: bytes.toString('utf8'), name: file });
if (!report.ok) {
  for (const e of report.errors) {
    const showPath = typeof e.path === 'string' && !e.where.includes(e.path);
    process.stderr.write(`${e.where}: ${showPath ? `${e.path}: ` : ''}${e.message}\n`);
  }
  fail(`${printable(file)} has problems (listed above); nothing was written`, 1);
}
const doc = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
let zip;
try {
  zip = await scormPackage(doc, { version: scorm });
} catch (e) {
  fail(`${printable(file)}: ${e.message}; nothing was written`, 1);
}
const target = path.join(out, zip.name);
try {
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(target, zip.bytes);
} catch (e) {
  fail(`cannot write ${printable(target)} (${e.code === 'EACCES' ? 'permission denied' : e.code === 'EISDIR' ? 'a folder of that name is in the way' : e.message})`, 1);
}
console.log(`${target} (${Math.round(zip.bytes.length / 1024)} KiB, SCORM ${scorm === '2004' ? '2004 4th edition' : scorm})`);

// The author module: the learner's module has no validator (engine/include/attnbook/notebook/authoring.hpp).
async function loadEngine() {
  const { default: createAttnbook } = await import(path.join(wasmDir(), 'attnbook-author.mjs'));
  return createAttnbook({ wasmBinary: fs.readFileSync(path.join(wasmDir(), 'attnbook-author.wasm')) });
}
