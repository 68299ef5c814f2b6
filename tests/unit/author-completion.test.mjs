// The author editor's completion source (web/author/completion.js) and the places it reads from
// the syntax tree (web/author/syntax-path.js), under Node: CodeMirror's state and JSON parser need
// no DOM. The names themselves are schema-complete.js's (tests/unit/author-schema-complete.test.mjs);
// here: which place a cursor is at while the text is being typed (often not JSON yet), what an
// option writes there, and whose help it shows. The browser test types in the real page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { EditorState } from '@codemirror/state';
import { syntaxTree } from '@codemirror/language';
import { json } from '@codemirror/lang-json';
import { CompletionContext } from '@codemirror/autocomplete';
import { schemaCompletions } from '../../web/author/completion.js';
import { framesTo, itemsBefore } from '../../web/author/syntax-path.js';
import { parseFieldDocs } from '../../web/author/field-docs.js';

const schema = JSON.parse(fs.readFileSync(new URL('../../web/notebook.schema.json', import.meta.url), 'utf8'));
const docs = parseFieldDocs(fs.readFileSync(new URL('../../docs/notebook-format.md', import.meta.url), 'utf8'));
const complete = schemaCompletions(Promise.resolve(schema), docs);

/** The text with "|" taken out as the cursor: its state and the cursor's offset. */
function at(marked) {
  const pos = marked.indexOf('|');
  return { state: EditorState.create({ doc: marked.replace('|', ''), extensions: [json()] }), pos };
}

async function ask(marked, explicit = false, source = complete) {
  const { state, pos } = at(marked);
  const result = await source(new CompletionContext(state, pos, explicit));
  if (!result) return null;
  const text = state.sliceDoc(result.from, result.to);
  return { text, labels: result.options.map((o) => o.label), options: result.options, result, state };
}

/** The fields the schema's branch for cell type `type` lists, but "type": read straight from the JSON. */
const fieldsOf = (type) => Object.keys(schema.$defs.cell.allOf.find((b) => b.if.properties.type.const === type).then.properties)
  .filter((k) => k !== 'type');

test('a key being typed in quotes: the cell type\'s fields, the typed part replaced, help from the docs', async () => {
  const got = await ask('{"cells": [{"type": "prose", "te|"}]}');
  assert.equal(got.text, 'te'); // the whole name between the quotes is replaced
  assert.deepEqual([...got.labels].sort(), fieldsOf('prose').sort());
  const text = got.options.find((o) => o.label === 'text');
  assert.equal(text.apply, 'text');
  assert.equal(text.detail, 'required');
  // The schema has no description for a cell's id (it names $defs/id): the docs' words, Markdown's backticks dropped.
  assert.equal(got.options.find((o) => o.label === 'id').info, docs.common.id.replace(/`/g, ''));
  // The rest of a name after the cursor is replaced too, and the key being typed is not "present".
  const middle = await ask('{"cells": [{"type": "maths", "ca|pt", "tex": "x"}]}');
  assert.equal(middle.text, 'capt');
  assert.deepEqual([...middle.labels].sort(), fieldsOf('maths').filter((f) => f !== 'tex').sort());
});

test('a key typed without quotes is written with them; no list on whitespace unless asked', async () => {
  const got = await ask('{"cells": [{"type": "prose", te|}]}');
  assert.equal(got.text, 'te');
  assert.equal(got.options.find((o) => o.label === 'text').apply, '"text"');
  assert.equal(await ask('{"cells": [{"type": "prose", |}]}'), null);
  assert.deepEqual([...(await ask('{"cells": [{"type": "prose", |}]}', true)).labels].sort(), fieldsOf('prose').sort());
});

test('values: cell types, depths in a list, the format; strings only inside quotes, JSON outside', async () => {
  const types = schema.$defs.cell.properties.type.enum;
  const quoted = await ask('{"cells": [{"type": "pr|"}]}');
  assert.deepEqual(quoted.labels, types);
  assert.equal(quoted.text, 'pr');
  const bare = await ask('{"cells": [{"type": pr|}]}');
  assert.deepEqual(bare.labels, types.map((t) => JSON.stringify(t)));
  assert.equal(bare.options[0].apply, JSON.stringify(types[0]));
  assert.deepEqual((await ask('{"depths": ["beginner", "|"]}')).labels, schema.$defs.depths.items.enum);
  assert.deepEqual((await ask('{"depths": ["beginner", r|]}')).labels, schema.$defs.depths.items.enum.map((d) => JSON.stringify(d)));
  assert.deepEqual((await ask('{"format": "|"}')).labels, [schema.properties.format.const]);
  // A free text has no constants to offer; a closed string's end is not inside it.
  assert.equal(await ask('{"cells": [{"type": "prose", "text": "a|"}]}'), null);
  assert.equal(await ask('{"cells": [{"type": "prose"|}]}'), null);
});

test('no schema (not loaded, or the engine failed): no completions, no error', async () => {
  assert.equal(await ask('{"|"}', true, schemaCompletions(null, docs)), null);
  assert.equal(await ask('{"|"}', true, schemaCompletions(Promise.reject(new Error('no engine')), docs)), null);
});

test('frames: the steps from the document, lazy values, the key being typed left out, list indices', () => {
  const { state, pos } = at('{"__proto__": 1, "cells": [{"type": "prose"}, {"type": "maths", "t|"}], "x": [1, 2');
  const slice = (from, to) => state.sliceDoc(from, to);
  const name = syntaxTree(state).resolveInner(pos, -1);
  assert.equal(name.name, 'PropertyName');
  const frames = framesTo(name.parent.parent, slice, name.from);
  assert.deepEqual(frames.map((f) => f.step), [undefined, 'cells', 1]);
  assert.deepEqual(Object.keys(frames[0].value), ['__proto__', 'cells', 'x']);
  assert.equal(frames[0].value.__proto__, 1); // a member, not the prototype
  assert.deepEqual(Object.keys(frames[2].value), ['type']); // "t" is the key being typed
  assert.equal(frames[2].value.type, 'maths');
  assert.equal(itemsBefore(name.parent.parent.parent, pos), 1);
});
