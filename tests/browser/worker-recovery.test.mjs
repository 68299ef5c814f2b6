// After an error that is not the engine's own (a stack overflow, a WebAssembly trap, a binding
// error), the worker drops its engine instance and loads a fresh one for the next call: such an
// error can leave the instance's memory or stack pointer in any state. After an engine error (a
// JS Error with the engine's message) the instance is kept: it is the engine saying no.
//
// The faults are raised in the real worker of the shipped page: a message is dispatched inside
// the worker (through the DevTools protocol) as if the page had posted it, and its answer read
// there, so the page's own engine client never sees it.
import assert from 'node:assert/strict';
import { test, openPage, findCell, notebooks, expectedShares, explorableRows, waitForExplorable, useSiteAndBrowser, site, browser } from './harness.mjs';
import { watchWorkers } from './engine-watch.mjs';

useSiteAndBrowser();
const { doc, cell } = findCell('explorable');
const practice = Object.values(notebooks()).flatMap((d) => d.cells).find((c) => c.type === 'practice' && c.answer.kind === 'number');

/** Posts {type: 'call', ...} inside the engine worker and resolves with the worker's answer. */
function probe(command, argsJson, id) {
  return `new Promise((resolve) => {
    const post = self.postMessage;
    self.postMessage = function (m, ...rest) {
      if (m && m.id === ${JSON.stringify(id)}) { self.postMessage = post; resolve(m); }
      else post.call(self, m, ...rest);
    };
    self.dispatchEvent(new MessageEvent('message', { data: { type: 'call', id: ${JSON.stringify(id)},
      command: ${JSON.stringify(command)}, argsJson: ${argsJson} } }));
  })`;
}

async function engineWorker(watch) {
  const { workers } = await watch.measure();
  const engines = workers.filter((w) => w.instances > 0);
  assert.equal(engines.length, 1, `one engine worker: ${JSON.stringify(workers)}`);
  return engines[0];
}

async function ask(watch, command, argsJson, id) {
  const answers = (await watch.evaluateInWorkers(probe(command, argsJson, id)));
  assert.equal(answers.length, 1);
  return answers[0].value;
}

/** Moves q one step right with the keyboard and checks the shares against the formula. */
async function moveAndCheck(page, q) {
  await page.locator('attention-notebook .explorable svg[role="application"]').press('ArrowRight');
  const next = [Math.round(q[0] * 10 + 1) / 10, q[1]];
  const want = expectedShares({ ...cell, query: next });
  await page.waitForFunction((w) => {
    const tds = document.querySelector('attention-notebook').shadowRoot.querySelectorAll('.explorable tbody tr td:nth-of-type(3) .num');
    return tds.length === w.length && [...tds].every((td, i) => td.getAttribute('title') === `exact: ${w[i]}`);
  }, want, { timeout: 15000 });
  (await explorableRows(page)).forEach((row, i) => assert.equal(row.share.exact, want[i]));
  return next;
}

test('a non-engine error discards the engine instance; an engine error keeps it', async (t) => {
  const { page, context, problems } = await openPage(browser, site, null);
  const watch = await watchWorkers(context, page);
  try {
    await page.goto(`${site.url}${doc.id}/`);
    await waitForExplorable(page, cell.keys.length);
    let q = [...cell.query];
    const start = await engineWorker(watch);
    assert.equal(start.instances, 1);

    // An engine error: the engine refuses bad arguments. The instance stays.
    const refused = await ask(watch, 'explore', JSON.stringify(JSON.stringify({ query: 'x' })), 'probe-engine');
    assert.equal(refused.type, 'error');
    q = await moveAndCheck(page, q);
    assert.equal((await engineWorker(watch)).instances, 1, 'kept after an engine error');

    // A binding error (the arguments are not a string): not the engine's. The next call loads a
    // fresh instance, and the old one's memory is released.
    const binding = await ask(watch, 'explore', '12345', 'probe-binding');
    assert.equal(binding.type, 'error');
    t.diagnostic(`binding error: ${binding.message}`);
    q = await moveAndCheck(page, q);
    const after = await engineWorker(watch);
    assert.equal(after.instances, 2, 'a fresh instance after a binding error');
    assert.equal(after.wasm, start.wasm, 'only one instance\'s memory alive');

    // A deeply nested argument: a stack overflow (RangeError) while the engine's arguments are
    // unpacked without a depth limit, or an engine error once they are parsed with one. Either
    // way the next call gets right numbers, and only a non-engine error costs a reload.
    const depth = 200000;
    const deep = `JSON.stringify({ cell: ${JSON.stringify(practice)}, response: 0 }).replace('"response":0', '"response":' + '['.repeat(${depth}) + ']'.repeat(${depth}))`;
    const overflow = await ask(watch, 'check_practice', deep, 'probe-deep');
    assert.equal(overflow.type, 'error');
    t.diagnostic(`deep arguments: ${overflow.message.slice(0, 120)}`);
    q = await moveAndCheck(page, q);
    const fault = /call stack/i.test(overflow.message);
    assert.equal((await engineWorker(watch)).instances, fault ? 3 : 2);
    assert.deepEqual(await problems(), []);
  } finally {
    await watch.detach();
    await context.close();
  }
});
