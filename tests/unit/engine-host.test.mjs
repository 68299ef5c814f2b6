// web/src/engine-host.js: which errors drop the worker's engine instance. The engine here is a
// small stand-in that throws what it is told to: the point is the decision, which is pure logic
// (the real worker and engine are in tests/browser/worker-recovery.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import vm from 'node:vm';
import { createEngineHost, isEngineError, faultText } from '../../web/src/engine-host.js';

class BindingError extends Error {} // what Embind throws (its own Error subclass)

function host() {
  let made = 0;
  const h = createEngineHost(async () => {
    made += 1;
    const id = made;
    return { id, call: (thrown) => { if (thrown !== undefined) throw thrown; return `answer from ${id}`; } };
  });
  return { h, made: () => made };
}

test('isEngineError: exactly a plain Error, as the binding throws', () => {
  assert.equal(isEngineError(new Error('explore: $.query: expected an array')), true);
  for (const e of [new RangeError('Maximum call stack size exceeded'), new TypeError('x'), new WebAssembly.RuntimeError('unreachable'),
    new BindingError('Cannot pass non-string'), 12345, 'text', null, undefined, { message: 'like an Error' },
    vm.runInNewContext('new Error("another realm")')]) {
    assert.equal(isEngineError(e), false, String(e));
  }
});

test('an engine error keeps the instance', async () => {
  const { h, made } = host();
  assert.equal(await h.run((e) => e.call()), 'answer from 1');
  await assert.rejects(h.run((e) => e.call(new Error('refused'))), /refused/);
  assert.equal(await h.run((e) => e.call()), 'answer from 1');
  assert.equal(made(), 1);
  assert.equal(h.loads, 1);
});

for (const [name, thrown] of [
  ['a stack overflow (RangeError)', new RangeError('Maximum call stack size exceeded')],
  ['a trap (WebAssembly.RuntimeError)', new WebAssembly.RuntimeError('memory access out of bounds')],
  ['a binding error (Error subclass)', new BindingError('Cannot pass non-string to std::string')],
  ['an escaped C++ exception (a number)', 5251072],
]) {
  test(`${name} drops the instance; the next call loads a fresh one`, async () => {
    const { h, made } = host();
    await h.run((e) => e.call());
    await assert.rejects(h.run((e) => e.call(thrown)), (err) => err === thrown);
    assert.equal(made(), 1, 'not reloaded until needed');
    assert.equal(await h.run((e) => e.call()), 'answer from 2');
    assert.equal(await h.run((e) => e.call()), 'answer from 2');
    assert.equal(h.loads, 2);
  });
}

test('a failed load is retried by the next call', async () => {
  let attempts = 0;
  const h = createEngineHost(async () => {
    attempts += 1;
    if (attempts === 1) throw new Error('fetch failed');
    return { call: () => 'ok' };
  });
  await assert.rejects(h.run((e) => e.call()), /fetch failed/);
  assert.equal(await h.run((e) => e.call()), 'ok');
  assert.equal(attempts, 2);
});

test('warm() starts one load that the first call then uses', async () => {
  const { h, made } = host();
  h.warm();
  h.warm();
  assert.equal(await h.run((e) => e.call()), 'answer from 1');
  assert.equal(made(), 1);
});

test('faultText names the kind of fault', () => {
  assert.equal(faultText(new RangeError('Maximum call stack size exceeded')), 'RangeError: Maximum call stack size exceeded');
  assert.equal(faultText(5251072), '5251072');
});
