// The short soak (tests/browser/soak.mjs has what it does and the bounds with their reasons):
// about 15 s of random use on one page, then memory, workers and numbers checked. `npm run soak`
// runs the same for longer (scripts/soak).
import assert from 'node:assert/strict';
import { test, useSiteAndBrowser, site, browser } from './harness.mjs';
import { runSoak, checkBounds, mib } from './soak.mjs';

useSiteAndBrowser();

test('a short soak: memory, workers and numbers come back to their level', async (t) => {
  const seconds = Number(process.env.SOAK_TEST_SECONDS || 15);
  const r = await runSoak({ browser, site, seconds, seed: Number(process.env.SOAK_SEED || 1) });
  t.diagnostic(`counts ${JSON.stringify(r.counts)}`);
  for (const [name, m] of Object.entries({ level: r.baseline, 'with a pair open': r.pair, end: r.end })) {
    t.diagnostic(`${name}: page heap ${mib(m.pageHeap)}, ${m.workers} workers (${m.started} started so far), ` +
      `workers' heap ${mib(m.workerHeap)}, WebAssembly memory ${m.wasmEach.map(mib).join(' + ')}`);
  }
  assert.ok(r.counts.moves >= 1000, `query moves: ${r.counts.moves}`);
  assert.ok(r.counts.added >= 1 && r.counts.removed >= 1, 'notebooks were added and removed');
  assert.deepEqual(checkBounds(r), []);
  assert.deepEqual(r.soakedNumbers, r.freshNumbers, 'the soaked page shows a fresh page\'s numbers');
  assert.ok(r.freshNumbers.flat().length > 20, 'numbers were compared');
  assert.deepEqual(r.errors, []);
  assert.deepEqual(r.problems, []);
});
