// `cell-types` (the author page's template and snippets come from it): the native and the
// WebAssembly CLI print the same bytes, and the module answers the same JSON.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadEngine, runNativeCli, runWasmCli } from './engine.mjs';

test('cell-types: native and --wasm print the same bytes; the module agrees', async () => {
  const native = runNativeCli(['cell-types']);
  const wasm = runWasmCli(['cell-types']);
  assert.equal(native.status, 0, native.stderr);
  assert.equal(wasm.stdout, native.stdout);
  const engine = await loadEngine('attnbook-author');
  assert.deepEqual(JSON.parse(engine.call('cell_types', '{}')), JSON.parse(native.stdout));
  const extra = runNativeCli(['cell-types', '--query', '1']);
  assert.notEqual(extra.status, 0);
  assert.match(extra.stderr, /cell-types: unknown option --query/);
});
