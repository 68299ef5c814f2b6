// The author page's completions (web/author/schema-complete.js) over the engine's schema
// (web/notebook.schema.json: tests/wasm/schema.test.mjs holds it equal to the engine's `schema`,
// scripts/build-site.mjs to dist/notebook.schema.json), against two references of their own:
// ajv (a JSON Schema validator: a name may stand in an object where ajv reports no unknown
// property for it, a constant may stand where ajv accepts it) and the schema's JSON read
// directly where the engine writes each cell type's fields (its $defs/cell branches).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import { propertyOptions, valueOptions } from '../../web/author/schema-complete.js';

const schema = JSON.parse(fs.readFileSync(new URL('../../web/notebook.schema.json', import.meta.url), 'utf8'));
const notebooksDir = new URL('../../web/notebooks/', import.meta.url);
const notebooks = fs.readdirSync(notebooksDir).filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(fs.readFileSync(new URL(f, notebooksDir), 'utf8')));

// strictRequired off, as in tests/wasm/schema.test.mjs: the number answer's oneOf names required
// fields without restating their properties.
const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
ajv.addSchema(schema, 'notebook');
const validatorAt = (pointer) => ajv.getSchema(`notebook#${pointer}`);

/** Every property name and every constant (const, enum) anywhere in the schema: the candidates. */
function candidates(node, out = { names: new Set(), constants: new Map() }) {
  if (Array.isArray(node)) node.forEach((n) => candidates(n, out));
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return out;
  for (const name of Object.keys(node.properties ?? {})) out.names.add(name);
  for (const c of Object.hasOwn(node, 'const') ? [node.const] : node.enum ?? []) out.constants.set(JSON.stringify(c), c);
  for (const [key, sub] of Object.entries(node)) if (key !== 'const' && key !== 'enum') candidates(sub, out);
  return out;
}
const { names: NAMES, constants: CONSTANTS } = candidates(schema);

const pathOf = (instancePath) => instancePath.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
const pointerOf = (steps) => steps.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/**
 * ajv's answer for the object at `steps` in `doc` (validated with `validate`): the candidate
 * names it lets the object hold (each added, set to null, and not reported as an unknown
 * property) and the names it reports missing outside a oneOf/anyOf (those are alternatives).
 */
