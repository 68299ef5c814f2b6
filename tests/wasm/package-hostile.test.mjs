// Issue 20, findings 7 and 12: `scripts/attnbook package` with hostile input.
//   7. Control characters in a title reached imsmanifest.xml (ill-formed XML: an LMS import fails).
//      The validator refuses them in every text, naming the path; the SCORM writer refuses anyway.
//  12. A pipe as input was read twice (validated, then parsed empty); `--out` naming an existing
//      file ended in EEXIST and a stack trace. Now: read once; clear one-line errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { ROOT, runScript } from './engine.mjs';
import { scormPackage } from '../../scripts/scorm.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attnbook-package-hostile-'));
const good = {
  format: 'attnbook-notebook/1', id: 'piped', title: 'Piped ünïcode — “quotes” & <tags>', version: '1.0.0', depths: ['beginner'],
  cells: [{ type: 'prose', text: 'Hello.' }],
};
const write = (name, doc) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, typeof doc === 'string' ? doc : JSON.stringify(doc, null, 2));
  return file;
};
const noStack = (text) => assert.doesNotMatch(text, /^\s+at |node:internal|Error: E[A-Z]+/m, `no stack trace:\n${text}`);

// XML 1.0 well-formedness by libxml2 (xmllint) when the machine has it, else by the Char rule.
function assertWellFormedXml(text) {
  const lint = spawnSync('xmllint', ['--noout', '-'], { input: text, encoding: 'utf8' });
  if (!lint.error) assert.equal(lint.status, 0, `xmllint: ${lint.stderr}`);
  assert.doesNotMatch(text, /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/);
}

const BAD_CHARACTERS = ['\u0001', '\u0008', '\u000B', '\u001F', '\u007F', '\uFFFE', '\uFFFF', '\u0000'];

test('7: a control character or noncharacter in the title is refused at $.title, nothing written', () => {
  for (const c of BAD_CHARACTERS) {
    const out = path.join(dir, `out-${c.charCodeAt(0)}`);
    const file = write('bad-title.json', { ...good, title: `Week${c}4` });
    const r = runScript(['package', file, '--scorm', '1.2', '--out', out]);
    const code = `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
    assert.equal(r.status, 1, code);
    assert.ok(r.stderr.includes(`${file}:4:12: $.title: the text contains the ${c < ' ' || c === '\u007F' ? 'control character' : 'noncharacter'} ${code} at character 4 (counted from 0); remove it`), `${code}: ${r.stderr}`);
    assert.equal(fs.existsSync(out), false);
    noStack(r.stderr);
  }
});

test('7: the validator refuses such characters in every text field, not only the title', () => {
  const doc = structuredClone(good);
  doc.description = 'a\u0002b';
  doc.cells = [{ type: 'prose', title: 'x\uFFFF', text: 'fine' }, { type: 'references', items: [{ authors: 'A\u0003', year: 2020, title: 'T', venue: 'V' }] }];
  const r = runScript(['validate', write('bad-fields.json', doc)]);
  assert.equal(r.status, 1);
  for (const p of ['$.description', '$.cells[0].title', '$.cells[1].items[0].authors']) assert.ok(r.stderr.includes(`${p}: the text contains`), `${p}: ${r.stderr}`);
  // Tab, line feed and carriage return stay allowed where text is.
  const fine = runScript(['validate', write('fine.json', { ...good, description: 'tab\there\r\nand line' })]);
  assert.equal(fine.status, 0, fine.stderr);
});

test('7: the SCORM writer refuses what XML cannot hold, whatever it is given; a good title parses', async () => {
  for (const c of ['\u0001', '\u000B', '\uFFFE', '\uFFFF', '\uD800', '\uDC00']) {
    await assert.rejects(scormPackage({ ...good, title: `a${c}` }), /title contains U\+[0-9A-F]{4} at character 1, which XML cannot hold/);
  }
  for (const version of ['1.2', '2004']) {
    const { bytes } = await scormPackage({ ...good, title: 'Tab\there & 😀 <ok>' }, { version });
    assertWellFormedXml(strFromU8(unzipSync(bytes)['imsmanifest.xml']));
  }
});

test('12: a pipe as input is read once and packaged', () => {
  const file = write('piped.json', good);
  // A shell pipe into /dev/stdin, and a pipe by process substitution (/dev/fd/N): read once each.
  for (const [how, line] of [['stdin', 'cat "$1" | "$2" package /dev/stdin --scorm 1.2 --out "$3"'],
    ['fd', '"$2" package <(cat "$1") --scorm 1.2 --out "$3"']]) {
    const out = path.join(dir, `piped-out-${how}`);
    const r = spawnSync('bash', ['-c', line, 'sh', file, path.join(ROOT, 'scripts/attnbook'), out], { encoding: 'utf8', cwd: ROOT });
    assert.equal(r.status, 0, `${how}: ${r.stderr}`);
    const files = unzipSync(fs.readFileSync(path.join(out, 'piped-scorm12.zip')));
    const manifest = strFromU8(files['imsmanifest.xml']);
    assertWellFormedXml(manifest);
    assert.match(manifest, /<title>Piped ünïcode — “quotes” &amp; &lt;tags&gt;<\/title>/);
  }
  const out = path.join(dir, 'piped-out');
  // A bad notebook through the pipe: the validator's lines, named as given.
  const bad = spawnSync(path.join(ROOT, 'scripts/attnbook'), ['package', '/dev/stdin', '--scorm', '1.2', '--out', out],
    { input: JSON.stringify({ ...good, version: '1' }), encoding: 'utf8', cwd: ROOT });
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /^\/dev\/stdin:1:\d+: \$\.version: version "1" is not a semantic version/m);
  noStack(bad.stderr);
});

test('12: the package command\'s error lines are the validate command\'s, byte for byte', () => {
  const file = write('two-errors.json', { ...good, version: '1', title: '', cells: [{ type: 'prose', text: 'x', id: 'cell-2' }, { type: 'prose', text: 'y' }] });
  const v = runScript(['validate', file]);
  const p = runScript(['package', file, '--scorm', '1.2', '--out', path.join(dir, 'never')]);
  assert.equal(v.status, 1);
  assert.equal(p.status, 1);
  assert.ok(p.stderr.startsWith(v.stderr), `package:\n${p.stderr}\nvalidate:\n${v.stderr}`);
});

test('12: --out naming a file, and unreadable input, end in one clear line', () => {
  const file = write('ok.json', good);
  const taken = write('taken.zip', 'not a folder');
  for (const [args, status, message] of [
    [['package', file, '--scorm', '1.2', '--out', taken], 2, /--out ".*taken\.zip": exists and is not a folder/],
    [['package', file, '--scorm', '1.2', '--out', path.join(taken, 'sub')], 2, /--out ".*sub": a part of the path is not a folder/],
    [['package', path.join(dir, 'missing.json'), '--scorm', '1.2', '--out', dir], 1, /missing\.json: cannot read \(no such file or directory\)/],
    [['package', dir, '--scorm', '1.2', '--out', dir], 1, /is a directory, not a notebook file/],
  ]) {
    const r = runScript(args);
    assert.equal(r.status, status, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, message);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    noStack(r.stderr);
  }
});
