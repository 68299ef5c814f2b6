// latestOnly (web/src/engine-client.js): while one run is in flight, only the newest arguments
// run next; superseded calls resolve null. The wrapped function is driven by hand-settled promises.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { latestOnly } from '../../web/src/engine-client.js';

/** A function whose calls are recorded and settled from the test. */
function controlled() {
  const calls = [];
  const fn = (args) => new Promise((resolve, reject) => calls.push({ args, resolve, reject }));
  return { fn, calls };
}
const tick = () => new Promise((r) => setImmediate(r));

test('one call at a time runs and answers', async () => {
  const { fn, calls } = controlled();
  const run = latestOnly(fn);
  const p = run(1);
  await tick();
  calls[0].resolve('one');
  assert.equal(await p, 'one');
  const q = run(2);
  await tick();
  calls[1].resolve('two');
  assert.equal(await q, 'two');
  assert.deepEqual(calls.map((c) => c.args), [1, 2]);
});

test('calls made during a run: only the newest runs next; the others and the stale run give null', async () => {
  const { fn, calls } = controlled();
  const run = latestOnly(fn);
  const p1 = run('a');
  const p2 = run('b');
  const p3 = run('c');
  assert.equal(await p2, null, 'b is superseded by c before it runs');
  await tick();
  assert.equal(calls.length, 1, 'nothing else starts while a runs');
  calls[0].resolve('A');
  assert.equal(await p1, null, 'a answered, but c was asked for meanwhile');
  await tick();
  assert.deepEqual(calls.map((c) => c.args), ['a', 'c']);
  calls[1].resolve('C');
  assert.equal(await p3, 'C');
});

test('an error rejects the call that is still wanted, and is null for a superseded one', async () => {
  const { fn, calls } = controlled();
  const run = latestOnly(fn);
  const p1 = run(1);
  await tick();
  calls[0].reject(new Error('no'));
  await assert.rejects(p1, /no/);

  const p2 = run(2);
  const p3 = run(3);
  await tick();
  calls[1].reject(new Error('stale'));
  assert.equal(await p2, null);
  await tick();
  calls[2].resolve('three');
  assert.equal(await p3, 'three');
});

test('after a burst the wrapper is idle again: the next call runs at once', async () => {
  const { fn, calls } = controlled();
  const run = latestOnly(fn);
  const burst = Array.from({ length: 50 }, (_, i) => run(i));
  await tick();
  calls[0].resolve('first');
  await tick();
  calls[1].resolve('last');
  const answers = await Promise.all(burst);
  assert.deepEqual(calls.map((c) => c.args), [0, 49]);
  assert.equal(answers.filter((a) => a !== null).length, 1);
  assert.equal(answers[49], 'last');
  const next = run('again');
  await tick();
  assert.equal(calls.length, 3);
  calls[2].resolve('ok');
  assert.equal(await next, 'ok');
});
