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
    setTimeout(() => { for (const fn of this.listeners.message || []) fn({ data: { type: 'result', id: msg.id, json: '{"ok":true}' } }); }, 5);
  }
  terminate() { this.terminated = true; }
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
