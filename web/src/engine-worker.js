// Module worker that owns one engine instance and answers engine-client.js.
//
// Messages in:  {type: 'init'}                                      (first message)
//               {type: 'call', id, command, argsJson, progress: bool}
// Messages out: {type: 'result', id, json} | {type: 'error', id, message}
//               {type: 'progress', id, fraction}                    (at most ~20 per second)
//
// The engine is the Emscripten ES module attnbook.mjs (factory createAttnbook), found next
// to this file. A single-file page (the standalone one) instead puts the
// engine's classic script (attnbook-classic.js, wasm inlined) in front of this code in the
// same Blob: a `createAttnbook` already in scope is used first.

/* global createAttnbook */

let enginePromise = null;

function besideMe(file) {
  try {
    return new URL(file, import.meta.url).href;
  } catch {
    return null; // a Blob worker (or a classic bundle) has no usable base URL
  }
}

/** The factory if the engine's classic script was put in front of this code (same Blob). */
function preloadedFactory() {
  if (typeof createAttnbook === 'function') return createAttnbook;
  if (typeof globalThis.createAttnbook === 'function') return globalThis.createAttnbook;
  return null;
}

async function loadEngine() {
  let factory = preloadedFactory();
  if (!factory) {
    const url = besideMe('./attnbook.mjs');
    if (!url) throw new Error('no engine URL: start this worker from its own URL, or prepend attnbook-classic.js to it');
    const mod = await import(/* webpackIgnore: true */ url);
    factory = mod.default || mod.createAttnbook;
  }
  if (typeof factory !== 'function') throw new Error('attnbook.mjs does not export createAttnbook');
  return factory({});
}

function engine() {
  if (!enginePromise) enginePromise = loadEngine();
  return enginePromise;
}

function messageOf(err) {
  if (err instanceof Error) return err.message;
  if (typeof err === 'string') return err;
  return `engine failure (${String(err)})`;
}

async function handleCall({ id, command, argsJson, progress }) {
  let instance;
  try {
    instance = await engine();
  } catch (err) {
    self.postMessage({ type: 'error', id, message: `could not load the engine: ${messageOf(err)}` });
    return;
  }
  try {
    let json;
    if (progress && typeof instance.callWithProgress === 'function') {
      let lastSent = 0;
      let lastFraction = -1;
      json = instance.callWithProgress(command, argsJson, (fraction) => {
        const now = Date.now();
        if (fraction >= 1 || (now - lastSent >= 50 && fraction - lastFraction >= 0.005)) {
          lastSent = now;
          lastFraction = fraction;
          self.postMessage({ type: 'progress', id, fraction });
        }
      });
    } else {
      json = instance.call(command, argsJson);
    }
    self.postMessage({ type: 'result', id, json: String(json) });
  } catch (err) {
    self.postMessage({ type: 'error', id, message: messageOf(err) });
  }
}

self.addEventListener('message', (event) => {
  const msg = event.data || {};
  if (msg.type === 'init') {
    engine().catch(() => {}); // start loading now; errors are reported per call
  } else if (msg.type === 'call') {
    handleCall(msg);
  }
});
