// Promise API over the engine worker.
//
//   import { call } from './engine-client.js';
//   const result = await call('explore', { query, keys, values }, { onProgress: (f) => ... });
//
// One worker per "lane" is shared by every <attention-notebook> on the page; each request
// carries an id and answers are routed back by id, so instances never see each other's
// results. Long work (the scaling study) runs on its own lane so that dragging a query in
// another notebook stays responsive meanwhile.
//
// Where the files are: by default the worker is `./engine-worker.js` next to this module
// (in dist: next to attention-notebook.js) and the worker loads `./attnbook.mjs` next to
// itself. A page that cannot use those URLs calls setWorkerFactory(fn) before the first call.
// The single-file standalone page (which works from file://) does: its <script type="text/plain">
// holds the engine's classic build (attnbook-classic.js, the .wasm inlined) followed by the worker
// bundled as a classic script; web/pages/standalone-worker.js makes a Blob of that text and sets
//   setWorkerFactory(() => new Worker(blobUrl))
// and the worker then finds `createAttnbook` already in scope instead of importing attnbook.mjs.
//
// Cross-origin embedding: a course site on another origin may load attention-notebook.js from our
// host, but browsers refuse `new Worker(url)` for a URL of another origin. Then the default factory
// starts a module worker from a same-origin Blob whose only content is
//   import "<absolute URL of engine-worker.js>";
// The imported module keeps its real import.meta.url, so it still finds attnbook.mjs/.wasm next to
// itself (our server sends Access-Control-Allow-Origin: * for them). The Blob worker runs under the
// host page's CSP, which must then allow `worker-src blob:` (docs/embedding.md lists the rest).

/** The source of a Blob worker that only imports the module worker at `url` (absolute). */
export function importerSource(url) {
  return `import ${JSON.stringify(String(url))};\n`;
}

/** Starts engine-worker.js: directly on the same origin, through a Blob importer across origins. */
export function defaultWorkerFactory() {
  const url = new URL('./engine-worker.js', import.meta.url);
  const options = { type: 'module', name: 'attnbook-engine' };
  const pageOrigin = typeof location !== 'undefined' ? location.origin : url.origin;
  if (url.origin === pageOrigin) return new Worker(url, options);
  const blobUrl = URL.createObjectURL(new Blob([importerSource(url.href)], { type: 'text/javascript' }));
  const worker = new Worker(blobUrl, options);
  // The worker holds the Blob once it has started; free the URL on its first sign of life.
  const revoke = () => {
    URL.revokeObjectURL(blobUrl);
    worker.removeEventListener('message', revoke);
    worker.removeEventListener('error', revoke);
  };
  worker.addEventListener('message', revoke);
  worker.addEventListener('error', revoke);
  return worker;
}

let workerFactory = defaultWorkerFactory;
const lanes = new Map(); // lane name -> { worker, pending: Map<id, {resolve, reject, onProgress}> }
let nextId = 1;

/** Replace how workers are made. fn(lane) must return a Worker running engine-worker.js. */
export function setWorkerFactory(fn) {
  if (typeof fn !== 'function') throw new TypeError('setWorkerFactory expects a function returning a Worker');
  workerFactory = fn;
}

function failLane(name, lane, message) {
  for (const p of lane.pending.values()) p.reject(new Error(message));
  lane.pending.clear();
  lane.worker.terminate();
  if (lanes.get(name) === lane) lanes.delete(name);
}

function laneFor(name) {
  let lane = lanes.get(name);
  if (lane) return lane;
  const worker = workerFactory(name);
  lane = { worker, pending: new Map() };
  lanes.set(name, lane);
  const current = lane;
  worker.addEventListener('message', (event) => {
    const msg = event.data || {};
    const p = current.pending.get(msg.id);
    if (!p) return;
    if (msg.type === 'progress') {
      if (p.onProgress) p.onProgress(msg.fraction);
      return;
    }
    current.pending.delete(msg.id);
    if (msg.type === 'result') {
      try {
        p.resolve(JSON.parse(msg.json));
      } catch (err) {
        p.reject(new Error(`engine answered with unreadable JSON: ${err.message}`));
      }
    } else {
      p.reject(new Error(msg.message || 'engine error'));
    }
  });
  worker.addEventListener('error', (event) => {
    event.preventDefault?.();
    failLane(name, current, `engine worker failed to start: ${event.message || 'unknown error'}`);
  });
  worker.addEventListener('messageerror', () => failLane(name, current, 'engine worker sent an unreadable message'));
  worker.postMessage({ type: 'init' }); // the worker starts loading the engine now
  return lane;
}

/**
 * Run an engine command in the worker.
 * @param {string} command  engine command name (validate, explore, scaling, ...)
 * @param {object} args     the command's JSON arguments
 * @param {{onProgress?: (fraction: number) => void, lane?: string}} [options]
 * @returns {Promise<object>} the parsed JSON result; rejects with Error(engine message)
 */
export function call(command, args = {}, options = {}) {
  const laneName = options.lane || 'main';
  const lane = laneFor(laneName);
  const id = nextId++;
  return new Promise((resolve, reject) => {
    lane.pending.set(id, { resolve, reject, onProgress: options.onProgress });
    lane.worker.postMessage({
      type: 'call',
      id,
      command,
      argsJson: JSON.stringify(args),
      progress: Boolean(options.onProgress),
    });
  });
}

/**
 * Wrap an async function so that, while one run is in flight, only the newest requested
 * arguments run next (drags fire faster than the engine answers; stale answers are dropped).
 * Returns (args) => Promise of the answer for those args or null if superseded.
 */
export function latestOnly(fn) {
  let running = false;
  let queued = null; // { args, resolve }
  async function pump(args, resolve, reject) {
    running = true;
    try {
      const result = await fn(args);
      if (queued) resolve(null);
      else resolve(result);
    } catch (err) {
      if (queued) resolve(null);
      else reject(err);
    }
    running = false;
    if (queued) {
      const next = queued;
      queued = null;
      pump(next.args, next.resolve, next.reject);
    }
  }
  return (args) =>
    new Promise((resolve, reject) => {
      if (!running) pump(args, resolve, reject);
      else {
        if (queued) queued.resolve(null);
        queued = { args, resolve, reject };
      }
    });
}
