// cmi.suspend_data of the SCORM package: what goes in comes back, bad text is ignored, and the
// largest notebook fits SCORM 1.2's 4096 characters.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeSuspendData, decodeSuspendData } from '../../web/scorm/suspend-data.js';

const DEPTHS = ['beginner', 'developer', 'researcher'];

test('seen and correct cells, depth and location come back', () => {
  const text = encodeSuspendData({ seen: new Set([0, 1, 2, 9]), correct: new Set([7]), depth: 'developer', location: 9 });
  // Bits: 0, 1, 2 and 9 -> 0b1000000111 = 0x207; 7 -> 0x80.
  assert.equal(text, '{"v":1,"s":"207","c":"80","d":"developer","l":9}');
  assert.deepEqual(decodeSuspendData(text, 10, DEPTHS), { seen: [0, 1, 2, 9], correct: [7], depth: 'developer', location: 9 });
});

test('unreadable, foreign or out-of-range data is ignored, not trusted', () => {
  assert.equal(decodeSuspendData('', 10, DEPTHS), null);
  assert.equal(decodeSuspendData('not json', 10, DEPTHS), null);
  assert.equal(decodeSuspendData('{"v":2}', 10, DEPTHS), null);
  assert.deepEqual(decodeSuspendData('{"v":1,"s":"zz","c":"ff","d":"expert","l":99}', 4, DEPTHS),
    { seen: [], correct: [0, 1, 2, 3], depth: null, location: null });
});

test('500 cells, all seen and all correct, fit in 4096 characters', () => {
  const all = new Set(Array.from({ length: 500 }, (_, i) => i));
  const text = encodeSuspendData({ seen: all, correct: all, depth: 'researcher', location: 499 });
  assert.ok(text.length < 4096, `${text.length} characters`);
  assert.equal(decodeSuspendData(text, 500, DEPTHS).seen.length, 500);
});
