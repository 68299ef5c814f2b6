// Round axis ticks (web/src/render/ticks.js), issue 19 item 6: the charts' ticks fell on 0.00 /
// 8.67 / 17.3. Expected values written by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { niceTicks, decimalText } from '../../web/src/render/ticks.js';

test('decimalText writes k × 10^e exactly', () => {
  assert.equal(decimalText(3, -1), '0.3');
  assert.equal(decimalText(-15, -2), '-0.15');
  assert.equal(decimalText(2, 3), '2000');
  assert.equal(decimalText(0, -4), '0');
  assert.equal(decimalText(6, -1), '0.6'); // 3 × 0.2 would print 0.6000000000000001
  assert.equal(decimalText(125, -6), '0.000125');
  assert.equal(decimalText(20, -1), '2');
});

test('niceTicks: steps of 1, 2 or 5 × 10^e, the axis from one round tick to another', () => {
  assert.deepEqual(niceTicks(0, 17.3), { values: [0, 5, 10, 15, 20], texts: ['0', '5', '10', '15', '20'], lo: 0, hi: 20, step: '5' });
  assert.deepEqual(niceTicks(0, 0.42).texts, ['0', '0.1', '0.2', '0.3', '0.4', '0.5']);
  assert.deepEqual(niceTicks(0.21, 0.42).texts, ['0.2', '0.25', '0.3', '0.35', '0.4', '0.45']);
  assert.deepEqual(niceTicks(0, 1).texts, ['0', '0.2', '0.4', '0.6', '0.8', '1']);
  assert.deepEqual(niceTicks(-5, 0.2).texts, ['-6', '-4', '-2', '0', '2']);
  assert.deepEqual(niceTicks(0, 1e-6).texts, ['0', '0.0000002', '0.0000004', '0.0000006', '0.0000008', '0.000001']);
  for (const [lo, hi] of [[0, 17.3], [0, 0.42], [0.21, 0.42], [0, 1e-6], [0, 123456], [-5, 0.2], [3, 3]]) {
    const t = niceTicks(lo, hi);
    assert.ok(t.lo <= lo && t.hi >= Math.max(hi, lo), `${lo}..${hi} covered by ${t.lo}..${t.hi}`);
    assert.ok(t.values.length >= 2 && t.values.length - 1 <= 5, `${lo}..${hi}: 1 to 5 intervals`);
    assert.match(t.step, /^0\.0*[125]$|^[125]0*$/, `${lo}..${hi}: step ${t.step} is 1, 2 or 5 × 10^e`);
  }
});
