// web/src/permalink.js: the reader's state in the URL hash. Expected hashes are written out by
// hand from the format in the module's header comment.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readState, writeState } from '../../web/src/permalink.js';

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
