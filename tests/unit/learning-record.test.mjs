// When a notebook counts as complete (learning-record.js's progressOf, which the SCORM package
// and the xAPI messages both use): every practice cell answered correctly at least once; without
// practice, every cell shown at the learner's depth seen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { progressOf } from '../../web/src/learning-record.js';

const nb = (cells) => ({ id: 'n', title: 'N', depths: ['beginner', 'researcher'], cells });
const state = (seen, correct) => ({ seen: new Set(seen), correct: new Set(correct) });
const practice = { type: 'practice', depths: ['beginner', 'researcher'] };
const prose = (depths = ['beginner', 'researcher']) => ({ type: 'prose', depths });

test('with practice: complete when every practice cell was answered correctly, at any depth', () => {
  const doc = nb([prose(), practice, { ...practice, depths: ['researcher'] }]);
  assert.deepEqual(progressOf(doc, state([0, 1, 2], [1]), 'beginner'), { complete: false, score: 0.5, practiceCount: 2 });
  assert.deepEqual(progressOf(doc, state([], [1, 2]), 'beginner'), { complete: true, score: 1, practiceCount: 2 });
});

test('without practice: complete when every cell of the current depth was seen', () => {
  const doc = nb([prose(), prose(['researcher']), prose(['beginner'])]);
  assert.deepEqual(progressOf(doc, state([0], []), 'beginner'), { complete: false, score: null, practiceCount: 0 });
  assert.equal(progressOf(doc, state([0, 2], []), 'beginner').complete, true);
  assert.equal(progressOf(doc, state([0, 2], []), 'researcher').complete, false, 'the researcher cell is not seen yet');
  // A cell without depths (as written, before the validator fills them) counts at every depth.
  assert.equal(progressOf(nb([{ type: 'prose' }]), state([], []), 'beginner').complete, false);
});
