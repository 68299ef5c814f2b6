// Looks inside a page's workers through the Chrome DevTools Protocol, for tests of memory and of
// the engine's lifecycle, without any hook in the shipped code:
//
//   const watch = await watchWorkers(context, page);   // before page.goto
//   await page.goto(...);
//   const m = await watch.measure();  // { pageHeap, workers: [{ url, heap, wasm, instances }], started }
//
// Every worker the page starts is held at its first line (waitForDebuggerOnStart) until a
// recorder is installed in it: WebAssembly.instantiate and instantiateStreaming are wrapped so
// that the memory of each instance is kept as a WeakRef. Then per worker:
//   wasm       bytes of WebAssembly memory still alive (a discarded instance drops out after GC),
//   instances  how many engine instances the worker has loaded so far (alive or not),
//   heap       the worker's heap in use after a full GC: V8's JavaScript heap plus the
//              embedder's (Blink's garbage-collected objects) from Runtime.getHeapUsage.
// pageHeap is the same for the page (there the embedder's heap holds the DOM). (WebAssembly memory is not in
// either heap figure, nor in Runtime.getHeapUsage's backingStorageSize, hence the recorder.
// Runtime.queryObjects would find the memories without a recorder, but it crashes a worker
// target in Chromium 156.)
//
// The worker sessions use the protocol's non-flat mode (messages wrapped in
// Target.sendMessageToTarget) because playwright's CDPSession only talks to a page or frame.

const RECORDER = `(() => {
  if (globalThis.__wasmMemories) return;
  const seen = (globalThis.__wasmMemories = []);
  const keep = (result) => {
    const instance = result && (result.instance || result);
    const memory = instance && instance.exports &&
      Object.values(instance.exports).find((x) => x instanceof WebAssembly.Memory);
    if (memory) seen.push(new WeakRef(memory));
    return result;
  };
  for (const name of ['instantiate', 'instantiateStreaming']) {
    const original = WebAssembly[name];
    WebAssembly[name] = function (...args) { return original.apply(this, args).then(keep); };
  }
})()`;

const STATS = `(() => {
  const alive = (globalThis.__wasmMemories || []).map((r) => r.deref()).filter(Boolean);
  return { wasm: alive.reduce((sum, m) => sum + m.buffer.byteLength, 0),
           instances: (globalThis.__wasmMemories || []).length };
})()`;

export async function watchWorkers(context, page, { timeoutMs = 20000 } = {}) {
  const cdp = await context.newCDPSession(page);
  const workers = new Map(); // sessionId -> { url, targetId }
  let started = 0;
  const waiting = new Map(); // message id -> { resolve, reject, timer }
  let nextId = 0;

  function send(sessionId, method, params = {}) {
    return new Promise((resolve, reject) => {
      const id = ++nextId;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`worker did not answer ${method} within ${timeoutMs} ms`));
      }, timeoutMs);
      waiting.set(id, { resolve, reject, timer });
      cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) })
        .catch((err) => { clearTimeout(timer); waiting.delete(id); reject(err); });
    });
  }
  async function evaluate(sessionId, expression) {
    const m = await send(sessionId, 'Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
    if (m.error || m.result?.exceptionDetails) throw new Error(`evaluate in worker: ${JSON.stringify(m.error || m.result.exceptionDetails)}`);
    return m.result.result.value;
  }

  cdp.on('Target.receivedMessageFromTarget', (event) => {
    const m = JSON.parse(event.message);
    const w = m.id !== undefined && waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    clearTimeout(w.timer);
    w.resolve(m);
  });
  cdp.on('Target.attachedToTarget', async ({ sessionId, targetInfo }) => {
    if (targetInfo.type !== 'worker') return;
    workers.set(sessionId, { url: targetInfo.url, targetId: targetInfo.targetId });
    started += 1;
    // A worker that ends (or a page that closes) before it answers is simply not recorded.
    await evaluate(sessionId, RECORDER).catch(() => {});
    await send(sessionId, 'Runtime.runIfWaitingForDebugger').catch(() => {});
  });
  cdp.on('Target.detachedFromTarget', ({ sessionId }) => workers.delete(sessionId));
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });

  return {
    /** How many workers the page has started so far. */
    started: () => started,
    /** The workers alive now: [{ url }]. */
    workers: () => [...workers.values()].map(({ url }) => ({ url })),
    /** Full GC everywhere, then the figures above. */
    async measure() {
      await cdp.send('HeapProfiler.collectGarbage');
      const usage = await cdp.send('Runtime.getHeapUsage');
      const pageHeap = usage.usedSize + (usage.embedderHeapUsedSize || 0);
      const out = [];
      for (const [sessionId, { url }] of workers) {
        try {
          await send(sessionId, 'HeapProfiler.collectGarbage');
          const usage = await send(sessionId, 'Runtime.getHeapUsage');
          const stats = await evaluate(sessionId, STATS);
          out.push({ url, heap: usage.result.usedSize + (usage.result.embedderHeapUsedSize || 0), ...stats });
        } catch (err) {
          if (workers.has(sessionId)) throw err; // otherwise it ended while being measured
        }
      }
      return { pageHeap, workers: out, started };
    },
    /** Runs `expression` (its promise awaited) in every worker; returns [{url, value}]. */
    async evaluateInWorkers(expression) {
      const out = [];
      for (const [sessionId, { url }] of workers) out.push({ url, value: await evaluate(sessionId, expression) });
      return out;
    },
    detach() {
      for (const w of waiting.values()) clearTimeout(w.timer);
      waiting.clear();
      return cdp.detach().catch(() => {});
    },
  };
}

export const MiB = 1024 * 1024;
