// The reader's state in the URL hash, so a link reopens the notebook where they were.
//
//   #attention-explorable.depth=developer&attention-explorable.q.explore=2,1&attention-explorable.m.explore=1,0,1
//
// Every key starts with "<notebook id>." so several notebooks can share one page's hash, and
// keys this notebook does not own are kept as they are. Per cell: q.<cellId> (query
// coordinates), m.<cellId> (mask, 1/0 per source), div.<cellId> (scaling divisor),
// r.<cellId> (a re-pinned reference query), step.<cellId> (the study's step, from 1).
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

const KINDS = ['q', 'm', 'div', 'r', 'step', 'norm'];

function decodeValue(kind, value) {
  if (kind === 'step') return /^[1-9][0-9]{0,2}$/.test(value) ? Number(value) : undefined;
  if (kind === 'q' || kind === 'r') {
    const xs = value.split(',').map((x) => (x.trim() === '' ? NaN : Number(x)));
    return xs.every((x) => Number.isFinite(x)) ? xs : undefined;
  }
  if (kind === 'm') return value.split(',').map((x) => x.trim() === '1');
  return value;
}

/**
 * Read this notebook's state from a hash.
 * @returns {{depth?: string, cells: Object<string, {q?: number[], m?: boolean[], div?: string, r?: number[], step?: number, norm?: string}>}}
 */
export function readState(hash, notebookId) {
  const pairs = parse(hash);
  const state = { cells: {} };
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
    if (!KINDS.includes(kind) || !cellId) continue;
    const v = decodeValue(kind, value);
    if (v !== undefined) (state.cells[cellId] ||= {})[kind] = v;
  }
  return state;
}

/**
 * A new hash with this notebook's keys replaced by `state` (other keys kept).
 * @param {{depth?: string, cells: Object<string, {q?: number[], m?: (0|1|boolean)[], div?: string}>}} state
 */
export function writeState(hash, notebookId, state) {
  const prefix = `${notebookId}.`;
  const pairs = parse(hash);
  const shortForm = pairs.some(({ key, value }) => key === 'nb' && value === notebookId);
  const ours = (k) => k !== null && (k.startsWith(prefix) || (shortForm && (k === 'nb' || k === 'depth' || /^(q|m|div|r|step|norm)\./.test(k))));
  const out = pairs.filter(({ key }) => !ours(key)).map(({ raw }) => raw);
  if (state.depth) out.push(`${enc(prefix + 'depth')}=${enc(state.depth)}`);
  for (const [cellId, cs] of Object.entries(state.cells || {})) {
    if (cs.q) out.push(`${enc(`${prefix}q.${cellId}`)}=${cs.q.map((x) => (Object.is(x, -0) ? '-0' : String(x))).join(',')}`);
    if (cs.m) out.push(`${enc(`${prefix}m.${cellId}`)}=${cs.m.map((x) => (x ? 1 : 0)).join(',')}`);
    if (cs.div) out.push(`${enc(`${prefix}div.${cellId}`)}=${enc(cs.div)}`);
    if (cs.r) out.push(`${enc(`${prefix}r.${cellId}`)}=${cs.r.map((x) => (Object.is(x, -0) ? '-0' : String(x))).join(',')}`);
    if (cs.step) out.push(`${enc(`${prefix}step.${cellId}`)}=${cs.step}`);
    if (cs.norm) out.push(`${enc(`${prefix}norm.${cellId}`)}=${enc(cs.norm)}`);
  }
  return out.length ? `#${out.join('&')}` : '';
}
