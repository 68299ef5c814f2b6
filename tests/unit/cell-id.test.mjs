// The id rule the pages use before the engine sees a notebook (web/src/cell-id.js) is the one the
// engine states in its JSON Schema (web/notebook.schema.json, written by `attnbook schema`; the
// site build refuses a stale copy), and the automatic cell names follow it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { ID_PATTERN, cellIdOf } from '../../web/src/cell-id.js';

const schema = JSON.parse(fs.readFileSync(new URL('../../web/notebook.schema.json', import.meta.url), 'utf8'));

test('the pages\' id rule is the schema\'s', () => {
  assert.equal(ID_PATTERN.source, schema.$defs.id.pattern);
  assert.deepEqual(schema.properties.id, { $ref: '#/$defs/id' });
});

test('the id rule accepts and refuses at its edges', () => {
  for (const ok of ['a', '0', 'cell-1', 'x'.repeat(64), 'a-b-c']) assert.ok(ID_PATTERN.test(ok), ok);
  for (const bad of ['', '-a', 'A', 'a_b', 'x'.repeat(65), 'a b', 'a\n']) assert.ok(!ID_PATTERN.test(bad), JSON.stringify(bad));
  assert.ok(ID_PATTERN.test(cellIdOf({}, 41)));
  assert.equal(cellIdOf({ id: 'mine' }, 0), 'mine');
});
