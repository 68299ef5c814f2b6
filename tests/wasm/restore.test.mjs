// The `restore` command in the learner's module (the one a lesson page loads): a permalink's state
// for one cell checked by the engine before the cell's first draw (web/src/attention-notebook.js).
// Hand-written cases: a good key kept, a bad one dropped with a message naming its field, an
// unknown key refused, the explorable's shapes, the scaling study's max_block (2^23 numbers in one block) across keys; and
// the native CLI's engine answers the same (tests/engine/test_restore.cpp has the native cases).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine } from './engine.mjs';

const engine = await loadEngine();
const restore = (type, cell, state) => JSON.parse(engine.call('restore', JSON.stringify({ type, cell: { type, ...cell }, state })));
const refusal = (answer, key) => answer.refused.find((r) => r.key === key)?.message;

const COST = { tokens: 100000, head_width: 64, value_width: 64, heads: 1, layers: 1, batch: 1, bytes: 2 };
const SCALING = { seed: 0, widths: [4, 16, 64, 256], pairs: 20000, trials: 2000, keys: 6, divisor: 'sqrt' };

test('restore is a command of the learner\'s module', () => {
  assert.ok(JSON.parse(engine.commands()).includes('restore'));
});

test('a good key is kept, a bad one dropped with a message naming its field', () => {
  const answer = restore('cost', COST, { tok: 4096, heads: 0 });
  assert.deepEqual(answer.state, { tok: 4096 });
  assert.deepEqual(answer.refused, [{ key: 'heads', message: 'cost: $.heads: must be between 1 and 1024, found 0' }]);
});

test('an unknown key is refused', () => {
  const answer = restore('cost', COST, { tok: 4096, widths: [4] });
  assert.deepEqual(answer.state, { tok: 4096 });
  assert.equal(refusal(answer, 'widths'), 'cost: "widths" is not a setting this cell keeps');
});

test('the scaling study\'s max_block is the engine\'s rule: widths [4096] x 20000 pairs is over 2^23', () => {
  // 20000 x 4096 = 81,920,000 > 8,388,608: the widths are refused, the seed beside them kept.
  const answer = restore('scaling-study', SCALING, { seed: 5, widths: [4096] });
  assert.deepEqual(answer.state, { seed: 5 });
  assert.equal(refusal(answer, 'widths'), 'scaling-study: $.widths: pairs x width: 20000 x 4096 numbers is more than the 8388608 one table may hold');
  // With 2000 pairs and 100 trials the same widths fit: 2000 x 4096 = 8,192,000 and
  // 100 x 6 x 4096 = 2,457,600, both under 2^23.
  const fewer = restore('scaling-study', { ...SCALING, pairs: 2000, trials: 100 }, { widths: [4096] });
  assert.deepEqual(fewer.state, { widths: [4096] });
});

test('a matrix keeps the cell\'s shape; a view key (the row shown) passes to the page', () => {
  const held = {
    queries: [[2, 1], [1, -1], [0, 2]], keys: [[-1, 2], [1, 0], [0, 1]], values: [[2, 0], [0, 2], [-1, -1]],
    labels: ['A', 'B', 'C'], mask: [[true, true, true], [true, true, true], [true, true, true]], divisor: 'sqrt',
  };
  const answer = restore('held-sequence', held, { ms: [[true, false, false], [true, true, false], [true, true, true]], qs: [[1, 0]], row: 2 });
  assert.deepEqual(answer.state, { ms: [[true, false, false], [true, true, false], [true, true, true]], row: 2 });
  assert.equal(refusal(answer, 'qs'), 'held-sequence: $.queries: the cell\'s queries are 3 x 2; a saved value keeps that shape');
});

test('the explorable: a query of the cell\'s width kept, one of another width refused at $.query', () => {
  const explorable = {
    query: [2, 1], keys: [[-1, 2], [1, 0], [0, 1]], values: [[2, 0], [0, 2], [-1, -1]], labels: ['A', 'B', 'C'],
    mask: [true, true, true], divisor: 'sqrt', reference_query: [2, 1],
  };
  const kept = restore('explorable', explorable, { q: [0.5, -3], m: [true, false, true], norm: 'sparsemax' });
  assert.deepEqual(kept, { state: { q: [0.5, -3], m: [true, false, true], norm: 'sparsemax' }, refused: [] });
  const refused = restore('explorable', explorable, { q: [1, 2, 3] });
  assert.deepEqual(refused.state, {});
  assert.equal(refusal(refused, 'q'), 'explorable: $.query: keys[0] has 2 numbers but the query has 3');
});

test('a cell type whose saved keys are all the page\'s view (playback\'s time) keeps its state as it came', () => {
  const state = { t: 3.5 };
  assert.deepEqual(restore('playback', {}, state), { state, refused: [] });
});
