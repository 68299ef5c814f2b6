// The author page's completions, from the notebook format's JSON Schema (the engine's `schema`,
// the same bytes as dist/notebook.schema.json): at a key inside an object, the names the schema
// allows there that the object does not have yet (a cell's are those of its "type"); at a value,
// the constants the schema allows (cell types, depths, divisors, ...). Each option's help is the
// schema's description, else what docs/notebook-format.md says about the field (field-docs.js).
//
//   schemaCompletions(schema, docs) -> a CodeMirror completion source; `schema` a promise of the
//                                      schema (null or a rejection: no completions)
//
// Inside quotes, an option replaces what is between them; elsewhere it is written as JSON.

import { syntaxTree } from '@codemirror/language';
import { framesTo, itemsBefore, literal } from './syntax-path.js';
import { propertyOptions, valueOptions } from './schema-complete.js';
import { fieldDoc } from './field-docs.js';

const NAME_CHARS = /^[\w$-]*$/;
const BARE_WORD = /[\w$.+-]*/; // a key or value typed without quotes: a name, true, 12, -0.5

/**
 * The completion place at the cursor: {kind: 'key' | 'value', frames, from, to, quoted}, where
 * frames lead to the object whose key is typed or to the value's own place; null elsewhere.
 */
function placeAt(context) {
  const { state, pos } = context;
  const slice = (from, to) => state.sliceDoc(from, to);
  const node = syntaxTree(state).resolveInner(pos, -1);
  if (node.name === 'PropertyName' || node.name === 'String') {
    const text = slice(node.from, node.to);
    const closed = text.length >= 2 && text.endsWith('"');
    if (pos <= node.from || (closed && pos >= node.to)) return null;
    const span = { from: node.from + 1, to: closed ? node.to - 1 : node.to, quoted: true };
    if (node.name === 'PropertyName') {
      const frames = framesTo(node.parent.parent, slice, node.from);
      return frames && { kind: 'key', frames, ...span };
    }
    const frames = framesTo(node, slice);
    return frames && { kind: 'value', frames: [...frames.slice(0, -1), { step: frames.at(-1).step, value: undefined }], ...span };
  }
  // Unquoted: a word typed (or an explicit request) in an object, after a key's colon, or in a list.
  const word = context.matchBefore(BARE_WORD);
  if (word.from === word.to && !context.explicit) return null;
  let at = node;
  while (at && !['Object', 'Array', 'Property'].includes(at.name)) at = at.parent;
  const span = { from: word.from, to: pos, quoted: false };
  if (at?.name === 'Object') {
    const frames = framesTo(at, slice);
    return frames && { kind: 'key', frames, ...span };
  }
  let container = at;
  let step;
  if (at?.name === 'Property') {
    const colon = at.getChild(':');
    if (!colon || colon.to > word.from || at.firstChild?.name !== 'PropertyName') return null;
    step = literal(at.firstChild, slice);
    container = at.parent;
  } else if (at?.name === 'Array') {
    step = itemsBefore(at, word.from);
  }
  const frames = container && typeof step !== 'undefined' ? framesTo(container, slice) : null;
  return frames && { kind: 'value', frames: [...frames, { step, value: undefined }], ...span };
}

/** A JSON string's text between its quotes. */
const inQuotes = (text) => JSON.stringify(text).slice(1, -1);
// The docs' help is Markdown; the option's panel shows plain text.
const plain = (text) => (text ? text.replace(/`/g, '') : undefined);

function keyOptions(schema, docs, place) {
  return propertyOptions(schema, place.frames).map((o) => ({
    label: o.name,
    apply: place.quoted ? inQuotes(o.name) : JSON.stringify(o.name),
    type: 'property',
    detail: o.required ? 'required' : undefined,
    boost: o.required ? 1 : 0,
    info: plain(o.description ?? (docs && fieldDoc(docs, place.frames, o.name))),
  }));
}

function constantOptions(schema, place) {
  return valueOptions(schema, place.frames)
    .filter((o) => !place.quoted || typeof o.value === 'string')
    .map((o) => {
      const text = place.quoted ? inQuotes(o.value) : JSON.stringify(o.value);
      return { label: place.quoted ? o.value : text, apply: text, type: 'constant', info: plain(o.description) };
    });
}

export function schemaCompletions(schemaPromise, docs) {
  const loaded = Promise.resolve(schemaPromise).catch(() => null); // no schema: the editor works without completions
  return async (context) => {
    const schema = await loaded;
    const place = schema && placeAt(context);
    if (!place) return null;
    const options = place.kind === 'key' ? keyOptions(schema, docs, place) : constantOptions(schema, place);
    if (!options.length) return null;
    return { from: place.from, to: place.to, options, validFor: place.quoted ? NAME_CHARS : undefined };
  };
}
