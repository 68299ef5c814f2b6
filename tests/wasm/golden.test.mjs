// The golden corpus (tests/golden/): the validator's output on the shipped notebooks, the docs'
// examples and thousands of seeded mutations, and every CLI command with good and bad arguments,
// on the native and the WebAssembly CLI, byte for byte against the recorded files. A change on
// purpose is recorded by `scripts/golden --update`, which prints each case that changed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runGolden, summary } from '../golden/golden.mjs';

test('golden corpus: both CLIs print the recorded bytes', { timeout: 300000 }, async () => {
  const { differences, counts } = await runGolden();
  assert.ok(counts.mutations >= 1000 && counts.commands >= 100 && counts.notebooks >= 2 && counts.docs >= 1,
    `the corpus is smaller than expected: ${JSON.stringify(counts)}`);
  assert.equal(differences.length, 0,
    `${summary(differences.slice(0, 40), counts)}\n(run scripts/golden --update to record a change made on purpose)`);
});
