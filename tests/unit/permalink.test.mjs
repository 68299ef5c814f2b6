// web/src/permalink.js: the reader's state in the URL hash. Expected hashes are written out by
// hand from the format in the module's header comment.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { readState as read, writeState } from '../../web/src/permalink.js';

// readState's objects have no prototype (see the pollution tests below); the expected values here
// are plain literals, so they are compared after a copy into plain objects.
const plain = (x) => (Array.isArray(x) ? x.map(plain)
  : x && typeof x === 'object' ? Object.fromEntries(Object.entries(x).map(([k, v]) => [k, plain(v)])) : x);
const readState = (...args) => plain(read(...args));

test('writeState writes prefixed keys in a fixed order', () => {
  const hash = writeState('', 'nb1', { depth: 'developer', cells: { explore: { q: [2, -0.5], m: [1, 0, true], div: 'sqrt' } } });
  assert.equal(hash, '#nb1.depth=developer&nb1.q.explore=2,-0.5&nb1.m.explore=1,0,1&nb1.div.explore=sqrt');
});

test('an empty state of a notebook alone in the hash is no hash at all', () => {
  assert.equal(writeState('#nb1.depth=beginner', 'nb1', { cells: {} }), '');
});

test('read gives back what write wrote, -0 included', () => {
  const state = { depth: 'researcher', cells: { a: { q: [-0, 1e-7, 123456.5], m: [true, false], div: 'd' }, b: { div: '1' } } };
  const back = readState(writeState('', 'x', state), 'x');
  assert.equal(back.depth, 'researcher');
  assert.ok(Object.is(back.cells.a.q[0], -0), '-0 survives');
  assert.deepEqual(back.cells.a.q, [-0, 1e-7, 123456.5]);
  assert.deepEqual(back.cells.a.m, [true, false]);
  assert.equal(back.cells.a.div, 'd');
  assert.deepEqual(back.cells.b, { div: '1' });
});

test('keys of other notebooks and other owners stay exactly as they were', () => {
  const before = '#other.depth=beginner&q=a+b&%E0=1&flag&other.q.c=1,2';
  const hash = writeState(before, 'nb1', { depth: 'developer', cells: {} });
  assert.equal(hash, '#other.depth=beginner&q=a+b&%E0=1&flag&other.q.c=1,2&nb1.depth=developer');
  assert.deepEqual(readState(hash, 'other'), { depth: 'beginner', cells: { c: { q: [1, 2] } } });
});

test('writing replaces this notebook\'s old keys, wherever they were', () => {
  const hash = writeState('#nb1.q.e=1,1&keep=1&nb1.depth=beginner', 'nb1', { depth: 'developer', cells: { e: { q: [0, 0] } } });
  assert.equal(hash, '#keep=1&nb1.depth=developer&nb1.q.e=0,0');
});

test('cell ids and values with reserved characters are encoded and read back', () => {
  const hash = writeState('', 'nb1', { cells: { 'a b&c=d': { div: 'x&y' } } });
  assert.equal(hash, '#nb1.div.a%20b%26c%3Dd=x%26y');
  assert.deepEqual(readState(hash, 'nb1').cells, { 'a b&c=d': { div: 'x&y' } });
});

test('the short form #nb=<id>&... is read, and rewritten in the long form', () => {
  const hash = '#nb=nb1&depth=beginner&q.explore=1.5,-2&m.explore=0,1&div.study=1&other:key=1';
  assert.deepEqual(readState(hash, 'nb1'), { depth: 'beginner', cells: { explore: { q: [1.5, -2], m: [false, true] }, study: { div: '1' } } });
  // Another notebook does not own the short form.
  assert.deepEqual(readState(hash, 'nb2'), { cells: {} });
  assert.equal(writeState(hash, 'nb1', { depth: 'developer', cells: {} }), '#other:key=1&nb1.depth=developer');
});

