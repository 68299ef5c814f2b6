// Promise API over the engine worker.
//
//   import { call } from './engine-client.js';
//   const result = await call('explore', { query, keys, values }, { onProgress: (f) => ..., signal });
//
// One worker per "lane" is shared by every <attention-notebook> on the page; each request
// carries an id and answers are routed back by id, so instances never see each other's
// results. Long work (the scaling study) runs on its own lane so that dragging a query in
// another notebook stays responsive meanwhile. A call can be cancelled with an AbortSignal, and
// identical calls in flight at the same time share one engine run (see createLane below).
// prepare() starts a lane's worker ahead of its first call, warm() its engine's loading too.
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
const lanes = new Map(); // lane name -> Lane (below)
let nextId = 1;

// Lanes whose worker is stopped after this long with nothing to do (ms). A large run at scale
// (T = 16384) grows the 'scale' worker's WebAssembly memory to about 313 MiB, and WebAssembly
// memory never shrinks: only ending the worker gives it back. The next run starts a fresh worker
// (0.23-0.30 s, small beside a run at scale). Other lanes keep their worker.
const IDLE_RELEASE_MS = new Map([['scale', 30000]]);

/** Change (or with null, stop) a lane's idle release: for tests, which cannot wait 30 s. */
export function setIdleRelease(laneName, ms) {
  if (ms === null) IDLE_RELEASE_MS.delete(laneName);
  else IDLE_RELEASE_MS.set(laneName, ms);
}

/** Replace how workers are made. fn(lane) must return a Worker running engine-worker.js. */
export function setWorkerFactory(fn) {
  if (typeof fn !== 'function') throw new TypeError('setWorkerFactory expects a function returning a Worker');
  workerFactory = fn;
}

// A lane is one worker and the requests for it. The worker runs one engine call at a time and a
// call cannot be interrupted inside it (it is synchronous), so the queue is kept here and a request
// is posted only when the worker is free: a queued request is cancelled by dropping it, the running
// one by terminating the worker (the lane starts a fresh one, with a fresh engine, for the next).
//   request: { id, key, command, argsJson, subscribers: Set<subscriber> }
//   subscriber: { resolve, reject, onProgress, detach() }   (one per call() waiting for it)
// Identical requests (same lane, command and arguments) in flight at once are one request: a
// second call() subscribes to the first. A request is cancelled when its last subscriber aborts.
function createLane(name) {
  return { name, worker: null, loading: false, running: null, queue: [], byKey: new Map(), idleTimer: null, served: new WeakMap(), turns: 0, releaseWhenIdle: false };
}

// The next request of a lane: the oldest one of the owner served longest ago (an owner never served
// first). Every notebook on a page shares the lanes; first come, first served let five precision
// labs, each always with its next step queued, hold the heavy lane for 150 s while another
// notebook's scaling study waited 13.9 s for 1.8 s of work. Now a newcomer waits for one running
// step at most. Requests without an owner count as one owner. `served` is a WeakMap: a lane must
// not keep a removed notebook alive.
const NO_OWNER = {};
const ownerKey = (owner) => (owner !== null && (typeof owner === 'object' || typeof owner === 'function') ? owner : NO_OWNER);
function takeNext(lane) {
  let best = 0;
  let bestTurn = Infinity;
  for (let i = 0; i < lane.queue.length; i++) {
    const turn = lane.served.get(ownerKey(lane.queue[i].owner)) ?? -1;
    if (turn < bestTurn) {
      best = i;
      bestTurn = turn;
    }
  }
  const [request] = lane.queue.splice(best, 1);
  lane.served.set(ownerKey(request.owner), lane.turns++);
  return request;
}

// Called whenever the lane may have become idle: stops its worker after IDLE_RELEASE_MS of it.
function scheduleRelease(lane) {
  clearTimeout(lane.idleTimer);
  lane.idleTimer = null;
  const ms = lane.releaseWhenIdle ? 0 : IDLE_RELEASE_MS.get(lane.name);
  if (ms === undefined || !lane.worker || lane.running || lane.queue.length) return;
  lane.idleTimer = setTimeout(() => {
    lane.idleTimer = null;
    if (!lane.running && lane.queue.length === 0) stopWorker(lane);
  }, ms);
}

/** Starts the lane's worker; with `load`, its engine's loading too (else a later warm() asks for it). */
function startWorker(lane, { load = true } = {}) {
  const worker = workerFactory(lane.name);
  lane.worker = worker;
  lane.loading = load;
  worker.addEventListener('message', (event) => {
    if (lane.worker !== worker) return;
    const msg = event.data || {};
    const request = lane.running;
    if (!request || msg.id !== request.id) return;
    if (msg.type === 'progress') {
      for (const s of request.subscribers) s.onProgress?.(msg.fraction);
      return;
    }
    if (msg.type === 'result') {
      let value;
      try {
        value = JSON.parse(msg.json);
      } catch (err) {
        finish(lane, request, (s) => s.reject(new Error(`engine answered with unreadable JSON: ${err.message}`)));
        return;
      }
      // Each subscriber gets its own copy: they may change what they get.
      finish(lane, request, (s, i) => s.resolve(i === 0 ? value : JSON.parse(msg.json)));
    } else {
      finish(lane, request, (s) => s.reject(new Error(msg.message || 'engine error')));
    }
  });
  worker.addEventListener('error', (event) => {
    event.preventDefault?.();
    if (lane.worker === worker) failLane(lane, `engine worker failed to start: ${event.message || 'unknown error'}`);
  });
  worker.addEventListener('messageerror', () => {
    if (lane.worker === worker) failLane(lane, 'engine worker sent an unreadable message');
  });
  worker.postMessage({ type: 'init', lane: lane.name, load });
  return worker;
}