function ajvNames(validate, doc, steps) {
  const copy = structuredClone(doc);
  const object = steps.reduce((o, s) => o[s], copy);
  const added = [...NAMES].filter((n) => !Object.hasOwn(object, n));
  for (const n of added) object[n] = null;
  validate(copy);
  const at = pointerOf(steps);
  const errors = (validate.errors ?? []).filter((e) => e.instancePath === at);
  const refused = new Set(errors.filter((e) => e.keyword === 'additionalProperties').map((e) => e.params.additionalProperty));
  // Required: asked of the object as written (the added nulls would hide what is missing).
  validate(doc);
  const required = (validate.errors ?? []).filter((e) => e.instancePath === at && e.keyword === 'required' &&
    !/\/(oneOf|anyOf)\//.test(e.schemaPath)).map((e) => e.params.missingProperty);
  return { allowed: added.filter((n) => !refused.has(n)).sort(), required: [...new Set(required)].sort() };
}

/** The constants ajv accepts at `steps` (the value there replaced by each candidate in turn). */
function ajvConstants(validate, doc, steps) {
  return [...CONSTANTS.values()].filter((c) => {
    const copy = structuredClone(doc);
    steps.slice(0, -1).reduce((o, s) => o[s], copy)[steps.at(-1)] = c;
    validate(copy);
    const at = pointerOf(steps);
    return !(validate.errors ?? []).some((e) => e.instancePath === at || e.instancePath.startsWith(`${at}/`));
  }).map((c) => JSON.stringify(c)).sort();
}

/** Frames (the document first) down to `steps` in `doc`, as syntax-path.js gives them. */
const framesOf = (doc, steps) => [{ step: undefined, value: doc },
  ...steps.map((step, i) => ({ step, value: steps.slice(0, i + 1).reduce((o, s) => o?.[s], doc) }))];

const offered = (frames) => propertyOptions(schema, frames).map((o) => o.name).sort();
const offeredRequired = (frames) => propertyOptions(schema, frames).filter((o) => o.required).map((o) => o.name).sort();
const offeredConstants = (frames) => valueOptions(schema, frames).map((o) => JSON.stringify(o.value)).sort();

/** Every object in `value` with its steps from the document. */
function* objects(value, steps = []) {
  if (value === null || typeof value !== 'object') return;
  if (!Array.isArray(value)) yield steps;
  for (const [k, v] of Object.entries(value)) yield* objects(v, [...steps, Array.isArray(value) ? Number(k) : k]);
}

test('every object of every shipped notebook: the names offered are those ajv lets it hold and it lacks', () => {
  const validate = validatorAt('');
  let checked = 0;
  for (const doc of notebooks) {
    for (const steps of objects(doc)) {
      const expected = ajvNames(validate, doc, steps);
      const where = `${doc.id} ${pointerOf(steps) || '/'}`;
      assert.deepEqual(offered(framesOf(doc, steps)), expected.allowed, where);
      checked++;
    }
  }
  assert.ok(checked > 100, `${checked} objects`);
});

test('a cell of each type the schema names: its type\'s fields, the required ones marked, as ajv and the schema\'s branch say', () => {
  const validate = validatorAt('/$defs/cell');
  const types = schema.$defs.cell.properties.type.enum;
  assert.ok(types.length > 20);
  for (const type of types) {
    const cell = { type };
    const frames = [{ step: undefined, value: { cells: [cell] } }, { step: 'cells', value: [cell] }, { step: 0, value: cell }];
    const expected = ajvNames(validate, cell, []);
    assert.deepEqual(offered(frames), expected.allowed, type);
    assert.deepEqual(offeredRequired(frames), expected.required, `${type} required`);
    const branch = schema.$defs.cell.allOf.find((b) => b.if.properties.type.const === type).then;
    assert.deepEqual(offered(frames), Object.keys(branch.properties).filter((k) => k !== 'type').sort(), `${type}: its branch`);
  }
});

test('an answer of each kind, a study step and a reference: their fields (if/then, oneOf, $ref and items on the way)', () => {
  const practice = notebooks.flatMap((d) => d.cells).find((c) => c.type === 'practice');
  for (const kind of schema.$defs.answer.properties.kind.enum) {
    const answer = { kind };
    const doc = { cells: [{ ...practice, answer }] };
    const expected = ajvNames(validatorAt('/$defs/answer'), answer, []);
    const frames = framesOf(doc, ['cells', 0, 'answer']);
    assert.deepEqual(offered(frames), expected.allowed, kind);
    assert.deepEqual(offeredRequired(frames), expected.required, `${kind} required`);
  }
  const study = { cells: [{ type: 'study', steps: [{}] }] };
  assert.deepEqual(offered(framesOf(study, ['cells', 0, 'steps', 0])), ajvNames(validatorAt('/$defs/study-step'), {}, []).allowed);
  const refs = { cells: [{ type: 'references', items: [{}] }] };
  assert.deepEqual(offered(framesOf(refs, ['cells', 0, 'items', 0])), ajvNames(validatorAt('/$defs/reference'), {}, []).allowed);
});

test('constants at a value: the ones ajv accepts there, among every constant the schema holds', () => {
  const doc = structuredClone(notebooks.find((d) => d.cells.some((c) => c.type === 'explorable')));
  doc.cells[0].depths = [doc.depths[0]];
  const explorable = doc.cells.findIndex((c) => c.type === 'explorable');
  const practice = doc.cells.findIndex((c) => c.type === 'practice');
  const places = [['format'], ['depths', 0], ['cells', 0, 'type'], ['cells', explorable, 'divisor'], ['cells', 0, 'depths', 0]];
  if (practice >= 0) places.push(['cells', practice, 'answer', 'kind']);
  const validate = validatorAt('');
  for (const steps of places) {
    const frames = framesOf(doc, steps);
    frames.at(-1).value = undefined; // the value being typed
    const expected = ajvConstants(validate, doc, steps);
    assert.ok(expected.length > 0, steps.join('.'));
    assert.deepEqual(offeredConstants(frames), expected, steps.join('.'));
  }
});

test('a cell whose type is not written yet, or is being typed, is offered only "type"', () => {
  for (const cell of [{}, { type: 'pros' }]) {
    const frames = framesOf({ cells: [cell] }, ['cells', 0]);
    assert.deepEqual(offered(frames), Object.hasOwn(cell, 'type') ? [] : ['type']);
  }
});

test('descriptions: the property\'s own, else the one its $ref names; a oneOf of documented constants', () => {
  const small = {
    $defs: { size: { description: 'how big', type: 'integer' } },
    type: 'object',
    properties: {
      size: { $ref: '#/$defs/size' },
      colour: { description: 'which colour', oneOf: [{ const: 'red', description: 'warm' }, { const: 'blue', description: 'cold' }] },
      shape: { type: 'string' },
    },
    if: { properties: { shape: { const: 'round' } }, required: ['shape'] },
    then: { properties: { radius: { type: 'number' } } },
    else: { properties: { side: { type: 'number' } } },
  };
  assert.deepEqual(propertyOptions(small, [{ step: undefined, value: {} }]), [
    { name: 'size', description: 'how big', required: false },
    { name: 'colour', description: 'which colour', required: false },
    { name: 'shape', description: null, required: false },
    { name: 'side', description: null, required: false },
  ]);
  assert.deepEqual(propertyOptions(small, [{ step: undefined, value: { shape: 'round' } }]).map((o) => o.name), ['size', 'colour', 'radius']);
  assert.deepEqual(valueOptions(small, [{ step: undefined, value: {} }, { step: 'colour', value: undefined }]), [
    { value: 'red', description: 'warm' }, { value: 'blue', description: 'cold' },
  ]);
});