test('queries that are not all finite numbers are ignored; undecodable pairs are skipped', () => {
  const hash = '#n.q.a=1,x&n.q.b=1,&n.q.c=Infinity,1&n.q.d=1e3,-2&n.q.%E0=1,1&n.depth=%E0&n.bad=1&n.z.e=1';
  assert.deepEqual(readState(hash, 'n'), { cells: { d: { q: [1000, -2] } } });
});

test('an empty or missing hash reads as no state', () => {
  for (const h of ['', '#', null, undefined, '#&&']) assert.deepEqual(readState(h, 'n'), { cells: {} });
});

test('a re-pinned reference query and a study step round-trip', () => {
  const hash = writeState('', 'nb', { cells: { explore: { q: [3, 2], r: [3, 2] }, study: { step: 3 } } });
  assert.equal(hash, '#nb.q.explore=3,2&nb.r.explore=3,2&nb.step.study=3');
  assert.deepEqual(readState(hash, 'nb'), { cells: { explore: { q: [3, 2], r: [3, 2] }, study: { step: 3 } } });
  assert.deepEqual(readState('#nb.step.study=0&nb.step.x=abc&nb.step.y=2.5', 'nb'), { cells: {} }, 'only whole steps from 1');
});

test('the explorable\'s normaliser round-trips through the hash', () => {
  const hash = writeState('', 'nb1', { cells: { explore: { q: [1, 0], norm: 'sparsemax' } } });
  assert.equal(hash, '#nb1.q.explore=1,0&nb1.norm.explore=sparsemax');
  assert.deepEqual(readState(hash, 'nb1').cells.explore, { q: [1, 0], norm: 'sparsemax' });
});

test('every kind of setting round-trips, written in one fixed order whatever the state\'s order', () => {
  const cells = {
    seq: { row: 2, ms: [[true, false], [false, true]], vs: [[1, -0.5], [0, 2]], qs: [[1, 0], [0, 1]] },
    scale: { be: 'wasm', seed: 7, div: 'd', causal: true, dw: 32, tok: 512, heads: 2 },
    block: { act: 'relu', causal: false },
    cost: { tok: 4096, bytes: 4, dv: 128 },
    jac: { s: [0.1, 4, 0, 0.2], mult: 3 },
    torch: { scale: 0.25 },
    online: { tile: 2 },
    knob: { knob: 11 },
    mistakes: { heads: 8, tuned: 256 },
    study: { widths: [4, 16], seed: 3, pairs: 100, trials: 50, keys: 8, div: '1' },
  };
  const hash = writeState('', 'nb', { cells });
  assert.equal(hash, '#' + [
    'nb.qs.seq=1,0;0,1', 'nb.vs.seq=1,-0.5;0,2', 'nb.ms.seq=1,0;0,1', 'nb.row.seq=2',
    'nb.div.scale=d', 'nb.tok.scale=512', 'nb.dw.scale=32', 'nb.heads.scale=2', 'nb.causal.scale=1', 'nb.be.scale=wasm', 'nb.seed.scale=7',
    'nb.causal.block=0', 'nb.act.block=relu',
    'nb.tok.cost=4096', 'nb.dv.cost=128', 'nb.bytes.cost=4',
    'nb.s.jac=0.1,4,0,0.2', 'nb.mult.jac=3',
    'nb.scale.torch=0.25',
    'nb.tile.online=2',
    'nb.knob.knob=11',
    'nb.heads.mistakes=8', 'nb.tuned.mistakes=256',
    'nb.div.study=1', 'nb.seed.study=3', 'nb.widths.study=4,16', 'nb.pairs.study=100', 'nb.trials.study=50', 'nb.keys.study=8',
  ].join('&'));
  assert.deepEqual(readState(hash, 'nb'), { cells });
});

test('numbers with an exponent survive the hash (a bare + would read as a space)', () => {
  const cells = { e: { q: [1e21, -2.5e-7], ks: [[1e300, 0]], scale: 1e21 } };
  const hash = writeState('', 'nb', { cells });
  assert.equal(hash, '#nb.q.e=1e%2B21,-2.5e-7&nb.ks.e=1e%2B300,0&nb.scale.e=1e%2B21');
  assert.deepEqual(readState(hash, 'nb'), { cells });
});

