// Issue 20, finding 10: a finished large run at scale kept its worker's WebAssembly memory (about
// 313 MiB, which never shrinks) until the page closed. The 'scale' lane now stops its worker once
// it has been idle for a while; the next call starts a fresh one. A fake Worker stands in here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, setWorkerFactory, setIdleRelease } from '../../web/src/engine-client.js';

const made = [];
class FakeWorker {
  constructor(lane) {
    this.lane = lane;
    this.terminated = false;
    this.listeners = {};
    made.push(this);
  }
  addEventListener(type, fn) { (this.listeners[type] ||= []).push(fn); }
  postMessage(msg) {
    if (msg.type !== 'call') return;
    if (this.lane === 'fair') { // answered when the test says so (deterministic order)
      this.pending = msg;
      return;
    }
    setTimeout(() => { for (const fn of this.listeners.message || []) fn({ data: { type: 'result', id: msg.id, json: '{"ok":true}' } }); }, 5);
  }
  terminate() { this.terminated = true; }
  answer() {
    const msg = this.pending;
    this.pending = null;
    for (const fn of this.listeners.message || []) fn({ data: { type: 'result', id: msg.id, json: '{"ok":true}' } });
  }
}
setWorkerFactory((lane) => new FakeWorker(lane));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

test('the scale lane stops its worker after being idle, and starts a fresh one for the next call', async () => {
  setIdleRelease('scale', 50);
  assert.deepEqual(await call('scale_run', { n: 1 }, { lane: 'scale' }), { ok: true });
  const first = made.find((w) => w.lane === 'scale');
  assert.equal(first.terminated, false, 'kept while it may be used again at once');
  await sleep(20);
  await call('scale_run', { n: 2 }, { lane: 'scale' }); // a call within the idle time restarts the wait
  await sleep(35);
  assert.equal(first.terminated, false, 'the wait restarted with the second call');
  await sleep(40);
  assert.equal(first.terminated, true, 'stopped once idle: its memory is given back');
  assert.deepEqual(await call('scale_run', { n: 3 }, { lane: 'scale' }), { ok: true });
  const scale = made.filter((w) => w.lane === 'scale');
  assert.equal(scale.length, 2, 'a fresh worker for the next run');
  assert.equal(scale[1].terminated, false);
  setIdleRelease('scale', null);
});

test('other lanes keep their worker', async () => {
  await call('explore', {}, { lane: 'main' });
  await sleep(80);
  assert.equal(made.find((w) => w.lane === 'main').terminated, false);
});

// Issue 20, finding 14: every notebook on a page shares the heavy lane; first come, first served
// let notebooks that always have their next step queued hold it while another waited.
test('a lane serves its owners in turn: a newcomer waits for the running request only', async () => {
  const order = [];
  const labs = [{}, {}, {}, {}, {}]; // five notebooks, each running steps one after another
  const lab = async (owner, name) => {
    for (let step = 0; step < 6; step++) {
      await call('precision', { name, step }, { lane: 'fair', owner });
      order.push(`${name}${step}`);
    }
  };
  const running = labs.map((owner, i) => lab(owner, 'abcde'[i]));
  const worker = made.find((w) => w.lane === 'fair');
  const answerOne = async () => {
    worker.answer();
    await sleep(0); // the lab's next call is queued
  };
  for (let i = 0; i < 7; i++) await answerOne(); // every lab served once, each with its next step queued
  let studyDone = false;
  const study = call('scaling', {}, { lane: 'fair', owner: {} }).then(() => { studyDone = true; order.push('study'); });
  let waited = 0;
  while (!studyDone) {
    await answerOne();
    if (!studyDone) waited++;
  }
  await study;
  while (order.length < 31) await answerOne();
  await Promise.all(running);
  // First come, first served: the four other labs' queued steps ran first (waited 4). In turn:
  // only the step running when the study came.
  assert.equal(waited, 1, `the study waited for ${waited} steps: ${order.join(' ')}`);
});

test('a call with release stops its lane once it leaves it idle; any later call keeps the next worker', async () => {
  assert.deepEqual(await call('train_session', { op: 'step' }, { lane: 'train' }), { ok: true });
  const first = made.find((w) => w.lane === 'train');
  await sleep(20);
  assert.equal(first.terminated, false, 'a lane without release keeps its worker');
  await call('train_session', { op: 'close' }, { lane: 'train', release: true });
  await sleep(20);
  assert.equal(first.terminated, true, 'stopped once the closing call left it idle');
  await call('train_session', { op: 'step' }, { lane: 'train' });
  const second = made.filter((w) => w.lane === 'train').at(-1);
  assert.notEqual(second, first, 'a fresh worker for the next call');
  await sleep(20);
  assert.equal(second.terminated, false, 'and that one is kept');
});
