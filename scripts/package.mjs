#!/usr/bin/env node
// scripts/attnbook package FILE --scorm 1.2|2004 [--out DIR]
// Checks the notebook with the engine's validator (scripts/attnbook validate: the same messages),
// then writes DIR/<id>-scorm12.zip or DIR/<id>-scorm2004.zip (DIR: the current folder by default):
// the standalone notebook as index.html with the SCORM adapter, and imsmanifest.xml at the zip's
// root (scripts/scorm.mjs). SCORM 2004 means its 4th edition.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT, wasmDir } from './standalone.mjs';
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
if (!fs.existsSync(path.join(wasmDir(), 'attnbook-classic.js'))) fail('the WebAssembly build is missing: run `scripts/build wasm` first', 1);

// The engine's validator, through the CLI: a notebook with problems is not packaged.
const check = spawnSync(path.join(ROOT, 'scripts', 'attnbook'), ['validate', file], { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
if (check.status !== 0) {
  process.stderr.write(check.stdout || '');
  fail(`${file} has problems (listed above); nothing was written`, 1);
}
const doc = JSON.parse(fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
const zip = await scormPackage(doc, { version: scorm });
fs.mkdirSync(out, { recursive: true });
const target = path.join(out, zip.name);
fs.writeFileSync(target, zip.bytes);
console.log(`${target} (${Math.round(zip.bytes.length / 1024)} KiB, SCORM ${scorm === '2004' ? '2004 4th edition' : scorm})`);
