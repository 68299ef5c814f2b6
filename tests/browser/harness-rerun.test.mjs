// The harness's `test` runs a test once more only when Chromium itself exited during it
// (tests/browser/harness.mjs): a fixture file of five tests is run under node --test, and its
// report says which passed and how often each ran.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './harness.mjs';

test('a test is run again after Chromium exits, never after an assertion or its own closed page', () => {
  const fixture = path.join(ROOT, 'tests', 'browser', 'fixtures', 'chromium-exit.mjs');
  // Without NODE_TEST_CONTEXT, which node --test sets for its children: the fixture's runner then
  // reports in TAP to us instead of to this file's runner.
  const { NODE_TEST_CONTEXT, ...env } = process.env;
  const r = spawnSync(process.execPath, ['--test', '--test-reporter=tap', fixture], { encoding: 'utf8', timeout: 120000, env });
  const out = r.stdout + r.stderr;
  const verdicts = Object.fromEntries([...out.matchAll(/^(not ok|ok) \d+ - (.+)$/gm)].map((m) => [m[2], m[1] === 'ok']));
  const runs = {};
  for (const m of out.matchAll(/run: (.+)$/gm)) runs[m[1]] = (runs[m[1]] ?? 0) + 1;
  assert.deepEqual(verdicts, {
    'exits once': true,
    'fails an assertion': false,
    'closes its own page': false,
    'exits every time': false,
    'runs after an exit': true,
  }, out);
  assert.deepEqual(runs, {
    'exits once': 2,
    'fails an assertion': 1,
    'closes its own page': 1,
    'exits every time': 2,
    'runs after an exit': 1,
  }, out);
  assert.equal(out.match(/Chromium exited during the test/g).length, 2, 'said for each second run');
  assert.notEqual(r.status, 0, 'the file fails');
});
