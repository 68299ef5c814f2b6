// The training lab's job, inside the engine worker (engine-worker.js hands it the training module's
// instance: attnbook-train.mjs, loaded the first time a notebook on the page trains). The worker
// keeps each lab's TrainSession between calls, so the page advances a run one slice at a time:
//
//   args:   { op: 'step', session, config, from, steps, budget_ms?, probe? }
//             runs up to `steps` more steps, stopping once budget_ms (default 40) have passed, and
//             returns the engine's rows joined, plus the attention on `probe` (the session's own
//             probe when absent) at the step reached
//           { op: 'attention', session, config, from, probe?, at? }   the maps at a kept step
//           { op: 'close', session }
//   result: step: { step, done, rows, eval, checkpoints, memory, attention, ms }
//
// A session is a cache: `from` is the step the page believes the session is at. When the worker
// does not hold it (a fresh worker after a crash or a cancel, or one dropped to bound memory) or holds
// it at another step, it is made again from the config and stepped to `from`: the steps are
// deterministic, so the run continues bit for bit where the page left it.

const MAX_SESSIONS = 6; // the divisor experiment runs three; a page rarely shows more than two labs
const sessionsByInstance = new WeakMap(); // engine instance -> Map(session id -> {handle, step})

function sessionsOf(instance) {
  let map = sessionsByInstance.get(instance);
  if (!map) sessionsByInstance.set(instance, (map = new Map()));
  return map;
}

function drop(map, id) {
  const held = map.get(id);
  if (!held) return;
  map.delete(id);
  held.handle.delete();
}

/**
 * The session `id` at step `from`, made (and replayed) when needed; the most recently used last.
 * `anyStep`: a held session serves at whatever step it is (the maps of a kept step or of now do not
 * need it to be where the page last saw it, and a slice may have moved it on meanwhile).
 */
function sessionAt(instance, id, config, from, anyStep = false) {
  const map = sessionsOf(instance);
  let held = map.get(id);
  if (held && held.step !== from && !anyStep) {
    drop(map, id);
    held = null;
  }
  if (!held) {
    held = { handle: new instance.TrainSession(JSON.stringify(config)), step: 0 };
    try {
      while (held.step < from) held.step = JSON.parse(held.handle.step(Math.min(from - held.step, 500))).step;
    } catch (err) {
      held.handle.delete();
      throw err;
    }
  }
  map.delete(id);
  map.set(id, held);
  while (map.size > MAX_SESSIONS) drop(map, map.keys().next().value);
  return held;
}

const joinPairs = (into, more) => {
  for (const key of Object.keys(more)) into[key] = into[key] ? into[key].concat(more[key]) : more[key];
};

export function runTrainJob(instance, args, now = () => performance.now()) {
  const map = sessionsOf(instance);
  if (args.op === 'close') {
    drop(map, args.session);
    return { closed: true };
  }
  const held = sessionAt(instance, args.session, args.config, args.from, args.op === 'attention');
  if (args.op === 'attention') {
    const at = args.at ?? held.step;
    return JSON.parse(held.handle.attention(JSON.stringify({ ...(args.probe ? { probe: args.probe } : {}), at })));
  }
  if (args.op !== 'step') throw new Error(`train_session: unknown op ${JSON.stringify(args.op)}`);
  const start = now();
  const budget = args.budget_ms ?? 40;
  const wanted = Math.max(1, Math.floor(args.steps));
  let result = null;
  let done = 0;
  // One engine step at a time until the slice's time is spent: the page gets an answer (and can
  // pause) within about budget_ms whatever the model's size.
  while (done < wanted) {
    const r = JSON.parse(held.handle.step(1));
    done += r.rows.steps.length;
    held.step = r.step;
    if (!result) result = r;
    else {
      joinPairs(result.rows, r.rows);
      joinPairs(result.eval, r.eval);
      Object.assign(result, { step: r.step, done: r.done, checkpoints: r.checkpoints, memory: r.memory });
    }
    if (r.done || now() - start >= budget) break;
  }
  result.attention = JSON.parse(held.handle.attention(JSON.stringify(args.probe ? { probe: args.probe } : {})));
  result.ms = now() - start;
  return result;
}
