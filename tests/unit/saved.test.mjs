// web/src/render/saved.js: each saved field checked on its own; only changed fields are kept.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wholeIn, oneOf, changedFields } from '../../web/src/render/saved.js';

test('wholeIn takes whole numbers inside the range, ends included', () => {
  const r = { min: 1, max: 64 };
  assert.deepEqual([1, 64, 7].map((x) => wholeIn(x, r)), [1, 64, 7]);
  for (const bad of [0, 65, 1.5, NaN, Infinity, '3', undefined, null, true]) assert.equal(wholeIn(bad, r), undefined, String(bad));
});

test('oneOf takes only a listed value, compared strictly', () => {
  assert.equal(oneOf('d', ['sqrt', 'd', '1']), 'd');
  assert.equal(oneOf(1, ['sqrt', 'd', '1']), undefined);
  assert.equal(oneOf(false, [true, false]), false);
  assert.equal(oneOf(undefined, [true, false]), undefined);
});

// Saved vectors, matrices and masks are the engine's to check now: their shape, every entry's size,
// rows of true/false (tests/engine/test_restore.cpp, tests/wasm/restore.test.mjs).

test('changedFields keeps only what differs from the defaults, deeply, and drops undefined', () => {
  const defaults = { q: [1, 2], ks: [[1, 0], [0, 1]], norm: 'softmax', row: 0 };
  assert.deepEqual(changedFields({ q: [1, 2], ks: [[1, 0], [0, 1]], norm: 'softmax', row: 0 }, defaults), {});
  assert.deepEqual(changedFields({ q: [1, 3], ks: [[1, 0], [0, 2]], norm: 'softmax', row: undefined }, defaults),
    { q: [1, 3], ks: [[1, 0], [0, 2]] });
  assert.deepEqual(changedFields({ norm: 'sparsemax', row: 2 }, defaults), { norm: 'sparsemax', row: 2 });
  assert.deepEqual(changedFields({ extra: 5 }, defaults), { extra: 5 }, 'a field without a default is kept');
});

// Issue 20, finding 15: an emptied seed box ran with seed 0 (Number('') is 0).
test('wholeText reads a box\'s whole number, and nothing else', async () => {
  const { wholeText } = await import('../../web/src/render/saved.js');
  for (const [text, want] of [['12', 12], [' 7 ', 7], ['0', 0], ['000123', 123], ['999999999999999', 999999999999999]]) {
    assert.equal(wholeText(text), want, JSON.stringify(text));
  }
  for (const text of ['', ' ', '\t', null, undefined, '-1', '+1', '1.5', '1e3', '0x10', 'Infinity', '1 2', '١٢', '1234567890123456']) {
    assert.equal(wholeText(text), undefined, JSON.stringify(text));
  }
});
