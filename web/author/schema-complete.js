// What the notebook format's JSON Schema (the engine's `schema`: dist/notebook.schema.json) lets a
// place in a document hold, for the author page's completions: the property names of an object,
// the constants of a value. No DOM and no editor (tests/unit/author-schema-complete.test.mjs): a
// place is the list of frames from the document down to it, [{step, value}] with the document
// first (syntax-path.js reads them from the editor's syntax tree).
//
//   propertyOptions(schema, frames) -> [{name, description, required}]  names not yet in the object
//   valueOptions(schema, frames)    -> [{value, description}]            the last frame is the value's place
//
// The schema is walked as JSON Schema 2020-12 applies it, over the keywords the engine writes:
// $ref (into $defs), allOf, oneOf/anyOf, if/then/else, properties, items. A condition (an `if`, a
// branch of oneOf/anyOf) is tested against the document as far as it is written, with const, enum,
// type, required and properties (the engine's `if`s pick a cell's or an answer's fields by its
// "type" or "kind"); a keyword that test does not know lets the condition pass. Where no branch
// of a oneOf/anyOf fits yet, all of them are offered.

const own = (o, k) => (o !== null && typeof o === 'object' && Object.hasOwn(o, k) ? o[k] : undefined);

/** The schema a "#/..." reference names inside `root` (JSON Pointer, RFC 6901), or undefined. */
function pointer(root, ref) {
  if (typeof ref !== 'string' || !ref.startsWith('#')) return undefined;
  return ref.slice(1).split('/').slice(1)
    .map((p) => decodeURIComponent(p).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((node, key) => own(node, key), root);
}

const kindOf = (v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v);
const sameJson = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** Whether `value` (undefined: not written yet, which fits no condition) meets schema `s` as far as the test goes. */
function accepts(root, s, value) {
  if (s === true || s === undefined) return true;
  if (s === false || value === undefined || typeof s !== 'object') return false;
  if (s.$ref !== undefined && !accepts(root, pointer(root, s.$ref), value)) return false;
  if (Object.hasOwn(s, 'const') && !sameJson(s.const, value)) return false;
  if (Array.isArray(s.enum) && !s.enum.some((e) => sameJson(e, value))) return false;
  if (s.type !== undefined) {
    const kind = kindOf(value);
    const types = [s.type].flat();
    if (!types.includes(kind) && !(kind === 'integer' && types.includes('number'))) return false;
  }
  if (kindOf(value) !== 'object') return true;
  if (Array.isArray(s.required) && s.required.some((k) => !Object.hasOwn(value, k))) return false;
  return Object.entries(s.properties ?? {}).every(([k, sub]) => !Object.hasOwn(value, k) || accepts(root, sub, value[k]));
}

/**
 * Every schema that applies to `value` given schema `s` for its place: s, what it refers to, the
 * branches it takes; each as {schema, sure}, sure unless reached through a oneOf/anyOf whose
 * branch the value does not pick yet (its "required" is then one possibility among others).
 */
function applicable(root, s, value, out = [], sure = true) {
  if (s === null || typeof s !== 'object' || out.some((a) => a.schema === s)) return out;
  out.push({ schema: s, sure });
  if (s.$ref !== undefined) applicable(root, pointer(root, s.$ref), value, out, sure);
  for (const sub of s.allOf ?? []) applicable(root, sub, value, out, sure);
  for (const branches of [s.oneOf, s.anyOf]) {
    if (!Array.isArray(branches)) continue;
    const fitting = branches.filter((b) => accepts(root, b, value));
    for (const b of fitting.length ? fitting : branches) applicable(root, b, value, out, sure && fitting.length === 1);
  }
  if (s.if !== undefined) applicable(root, accepts(root, s.if, value) ? s.then : s.else, value, out, sure);
  return out;
}

/** The schemas of the member at `step` (a key or an index) of a value that `schemas` apply to. */
function memberSchemas(schemas, step) {
  return schemas.map(({ schema: s }) => (typeof step === 'number' ? s.items : own(s.properties, step))).filter((s) => s !== undefined);
}

/** The schemas that apply at the last frame's place ({schema, sure}). */
function schemasAt(schema, frames) {
  let schemas = applicable(schema, schema, frames[0].value);
  for (const { step, value } of frames.slice(1)) {
    const out = [];
    for (const s of memberSchemas(schemas, step)) applicable(schema, s, value, out);
    schemas = out;
  }
  return schemas;
}

/** The first description among the schemas that apply to a member with schema `s`. */
function describe(root, s) {
  return applicable(root, s, undefined).map((a) => a.schema.description).find((d) => typeof d === 'string') ?? null;
}

export function propertyOptions(schema, frames) {
  const { value } = frames.at(-1);
  const schemas = schemasAt(schema, frames);
  const required = new Set(schemas.flatMap(({ schema: s, sure }) => (sure && Array.isArray(s.required) ? s.required : [])));
  const options = new Map();
  for (const { schema: s } of schemas) {
    for (const [name, sub] of Object.entries(s.properties ?? {})) {
      if (options.has(name) || (value && Object.hasOwn(value, name))) continue;
      options.set(name, { name, description: describe(schema, sub), required: required.has(name) });
    }
  }
  return [...options.values()];
}

export function valueOptions(schema, frames) {
  const options = new Map();
  for (const { schema: s } of schemasAt(schema, frames)) {
    const values = Object.hasOwn(s, 'const') ? [s.const] : Array.isArray(s.enum) ? s.enum : [];
    for (const value of values) {
      const key = JSON.stringify(value);
      if (!options.has(key)) options.set(key, { value, description: typeof s.description === 'string' ? s.description : null });
    }
  }
  return [...options.values()];
}
