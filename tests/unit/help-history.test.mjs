// The help history: each attempt carries the help consulted before it and nothing else; help
// from outside a practice (numbers panel, study detour) goes with the next attempt; no score.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHelpHistory } from '../../web/src/help-history.js';

test('each attempt keeps its own feedback and the help consulted before it', () => {
  const history = createHelpHistory();
  const seen = [];
  history.subscribe((list) => seen.push(list.length));
  history.consult('hint', 'push-b');
  history.consult('hint', 'push-b'); // twice is once
  history.consult('numbers panel');
  history.attempt('push-b', { title: 'Make B dominate', response: 'q = [3, 0]', correct: false, feedback: 'Not quite.' });
  history.attempt('push-b', { title: 'Make B dominate', response: 'q = [6, 0]', correct: true, feedback: 'Correct.' });
  history.consult('worked step', 'share-c');
  history.consult('study steps');
  history.attempt('share-c', { response: '0.284', correct: true, feedback: 'Correct: 0.284 is right.' });
  const list = history.list();
  assert.deepEqual(list.map((a) => [a.practice, a.attempt, a.help]), [
    ['push-b', 1, ['hint', 'numbers panel']],
    ['push-b', 2, []],
    ['share-c', 1, ['worked step', 'study steps']],
  ]);
  assert.equal(list[0].feedback, 'Not quite.');
  assert.equal(list[2].title, 'share-c');
  assert.deepEqual(seen, [1, 2, 3]);
  const json = history.toJSON();
  assert.equal(json.format, 'attnbook-help-history/1');
  assert.equal(json.attempts.length, 3);
  assert.ok(!('score' in json) && !JSON.stringify(json).includes('score"'), 'never a score');
});

test('a fresh history is empty (a reload makes a new one)', () => {
  assert.deepEqual(createHelpHistory().list(), []);
});
