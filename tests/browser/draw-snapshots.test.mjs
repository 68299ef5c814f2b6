// The renderers' pure draws against their recorded snapshots (tests/browser/snapshots/): a fixed
// answer of the real engine drawn in Chromium, the DOM one node a line with numbers rounded
// (draw-snapshots.mjs). A difference fails with the case's first differing line; after a change
// on purpose, `scripts/snapshots --update` rewrites the files and prints the diff for the commit.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser } from './harness.mjs';
import { drawSnapshots, recorded, SNAPSHOT_DIR } from './draw-snapshots.mjs';

let drawn;
before(async () => {
  const browser = await launchBrowser();
  try {
    drawn = await drawSnapshots(browser);
  } finally {
    await browser.close();
  }
});

/** "line N: recorded ... / drawn ..." for the first line that differs. */
function firstDifference(old, now) {
  const a = old.split('\n'), b = now.split('\n');
  const i = a.findIndex((line, k) => line !== b[k]);
  const at = i < 0 ? a.length : i;
  return `line ${at + 1}:\n  recorded ${JSON.stringify(a[at])}\n  drawn    ${JSON.stringify(b[at])}`;
}

test('every recorded snapshot has a case that draws it, and every case a snapshot', () => {
  const files = fs.readdirSync(SNAPSHOT_DIR).map((f) => path.basename(f, '.html')).sort();
  assert.deepEqual(files, Object.keys(drawn).sort(), 'run scripts/snapshots --update');
});

for (const name of fs.readdirSync(SNAPSHOT_DIR).map((f) => path.basename(f, '.html'))) {
  test(`${name}: the draw makes the recorded DOM`, () => {
    const old = recorded(name);
    const now = drawn[name];
    assert.ok(now !== undefined, `no case draws ${name}`);
    if (old !== now) assert.fail(`${name} differs from tests/browser/snapshots/${name}.html at ${firstDifference(old, now)}\n(scripts/snapshots prints the whole diff; --update records it)`);
  });
}
