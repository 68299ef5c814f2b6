// The limits the element carries (web/src/engine-limits.js, bundled with the engine's `limits`
// answer by the site's build: scripts/standalone.mjs, engineLimitsPlugin) are the engine's: the
// bundle made the way the build makes it, against the native CLI's `limits` (another build of the
// same tables) and the author module's (the learner's module has no `limits`: the pages carry it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { loadEngine, runNativeCli } from './engine.mjs';
import { bundle, WEB } from '../../scripts/standalone.mjs';

test('the bundled engine-limits.js answers what the engine answers', async () => {
  const code = await bundle({ entryPoints: [path.join(WEB, 'src', 'engine-limits.js')], format: 'esm' });
  const { engineLimits, notebookTextLimit } = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
  const native = runNativeCli(['limits']);
  assert.equal(native.status, 0, native.stderr);
  assert.deepEqual(engineLimits(), JSON.parse(native.stdout));
  const engine = await loadEngine('attnbook-author');
  assert.deepEqual(engineLimits(), JSON.parse(engine.call('limits', '{}')));
  assert.deepEqual(notebookTextLimit(), { bytes: engineLimits().notebook.max_bytes, text: `${(engineLimits().notebook.max_bytes / 2 ** 20).toFixed(1)} MiB` });
});
