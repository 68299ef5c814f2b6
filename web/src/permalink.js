// The reader's state in the URL hash, so a link reopens the notebook where they were.
//
//   #attention-explorable.depth=developer&attention-explorable.q.explore=2,1&attention-explorable.m.explore=1,0,1
//
// Every key starts with "<notebook id>." so several notebooks can share one page's hash, and
// keys this notebook does not own are kept as they are. A cell's key is <kind>.<cellId>, so two
// cells of one type keep their own settings. A cell writes only what differs from its defaults,
// and reads each field on its own: a value that does not decode, or that the cell refuses
// (out of the engine's limits, wrong shape), leaves that one field at the cell's default.
// The kinds and the form of their values (FORMS below; docs/embedding.md, "What the permalink keeps",
// lists which cell uses which):
//   numbers   q, r, s, widths      "1.5,-2"            (finite numbers, comma separated)
//   rows      qs, ks, vs           "1,0;0,1"           (rows of numbers, rows split by ";")
//   bits      m                    "1,0,1"             (1 allows a source; anything else masks it)
//   bitrows   ms                   "1,0;1,1"           (rows of 0/1)
//   whole     step (from 1), row, tile, knob, heads, tok, dw, dv, layers, batch, bytes, seed,
//             pairs, trials, keys, mult, tuned, width   "12" (a whole number, at most 15 digits)
//   number    scale, t, lr         "0.5"
//   flag      causal, mlp          "1" or "0"
//   text      div, norm, act, be, task   "sqrt"
//   (numbers also: probe)
// The short form "#nb=<id>&depth=...&q.<cellId>=..." (keys without prefix, scoped by nb) is
// read too, for hand-written links.

