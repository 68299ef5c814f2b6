// Module worker that owns one engine instance and answers engine-client.js.
//
// Messages in:  {type: 'init', lane, load: bool}                    (first message; load: start
//                                                                    loading the lane's engine now)
//               {type: 'load'}                                      (start loading it now: a worker
//                                                                    started ahead of its first call)
//               {type: 'call', id, command, argsJson, progress: bool}
// Messages out: {type: 'result', id, json} | {type: 'error', id, message}
//               {type: 'progress', id, fraction}                    (at most ~20 per second)
//
// Two calls are not engine commands but jobs of this worker, each run by a module of its own that
// this worker loads only for it (the worker of the lane the job runs on, the first time): 'scale_run'
// (web/src/scale-job.js, the "attention at scale" cell: WebGPU or the WASM kernel, then the
// engine's float64 check; the scale module, attnbook-scale.mjs, when a reader first presses Run)
// and 'train_session' (web/src/train-job.js, the training lab: the training module,
// attnbook-train.mjs, when a lab first trains). The standalone page puts their classic forms
// (globals createAttnbookScale, createAttnbookTrain) in front of this code instead.
//
// The authoring commands (AUTHOR_COMMANDS: the validator, the schema, the cell types) are not in
// the learner's module: they run in the author module, attnbook-author.mjs (the same engine plus
// them), which this worker loads on the first such call only. A shipped lesson page never makes
// one (its notebook was checked when the site was built); the author page and any other notebook
// do. A single-file page has no author module (its notebook was checked when the file was made).
//
// The worker runs one call at a time as it arrives; engine-client.js posts a call only when the
// previous one has answered, and stops the worker to cancel a call that is running.
// The engine is the Emscripten ES module attnbook.mjs (factory createAttnbook), found next
// to this file. A single-file page (the standalone one) instead puts the
// engine's classic script (attnbook-classic.js, wasm inlined) in front of this code in the
// same Blob: a `createAttnbook` already in scope is used first.

/* global createAttnbook */

import { createEngineHost, isEngineError, faultText } from './engine-host.js';
import { AUTHOR_COMMANDS } from './engine-modules.js';
import { streamingInstantiation } from './wasm-streaming.js';

const SCALE_JOB = 'scale_run';
const TRAIN_JOB = 'train_session';

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

/**
 * The ES module `file` beside this worker (its export `global`, or its default) and its .wasm, whose
 * download starts with the module's (wasm-streaming.js).
 */
async function importModule(file, global, url) {
  const { options, failed } = streamingInstantiation(fetch(url.replace(/\.mjs$/, '.wasm'), { credentials: 'same-origin' }));
  failed.catch(() => {}); // raced below, once the module is here; not an unhandled rejection before
  const mod = await import(/* webpackIgnore: true */ url);
  const factory = mod.default || mod[global];
  if (typeof factory !== 'function') throw new Error(`${file} does not export ${global}`);
  return Promise.race([factory(options), failed]);
}

/**
 * An engine module: the factory `preloaded()` finds if the module's classic script was put in front
 * of this code (the standalone page: the .wasm inlined), else the ES module `file` beside this worker.
 */
async function loadModule(global, file, classic, preloaded = () => globalThis[global]) {
  const factory = preloaded();
  if (typeof factory === 'function') return factory({});
  const url = besideMe(`./${file}`);
  if (!url) throw new Error(`no URL for ${file}: start this worker from its own URL, or prepend ${classic} to it`);
  return importModule(file, global, url);
}

async function loadAuthorEngine() {
  const url = besideMe('./attnbook-author.mjs');
  if (!url) throw new Error('this page has no author module (attnbook-author.mjs), so it cannot check a notebook: a single-file page carries one checked when the file was made');
  return importModule('attnbook-author.mjs', 'createAttnbook', url);
}

// One instance at a time; engine-host.js drops it after any error that is not the engine's own.
const host = createEngineHost(() => loadModule('createAttnbook', 'attnbook.mjs', 'attnbook-classic.js', preloadedFactory));
// The scale module: loaded on the first run at scale only.
const scaleHost = createEngineHost(() => loadModule('createAttnbookScale', 'attnbook-scale.mjs', 'attnbook-scale-classic.js'));
// The training module: loaded on the first training job only.
const trainHost = createEngineHost(() => loadModule('createAttnbookTrain', 'attnbook-train.mjs', 'attnbook-train-classic.js'));
// The author module: loaded on the first authoring command only.
const authorHost = createEngineHost(loadAuthorEngine);

function hostFor(command) {
  if (command === TRAIN_JOB) return trainHost;
  if (command === SCALE_JOB) return scaleHost;
  return AUTHOR_COMMANDS.includes(command) ? authorHost : host;
}

function messageOf(err) {
  if (err instanceof Error) return err.message;
  if (typeof err === 'string') return err;
  return `engine failure (${String(err)})`;
}

/** onProgress for request `id`: at most ~20 messages a second, and always the last one. */
function progressPoster(id) {
  let lastSent = 0;
  let lastFraction = -1;
  return (fraction) => {
    const now = Date.now();
    if (fraction >= 1 || (now - lastSent >= 50 && fraction - lastFraction >= 0.005)) {
      lastSent = now;
      lastFraction = fraction;
      self.postMessage({ type: 'progress', id, fraction });
    }
  };
}

// The training and scale jobs are imported by their first run: a lesson page's main lane runs
// neither, so its worker fetches neither them nor the WebGPU host code and shaders (chunks of their
// own on the site, scripts/build-site.mjs; the single-file page's worker has them bundled in).
async function runTrain(instance, args) {
  const { runTrainJob } = await import('./train-job.js');
  return JSON.stringify(runTrainJob(instance, args));
}

async function runScale(instance, args, onProgress) {
  const [{ runScaleJob }, { default: shaders }] = await Promise.all([import('./scale-job.js'), import('./gpu/shaders.js')]);
  return JSON.stringify(await runScaleJob(instance, args, { onProgress, shaders }));
}

async function handleCall({ id, command, argsJson, progress }) {
  let loaded = false;
  try {
    const json = await hostFor(command).run((instance) => {
      loaded = true;
      if (command === TRAIN_JOB) return runTrain(instance, JSON.parse(argsJson));
      if (command === SCALE_JOB) return runScale(instance, JSON.parse(argsJson), progressPoster(id));
      if (progress && typeof instance.callWithProgress === 'function') {
        return instance.callWithProgress(command, argsJson, progressPoster(id));
      }
      return instance.call(command, argsJson);
    });
    self.postMessage({ type: 'result', id, json: String(json) });
  } catch (err) {
    let message;
    if (!loaded) message = `could not load the engine: ${messageOf(err)}`;
    else if (isEngineError(err)) message = err.message;
    else message = `${command}: the engine failed (${faultText(err)}); it restarts for the next call`;
    self.postMessage({ type: 'error', id, message });
  }
}

let lane = 'main';
// Starts loading the lane's engine (errors are reported per call): the training lane's worker needs
// only the training module, the scale lane's only the scale module.
function loadLane() {
  if (lane === 'train') trainHost.warm();
  else if (lane === 'scale') scaleHost.warm();
  else host.warm();
}

self.addEventListener('message', (event) => {
  const msg = event.data || {};
  if (msg.type === 'init') {
    lane = msg.lane;
    if (msg.load !== false) loadLane();
  } else if (msg.type === 'load') {
    loadLane();
  } else if (msg.type === 'call') {
    handleCall(msg);
  }
});
