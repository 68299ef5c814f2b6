// The learner's module size ceiling (engine/module-budget.json): attnbook.wasm plus its JS glue,
// each gzip -9 as a server would send them, at most gzip_bytes. The author module
// (attnbook-author: the same engine plus the validator and the authoring commands, which only the
// author page and notebooks that are not build-checked load) and the scale module (attnbook-scale:
// the attention-at-scale cell's runs, loaded on a reader's first Run) are measured and reported beside it.
// scripts/module-size.py prints what a module is made of when this fails.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { ROOT, WASM_DIR } from './engine.mjs';

const budget = JSON.parse(fs.readFileSync(path.join(ROOT, 'engine/module-budget.json'), 'utf8')).gzip_bytes;
// gzip -9 itself (Node's bundled zlib compresses differently, about 1% larger).
const gzipped = (file) => execFileSync('gzip', ['-9', '-n', '-c', path.join(WASM_DIR, file)], { maxBuffer: 1 << 26 }).length;

const moduleBytes = (name) => ({ wasm: gzipped(`${name}.wasm`), js: gzipped(`${name}.mjs`) });

test(`the learner's engine module is at most ${budget} bytes gzipped (wasm + JS glue); the author and scale modules' sizes are reported`, (t) => {
  const { wasm, js } = moduleBytes('attnbook');
  assert.ok(wasm + js <= budget,
    `attnbook.wasm ${wasm} + attnbook.mjs ${js} = ${wasm + js} bytes gzipped, over the ceiling of ${budget}` +
    ' (python3 scripts/module-size.py shows the parts)');
  const author = moduleBytes('attnbook-author');
  t.diagnostic(`learner's module: attnbook.wasm ${wasm} + attnbook.mjs ${js} = ${wasm + js} bytes gzipped (ceiling ${budget})`);
  t.diagnostic(`author module: attnbook-author.wasm ${author.wasm} + attnbook-author.mjs ${author.js} = ` +
    `${author.wasm + author.js} bytes gzipped (${author.wasm + author.js - wasm - js} more than the learner's)`);
  const scale = moduleBytes('attnbook-scale');
  t.diagnostic(`scale module: attnbook-scale.wasm ${scale.wasm} + attnbook-scale.mjs ${scale.js} = ${scale.wasm + scale.js} bytes gzipped`);
});
