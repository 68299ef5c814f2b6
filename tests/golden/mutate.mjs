// Seeded mutations of notebooks for the golden corpus: each one breaks a notebook in one place
// (a field deleted, a value of the wrong kind, a number or a string past a limit, an array too
// long or empty, an unknown field, a duplicate id, a cell of another type, or a text-level break:
// truncated, a stray byte, a key written twice, nesting too deep). Regenerated from the seed on
// every run, never stored: the same seed gives the same files byte for byte.
//
//   mutations(bases, { seed, count }) -> [{ id, base, what, bytes }]
//     bases: [{ name, notebook }] (parsed JSON); bytes: a Buffer (a stray byte is not a string)

// mulberry32: a small, fixed, well-known 32-bit generator (the same numbers in every Node).
function generator(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  return { int, pick: (list) => list[int(list.length)] };
}

// Every value in a document with its path (keys and indices from the root), root excluded.
function locations(doc) {
  const out = [];
  const walk = (value, path) => {
    if (path.length) out.push({ path, value });
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i]));
    else if (value && typeof value === 'object') for (const k of Object.keys(value)) walk(value[k], [...path, k]);
  };
  walk(doc, []);
  return out;
}

// The path as the validator writes it: $.cells[2].keys[1], $["my key"].
export function jsonPath(path) {
  return '$' + path.map((p) => (typeof p === 'number' ? `[${p}]` : /^[A-Za-z_][A-Za-z0-9_]*$/.test(p) ? `.${p}` : `[${JSON.stringify(p)}]`)).join('');
}