// Splits a hash into its pairs: { key, value, raw }. key or value is null where its text does not
// decode ("#%E0"); such a pair is never read, and like every pair this notebook does not own it
// is written back as its raw text (so "#q=a+b" stays "#q=a+b").
function parse(hash) {
  const text = String(hash || '').replace(/^#/, '');
  const pairs = [];
  if (!text) return pairs;
  for (const raw of text.split('&')) {
    if (!raw) continue;
    const eq = raw.indexOf('=');
    const key = decode(eq < 0 ? raw : raw.slice(0, eq));
    const value = eq < 0 ? '' : decode(raw.slice(eq + 1).replace(/\+/g, ' '));
    pairs.push({ key, value, raw });
  }
  return pairs;
}

function decode(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

const enc = (s) => encodeURIComponent(s).replace(/%2C/gi, ',');

// kind -> form of its value; the order here is the order keys are written in (stable links).
const FORMS = {
  q: 'numbers', m: 'bits', div: 'text', r: 'numbers', step: 'step', norm: 'text',
  qs: 'rows', ks: 'rows', vs: 'rows', ms: 'bitrows', row: 'whole',
  tok: 'whole', dw: 'whole', dv: 'whole', heads: 'whole', layers: 'whole', batch: 'whole', bytes: 'whole',
  causal: 'flag', act: 'text', be: 'text', seed: 'whole', widths: 'numbers', pairs: 'whole', trials: 'whole', keys: 'whole',
  tile: 'whole', knob: 'whole', s: 'numbers', mult: 'whole', scale: 'number', tuned: 'whole', t: 'number',
  task: 'text', width: 'whole', mlp: 'flag', lr: 'number', probe: 'numbers',
};
const KINDS = Object.keys(FORMS);
const SHORT_KEY = new RegExp(`^(${KINDS.join('|')})\\.`);

const numbers = (text) => {
  const xs = text.split(',').map((x) => (x.trim() === '' ? NaN : Number(x)));
  return xs.every((x) => Number.isFinite(x)) ? xs : undefined;
};
const bitRow = (text) => {
  const xs = text.split(',').map((x) => x.trim());
  return xs.every((x) => x === '0' || x === '1') ? xs.map((x) => x === '1') : undefined;
};
const rowsOf = (read) => (text) => {
  const rows = text.split(';').map(read);
  return rows.every((r) => r !== undefined) ? rows : undefined;
};
const DECODE = {
  numbers,
  rows: rowsOf(numbers),
  bits: (text) => text.split(',').map((x) => x.trim() === '1'),
  bitrows: rowsOf(bitRow),
  step: (text) => (/^[1-9][0-9]{0,2}$/.test(text) ? Number(text) : undefined),
  whole: (text) => (/^-?[0-9]{1,15}$/.test(text) ? Number(text) : undefined),
  number: (text) => (text.trim() === '' || !Number.isFinite(Number(text)) ? undefined : Number(text)),
  flag: (text) => (text === '1' ? true : text === '0' ? false : undefined),
  text: (text) => (text === '' ? undefined : text),
};
// "1e+21": the + is written %2B (a bare + in a hash reads as a space).
const num = (x) => (Object.is(x, -0) ? '-0' : String(x).replace('+', '%2B'));
const ENCODE = {
  numbers: (xs) => xs.map(num).join(','),
  rows: (rows) => rows.map((r) => r.map(num).join(',')).join(';'),
  bits: (xs) => xs.map((x) => (x ? 1 : 0)).join(','),
  bitrows: (rows) => rows.map((r) => r.map((x) => (x ? 1 : 0)).join(',')).join(';'),
  step: String,
  whole: String,
  number: num,
  flag: (x) => (x ? '1' : '0'),
  text: enc,
};

function decodeValue(kind, value) {
  return DECODE[FORMS[kind]](value);
}

/**
 * Read this notebook's state from a hash.
 *
 * The cell ids and kinds come from the URL, that is from whoever wrote the link: they index
 * objects without prototypes (`#nb.q.__proto__=1` or `#nb.keys.constructor=1` must not reach
 * Object.prototype or Object), only the kinds in FORMS are read, and with `cellIds` (the
 * notebook's own cell ids) only those cells.
 * @param {Iterable<string>} [cellIds] the cell ids to accept (default: any)
 * @returns {{depth?: string, cells: Object<string, Object<string, *>>}} each cell's fields by kind, decoded
 *   (unchecked against the cell: the cell checks each against its own shape and the engine's limits);
 *   `cells` and each cell's fields are objects without prototype
 */
export function readState(hash, notebookId, cellIds = null) {
  const pairs = parse(hash);
  const known = cellIds ? new Set(cellIds) : null;
  const state = { cells: Object.create(null) };
  const shortForm = pairs.some(({ key, value }) => key === 'nb' && value === notebookId);
  const prefix = `${notebookId}.`;
  for (const { key, value } of pairs) {
    if (key === null || value === null) continue;
    let rest = null;
    if (key.startsWith(prefix)) rest = key.slice(prefix.length);
    else if (shortForm && key !== 'nb' && !key.includes(':')) rest = key;
    if (rest === null) continue;
    if (rest === 'depth') { state.depth = value; continue; }
    const dot = rest.indexOf('.');
    if (dot < 0) continue;
    const kind = rest.slice(0, dot);
    const cellId = rest.slice(dot + 1);
    if (!Object.hasOwn(FORMS, kind) || !cellId || (known && !known.has(cellId))) continue;
    const v = decodeValue(kind, value);
    if (v === undefined) continue;
    if (!Object.hasOwn(state.cells, cellId)) state.cells[cellId] = Object.create(null);
    state.cells[cellId][kind] = v;
  }
  return state;
}

/**
 * A new hash with this notebook's keys replaced by `state` (other keys kept). A field that is
 * undefined, null or not one of the kinds above is not written.
 * @param {{depth?: string, cells: Object<string, Object<string, *>>}} state
 */
export function writeState(hash, notebookId, state) {
  const prefix = `${notebookId}.`;
  const pairs = parse(hash);
  const shortForm = pairs.some(({ key, value }) => key === 'nb' && value === notebookId);
  const ours = (k) => k !== null && (k.startsWith(prefix) || (shortForm && (k === 'nb' || k === 'depth' || SHORT_KEY.test(k))));
  const out = pairs.filter(({ key }) => !ours(key)).map(({ raw }) => raw);
  if (state.depth) out.push(`${enc(prefix + 'depth')}=${enc(state.depth)}`);
  for (const [cellId, cs] of Object.entries(state.cells || {})) {
    for (const kind of KINDS) {
      const v = cs?.[kind];
      if (v === undefined || v === null || v === '' || (kind === 'step' && !v)) continue;
      out.push(`${enc(`${prefix}${kind}.${cellId}`)}=${ENCODE[FORMS[kind]](v)}`);
    }
  }
  return out.length ? `#${out.join('&')}` : '';
}