function stopWorker(lane) {
  lane.worker?.terminate();
  lane.worker = null;
  lane.running = null;
}

/** Settles every subscriber of a finished request and posts the next one. */
function finish(lane, request, settle) {
  if (lane.byKey.get(request.key) === request) lane.byKey.delete(request.key);
  if (lane.running === request) lane.running = null;
  [...request.subscribers].forEach((s, i) => {
    s.detach();
    settle(s, i);
  });
  request.subscribers.clear();
  pump(lane);
}

function failLane(lane, message) {
  const all = [...(lane.running ? [lane.running] : []), ...lane.queue];
  lane.queue = [];
  stopWorker(lane);
  lanes.delete(lane.name);
  for (const request of all) finish(lane, request, (s) => s.reject(new Error(message)));
}

function pump(lane) {
  if (lane.running || lane.queue.length === 0) {
    scheduleRelease(lane);
    return;
  }
  if (lanes.get(lane.name) !== lane) return;
  clearTimeout(lane.idleTimer);
  lane.idleTimer = null;
  const request = takeNext(lane);
  lane.running = request;
  const worker = lane.worker || startWorker(lane);
  worker.postMessage({
    type: 'call',
    id: request.id,
    command: request.command,
    argsJson: request.argsJson,
    progress: [...request.subscribers].some((s) => s.onProgress),
  });
}

/** Drops a request no one waits for any more: out of the queue, or its worker stopped. */
function cancel(lane, request) {
  if (lane.byKey.get(request.key) === request) lane.byKey.delete(request.key);
  if (lane.running === request) {
    stopWorker(lane);
    pump(lane);
  } else {
    lane.queue = lane.queue.filter((r) => r !== request);
  }
}

function abortError(signal) {
  return signal.reason instanceof Error ? signal.reason : new DOMException('the engine call was cancelled', 'AbortError');
}

function laneNamed(name) {
  let lane = lanes.get(name);
  if (!lane) {
    lane = createLane(name);
    lanes.set(name, lane);
  }
  return lane;
}

/**
 * Starts the worker of a lane (default: the main one, the learner's engine) before its first call,
 * when a call may come: the worker's own script loads, not the engine, which warm() then starts at
 * once. The element does this on its first moment, before it has read its notebook.
 */
export function prepare(laneName = 'main') {
  const lane = laneNamed(laneName);
  if (lane.worker) return;
  startWorker(lane, { load: false });
  scheduleRelease(lane);
}

/**
 * Starts the lane's engine loading (and its worker if it has none) before the first call, when the
 * caller knows that one is coming: a notebook whose cells ask the engine as soon as they are drawn
 * starts it while their code loads.
 */
export function warm(laneName = 'main') {
  const lane = laneNamed(laneName);
  if (!lane.worker) {
    startWorker(lane);
    scheduleRelease(lane);
  } else if (!lane.loading) {
    lane.loading = true;
    lane.worker.postMessage({ type: 'load' });
  }
}

/**
 * Run an engine command in the worker.
 * @param {string} command  engine command name (validate, explore, scaling, ...)
 * @param {object} args     the command's JSON arguments
 * @param {{onProgress?: (fraction: number) => void, lane?: string, signal?: AbortSignal, owner?: *, release?: boolean}} [options]
 *   owner: who asks (the <attention-notebook> element): a lane serves its owners in turn.
 *   signal: aborting it rejects this call with an AbortError at once; the engine stops working on
 *   the request when no other identical call still waits for it (see the lane notes above).
 * @returns {Promise<object>} the parsed JSON result; rejects with Error(engine message)
 */
export function call(command, args = {}, options = {}) {
  const { signal, onProgress, owner = null } = options;
  if (signal?.aborted) return Promise.reject(abortError(signal));
  const lane = laneNamed(options.lane || 'main');
  // options.release: stop the lane's worker once this call leaves it idle, giving its WebAssembly
  // memory back (it never shrinks); the next call starts a fresh one. The training lab sends it
  // with the close of the page's last session. Any other call wants the lane kept.
  lane.releaseWhenIdle = options.release === true;
  const argsJson = JSON.stringify(args);
  const key = `${command}\n${argsJson}`;
  let request = lane.byKey.get(key);
  const fresh = !request;
  if (fresh) {
    request = { id: nextId++, key, command, argsJson, owner, subscribers: new Set() };
    lane.byKey.set(key, request);
    lane.queue.push(request);
  }
  const here = lane;
  const promise = new Promise((resolve, reject) => {
    const subscriber = { resolve, reject, onProgress, detach: () => {} };
    if (signal) {
      const onAbort = () => {
        if (!request.subscribers.delete(subscriber)) return;
        reject(abortError(signal));
        if (request.subscribers.size === 0) cancel(here, request);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      subscriber.detach = () => signal.removeEventListener('abort', onAbort);
    }
    request.subscribers.add(subscriber);
  });
  if (fresh) pump(lane);
  return promise;
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