const parentOf = (doc, path) => path.slice(0, -1).reduce((v, k) => v[k], doc);
const kindOf = (v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

// Values chosen at and past the engine's limits (1, 8, 16, 64, 200, 256, 1000, 4096, 20000,
// 200000, 1e6, 2^53) and of every JSON kind.
const NUMBERS = [-1, 0, 0.5, 1.5, -0.25, 2, 3, 9, 17, 65, 257, 1001, 4097, 20001, 200001, 1000001, 1e6,
  9007199254740991, 9007199254740992, -9007199254740992, 1e300, -1e300, 1e-300];
const STRINGS = ['', ' ', 'X', 'x'.repeat(17), 'x'.repeat(65), 'x'.repeat(201), 'x'.repeat(1001), 'Bad_Id', '-lead',
  'UPPER', 'sqrt2', '<script>alert(1)</script>', '[a](javascript:x)', 'see [a](http://example.com)', '$x',
  'a\u202eb', 'line\nbreak', '1.0', 'https://example.com/x y'];
const KINDS = [null, true, false, 'text', 1, 2.5, [], {}, [1], { a: 1 }];
const CELL_TYPES = ['prose', 'maths', 'explorable', 'scaling-study', 'hand-example', 'held-sequence',
  'transformer-block', 'playback', 'study', 'help-history', 'practice', 'references', 'attention-scale',
  'precision-lab', 'pipeline', 'pytorch-rules', 'mistakes', 'jacobian', 'cost', 'online-softmax', 'alternatives',
  'Prose', 'code'];

// Each operator changes `doc` (a deep copy) in place and returns what it did, or null when it
// found nothing to apply to (the caller then tries another).
const OPERATORS = {
  delete(doc, r) {
    const { path } = r.pick(locations(doc));
    const parent = parentOf(doc, path), key = path.at(-1);
    if (Array.isArray(parent)) parent.splice(key, 1);
    else delete parent[key];
    return `delete ${jsonPath(path)}`;
  },
  kind(doc, r) {
    const { path, value } = r.pick(locations(doc));
    const others = KINDS.filter((k) => kindOf(k) !== kindOf(value));
    const next = r.pick(others);
    parentOf(doc, path)[path.at(-1)] = structuredClone(next);
    return `${jsonPath(path)} = ${JSON.stringify(next)} (was a ${kindOf(value)})`;
  },
  number(doc, r) {
    const numbers = locations(doc).filter((l) => typeof l.value === 'number');
    if (!numbers.length) return null;
    const { path } = r.pick(numbers), next = r.pick(NUMBERS);
    parentOf(doc, path)[path.at(-1)] = next;
    return `${jsonPath(path)} = ${JSON.stringify(next)}`;
  },
  string(doc, r) {
    const strings = locations(doc).filter((l) => typeof l.value === 'string');
    if (!strings.length) return null;
    const { path } = r.pick(strings), next = r.pick(STRINGS);
    parentOf(doc, path)[path.at(-1)] = next;
    return `${jsonPath(path)} = ${JSON.stringify(next.length > 20 ? next.slice(0, 8) + '…' : next)} (${next.length} characters)`;
  },
  array(doc, r) {
    const arrays = locations(doc).filter((l) => Array.isArray(l.value));
    if (!arrays.length) return null;
    const { path, value } = r.pick(arrays);
    const how = r.int(4);
    let next, what;
    if (how === 0 || !value.length) [next, what] = [[], 'empty'];
    else if (how === 1) {
      const n = r.pick([2, 9, 17, 65, 101, 257, 501]);
      next = Array.from({ length: n }, (_, i) => structuredClone(value[i % value.length]));
      what = `${n} items`;
    } else if (how === 2) [next, what] = [[...value, structuredClone(value[0])], 'first item repeated at the end'];
    else [next, what] = [[...value.slice(1), 'extra'], 'first item dropped, a string appended'];
    parentOf(doc, path)[path.at(-1)] = next;
    return `${jsonPath(path)}: ${what}`;
  },
  unknown(doc, r) {
    const objects = [{ path: [], value: doc }, ...locations(doc).filter((l) => kindOf(l.value) === 'object')];
    const { path, value } = r.pick(objects);
    const key = r.pick(['colour', 'Type', 'ID', '$comment', 'cells', 'my key']);
    if (key in value) return null;
    value[key] = 'red';
    return `${jsonPath(path)}: unknown field ${JSON.stringify(key)} added`;
  },
  duplicateId(doc, r) {
    const cells = Array.isArray(doc.cells) ? doc.cells : [];
    const withId = cells.map((c, i) => [c, i]).filter(([c]) => c && typeof c.id === 'string');
    if (cells.length < 2 || !withId.length) return null;
    const [source] = r.pick(withId), target = r.int(cells.length);
    if (cells[target] === source || !cells[target] || typeof cells[target] !== 'object') return null;
    cells[target].id = source.id;
    return `$.cells[${target}].id = ${JSON.stringify(source.id)} (another cell's id)`;
  },
  cellType(doc, r) {
    const cells = Array.isArray(doc.cells) ? doc.cells : [];
    if (!cells.length) return null;
    const i = r.int(cells.length), next = r.pick(CELL_TYPES);
    if (!cells[i] || typeof cells[i] !== 'object' || cells[i].type === next) return null;
    cells[i].type = next;
    return `$.cells[${i}].type = ${JSON.stringify(next)}`;
  },
};

// Text-level breaks: what a text editor can do that a parsed document cannot hold.
const TEXT_OPERATORS = {
  truncate(text, r) {
    const at = r.int(text.length);
    return [Buffer.from(text.slice(0, at)), `truncated after ${at} characters`];
  },
  strayByte(text, r) {
    const bytes = Buffer.from(text), at = r.int(bytes.length), byte = r.pick([0xff, 0xc0, 0x80, 0xed, 0x00]);
    bytes[at] = byte;
    return [bytes, `byte ${at} replaced by 0x${byte.toString(16).toUpperCase()}`];
  },
  dropCharacter(text, r) {
    const marks = [...text.matchAll(/[,:{}\[\]"]/g)].map((m) => m.index);
    const at = r.pick(marks);
    return [Buffer.from(text.slice(0, at) + text.slice(at + 1)), `${JSON.stringify(text[at])} at character ${at} deleted`];
  },
  keyTwice(text, r) {
    const keys = [...text.matchAll(/\n( *)"([a-z_]+)": ([^\n]*?),?\n/g)];
    if (!keys.length) return null;
    const m = r.pick(keys), line = `\n${m[1]}"${m[2]}": ${m[3].replace(/,$/, '')},`;
    const at = m.index;
    return [Buffer.from(text.slice(0, at) + line + text.slice(at)), `key "${m[2]}" written twice (line of character ${at})`];
  },
  deepNesting(text, r) {
    const depth = r.pick([63, 64, 65, 200]);
    const at = text.indexOf('"cells": [') + '"cells": ['.length;
    if (at < 10) return null;
    return [Buffer.from(text.slice(0, at) + '['.repeat(depth) + ']'.repeat(depth) + ',' + text.slice(at)),
      `${depth} nested arrays as the first cell`];
  },
};

const WEIGHTS = [['delete', 6], ['kind', 6], ['number', 6], ['string', 4], ['array', 4], ['unknown', 2],
  ['duplicateId', 1], ['cellType', 2], ['truncate', 1], ['strayByte', 1], ['dropCharacter', 1], ['keyTwice', 1],
  ['deepNesting', 1]];
const TABLE = WEIGHTS.flatMap(([name, w]) => Array(w).fill(name));

export function mutations(bases, { seed, count }) {
  const r = generator(seed);
  const out = [];
  while (out.length < count) {
    const base = r.pick(bases), name = r.pick(TABLE);
    const doc = structuredClone(base.notebook);
    let bytes, what;
    if (name in OPERATORS) {
      what = OPERATORS[name](doc, r);
      if (what === null) continue;
      bytes = Buffer.from(JSON.stringify(doc, null, 2) + '\n');
    } else {
      const made = TEXT_OPERATORS[name](JSON.stringify(doc, null, 2) + '\n', r);
      if (made === null) continue;
      [bytes, what] = made;
    }
    const id = `m${String(out.length).padStart(4, '0')}`;
    out.push({ id, base: base.name, what, bytes });
  }
  return out;
}
