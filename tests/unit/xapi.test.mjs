// The xAPI-shaped statements: ADL verb ids, activity ids from the notebook's and cells' ids, the
// notebook as parent of a cell, and no response text in an answer (only success).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  VERBS, openedStatement, seenStatement, answeredStatement, completedStatement, cellIri, notebookIri,
} from '../../web/src/xapi.js';

const nb = {
  id: 'tiny', title: 'Tiny', depths: ['beginner'],
  cells: [{ type: 'prose', text: 'x' }, { type: 'practice', id: 'q1', title: 'Question', prompt: 'p', answer: { kind: 'number', value: 1, tolerance: 0.1 } }],
};
const T = '2026-01-01T00:00:00.000Z';

test('verbs are the ADL ones H5P uses', () => {
  assert.equal(VERBS.experienced, 'http://adlnet.gov/expapi/verbs/experienced');
  assert.equal(VERBS.answered, 'http://adlnet.gov/expapi/verbs/answered');
  assert.equal(VERBS.completed, 'http://adlnet.gov/expapi/verbs/completed');
});

test('opening, seeing, answering and completing', () => {
  assert.deepEqual(openedStatement(nb, T), {
    verb: { id: VERBS.experienced, display: { en: 'experienced' } },
    object: { objectType: 'Activity', id: 'urn:attnbook:notebook:tiny', definition: { type: 'http://adlnet.gov/expapi/activities/lesson', name: { en: 'Tiny' } } },
    timestamp: T,
  });
  const seen = seenStatement(nb, 0, 'cell-1', T);
  assert.equal(seen.object.id, 'urn:attnbook:notebook:tiny:cell:cell-1');
  assert.deepEqual(seen.context.contextActivities.parent, [{ objectType: 'Activity', id: notebookIri('tiny') }]);
  const answered = answeredStatement(nb, 1, 'q1', true, T);
  assert.equal(answered.verb.id, VERBS.answered);
  assert.equal(answered.object.id, cellIri('tiny', 'q1'));
  assert.equal(answered.object.definition.interactionType, 'numeric');
  assert.deepEqual(answered.result, { success: true });
  assert.deepEqual(completedStatement(nb, 0.5, T).result, { completion: true, score: { scaled: 0.5 } });
  assert.deepEqual(completedStatement(nb, null, T).result, { completion: true });
});

test('ids with odd characters stay valid IRIs', () => {
  assert.equal(cellIri('a-b', 'x y'), 'urn:attnbook:notebook:a-b:cell:x%20y');
});
