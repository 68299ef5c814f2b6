// The author page's help and template: field texts are read from docs/notebook-format.md's own
// tables, and the template has one explained cell per type the engine lists (a fixed engine
// answer here; tests/browser/author.test.mjs runs the real engine's).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { parseFieldDocs } from '../../web/author/field-docs.js';
import { templateDocument, explainType, snippetText, documentText, orderedCell } from '../../web/author/template.js';

const docs = parseFieldDocs(fs.readFileSync(new URL('../../docs/notebook-format.md', import.meta.url), 'utf8'));

test('field docs: the common fields and each documented cell type\'s fields, in the docs\' words', () => {
  assert.deepEqual(Object.keys(docs.common), ['type', 'id', 'depths', 'title']);
  assert.deepEqual(Object.keys(docs.notebook), ['format', 'id', 'title', 'version', 'description', 'depths', 'cells', '$schema']);
  assert.match(docs.common.title, /1–200 characters/);
  for (const type of ['prose', 'maths', 'explorable', 'scaling-study', 'hand-example', 'practice', 'references']) {
    assert.ok(docs.types[type], `docs section for ${type}`);
    assert.ok(Object.keys(docs.types[type].fields).length > 0, `fields of ${type}`);
  }
  assert.equal(docs.types.prose.fields.text, 'limits: Markdown (the subset below), 1–20000 characters');
  assert.match(docs.types.explorable.fields.query, /^shape: `number\[d\]` · limits and default: 1 ≤ d ≤ 8$/);
  assert.match(docs.types.explorable.intro, /One query scored against/);
  assert.match(docs.types.practice.notes, /"kind": "choice"/);
});

test('a heading inside a fenced block is not a section', () => {
  const parsed = parseFieldDocs('### `a`\n\n| field | limits |\n|---|---|\n| `x` | one |\n\n```\n### `b`\n```\n');
  assert.deepEqual(Object.keys(parsed.types), ['a']);
  assert.equal(parsed.types.a.fields.x, 'limits: one');
});

const limits = { notebook: { format: 'attnbook-notebook/1', depths: ['beginner', 'developer', 'researcher'] } };
const cellTypes = {
  common_fields: ['type', 'id', 'depths', 'title'],
  cell_types: [
    { type: 'prose', fields: ['type', 'id', 'depths', 'title', 'text'], required: ['text'], example: { type: 'prose', text: 'x' } },
    { type: 'new-kind', fields: ['type', 'id', 'depths', 'title', 'size'], required: [], example: { type: 'new-kind' } },
    { type: 'no-example', fields: ['type'], required: [], example: null },
  ],
};

test('the template: an explanation before each example, types without an example left out', () => {
  const doc = templateDocument(limits, cellTypes, docs);
  assert.equal(doc.format, 'attnbook-notebook/1');
  assert.deepEqual(doc.depths, limits.notebook.depths);
  assert.deepEqual(doc.cells.map((c) => c.type), ['prose', 'prose', 'prose', 'prose', 'new-kind']);
  assert.deepEqual(doc.cells[2], { type: 'prose', text: 'x' });
  assert.match(doc.cells[1].text, /- `text` \(required\): limits: Markdown/);
  // A type the docs do not describe yet still lists its fields.
  assert.match(doc.cells[3].text, /- `size`$/m);
  assert.match(doc.cells[3].text, /- `title`: what it is: a heading for the cell · limits and default: 1–200 characters/);
  assert.ok(documentText(doc).endsWith('}\n'));
});

test('explanations name each field once, the required ones marked', () => {
  const text = explainType(cellTypes.cell_types[0], docs);
  for (const f of ['type', 'id', 'depths', 'title', 'text']) assert.equal(text.split(`- \`${f}\``).length, 2, f);
  assert.match(text, /- `type` \(required\)/);
  assert.doesNotMatch(text, /- `id` \(required\)/);
});

test('snippets are indented to their place in the cells array, fields in the validator\'s order', () => {
  assert.equal(snippetText({ b: [1], type: 'a' }, '    ', ['type', 'b']), '{\n      "type": "a",\n      "b": [\n        1\n      ]\n    }');
  assert.deepEqual(Object.keys(orderedCell({ answer: 1, prompt: 2, type: 'practice', x: 3 }, ['type', 'id', 'prompt', 'answer'])),
    ['type', 'prompt', 'answer', 'x']);
});