test('a hand-edited value that does not decode drops that field alone', () => {
  const hash = '#nb.qs.a=1,0;x,1&nb.vs.a=1,2;3,4&nb.ms.a=1,2&nb.row.a=1.5&nb.tok.a=abc&nb.tok.b=-3&nb.causal.a=yes&nb.causal.b=0' +
    '&nb.scale.a=&nb.scale.b=Infinity&nb.scale.c=2e-3&nb.act.a=&nb.s.a=1,,2&nb.seed.a=12345678901234567&nb.knob.a=%E0';
  assert.deepEqual(readState(hash, 'nb').cells, {
    a: { vs: [[1, 2], [3, 4]] },
    b: { tok: -3, causal: false },
    c: { scale: 0.002 },
  });
});

test('undefined, null and unknown fields are not written; a cell with none writes nothing', () => {
  assert.equal(writeState('', 'nb', { cells: { a: { tok: undefined, row: null, nope: 3 }, b: {} } }), '');
});

test('the short form owns the new kinds too: they are rewritten in the long form', () => {
  const hash = '#nb=nb1&tile.online=2&heads.block=1&keep:x=1';
  assert.deepEqual(readState(hash, 'nb1').cells, { online: { tile: 2 }, block: { heads: 1 } });
  assert.equal(writeState(hash, 'nb1', { cells: { online: { tile: 3 } } }), '#keep:x=1&nb1.tile.online=3');
});

test('two cells of one type are keyed by their ids and read back apart', () => {
  const cells = { 'cost-a': { tok: 2048 }, 'cost-b': { heads: 16 } };
  const hash = writeState('', 'nb', { cells });
  assert.equal(hash, '#nb.tok.cost-a=2048&nb.heads.cost-b=16');
  assert.deepEqual(readState(hash, 'nb').cells, cells);
});

// Issue 20, finding 1: a crafted link must not reach the page's own objects. Cell ids and kinds
// come from the URL; "constructor" is even a valid cell id ([a-z0-9-]).
test('a hash cannot pollute Object, Object.prototype or any other shared object', () => {
  const keys = Object.keys;
  const { pairs } = JSON.parse(fs.readFileSync(new URL('../corpus/hostile-permalinks.json', import.meta.url), 'utf8'));
  const hostile = [
    ...pairs.map((p) => `#nb.${p}`), `#${pairs.map((p) => `nb.${p}`).join('&')}`,
    `#nb=nb&${pairs.join('&')}`, '#nb.__proto__.x=1', '#nb.constructor.x=1',
  ];
  for (const hash of hostile) {
    const state = read(hash, 'nb');
    assert.equal(Object.keys, keys, hash);
    assert.equal(({}).q, undefined, hash);
    assert.equal(({}).div, undefined, hash);
    assert.equal(({}).x, undefined, hash);
    assert.equal(Object.getPrototypeOf(state.cells), null, `${hash}: cells has no prototype`);
    for (const id of Object.keys(state.cells)) assert.equal(Object.getPrototypeOf(state.cells[id]), null);
  }
  // The prototype-less cells object holds "__proto__" as an ordinary own key.
  const state = read('#nb.q.__proto__=1,2&nb.keys.constructor=1', 'nb');
  assert.deepEqual(Object.keys(state.cells).sort(), ['__proto__', 'constructor']);
  assert.deepEqual(plain(state.cells.constructor), { keys: 1 });
  assert.equal(state.cells.toString, undefined, 'no inherited names');
});

test('with the notebook\'s cell ids, only those cells are read', () => {
  const hash = '#nb.q.a=1,2&nb.q.constructor=3,4&nb.keys.b=5&nb.q.__proto__=1';
  assert.deepEqual(readState(hash, 'nb', ['a', 'b']), { cells: { a: { q: [1, 2] }, b: { keys: 5 } } });
  assert.deepEqual(readState(hash, 'nb', ['constructor']), { cells: { constructor: { q: [3, 4] } } });
  assert.deepEqual(readState(hash, 'nb', []), { cells: {} });
});
