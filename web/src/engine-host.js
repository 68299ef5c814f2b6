// The engine instance of one worker, and when to stop trusting it (engine-worker.js uses this;
// it has no worker or DOM code, so tests/unit runs it under plain Node).
//
// An engine error is the JS Error the binding throws with the engine's message
// (engine/bindings: `Error` from the worker's own global, constructed with the message), so its
// prototype is exactly Error.prototype. Every other throw comes from outside the engine's own
// error handling: a RangeError (the stack overflowed inside the engine), a
// WebAssembly.RuntimeError (a trap, or Emscripten's abort()), Embind's BindingError or
// InternalError, a TypeError, a bare number (a C++ exception that escaped). Any of them may have
// unwound the engine's frames without their clean-up and left its memory, shadow stack pointer or
// allocator in any state, so the instance is dropped and the next call loads a fresh one.

/** True for the engine's own refusals (see above); false for every other thrown value. */
export function isEngineError(err) {
  return err instanceof Error && Object.getPrototypeOf(err) === Error.prototype;
}

/** Text for a thrown value that is not an engine error. */
export function faultText(err) {
  if (err instanceof Error) return `${err.name}: ${err.message}`;
  return String(err);
}

/**
 * load() -> Promise of an engine instance ({call, callWithProgress}).
 * run(fn) calls fn(instance) and returns its result; a failed load is retried by the next run,
 * and a non-engine error drops the instance. Errors are rethrown as they came.
 */
export function createEngineHost(load) {
  let current = null; // Promise of the instance in use
  let loads = 0;
  function instance() {
    if (!current) {
      loads += 1;
      const loading = Promise.resolve().then(load);
      current = loading;
      loading.catch(() => {
        if (current === loading) current = null;
      });
    }
    return current;
  }
  return {
    /** Starts loading now (the first call then waits less). */
    warm() {
      instance().catch(() => {});
    },
    async run(fn) {
      const mine = instance();
      const engine = await mine;
      try {
        return await fn(engine); // awaited: an async fn's failure (the scale job's) is judged here too
      } catch (err) {
        if (!isEngineError(err) && current === mine) current = null;
        throw err;
      }
    },
    /** How many instances have been loaded (or attempted) so far. */
    get loads() {
      return loads;
    },
  };
}
