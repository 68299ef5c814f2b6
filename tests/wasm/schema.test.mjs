// The notebook format's JSON Schema (the engine's `schema` command, web/notebook.schema.json,
// dist/notebook.schema.json) against ajv, a JSON Schema validator of its own, over the golden
// corpus (tests/golden/): every notebook the engine accepts, ajv accepts; for every structural
// error the engine reports (a wrong kind, a missing or unknown field, a number, length or count
// out of range, a name not in its list, an id or version or url of the wrong form), ajv refuses
// the document with an error at the same JSON path. The engine's answers are the recorded ones
// (tests/wasm/golden.test.mjs checks that they are still what it says).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { ROOT, runNativeCli, runWasmCli } from './engine.mjs';
import { GROUPS } from '../golden/cases.mjs';
import { readGolden } from '../golden/golden.mjs';
import { jsonPath } from '../golden/mutate.mjs';

const schemaText = runNativeCli(['schema']).stdout;
const schema = JSON.parse(schemaText);
// strictRequired off: the number answer's oneOf names "tolerance" or "decimals" as required in a
// branch without restating their properties (the branch's object holds them).
const validate = new Ajv2020({ allErrors: true, strict: true, strictRequired: false }).compile(schema);

// ajv's instancePath (/cells/0/keys) as the engine writes paths ($.cells[0].keys); an unknown
// field is reported by the engine at its key, by ajv at the object (params.additionalProperty).
function ajvPaths(errors) {
  return new Set(errors.map((e) => {
    const parts = e.instancePath.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
      .map((p) => (/^(0|[1-9][0-9]*)$/.test(p) ? Number(p) : p));
    if (e.keyword === 'additionalProperties') parts.push(e.params.additionalProperty);
    return jsonPath(parts);
  }));
}

// The engine's messages for what a schema says too (docs/authoring.md lists what it cannot).
const STRUCTURAL = [/^expected /, /^missing required field/, /^unknown field/, /^must be between/, /^must have between/,
  /^must have at most \d+ characters?/, /^must not be empty/, /^must have at least/, /^unknown cell type/,
  /^unknown answer kind/, /^unknown format/, /^unknown depth /, /^must be one of/, /^id .* must be 1 to/,
  /is not a semantic version/, /^url must start with https/, /^must be greater than 0/,
  /^share_above must lie strictly between/, /^must list at least one depth/];

// "name:line:column: $.path: message" lines of a recorded validate run.
function engineErrors(stderr) {
  return stderr.split('\n').filter(Boolean).map((line) => {
    const m = line.match(/^[^:]*:\d+:\d+: (\$(?:\.[A-Za-z_][A-Za-z0-9_]*|\[\d+\]|\["(?:[^"\\]|\\.)*"\])*): (.*)$/);
    return m ? { path: m[1], message: m[2] } : null;
  }).filter(Boolean);
}

test('the schema is draft 2020-12 and ajv compiles it in strict mode', () => {
  assert.equal(schema.$schema, 'https://json-schema.org/draft/2020-12/schema');
  assert.equal(typeof validate, 'function');
});

test('both builds print the same schema, and web/notebook.schema.json is it', () => {
  assert.equal(runWasmCli(['schema']).stdout, schemaText);
  assert.equal(fs.readFileSync(path.join(ROOT, 'web/notebook.schema.json'), 'utf8'), schemaText,
    'web/notebook.schema.json is stale: scripts/attnbook schema > web/notebook.schema.json');
});

test('the schema lists every cell type and field of the engine\'s table', () => {
  const { cell_types: types, common_fields: common } = JSON.parse(runNativeCli(['cell-types']).stdout);
  const cases = schema.$defs.cell.allOf;
  assert.deepEqual(cases.map((c) => c.if.properties.type.const), types.map((t) => t.type));
  for (const [i, t] of types.entries()) {
    assert.deepEqual(Object.keys(cases[i].then.properties).sort(), [...t.fields].sort(), t.type);
    assert.deepEqual(cases[i].then.required.sort(), ['type', ...t.required].sort(), t.type);
    for (const name of common) assert.ok(name in cases[i].then.properties);
  }
});

test('the shipped notebooks name the schema and ajv accepts them', () => {
  const dir = path.join(ROOT, 'web/notebooks');
  for (const name of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const doc = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
    assert.equal(doc.$schema, '../notebook.schema.json', name);
    assert.ok(validate(doc), `${name}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
  }
});

test('ajv agrees with the engine over the golden corpus', () => {
  let accepted = 0, structural = 0, semanticOnly = 0;
  const disagreements = [];
  for (const group of ['notebooks', 'docs', 'mutations']) {
    const recorded = new Map(readGolden(group).map((r) => [r.id, r]));
    for (const c of GROUPS[group](ROOT)) {
      const r = recorded.get(c.id);
      assert.ok(r, `no record for ${c.id}: run scripts/golden --update`);
      let doc;
      try { doc = JSON.parse(c.files[c.args[1]].toString('utf8')); } catch { continue; }
      const ok = validate(doc);
      if (r.status === 0) {
        accepted++;
        if (!ok) disagreements.push(`${c.id}: the engine accepts it, ajv says ${JSON.stringify(validate.errors.slice(0, 2))}`);
        continue;
      }
      const errors = engineErrors(r.stderr).filter((e) => STRUCTURAL.some((re) => re.test(e.message)));
      if (!errors.length) { semanticOnly++; continue; }
      structural++;
      const paths = ok ? new Set() : ajvPaths(validate.errors);
      for (const e of errors) {
        if (!paths.has(e.path)) disagreements.push(`${c.id}: the engine says ${e.path}: ${e.message}; ajv ${ok ? 'accepts it' : `reports ${[...paths].slice(0, 6).join(', ')}`}`);
      }
    }
  }
  assert.deepEqual(disagreements.slice(0, 20), []);
  assert.ok(accepted > 400 && structural > 1000, `accepted ${accepted}, structural ${structural}, semantic only ${semanticOnly}`);
});
