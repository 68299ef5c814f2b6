// web/src/wasm-streaming.js: the .wasm instantiated from a response fetched beside the glue, through
// Emscripten's instantiateWasm hook; a failure rejects `failed` (the factory would wait forever).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { streamingInstantiation } from '../../web/src/wasm-streaming.js';

// A module exporting add(a, b) = a + b (the binary format, section by section).
const ADD = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version
  0x01, 0x07, 0x01, 0x60, 0x02, 0x7f, 0x7f, 0x01, 0x7f, // type: (i32, i32) -> i32
  0x03, 0x02, 0x01, 0x00, // function 0 has type 0
  0x07, 0x07, 0x01, 0x03, 0x61, 0x64, 0x64, 0x00, 0x00, // export "add" = function 0
  0x0a, 0x09, 0x01, 0x07, 0x00, 0x20, 0x00, 0x20, 0x01, 0x6a, 0x0b, // local.get 0, local.get 1, i32.add
]);
const response = (body, type = 'application/wasm', status = 200) => Promise.resolve(new Response(body, { status, headers: { 'Content-Type': type } }));

/** Runs the hook as Emscripten's glue does: the exports come through receive. */
function instantiate(res) {
  const { options, failed } = streamingInstantiation(res);
  const received = new Promise((resolve) => {
    assert.deepEqual(options.instantiateWasm({}, (instance, module) => resolve({ instance, module })), {});
  });
  return Promise.race([received, failed]);
}

test('a response served as application/wasm is compiled as it streams, and its instance received', async () => {
  const { instance, module } = await instantiate(response(ADD));
  assert.equal(instance.exports.add(2, 40), 42);
  assert.ok(module instanceof WebAssembly.Module);
});

test('a response with another Content-Type is read whole and compiled, as the glue does', async () => {
  const { instance } = await instantiate(response(ADD, 'application/octet-stream'));
  assert.equal(instance.exports.add(-1, 1), 0);
});

test('an HTTP error, bytes that are not WebAssembly and a failed fetch reject `failed`', async () => {
  await assert.rejects(instantiate(response('not found', 'text/plain', 404)), /HTTP 404/);
  await assert.rejects(instantiate(response(new Uint8Array([1, 2, 3, 4]))), WebAssembly.CompileError);
  await assert.rejects(instantiate(Promise.reject(new TypeError('Failed to fetch'))), /Failed to fetch/);
});
