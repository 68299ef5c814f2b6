// web/src/checked-notebook.js: which texts the element draws as a build's verdict and which go to
// the validator. The checked form is written by checkedText (as scripts/build-site.mjs and
// scripts/standalone.mjs do) from a verdict shaped like the engine's `validate` answer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkedText, readChecked, sameSite, CHECKED_FORMAT } from '../../web/src/checked-notebook.js';

const notebook = { format: 'attnbook-notebook/1', id: 'n', title: 'N </script>', version: '1.0.0', depths: ['beginner'], cells: [{ type: 'prose', text: 'Hi', depths: ['beginner'] }] };
const verdict = { ok: true, errors: [], notebook };
const text = checkedText(verdict, 'notebooks/n.json');

test('the checked form from the element\'s own site is drawn as its verdict, without the validator', () => {
  assert.ok(text.startsWith(`{"format":"${CHECKED_FORMAT}","source":"notebooks/n.json",`));
  assert.deepEqual(readChecked(text, true), { verdict });
  // As the single-file page inlines it ('<' written \u003c inside the JSON strings).
  assert.deepEqual(readChecked(text.replace(/</g, '\\u003c'), true), { verdict });
});

test('a checked form from elsewhere goes to the validator: its notebook, indented', () => {
  assert.deepEqual(readChecked(text, false), { text: JSON.stringify(notebook, null, 2) });
});

test('the build\'s Markdown and formulas come with the verdict from the element\'s own site only', () => {
  const prerendered = { markdown: [['Hi', 0, [{ type: 'paragraph_open', tag: 'p' }]]], tex: [] };
  const withThem = checkedText(verdict, 'notebooks/n.json', prerendered);
  assert.deepEqual(readChecked(withThem, true), { verdict, prerendered });
  assert.deepEqual(readChecked(withThem, false), { text: JSON.stringify(notebook, null, 2) });
});

test('plain notebooks, other shapes and broken texts go to the validator as they are', () => {
  for (const t of [JSON.stringify(notebook), '{"format":"attnbook-checked/1",', ' {"format":"attnbook-checked/1","verdict":{"ok":true,"notebook":{}}}',
    '{"format":"attnbook-checked/1","verdict":{"ok":false,"errors":[],"notebook":{}}}',
    '{"format":"attnbook-checked/1","verdict":{"ok":true,"errors":[],"notebook":null}}',
    '{"format":"attnbook-checked/1","verdict":{"ok":true,"errors":[]}}', '', 'not json']) {
    assert.deepEqual(readChecked(t, true), { text: t }, t);
  }
});

test('only a verdict that accepted the notebook has a checked form', () => {
  assert.throws(() => checkedText({ ok: false, errors: [{ message: 'x' }] }, 'bad.json'), /bad\.json: only a notebook the engine accepted/);
  assert.throws(() => checkedText({ ok: true, errors: [] }, 'bad.json'), /only a notebook the engine accepted/);
});

test('sameSite compares origins: scheme, host and port', () => {
  const code = 'https://attnbook.example.org/attention-notebook.js';
  assert.equal(sameSite('https://attnbook.example.org/notebooks/n.checked.json', code), true);
  assert.equal(sameSite('https://attnbook.example.org/course/page.html', code), true);
  for (const other of ['http://attnbook.example.org/n.checked.json', 'https://attnbook.example.org:8443/n.checked.json',
    'https://course.example/n.checked.json', 'https://evil.example/attnbook.example.org/n.checked.json', 'not a url']) {
    assert.equal(sameSite(other, code), false, other);
  }
});
