// One training run of the lab, driven in the worker's TrainSession (web/src/train-job.js) a slice
// at a time. The page keeps everything the engine has answered (the per-step rows, the held-out
// checks, the latest attention maps) so that charts redraw without asking again; the worker keeps
// the model. `from` travels with every call: a worker that lost the session (a crash, a cancel)
// makes it again from the config and replays to that step, bit for bit.

let nextSession = 1;
const pageTag = Math.random().toString(36).slice(2, 8);
let openRuns = 0; // sessions of this page's labs not closed yet

export function createRun(call, config) {
  const session = `lab-${pageTag}-${nextSession++}`;
  openRuns++;
  const run = {
    session,
    config,
    step: 0,
    done: false,
    rows: { steps: [], train_loss: [], max_weight: [], query_key_grad: [] },
    eval: { steps: [], loss: [], accuracy: [] },
    checkpoints: [0],
    memory: null,
    attention: null, // the engine's answer for the probe at `step`
    closed: false,
  };
  const base = () => ({ session, config, from: run.step });

  // Slices go one after another: each says the step it starts from, which is known only once the
  // one before has answered (a Step pressed while a slice is still out waits for it).
  let chain = Promise.resolve();
  const oneSlice = async (steps, probe, { budgetMs = 40, signal } = {}) => {
    const r = await call('train_session', { op: 'step', ...base(), steps, budget_ms: budgetMs, ...(probe ? { probe } : {}) }, { lane: 'train', signal });
    if (run.closed) return r;
    for (const k of Object.keys(run.rows)) run.rows[k].push(...r.rows[k]);
    for (const k of Object.keys(run.eval)) run.eval[k].push(...r.eval[k]);
    Object.assign(run, { step: r.step, done: r.done, checkpoints: r.checkpoints, memory: r.memory, attention: r.attention });
    return r;
  };
  /** Up to `steps` more steps (the worker stops a slice after budgetMs); the maps on `probe`. */
  run.slice = (...args) => {
    const next = chain.then(() => oneSlice(...args));
    chain = next.catch(() => {});
    return next;
  };

  /** The maps on `probe` at a kept step (or the current one). */
  run.attentionAt = (at, probe) =>
    call('train_session', { op: 'attention', ...base(), at, ...(probe ? { probe } : {}) }, { lane: 'train' });

  /** Frees the worker's session (its model, Adam's state and its timeline). */
  run.close = () => {
    if (run.closed) return;
    run.closed = true;
    openRuns--;
    // The page's last session: the training worker is stopped once idle, its memory given back.
    call('train_session', { op: 'close', session }, { lane: 'train', release: openRuns === 0 }).catch(() => {});
  };
  return run;
}
