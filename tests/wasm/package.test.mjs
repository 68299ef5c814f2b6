// scripts/attnbook package FILE --scorm 1.2 [--out DIR]: a valid notebook becomes
// DIR/<id>-scorm12.zip (manifest at the root, the launch file holding the notebook); a notebook
// with problems is refused with the validator's own lines and nothing is written.
// (tests/browser/scorm.test.mjs runs a package in a real SCORM run-time.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { runScript } from './engine.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attnbook-package-'));
const write = (name, doc) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, typeof doc === 'string' ? doc : JSON.stringify(doc, null, 2));
  return file;
};
const good = {
  format: 'attnbook-notebook/1', id: 'two-cells', title: 'Two <cells> & a question', version: '1.2.0', depths: ['beginner'],
  cells: [
    { type: 'prose', text: 'Hello.' },
    { type: 'practice', id: 'q', prompt: 'One plus one?', answer: { kind: 'number', value: 2, tolerance: 0.1 } },
  ],
};

test('a valid notebook becomes <id>-scorm12.zip in --out', () => {
  const out = path.join(dir, 'out');
  const r = runScript(['package', write('two.json', good), '--scorm', '1.2', '--out', out]);
  assert.equal(r.status, 0, r.stderr);
  const zipPath = path.join(out, 'two-cells-scorm12.zip');
  assert.match(r.stdout, /two-cells-scorm12\.zip/);
  const files = unzipSync(fs.readFileSync(zipPath));
  assert.deepEqual(Object.keys(files).sort(), ['imsmanifest.xml', 'index.html']);
  const manifest = strFromU8(files['imsmanifest.xml']);
  assert.match(manifest, /<manifest identifier="attnbook-two-cells" version="1\.2\.0"/);
  assert.match(manifest, /<title>Two &lt;cells&gt; &amp; a question<\/title>/, 'the title is escaped XML');
  assert.match(manifest, /adlcp:scormtype="sco" href="index.html"/);
  const html = strFromU8(files['index.html']);
  assert.ok(html.includes('"id":"two-cells"'));
  assert.ok(html.includes('\\u003ccells>'), 'the title inside the inline JSON cannot end the script');
  // The same notebook packs to the same bytes.
  const again = runScript(['package', path.join(dir, 'two.json'), '--scorm=1.2', `--out=${out}-2`]);
  assert.equal(again.status, 0, again.stderr);
  assert.ok(fs.readFileSync(zipPath).equals(fs.readFileSync(path.join(`${out}-2`, 'two-cells-scorm12.zip'))));
});

test('--scorm 2004 writes <id>-scorm2004.zip with a SCORM 2004 4th edition manifest and the same launch file', () => {
  const out = path.join(dir, 'out2004');
  const r = runScript(['package', path.join(dir, 'two.json'), '--scorm', '2004', '--out', out]);
  assert.equal(r.status, 0, r.stderr);
  const files = unzipSync(fs.readFileSync(path.join(out, 'two-cells-scorm2004.zip')));
  const manifest = strFromU8(files['imsmanifest.xml']);
  assert.match(manifest, /xmlns="http:\/\/www\.imsglobal\.org\/xsd\/imscp_v1p1"/);
  assert.match(manifest, /<schemaversion>2004 4th Edition<\/schemaversion>/);
  assert.match(manifest, /adlcp:scormType="sco" href="index.html"/);
  const twelve = unzipSync(fs.readFileSync(path.join(dir, 'out', 'two-cells-scorm12.zip')));
  assert.ok(Buffer.from(files['index.html']).equals(Buffer.from(twelve['index.html'])));
});

test('a notebook with problems is refused with the validator\'s lines; nothing is written', () => {
  const out = path.join(dir, 'bad-out');
  const file = write('bad.json', { ...good, version: '1.2' });
  const r = runScript(['package', file, '--scorm', '1.2', '--out', out]);
  assert.equal(r.status, 1);
  assert.ok(r.stderr.includes(`${file}:5:14: $.version: version "1.2" is not a semantic version like 1.0.0`), r.stderr);
  assert.match(r.stderr, /has problems \(listed above\); nothing was written/);
  assert.equal(fs.existsSync(out), false);
});

test('the options are checked', () => {
  const file = path.join(dir, 'two.json');
  for (const [args, message] of [
    [['package', file], /say which package: --scorm 1\.2 or --scorm 2004/],
    [['package', file, '--scorm', '2004-3rd'], /--scorm: expected one of 1\.2, 2004, found "2004-3rd"/],
    [['package', '--scorm', '1.2'], /name the notebook file/],
    [['package', file, '--scorm', '1.2', '--colour', 'red'], /unknown option "--colour"/],
    [['package', file, file, '--scorm', '1.2'], /one notebook file at a time/],
  ]) {
    const r = runScript(args);
    assert.equal(r.status, 2, args.join(' '));
    assert.match(r.stderr, message);
  }
});
